// A declaration of several variables with a pointer to the struct as the
// unbraced body of an if statement (its variables live only there): split
// declarations would move the later ones out of it, so the struct keeps its AoS
// layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-multi-decl-body.cu:[[@LINE+6]]:8: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (it is not directly in a block: a for statement's initialisation, an unbraced body) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__global__ void k(P *p, int c) {
  if (c > 0)
    P *a = p, *b = a + c;
  p[0].x = p[1].y;
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 1>>>(d, 1);
  return 0;
}
