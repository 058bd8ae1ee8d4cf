// A struct with a base class keeps AoS: the layout covers the struct's own
// fields, so a whole-element load, store or conversion would leave the
// base's out (`q[j].n` read a load's uninitialised n before: found by
// review).  The output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-base-class.cu:[[@LINE+5]]:8: remark: struct 'Q' keeps its AoS layout: it has a base class, whose fields the layout would leave out (only a struct's own fields are laid out) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct B { int n; };
struct Q : B { float w, v; };
__global__ void kq(Q *q, int m) {
  int j = threadIdx.x;
  if (j < m) q[j].w += q[j].v + q[j].n;
}
int main() {
  Q h[4] = {};
  Q *dq;
  cudaMalloc(&dq, 4 * sizeof(Q));
  cudaMemcpy(dq, h, sizeof h, cudaMemcpyHostToDevice);
  kq<<<1, 32>>>(dq, 4);
  cudaFree(dq);
  return 0;
}
