// kdlg-expect: kept
// Unsupported: the device pointer is stored in a struct (passed by value to the
// kernel), so the kernel reaches the array through a member.  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 14u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Particle {
  float x, v;
  int n;
};

struct Context {
  Particle *data;
  int count;
  float dt;
};

__global__ void advance(Particle *p, Context ctx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ctx.count)
    return;
  p[i].x += p[i].v * ctx.dt;
  ctx.data[i].n += 1;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Particle *h = (Particle *)malloc(n * sizeof(Particle));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-10, 10);
    h[i].v = rnd_float(-1, 1);
    h[i].n = rnd_int(50);
  }
  Particle *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Particle)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Particle), cudaMemcpyHostToDevice));
  Context ctx;
  ctx.data = d;
  ctx.count = n;
  ctx.dt = 0.125f;
  for (int s = 0; s < 4; s++)
    advance<<<(n + 127) / 128, 128>>>(d, ctx);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].v); PUT(out, h[i].n);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
