// A pointer to member applied to an element (`(p[i].*f)()`) keeps the
// struct AoS: the new layout has no element for it (a load gave the member
// function a copy before: found by review).  The output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ptr-to-member.cu:[[@LINE+13]]:6: remark: struct 'P' keeps its AoS layout: a pointer to member is applied to an element (the new layout has no element for it) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P {
  float x, y, z;
  int id;
  __device__ void bump() { x += 1.0f; }
};
__global__ void apply(P *p, int n) {
  void (P::*f)() = &P::bump;
  int i = threadIdx.x;
  if (i < n)
    (p[i].*f)();
}
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  apply<<<1, 128>>>(d, 100);
  cudaFree(d);
  return 0;
}
