// issue 21 class 3 (gen.py feature ptr_value_base): a view-valued
// expression as the base of an access, (q++)->x and (--q)->x; kdlg-opt's
// output does not compile.
//   kdlg-opt ptr_value_base.cu -o out.cu --layout soa && nvcc -c -arch=sm_90 -I runtime out.cu
#include <cuda_runtime.h>
struct S0 {
  float x;
  int k;
};

__global__ void k0(S0 *w, float *out, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n)
    return;
  S0 *q = w + i;
  float acc = (q++)->x;
  acc += (--q)->x;
  out[i] = acc;
}

int main() {
  S0 *d;
  float *o;
  cudaMalloc(&d, sizeof(S0) * 5);
  cudaMalloc(&o, sizeof(float) * 5);
  cudaMemset(d, 0, sizeof(S0) * 5);
  k0<<<1, 32>>>(d, o, 5);
  cudaFree(d);
  return 0;
}
