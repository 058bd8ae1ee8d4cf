struct S { int a; int b; int c; };

__global__ void k(S *p, int lim) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  for (int i = 0; i < 32; i++) {
    if (x > lim)
      return;
    x += p[i].c;
  }
  p[id].b = x;
}

// A `return` ends the path: it never reaches b.  The only path a -> b runs
// all 32 iterations:
//   δ(a,c) = 4, δ(b,c) = 31*4 + 4 = 128 (from c_0), δ(a,b) = 32*4 + 4 = 132.
// ε = 128: {a,c}, {b}.  (Treating the return like a break would give
// δ(a,b) = δ(b,c) = 4 and join b.)

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=12 fields=3
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 128
// CHECK-NEXT: edge a b 132
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=k line=6 trip=32 rule=c

// DUMP:      loop trip=32 rule=c @6
// DUMP:      return
// DUMP:      load 4 B S.c @9:
// DUMP:      store 4 B S.b @11:
