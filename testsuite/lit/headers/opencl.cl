// OpenCL: a struct and a helper function in a project header; the header is
// rewritten beside the output (the helper takes the view), the layout header
// describes the kernel's new arguments, and clang parses the output with the
// rewritten header.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS-NOT: remark
// REMARKS: exit=0
// RUN: FileCheck %s --input-file %t.dir/Inputs/particle_cl.h
// CHECK: /* Rewritten by kdlg-opt
// CHECK-NOT: kdlg_cuda.cuh
// CHECK: typedef struct kdlg_view_Particle {
// CHECK: float speed2(kdlg_view_Particle p, int i)
// RUN: FileCheck %s --check-prefix=LAYOUT --input-file %t.dir/out.cl.layout.h
// LAYOUT: KDLG_Particle_NREGIONS
// RUN: %clang-cl -I %S %t.dir/out.cl
#include "Inputs/particle_cl.h"
__kernel void step(__global Particle *p, int n, float dt) {
  int i = get_global_id(0);
  if (i < n && speed2(p, i) > 0.0f)
    p[i].pos += p[i].vel * dt;
}
