struct S { int a; int b; };
__global__ void k(S *p) {
  int x = p[0].a
  p[0].b = x;
}

// A parse error is an input error: exit 1, clang's diagnostic with
// file:line:col, and no output file (-o, --emit-dot, --emit-plan) is created.

// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s -o %t.dir/out.cu --emit-dot %t.dir/g.dot --emit-plan %t.dir/plan.json 2>&1 | FileCheck %s
// RUN: not test -e %t.dir/out.cu
// RUN: not test -e %t.dir/g.dot
// RUN: not test -e %t.dir/plan.json

// CHECK:     syntax-error.cu:3:17: error: expected ';' at end of declaration
// CHECK-NOT: remark
// CHECK:     exit=1
