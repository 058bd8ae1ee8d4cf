// issue 21 class 3 (gen.py feature array_typedef): a field whose type is a
// typedef of an array; kdlg-opt's output does not compile.
//   kdlg-opt array_typedef.cu -o out.cu --layout soa && nvcc -c -arch=sm_90 -I runtime out.cu
#include <cuda_runtime.h>
typedef unsigned A4[4];
struct S0 {
  float x;
  A4 a;
};

__global__ void k0(S0 *w, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  w[i].a[1] += 1u;
  w[i].x += 1.0f;
}

int main() {
  S0 *d;
  cudaMalloc(&d, sizeof(S0) * 5);
  cudaMemset(d, 0, sizeof(S0) * 5);
  k0<<<1, 32>>>(d, 5);
  cudaFree(d);
  return 0;
}
