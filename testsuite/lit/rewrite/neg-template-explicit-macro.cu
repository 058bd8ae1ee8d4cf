// An explicit instantiation spelled in a macro's definition names the
// template through the macro's parameters, so it may instantiate any
// template: every function template whose parameter would become a view
// keeps its struct AoS, with a remark at the macro (the instantiation kept
// the old parameter types and did not compile before: found by review).
// The output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-explicit-macro.cu:[[@LINE+9]]:20: remark: struct 'P' keeps its AoS layout: function template 'step' takes it and is explicitly instantiated (an explicit instantiation spells the parameter types again, and the rewriter does not rewrite it) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <int N> __global__ void step(P *p, int n) {
  int i = threadIdx.x;
  if (i < n) p[i].y = p[i].x * N;
}
#define INST(F, N) template __global__ void F<N>(P *, int);
INST(step, 3)
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  step<3><<<1, 128>>>(d, 100);
  cudaFree(d);
  return 0;
}
