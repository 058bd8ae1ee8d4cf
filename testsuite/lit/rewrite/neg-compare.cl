// Unsupported use of a struct pointer: the struct keeps its AoS layout, with a
// remark at the use, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: remark: struct 'P' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p, __global P *q) {
  if (p != q)
    p[get_global_id(0)].x = q[0].y;
}
