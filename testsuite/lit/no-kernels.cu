struct S { int a; int b; };
__device__ int f(S *p) { return p[0].a; }
int host(S *p) { return p[0].b; }

// No __global__ function: nothing to optimize, exit 0, a remark on stderr and
// a plan without structs.

// RUN: rm -f %t.json
// RUN: %exitcode %kdlg-opt %s --emit-plan %t.json 2>&1 | FileCheck %s
// RUN: %plancheck %t.json | FileCheck %s --check-prefix=PLAN

// CHECK:     no-kernels.cu:{{[0-9]+}}:{{[0-9]+}}: remark: nothing to optimize: no kernels in this file [kdlg-nothing]
// CHECK-NOT: error
// CHECK:     exit=0

// PLAN:     language cuda
// PLAN-NOT: struct
