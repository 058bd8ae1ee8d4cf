struct E { };
struct B { int a : 3; int b : 5; int c; };
union U { int i; float f; };

__global__ void k(E *e, B *b, U *u, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  E t = e[i];
  out[i] = b[i].a + b[i].c + u[i].i;
}

// An empty struct, a struct with bit-fields and a union are not eligible:
// one remark each, then nothing to optimize, exit 0.

// RUN: rm -f %t.json
// RUN: %exitcode %kdlg-opt %s --emit-plan %t.json 2>&1 | FileCheck %s
// RUN: %plancheck %t.json | FileCheck %s --check-prefix=PLAN

// CHECK-DAG: ineligible.cu:1:8: remark: struct 'E' has no fields: not eligible for layout optimization [kdlg-ineligible]
// CHECK-DAG: ineligible.cu:2:8: remark: struct 'B' has bit-field 'a': not eligible for layout optimization [kdlg-ineligible]
// CHECK-DAG: ineligible.cu:3:7: remark: 'U' is a union: {{.*}}not eligible for layout optimization [kdlg-ineligible]
// CHECK:     remark: nothing to optimize
// CHECK-NOT: error
// CHECK:     exit=0

// PLAN:     language cuda
// PLAN-NOT: struct
