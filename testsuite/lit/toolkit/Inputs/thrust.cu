#include <cuda_runtime.h>
#include <thrust/device_vector.h>
struct S { float a; float b; };
__global__ void k(S *s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) s[i].a += s[i].b;
}
