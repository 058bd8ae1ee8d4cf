// Unsupported use of a struct pointer: the struct keeps its AoS layout, with a
// remark at the use, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: remark: struct 'Q' keeps its AoS layout: an array field decays to a pointer that leaves the expression [kdlg-rewrite]
// CHECK: exit=0
typedef struct { float x; float y; int n; } P;
typedef struct { float v[4]; int n; } Q;
void use(__global float *f) { f[1] = 2.0f; }
__kernel void k(__global Q *q) {
  use(q[get_global_id(0)].v);
}
