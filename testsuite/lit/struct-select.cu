struct S { int a; int b; int c; int d; };
struct T { int x; int y; };

__global__ void k(S *s, T *t) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int v = s[id].a;
  v += s[id].b;
  t[id].y = v;
  t[id].x = 0;
}

// --struct NAME analyses only that struct; a name that no kernel reaches is
// an input error (exit 1).
// S alone: a, b, (T.y), (T.x): δ(a,b) = 4; c, d never accessed.
// T alone: y then x: δ(x,y) = 4.

// RUN: %kdlg-opt %s --struct S --emit-plan - | %plancheck | FileCheck %s --check-prefix=S
// RUN: %kdlg-opt %s --struct T --emit-plan - | %plancheck | FileCheck %s --check-prefix=T
// RUN: %exitcode %kdlg-opt %s --struct Nope --emit-plan - 2>&1 | FileCheck %s --check-prefix=NOPE

// S:      struct S bytes=16 fields=4
// S:      edge a b 4
// S-NEXT: cluster a,b bytes=8
// S-NOT:  struct T

// T-NOT:  struct S
// T:      struct T bytes=8 fields=2
// T:      edge x y 4
// T-NEXT: cluster x,y bytes=8

// NOPE:     struct-select.cu: error: no struct named 'Nope' is reached from a kernel
// NOPE-NOT: "structs"
// NOPE:     exit=1
