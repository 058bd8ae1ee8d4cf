// In a function template, an element that is an operand of an expression
// whose type depends on a template parameter (`p[i] += v` with `T v`: the
// struct's operator+= is chosen at instantiation) keeps the struct AoS (a
// load gave the operator a copy before: found by review).  The output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-dependent-operand.cu:[[@LINE+11]]:14: remark: struct 'P' keeps its AoS layout: an element is an operand of an expression whose type depends on a template parameter (the rewriter reads a function template's text, where that operator is not known until instantiation) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P {
  float x, y, z;
  int id;
  __device__ P &operator+=(float v) { x += v; return *this; }
};
template <class T> __global__ void k(P *p, T v, int n) {
  int i = threadIdx.x;
  if (i < n) p[i] += v;
}
int main() {
  P *d;
  cudaMalloc(&d, 100 * sizeof(P));
  k<<<1, 128>>>(d, 2.0f, 100);
  cudaFree(d);
  return 0;
}
