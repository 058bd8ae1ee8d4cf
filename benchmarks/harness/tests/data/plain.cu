// A plain-array program for the harness tests: nothing for kdlg-opt.
#include <cuda_runtime.h>
__global__ void twice(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= 2.0f;
}
int main() {
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  twice<<<4, 256>>>(d, 1024);
  cudaFree(d);
  return 0;
}
