struct S { int a; int b; int c; int d; };

__global__ void k(S *p, int lim) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = 0;
  for (int i = 0; i < 32; i++) {
    x += p[i].a;
    if (x > lim)
      break;
    x += p[i].b;
  }
  p[id].c = x;
}

// The Fig. 2 loop with a `break` between a and b.  Shortest forward paths:
//   a_k -> b_k = 4, b_k -> a_k+1 = 4            δ(a,b) = 4
//   a_k -> (break) -> c = 4 for every k           δ(a,c) = 4
//   b_k -> a_k+1 -> (break) -> c = 8; b_31 -> c = 4   δ(b,c) = 8
// Without the break edge δ(a,c) would be 256 and δ(b,c) 252.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 8
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// CHECK-NEXT: cluster d bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=k line=6 trip=32 rule=c

// DUMP:      loop trip=32 rule=c @6
// DUMP:      load 4 B S.a @7:
// DUMP:      if
// DUMP:      break
// DUMP:      load 4 B S.b @10:
// DUMP:      store 4 B S.c @12:
