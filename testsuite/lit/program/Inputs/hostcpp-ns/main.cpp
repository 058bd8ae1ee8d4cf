// (program/host-cpp-namespace.test) host code built by g++, outside the namespace
#include <cstdio>
#include <cstdlib>
#include "p.h"
int main() {
  int n = 1000;
  md::P *h = (md::P *)calloc(n, sizeof(md::P));
  md::P *d;
  cudaMalloc((void **)&d, n * sizeof(md::P));
  cudaMemcpy(d, h, n * sizeof(md::P), cudaMemcpyHostToDevice);
  md::launch_move(d, n, 0.5f);
  cudaMemcpy(h, d, n * sizeof(md::P), cudaMemcpyDeviceToHost);
  printf("%f\n", h[3].x);
  cudaFree(d);
  free(h);
  return 0;
}
