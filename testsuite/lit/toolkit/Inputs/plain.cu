#include <cuda_runtime.h>
struct S { float a; float b; };
__global__ void k(S *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i].a += s[i].b;
}
int main() {
  S *d;
  cudaMalloc(&d, 64 * sizeof(S));
  k<<<1, 64>>>(d, 64);
  cudaFree(d);
  return 0;
}
