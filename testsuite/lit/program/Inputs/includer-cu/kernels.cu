#include "task.h"
__global__ void run(Task *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i].w += t[i].q;
}
