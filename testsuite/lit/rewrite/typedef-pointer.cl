// Issue 21, class 1: a struct pointer spelled through a typedef of the
// pointer type (`typedef __global S *S_gptr`, a const one, a typedef of that
// typedef) as a kernel's and a helper's parameter and a local variable.
// kdlg-opt used to crash (SIGSEGV) in every layout, aos included.  Now every
// one becomes a view and the output compiles.  (Runtime check:
// testsuite/opencl/kernels/typedef-pointer.cl.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cl
// RUN: %clang-cl %t.dir/out.cl
// RUN: %exitcode %kdlg-opt %s --layout aos -o %t.dir/aos.cl 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: float get(kdlg_view_S q, int i) { return (*kdlg_S_f_y(q, (i))); }
// CHECK: void put(kdlg_view_S q, int i, float v) { (*kdlg_S_f_z(q, (i))) = v; }
// CHECK: __kernel void k(__global uchar *p_kd_r0, long p_kd_n, __global uchar *c_kd_r0, long c_kd_n, int n) {
// CHECK: kdlg_view_S q = kdlg_S_offset(p, (i)); kdlg_view_S r = p;
typedef struct { float x; float y; float z; int id; } S;
typedef __global S *S_gptr;
typedef __global const S *S_cgptr;
typedef S_gptr S_gptr2;

float get(S_cgptr q, int i) { return q[i].y; }
void put(S_gptr2 q, int i, float v) { q[i].z = v; }

__kernel void k(S_gptr p, S_cgptr c, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  S_gptr q = p + i, r = p;
  q->x = get(c, i) + r[i].z;
  put(p, i, (float)c[i].id);
}
