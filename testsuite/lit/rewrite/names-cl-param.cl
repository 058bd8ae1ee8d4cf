// Issue 21, class 3: an OpenCL kernel parameter named like the buffers the
// rewriter gives a struct parameter `p` (`p_kd_n`, `p_kd_r0`): the output
// declared two parameters of one name and did not compile.  Now p's buffers
// take the first base none of whose names the file spells (`p_1`), and the
// output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cl
// RUN: %clang-cl %t.dir/out.cl
// RUN: FileCheck %s --check-prefix=HDR --input-file %t.dir/out.cl.layout.h
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: __kernel void k(__global uchar *p_1_kd_r0, long p_1_kd_n, int p_kd_n, __global float *p_kd_r0) {
// CHECK-NEXT: kdlg_view_S p = kdlg_S_view(p_1_kd_r0, p_1_kd_n);
// CHECK: if (i < p_kd_n) (*kdlg_S_f_x(p, (i))) = (*kdlg_S_f_y(p, (i))) + p_kd_r0[i];
// HDR: kdlg_args_k[] = {0, 2, 3};
typedef struct { float x; float y; int id; } S;
__kernel void k(__global S *p, int p_kd_n, __global float *p_kd_r0) {
  int i = get_global_id(0);
  if (i < p_kd_n) p[i].x = p[i].y + p_kd_r0[i];
}
