struct S { int a; int b; int c; int d; };

__global__ void k(S *p, int lim) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = 0;
  for (int i = 0; i < 32; i++) {
    x += p[i].a;
    if (x > lim)
      continue;
    x += p[i].b;
  }
  p[id].c = x;
}

// The Fig. 2 loop with a `continue` between a and b: every b may be skipped.
//   δ(a,b) = 4
//   a_0 -> c skipping every b: a_1..a_31 (31*4) + c = 128     δ(a,c) = 128
//   b_0 -> c: a_1..a_31 + c = 128                             δ(b,c) = 128
// ε = 128 is strict: c stays alone; ε = 129 joins it.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --epsilon 129 --emit-plan - | %plancheck | FileCheck %s --check-prefix=E129
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 128
// CHECK-NEXT: edge b c 128
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1
// CHECK-NEXT: cluster d bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=k line=6 trip=32 rule=c

// E129:      edge b c 128
// E129-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// E129-NEXT: cluster d bytes=4 layout=aos tile=1

// DUMP:      loop trip=32 rule=c @6
// DUMP:      continue
