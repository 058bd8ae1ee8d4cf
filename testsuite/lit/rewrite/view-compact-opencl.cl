// OpenCL views are never compact (nvcc's by-value bug is a CUDA matter,
// view-compact.cu): 15 SoA fields keep one pointer per field.
struct B { int b0; int b1; int b2; int b3; int b4; int b5; int b6; int b7; int b8; int b9; int b10; int b11; int b12; int b13; int b14; };

__kernel void kb(__global struct B *q, __global int *out) {
  int i = get_global_id(0);
  out[i] = q[i].b0 + q[i].b1 + q[i].b2 + q[i].b3 + q[i].b4 + q[i].b5 + q[i].b6 + q[i].b7 + q[i].b8 + q[i].b9 + q[i].b10 + q[i].b11 + q[i].b12 + q[i].b13 + q[i].b14;
}

// RUN: %kdlg-opt %s --layout soa -o %t.cl --layout-header %t.h
// RUN: FileCheck %s < %t.cl
// CHECK-LABEL: typedef struct kdlg_view_B {
// CHECK:         kdlg_B_t_b14 *kd_f_b14; /* SoA, region 0 */
// CHECK-NOT:   kd_s0
// CHECK:       } kdlg_view_B;
