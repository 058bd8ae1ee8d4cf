// (program/host-cpp*.test) host code the host compiler builds: allocation,
// copies, a memset, an offset pointer, the launcher
#include <cstdio>
#include <cstdlib>
#include "p.h"
int main() {
  int n = 1000;
  P *h = (P *)malloc(n * sizeof(P));
  for (int i = 0; i < n; i++) {
    h[i].x = (float)i;
    h[i].v = 0.5f * (float)(i % 7);
    h[i].mass = 1.0 + i;
    h[i].id = i;
  }
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  cudaMemset(d, 0, n * sizeof(P));
  cudaMemcpy(d, h, n * sizeof(P), cudaMemcpyHostToDevice);
  launch_move(d, n, 0.25f);
  launch_move(d + 10, n - 10, 0.5f);
  cudaMemcpy(h, d, n * sizeof(P), cudaMemcpyDeviceToHost);
  printf("%f %f %d\n", h[7].x, h[17].x, h[999].id);
  cudaFree(d);
  free(h);
  return 0;
}
