// (program/host-cpp-cudacc.test) host code built by g++
#include <cstdio>
#include <cstdlib>
#include "q.h"
int main() {
  int n = 256;
  Q *h = (Q *)calloc(n, sizeof(Q));
  Q *d;
  float *out;
  cudaMalloc(&d, n * sizeof(Q));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(Q), cudaMemcpyHostToDevice);
  launch_sum(d, out, n);
  cudaFree(d);
  cudaFree(out);
  free(h);
  return 0;
}
