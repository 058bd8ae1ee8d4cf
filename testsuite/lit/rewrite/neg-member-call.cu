// Issue 21, class 3: a member function called on an element (`p[i].norm()`,
// `q->set(v)`): the rewriter never looked at a member call's object, so the
// call stayed as written while p became a view (the output subscripted a
// view and did not compile), and `auto` split fields that only the member
// function reads.  Now the struct keeps AoS, with a remark at the call's
// object, in every layout that would change it; the output is the input
// behind the plan comment.  (A: a const member function, B: one that
// writes, through a derived pointer.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// RUN: %exitcode %kdlg-opt %s -o %t.dir/auto.cu 2>&1 | FileCheck %s
// CHECK: neg-member-call.cu:[[@LINE+10]]:19: remark: struct 'A' keeps its AoS layout: a member function is called on an element [kdlg-rewrite]
// CHECK: neg-member-call.cu:[[@LINE+17]]:6: remark: struct 'B' keeps its AoS layout: a member function is called on an element [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; float z; double w[4]; int id;
  __host__ __device__ float norm() const { return x * x + y * y; } };
__global__ void ka(A *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].z = p[i].norm() + (float)p[i].id;
}
struct B { float x; float y; float z; double w[4]; int id;
  __host__ __device__ void set(float v) { z = v; } };
__global__ void kb(B *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  B *q = p + i;
  if (i < n)
  q->set(p[i].x);
}
int main() {
  A *a; B *b;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  ka<<<1, 100>>>(a, 100); kb<<<1, 100>>>(b, 100);
  cudaFree(a); cudaFree(b);
  return 0;
}
