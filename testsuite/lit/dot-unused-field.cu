struct S { int a; int b; int c; int d; };
__global__ void k1(S *s, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = s[i].a;
}
__global__ void k2(S *s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[i].b = i;
  if (i < 0)
    s[i].d = 0;
}

// --emit-dot draws a field that no kernel uses (c) as unused: a dashed grey
// node whose label ends in "unused".  A field used by one kernel only (a in
// k1, b in k2) is used; so is one under a branch (d: both arms count).

// RUN: %kdlg-opt-provisional %s --emit-dot %t.dot
// RUN: FileCheck %s < %t.dot
// RUN: dot -Tsvg %t.dot -o /dev/null

// CHECK-DAG: "S.a" [label="a\n4 B"];
// CHECK-DAG: "S.b" [label="b\n4 B"];
// CHECK-DAG: "S.c" [label="c\n4 B\nunused", style=dashed, color="#999999", fontcolor="#999999"];
// CHECK-DAG: "S.d" [label="d\n4 B"];
// CHECK-NOT: unused"
