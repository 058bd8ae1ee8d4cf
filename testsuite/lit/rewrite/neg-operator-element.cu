// A member operator of the struct called on an element (`p[i] += v`,
// `p[i](v)`: operator syntax, not a member call the rewriter clones) keeps
// the struct AoS: the new layout has no element for it to work on, and a
// load would give it a copy (the write was lost before: found by review).
// The output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-operator-element.cu:[[@LINE+13]]:5: remark: struct 'P' keeps its AoS layout: its member 'operator+=' is called on an element (the new layout has no element for it to work on) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P {
  float x, y, z;
  int id;
  __device__ P &operator+=(float v) { x += v; return *this; }
  __device__ void operator()(float v) { y += v; }
};
__global__ void k(P *p, int n) {
  int i = threadIdx.x;
  if (i < n) {
    p[i] += 1.0f;
    p[i](2.0f);
  }
}
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  k<<<1, 128>>>(d, 100);
  cudaFree(d);
  return 0;
}
