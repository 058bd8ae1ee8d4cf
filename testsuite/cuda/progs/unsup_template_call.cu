// kdlg-expect: kept
// Unsupported: the struct pointer is passed to a function template (its
// parameter type is dependent, so the rewriter cannot make it a view).
// Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 19u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Grain {
  float x;
  double mass;
  int tag;
};

template <class T> __device__ double weigh(const T *p, int i, int n) {
  return p[i].mass * (double)p[(i + 1) % n].x;
}

__global__ void settle(Grain *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double w = weigh(g, i, n);
  g[i].tag += (int)(w * 8.0);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  Grain *h = (Grain *)malloc(n * sizeof(Grain));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-2, 2);
    h[i].mass = rnd_float(0.5f, 3);
    h[i].tag = rnd_int(100);
  }
  Grain *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Grain)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Grain), cudaMemcpyHostToDevice));
  settle<<<1, 64>>>(d, n);
  settle<<<3, 16>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Grain), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].mass); PUT(out, h[i].tag);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
