// A `void *` device buffer cast to pointers to two different structs holds
// neither array alone (one layout's bytes would be read as the other's):
// not followed, both keep AoS, with a remark at each launch.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: neg-untyped-two-structs.cu:[[@LINE+20]]:17: remark: struct 'A' keeps its AoS layout: 'p' is given 'void *' variable 'd' cast to another type, which is cast to pointers to two structs, and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: neg-untyped-two-structs.cu:[[@LINE+20]]:17: remark: struct 'B' keeps its AoS layout: 'q' is given 'void *' variable 'd' cast to another type, which is cast to pointers to two structs, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int n; };
struct B { int n; float y; float x; };
__global__ void ka(A *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
__global__ void kb(B *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    q[i].y = q[i].x - q[i].n;
}
int main() {
  int n = 64;
  void *d;
  cudaMalloc(&d, n * sizeof(A));
  ka<<<1, 64>>>((A *)d, n);
  kb<<<1, 64>>>((B *)d, n);
  cudaFree(d);
  return 0;
}
