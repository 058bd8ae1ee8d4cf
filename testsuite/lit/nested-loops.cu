struct S { int a; int b; int c; int d; };

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 8; j++)
      x += p[j].d;
    x += p[i].b;
  }
  p[id].c = x;
}

struct S2 { int a; int b; int c; int d; };

__device__ int inner(S2 *p) {
  int s = 0;
  for (int j = 0; j < 8; j++)
    s += p[j].d;
  return s;
}

__global__ void k2(S2 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  for (int i = 0; i < 4; i++) {
    x += inner(p);
    x += p[i].b;
  }
  p[id].c = x;
}

// Stream: a; 4 x (8 x d, b); c.  One outer iteration moves 8*4 + 4 = 36 B.
//   δ(a,d) = 4
//   δ(b,d) = 32: d_0 -> b of the same outer iteration = 7*4 + 4 (b -> next d = 4)
//   δ(a,b) = 8*4 + 4 = 36
//   δ(b,c) = 3*36 + 4 = 112 (from b of the first outer iteration)
//   δ(c,d) = 7*4 + 4 + 3*36 + 4 = 144 (from d_0 of the first outer iteration)
//   δ(a,c) = 4*36 + 4 = 148
// k2 is the same stream with the inner loop in a __device__ function called
// from the outer loop: the same six distances.
// ε = 128: all four join ({b,c} through δ = 112).  ε = 112: b-c no longer
// joins (strict δ < ε), c stays alone.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --epsilon 112 --emit-plan - | %plancheck | FileCheck %s --check-prefix=E112

// CHECK:      struct S bytes=16 fields=4 epsilon=128
// CHECK:      edge a d 4
// CHECK-NEXT: edge b d 32
// CHECK-NEXT: edge a b 36
// CHECK-NEXT: edge b c 112
// CHECK-NEXT: edge c d 144
// CHECK-NEXT: edge a c 148
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=k line=6 trip=4 rule=c
// CHECK-NEXT: loop kernel=k function=k line=7 trip=8 rule=c
// CHECK-NEXT: kernels k
// CHECK-NEXT: end struct S

// CHECK:      struct S2 bytes=16 fields=4 epsilon=128
// CHECK:      edge a d 4
// CHECK-NEXT: edge b d 32
// CHECK-NEXT: edge a b 36
// CHECK-NEXT: edge b c 112
// CHECK-NEXT: edge c d 144
// CHECK-NEXT: edge a c 148
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: loop kernel=k2 function=k2 line={{[0-9]+}} trip=4 rule=c
// CHECK-NEXT: loop kernel=k2 function=inner line={{[0-9]+}} trip=8 rule=c
// CHECK-NEXT: kernels k2

// E112:      epsilon=112
// E112:      edge a c 148
// E112-NEXT: cluster a,b,d bytes=12 layout=aos tile=1
// E112-NEXT: cluster c bytes=4 layout=aos tile=1
// E112-NEXT: loop
// E112:      struct S2
// E112:      edge a c 148
// E112-NEXT: cluster a,b,d bytes=12 layout=aos tile=1
// E112-NEXT: cluster c bytes=4 layout=aos tile=1
