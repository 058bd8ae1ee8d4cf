// kdlg-expect: kept
// Unsupported: the struct pointer is cast to float * and indexed as floats.
// kdlg-opt must keep Vec4 in AoS (a remark), so every output is identical.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 11u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Vec4 {
  float x, y, z, w;
  int id;
};

__global__ void scale(Vec4 *p, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float *f = (float *)p;
  int stride = (int)(sizeof(Vec4) / sizeof(float));
  f[i * stride + 1] *= k; /* y */
  p[i].x += p[i].y + (float)p[i].id;
  p[i].w = p[i].z * k;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Vec4 *h = (Vec4 *)malloc(n * sizeof(Vec4));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-1, 1);
    h[i].y = rnd_float(-1, 1);
    h[i].z = rnd_float(-1, 1);
    h[i].w = rnd_float(-1, 1);
    h[i].id = rnd_int(100);
  }
  Vec4 *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Vec4)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Vec4), cudaMemcpyHostToDevice));
  scale<<<(n + 127) / 128, 128>>>(d, n, 1.25f);
  scale<<<(n + 63) / 64, 64>>>(d, n, -0.5f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Vec4), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].z); PUT(out, h[i].w); PUT(out, h[i].id);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
