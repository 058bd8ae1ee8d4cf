#include "support/task.h"
__global__ void run(Task *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i].w += t[i].q;
}
int main() {
  Task *d;
  cudaMalloc(&d, 100 * sizeof(Task));
  run<<<1, 128>>>(d, 100);
  cudaFree(d);
  return 0;
}
