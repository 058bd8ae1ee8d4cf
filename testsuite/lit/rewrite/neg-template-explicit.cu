// An explicit instantiation spells a function template's parameter types
// again, where libclang shows no declaration to rewrite: a template whose
// parameter would become a view and that is explicitly instantiated keeps
// its struct AoS, with a remark at the instantiation; the output is the
// input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-explicit.cu:[[@LINE+9]]:1: remark: struct 'P' keeps its AoS layout: function template 'k' takes it and is explicitly instantiated (an explicit instantiation spells the parameter types again, and the rewriter does not rewrite it) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <int N> __global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x * N;
}
template __global__ void k<5>(P *, int);
int main() {
  P *d;
  cudaMalloc(&d, 1000 * sizeof(P));
  k<5><<<4, 250>>>(d, 1000);
  cudaFree(d);
  return 0;
}
