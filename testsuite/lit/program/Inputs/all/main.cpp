// (program/all-*.test) host code, built by the host compiler
#include <cstdio>
#include <cstdlib>
#include "p.h"
extern "C" int checksum(const float *v, int n);
int main() {
  int n = 1000;
  P *h = (P *)calloc(n, sizeof(P));
  for (int i = 0; i < n; i++)
    h[i].v = (float)(i % 5);
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  cudaMemcpy(d, h, n * sizeof(P), cudaMemcpyHostToDevice);
  launch_move(d, n, 0.5f);
  cudaMemcpy(h, d, n * sizeof(P), cudaMemcpyDeviceToHost);
  float xs[4] = {h[1].x, h[2].x, h[3].x, h[4].x};
  printf("%d\n", checksum(xs, 4));
  cudaFree(d);
  free(h);
  return 0;
}
