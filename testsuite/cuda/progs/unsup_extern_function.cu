// kdlg-expect: kept
// Unsupported: the struct pointer is passed to a __device__ function defined in
// another file (unsup_extern_function.cuh), whose body kdlg-opt does not
// rewrite.  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 18u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"
#include "unsup_extern_function.cuh"

struct Pair {
  float a, b;
  int n;
};

__global__ void fold(Pair *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = extern_sum(p, i);
  p[i].n += (int)(s * 16.0f);
  p[i].a = s - p[i].b;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Pair *h = (Pair *)malloc(n * sizeof(Pair));
  for (int i = 0; i < n; i++) {
    h[i].a = rnd_float(-4, 4);
    h[i].b = rnd_float(-4, 4);
    h[i].n = rnd_int(1000);
  }
  Pair *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Pair)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Pair), cudaMemcpyHostToDevice));
  fold<<<(n + 127) / 128, 128>>>(d, n);
  fold<<<(n + 255) / 256, 256>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Pair), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].a); PUT(out, h[i].b); PUT(out, h[i].n);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
