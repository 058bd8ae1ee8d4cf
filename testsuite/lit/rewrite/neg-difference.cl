// A pointer to the struct subtracted from a pointer the rewriter does not
// track (`g`, a buffer of ints cast to P *): the struct keeps its AoS
// layout, with a remark at the subtraction, and the output is the input
// behind the plan comment.  (Views subtracted: pointer-compare.cl.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-difference.cl:[[@LINE+6]]:33: remark: struct 'P' keeps its AoS layout: a pointer to it and a pointer the rewriter does not track are subtracted [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
__kernel void k(__global P *p, __global int *out) {
  __global P *q = p + 4;
  __global P *g = (__global P *)out;
  out[get_global_id(0)] = (int)(q - g) + p[0].n;
}
