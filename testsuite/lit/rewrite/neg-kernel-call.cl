// Issue 21, class 3: an OpenCL kernel that calls another kernel with the
// struct pointer: the callee's parameter became region buffers and an
// element count while the caller passed its view, and the output did not
// compile.  Now the struct keeps AoS, with a remark at the argument; the
// output is the input behind the plan comment and no header is written.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cl > %t.dir/body.cl
// RUN: cmp %s %t.dir/body.cl
// RUN: not ls %t.dir/out.cl.layout.h
// CHECK: neg-kernel-call.cl:[[@LINE+9]]:9: remark: struct 'S' keeps its AoS layout: it is passed to kernel 'inner', whose parameter becomes buffers, not a view [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
typedef struct { float x; float y; int id; } S;
__kernel void inner(__global S *p, int n) {
  int i = get_global_id(0);
  if (i < n) p[i].x += p[i].y;
}
__kernel void outer(__global S *p, int n) {
  inner(p, n);
  int i = get_global_id(0);
  if (i < n) p[i].id++;
}
