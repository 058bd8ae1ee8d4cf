// kdlg-expect: kept
// Unsupported: a kernel stores the pointer in a __device__ global variable and
// another kernel reaches the array through it.  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 15u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Acc {
  double sum;
  int n;
  char tag;
};

__device__ Acc *g_acc;

__global__ void publish(Acc *p) { g_acc = p; }

__global__ void add(Acc *p, int n, double v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].sum += v * (double)p[i].n;
  g_acc[i].tag = (char)(g_acc[i].tag + 1);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  Acc *h = (Acc *)malloc(n * sizeof(Acc));
  for (int i = 0; i < n; i++) {
    h[i].sum = rnd_float(-3, 3);
    h[i].n = rnd_int(9);
    h[i].tag = (char)rnd_int(100);
  }
  Acc *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Acc)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Acc), cudaMemcpyHostToDevice));
  publish<<<1, 1>>>(d);
  add<<<1, 64>>>(d, n, 0.5);
  add<<<2, 32>>>(d, n, -1.5);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Acc), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].sum); PUT(out, h[i].n); PUT(out, h[i].tag);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
