struct S { int a; int b; int c; int d; };
struct T { int a; int b; int c; };

__global__ void k(S *p, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  switch (m) {
  case 0:
    x += p[id].c;
  case 1:
    x += p[id].d;
    break;
  default:
    x += p[id + 1].c;
    x += p[id + 2].c;
    x += p[id + 3].c;
  }
  p[id].b = x;
}

__global__ void k2(T *p, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  switch (m) {
  case 0:
    for (int i = 0; i < 100; i++)
      x += p[i].c;
    break;
  }
  p[id].b = x;
}

// k: a, then case 0 {c; d} (falls through), case 1 {d}, or default {c c c},
// then b.  Shortest paths:
//   δ(a,b) = min(8, 4, 12) + 4 = 8, δ(a,c) = 4, δ(a,d) = 4 (case 1),
//   δ(c,d) = 4 (case 0 falls through), δ(b,d) = 4,
//   δ(b,c) = 12 (from the first c of default; case 0's c -> b is 8).
// k2: no default, so a path skips every case: δ(a,b) = 4, δ(a,c) = 4,
//   δ(b,c) = 99*4 + 4 = 400.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a c 4
// CHECK-NEXT: edge a d 4
// CHECK-NEXT: edge b d 4
// CHECK-NEXT: edge c d 4
// CHECK-NEXT: edge a b 8
// CHECK-NEXT: edge b c 12
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: kernels k

// CHECK:      struct T bytes=12 fields=3
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 400
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// CHECK-NEXT: loop kernel=k2 function=k2 line=26 trip=100 rule=c
// CHECK-NEXT: kernels k2

// DUMP: kernel k
// DUMP: switch
// DUMP: kernel k2
// DUMP: switch
