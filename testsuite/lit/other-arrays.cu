struct S { int a; int b; int c; int d; };

__global__ void k(S *p, float *q, int *out) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  float s = q[0] + q[1];
  int x = p[id].a;
  for (int i = 0; i < 10; i++)
    s += q[i];
  p[id].b = x + (int)s;
  out[id] = x;
}

// Accesses to other global arrays count toward distance but are accesses
// of no field (docs/method-notes.md §1).  Stream: q0, q1 (other), a,
// 10 x q (other), b, out (other):
//   δ(a,b) = 10*4 + 4 = 44; c and d are never accessed: no edges.
// (Counting an other-array access as an access of every field would add
// edges such as b-c, c-a, d-a and raise δ(a,b) to 52.)

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --emit-dot - | FileCheck %s --check-prefix=DOT

// CHECK:      struct S bytes=16 fields=4
// CHECK:      field d bytes=4 offset=12
// CHECK-NEXT: edge a b 44
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1
// CHECK-NEXT: cluster d bytes=4 layout=aos tile=1

// DOT:      "S.a" -- "S.b" [label="δ=44 B",
// DOT-NOT:  "S.c" --
// DOT-NOT:  -- "S.c"
// DOT-NOT:  "S.d" --
// DOT-NOT:  -- "S.d"
// DOT:      {{^}}}{{$}}
