// A declaration of several variables with a pointer to the struct and a
// comment inside its type, which each split declaration would repeat (a //
// comment would swallow the rest of the line): the struct keeps its AoS
// layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-multi-decl-comment.cl:[[@LINE+4]]:31: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (a comment or directive is inside its type) [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p) {
  __global P /* two views */ *a = p, *b = p + 1;
  a[0].x = b[0].y;
}
