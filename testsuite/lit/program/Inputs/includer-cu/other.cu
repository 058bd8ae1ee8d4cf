#include "task.h"
__global__ void twice(Task *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i].q *= 2.0f;
}
void more(Task *d, int n) { twice<<<1, 128>>>(d, n); }
