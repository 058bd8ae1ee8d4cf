// Issue 21, class 3, `auto`: a member function's accesses through `this`
// are as uniform as the element it is called on:
// `p[i].put(v)` with i the thread's index vary across a work-group, so the
// struct is not kept in AoS as a broadcast ("every access is uniform"),
// which the first version of the `this` binding said (it dropped the index).
// RUN: %exitcode %kdlg-opt %s --dry-run 2>&1 | FileCheck %s
// CHECK-NOT: kdlg-uniform
// CHECK: struct 'S' ({{.*}}): rewritten:
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float a; float b; float c; float d; float e;
  __host__ __device__ void put(float v) { c = a + v; } };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].put(2.0f);
}
int main() {
  S *d;
  cudaMalloc(&d, 1000 * sizeof(S));
  k<<<8, 128>>>(d, 1000);
  cudaFree(d);
  return 0;
}
