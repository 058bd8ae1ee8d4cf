// (program/host-cpp-namespace.test) the kernel and its launcher, in the namespace
#include "p.h"
namespace md {
__global__ void move(P *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].v * dt;
}
void launch_move(P *d, int n, float dt) { move<<<(n + 255) / 256, 256>>>(d, n, dt); }
}  // namespace md
