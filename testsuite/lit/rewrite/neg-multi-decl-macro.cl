// A declaration of several variables with a pointer to the struct, one
// declarator spelled inside a macro body: the declaration cannot be split, so
// the struct keeps its AoS layout, with a remark, and the output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-multi-decl-macro.cl:[[@LINE+5]]:15: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (a declarator is spelled inside a macro) [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
#define NEXT_OF(q) *q##_next = q + 1
__kernel void k(__global P *p) {
  __global P *a = p, NEXT_OF(a);
  a[0].x = a_next[0].y;
}
