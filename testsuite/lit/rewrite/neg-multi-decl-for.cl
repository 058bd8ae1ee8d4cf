// A declaration of several variables with a pointer to the struct that
// initialises a for statement cannot be split (the statement takes one
// declaration): the struct keeps its AoS layout, with a remark, and the output
// is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-multi-decl-for.cl:[[@LINE+4]]:20: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (it is not directly in a block: a for statement's initialisation, an unbraced body) [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p, int n) {
  for (__global P *a = p, *b = p + n; n > 0; n--, a++, b--)
    a->x += b[-1].y;
}
