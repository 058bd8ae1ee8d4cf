// A declaration of several variables with a pointer to the struct after a
// label, a case or a default that is itself the unbraced body of an if, a loop
// or a switch: split declarations would run the later initialisers outside
// the condition (a review found `if (c) again: P *a = ..., *b = ...;` split,
// the second initialiser's side effect then ran unconditionally).  The struct
// keeps its AoS layout, with a remark per statement, and the output is the
// input behind the plan comment.  (A label inside a block is split:
// multi-decl.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-multi-decl-label.cu:[[@LINE+11]]:15: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (it is not directly in a block: a for statement's initialisation, an unbraced body) [kdlg-rewrite]
// CHECK: neg-multi-decl-label.cu:[[@LINE+12]]:11: remark: struct 'Q' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (it is not directly in a block: a for statement's initialisation, an unbraced body) [kdlg-rewrite]
// CHECK: neg-multi-decl-label.cu:[[@LINE+13]]:16: remark: struct 'R' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (it is not directly in a block: a for statement's initialisation, an unbraced body) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
struct Q { float x; float y; int n; };
struct R { float x; float y; int n; };
__global__ void k(P *p, Q *q, R *r, int c) {
  int cnt = 0;
  if (c > 0)
    again: P *a = p + (cnt += 1), *b = a + (cnt += 2);
  for (int j = 0; j < c; j++)
    L: Q *e = q + j, *f = e + (cnt++);
  switch (c)
    case 1: R *g = r, *h = g + (cnt++);
  p[0].x = p[1].y + cnt;
  q[0].x = q[1].y + cnt;
  r[0].x = r[1].y + cnt;
}
int main() {
  P *d;
  Q *e;
  R *f;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&e, 64 * sizeof(Q));
  cudaMalloc(&f, 64 * sizeof(R));
  k<<<1, 1>>>(d, e, f, 1);
  return 0;
}
