// (program/cross-file-*.test) kernels, a launcher and a host helper
#include "p.h"
__global__ void move(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x += p[i].v;
}
__global__ void decay(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].v *= 0.5f;
}
void launch_move(P *d, int n) { move<<<(n + 255) / 256, 256>>>(d, n); }
void init(P *h, int n) {
  for (int i = 0; i < n; i++) { h[i].x = (float)i; h[i].v = 1.0f + i % 3; h[i].w = 2.0; h[i].id = i; }
}
