// (program/unrelated-input.test) an input that never names the struct
#include <cuda_runtime.h>
__global__ void fill(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 1.0f;
}
void run_fill(float *a, int n) { fill<<<(n + 255) / 256, 256>>>(a, n); }
