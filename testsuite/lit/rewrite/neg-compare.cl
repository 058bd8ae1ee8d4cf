// A pointer to the struct compared with a pointer the rewriter does not
// track (`g`, a buffer of floats cast to P *): the struct keeps its AoS
// layout, with a remark at the comparison, and the output is the input
// behind the plan comment.  (Views compared with views: pointer-compare.cl.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-compare.cl:[[@LINE+5]]:7: remark: struct 'P' keeps its AoS layout: a pointer to it and a pointer the rewriter does not track are compared [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p, __global P *q, __global float *f) {
  __global P *g = (__global P *)f;
  if (p != g)
    p[get_global_id(0)].x = q[0].y;
}
