// A function template whose parameter type depends on a template parameter
// (`T *p`, T deduced as the struct) is no pointer to the struct in the text
// the rewriter rewrites: a view given to it keeps the struct AoS, with a
// remark that says so; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-param-type.cu:[[@LINE+17]]:17: remark: struct 'P' keeps its AoS layout: a pointer to it is passed to 'k', a function template whose parameter there has a type that depends on a template parameter (the rewriter rewrites a template's text, and there it is no pointer to the struct) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <class T> __global__ void k(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
__global__ void plain(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].z = p[i].x;
}
int main() {
  P *d;
  cudaMalloc(&d, 1000 * sizeof(P));
  plain<<<4, 250>>>(d, 1000);
  k<<<4, 250>>>(d, 1000);
  cudaFree(d);
  return 0;
}
