// Issue 21, class 4: the OpenCL parse did not define __OPENCL_VERSION__
// (clang defines only __OPENCL_C_VERSION__; the device's OpenCL
// implementation defines __OPENCL_VERSION__), so code under `#ifdef
// __OPENCL_VERSION__` was a branch the parser skips and the struct kept AoS
// ("'p' is used where the parser does not see it").  The front end now
// defines it as __OPENCL_C_VERSION__ (120 under the default -cl-std=CL1.2).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck %s --check-prefix=REMARKS
// RUN: FileCheck %s < %t.dir/out.cl
// RUN: %clang-cl -D__OPENCL_VERSION__=120 %t.dir/out.cl
// REMARKS-NOT: remark
// REMARKS: exit=0
// CHECK: P: epsilon 128 B; {x,y,id} 12 B SoA -> rewritten
// CHECK: (*kdlg_P_f_x(p, (i))) += (*kdlg_P_f_y(p, (i))) * 2.0f;
// CHECK: (*kdlg_P_f_id(p, (i))) += 3;
struct P { float x; float y; int id; };
__kernel void k(__global struct P *p, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
#ifdef __OPENCL_VERSION__
  p[i].x += p[i].y * 2.0f;
#endif
#if __OPENCL_VERSION__ >= 120
  p[i].id += 3;
#endif
}
