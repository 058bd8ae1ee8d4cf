// A function template's text is all the rewriter reads: where an
// expression whose type depends on a template parameter reaches a view
// (`p[t + i]` with `T t`: an index that may be of a class type, whose `+`
// is not known until instantiation), the struct keeps AoS with a remark at
// that expression; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-dependent.cu:[[@LINE+7]]:14: remark: struct 'P' keeps its AoS layout: an expression whose type depends on a template parameter reaches it (the rewriter reads a function template's text, where what that expression does is not known until instantiation) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <class T> __global__ void k(P *p, T t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[t + i].y = p[i].x;
}
int main() {
  P *d;
  cudaMalloc(&d, 1000 * sizeof(P));
  k<<<4, 250>>>(d, 0, 1000);
  cudaFree(d);
  return 0;
}
