struct S { int a; int b; int c; int d; int e; };
struct T { int a; int b; int c; };

__global__ void ifelse(S *p, int flag) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  if (flag > 0) {
    x += p[id].c;
    x += p[id + 1].c;
  } else {
    x += p[id].d;
    x += p[id + 1].d;
    x += p[id + 2].d;
  }
  p[id].b = x;
}

__global__ void ifonly(T *p, int flag) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  if (flag > 0) {
    for (int i = 0; i < 100; i++)
      x += p[i].c;
  }
  p[id].b = x;
}

// IN = min over predecessors: a branch joins through its shorter side.
// ifelse: a, then {c c} (8 B) or {d d d} (12 B), then b:
//   δ(a,b) = min(8, 12) + 4 = 12, δ(a,c) = 4, δ(a,d) = 4,
//   δ(b,c) = 8 (from the first c), δ(b,d) = 12 (from the first d),
//   c and d are on exclusive paths: no edge; e is never accessed.
// ifonly: a, then (100 x c or nothing), then b:
//   δ(a,b) = 4 (the empty else side), δ(a,c) = 4, δ(b,c) = 99*4 + 4 = 400.
//   A max-over-branches reading would give δ(a,b) = 404 and split b off.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=20 fields=5
// CHECK:      field e bytes=4 offset=16
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge a d 4
// CHECK-NEXT: edge b c 8
// CHECK-NEXT: edge a b 12
// CHECK-NEXT: edge b d 12
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: cluster e bytes=4 layout=aos tile=1
// CHECK-NEXT: kernels ifelse

// CHECK:      struct T bytes=12 fields=3
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 400
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// CHECK-NEXT: loop kernel=ifonly function=ifonly line=22 trip=100 rule=c
// CHECK-NEXT: kernels ifonly

// DUMP:      kernel ifelse
// DUMP:      load 4 B S.a @6:
// DUMP:      if
// DUMP:      load 4 B S.c @8:
// DUMP:      load 4 B S.c @9:
// DUMP:      load 4 B S.d @11:
// DUMP:      load 4 B S.d @12:
// DUMP:      load 4 B S.d @13:
// DUMP:      store 4 B S.b @15:
