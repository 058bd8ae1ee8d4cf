// kdlg-expect: kept
// Unsupported: the device pointer is passed to a CUDA runtime function the
// rewriter does not convert (cudaPointerGetAttributes).  Kept in AoS.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 13u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Node {
  int val;
  float weight;
  short depth;
};

__global__ void grow(Node *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].val += p[(i * 3) % n].depth;
  p[i].weight *= 1.0f + (float)p[i].depth * 0.01f;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Node *h = (Node *)malloc(n * sizeof(Node));
  for (int i = 0; i < n; i++) {
    h[i].val = rnd_int(100000);
    h[i].weight = rnd_float(0.5f, 2);
    h[i].depth = (short)rnd_int(20);
  }
  Node *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Node)));
  cudaPointerAttributes attr;
  CHECK(cudaPointerGetAttributes(&attr, d));
  int type = (int)attr.type;
  PUT(out, type);
  CHECK(cudaMemcpy(d, h, n * sizeof(Node), cudaMemcpyHostToDevice));
  grow<<<(n + 255) / 256, 256>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Node), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].val); PUT(out, h[i].weight); PUT(out, h[i].depth);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
