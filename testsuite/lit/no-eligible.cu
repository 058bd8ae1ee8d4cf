struct S { int a; int b; };

__global__ void k(S s, float *out) {
  __shared__ S buf[32];
  S loc[4];
  buf[threadIdx.x].a = s.a;
  loc[threadIdx.x & 3].b = s.b;
  out[threadIdx.x] = buf[0].a + loc[1].b;
}

// S reaches the kernel only by value, in __shared__ and in private memory,
// never through a global pointer: nothing to optimize, exit 0.

// RUN: rm -f %t.json
// RUN: %exitcode %kdlg-opt %s --emit-plan %t.json 2>&1 | FileCheck %s
// RUN: %plancheck %t.json | FileCheck %s --check-prefix=PLAN

// CHECK:     no-eligible.cu:{{[0-9]+}}:{{[0-9]+}}: remark: nothing to optimize: no kernel reaches an eligible struct through a global pointer [kdlg-nothing]
// CHECK-NOT: error
// CHECK:     exit=0

// PLAN:     language cuda
// PLAN-NOT: struct
