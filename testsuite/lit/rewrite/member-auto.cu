// Issue 21, class 3, `auto`: fields that only a member function reads
// (x and y, through `p[i].norm()` in ka) count as accessed by the kernel
// that calls it (the access model binds `this` to the element, as it binds
// a helper's pointer parameters), so the plan keeps them together, apart
// from the fields kb writes.  Before, the call was counted by nobody.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// CHECK-NOT: remark
// CHECK: struct 'A' ({{.*}}): rewritten: {x, y} {{[^;]*}}; {z, w, id, pad}
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; float z; double w[4]; int id; float pad[8];
  __host__ __device__ float norm() const { return x * x + y * y; } };
__global__ void ka(A *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = p[i].norm();
}
__global__ void kb(A *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { p[i].id = i; p[i].w[0] = 1.0; p[i].pad[1] = 2; p[i].z = 3; }
}
int main() {
  A *a; float *o;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&o, 100 * sizeof(float));
  ka<<<1, 100>>>(a, o, 100); kb<<<1, 100>>>(a, 100);
  cudaFree(a);
  return 0;
}
