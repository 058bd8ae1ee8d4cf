// A declaration of several variables with a pointer to the struct whose first
// declarator is in parentheses: where its type ends is not told apart, so the
// struct keeps its AoS layout, with a remark, and the output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-multi-decl-paren.cl:[[@LINE+4]]:16: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (its declarators could not be told apart) [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p) {
  __global P (*a) = p, *b = p + 1;
  a[0].x = b[0].y;
}
