struct S { int a; int b; };
__device__ int f(S *p) { return p[0].a; }

// --explain with no kernel: nothing to explain, said once after the remark;
// exit 0.

// RUN: %exitcode %kdlg-opt %s --explain 2>&1 | FileCheck %s

// CHECK:      remark: nothing to optimize: no kernels in this file [kdlg-nothing]
// CHECK-NEXT: explain: device model '{{.*}}' (built-in)
// CHECK-NEXT: explain: nothing to explain (no kernel reaches an eligible struct)
// CHECK-NOT:  struct '
// CHECK:      exit=0
