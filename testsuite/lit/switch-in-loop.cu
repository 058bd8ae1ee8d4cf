struct S1 { int a; int b; int c; int d; };
struct S2 { int a; int b; int c; int d; };
struct S3 { int a; int b; int c; int d; };

__device__ int h(S3 *p, int i, int m) {
  if (m > 0)
    return 0;
  return p[i].c;
}

__global__ void cont(S1 *p, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = 0;
  for (int i = 0; i < 32; i++) {
    x += p[i].a;
    switch (m) { case 0: continue; default: break; }
    x += p[i].b;
  }
  p[id].c = x;
}

__global__ void brk(S2 *p, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = 0;
  for (int i = 0; i < 32; i++) {
    x += p[i].a;
    switch (m) { case 0: break; default: x += p[i].d; }
    x += p[i].b;
  }
  p[id].c = x;
}

__global__ void ret(S3 *p, int m) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  for (int i = 0; i < 32; i++) {
    x += h(p, i, m);
    x += p[i].b;
  }
  p[id].d = x;
}

// Jumps bind to the right statement inside a loop:
// cont: `continue` in a switch continues the loop (b may be skipped):
//   δ(a,b) = 4, δ(a,c) = δ(b,c) = 31*4 + 4 = 128 (as in continue.cu).
// brk: `break` in a switch leaves only the switch; b always runs:
//   δ(a,b) = 4, δ(a,d) = 8 (d -> b -> a), δ(b,d) = 8 (b -> a -> d),
//   δ(b,c) = 31*8 + 4 = 252, δ(a,c) = 256, δ(c,d) = 4 + 248 + 4 = 256.
// ret: a `return` in the callee returns to the loop body, not out of the loop:
//   per iteration [c] b; δ(a,b) = δ(a,c) = δ(b,c) = 4,
//   δ(b,d) = 31*4 + 4 = 128 (from b_0, skipping every c),
//   δ(a,d) = δ(c,d) = 32*4 + 4 = 132.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct S1
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 128
// CHECK-NEXT: edge b c 128
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1
// CHECK-NEXT: cluster d bytes=4 layout=aos tile=1

// CHECK:      struct S2
// CHECK:      edge a b 4
// CHECK-NEXT: edge a d 8
// CHECK-NEXT: edge b d 8
// CHECK-NEXT: edge b c 252
// CHECK-NEXT: edge a c 256
// CHECK-NEXT: edge c d 256
// CHECK-NEXT: cluster a,b,d bytes=12 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1

// CHECK:      struct S3
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 4
// CHECK-NEXT: edge b d 128
// CHECK-NEXT: edge a d 132
// CHECK-NEXT: edge c d 132
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1
// CHECK-NEXT: cluster d bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=ret function=ret line=36 trip=32 rule=c
