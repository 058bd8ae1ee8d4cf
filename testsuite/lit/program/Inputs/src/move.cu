// (program/*.test) one input: a kernel that moves the bodies
#include "body.h"
__global__ void move(Body *b, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    b[i].x += b[i].vx * dt;
    b[i].y += b[i].vy * dt;
    b[i].z += b[i].vz * dt;
  }
}
int main() {
  Body *d;
  cudaMalloc(&d, 1000 * sizeof(Body));
  move<<<4, 256>>>(d, 1000, 0.5f);
  cudaFree(d);
}
