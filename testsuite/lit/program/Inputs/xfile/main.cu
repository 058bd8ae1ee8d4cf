// (program/cross-file-*.test) the host code: allocation, copies, the launcher, a launch
#include <cstdio>
#include <cstdlib>
#include "p.h"
int main() {
  int n = 1000;
  P *h = (P *)malloc(n * sizeof(P));
  init(h, n);
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  cudaMemcpy(d, h, n * sizeof(P), cudaMemcpyHostToDevice);
  launch_move(d, n);
  decay<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(P), cudaMemcpyDeviceToHost);
  printf("%f %f\n", h[7].x, h[7].v);
  cudaFree(d);
  free(h);
}
