struct U1 { int a; int b; int c; };
struct U2 { int a; int b; };
struct U3 { int a; int b; int c; };
struct U4 { int a; int b; int c; };

__global__ void argbound(U1 *p, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (int j = 0; j < n; j++) s += p[j].c;
  p[id].b = s;
}

__global__ void gridstride(U2 *p, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    p[i].a = p[i].b + 1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    p[i].b = 0;
}

__global__ void whileloop(U3 *p, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  int j = 0;
  while (j < n) { s += p[j].c; j++; }
  p[id].b = s;
  j = 0;
  while (j < 10) { s += j; j++; }
}

__global__ void doloop(U4 *p, int n) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  int j = 0;
  do { s += p[j].c; j++; } while (j < n);
  p[id].b = s;
}

// Rule u (512000 iterations): a bound from a kernel argument; grid-stride
// loops (n / NDRange size: unknown); while and do-while loops whose bound is
// not the work-group or NDRange size, a constant included.
// argbound / whileloop / doloop: stream a, 512000 x c, b:
//   δ(a,c) = 4, δ(b,c) = 511999*4 + 4 = 2048000, δ(a,b) = 512000*4 + 4 = 2048004.
// gridstride: per iteration load b, store a; then the second loop stores b:
//   a_k -> b_k+1 = 4, b_k -> a_k = 4: δ(a,b) = 4.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct U1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 2048000
// CHECK-NEXT: edge a b 2048004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=argbound function=argbound line=9 trip=512000 rule=u
// CHECK-NEXT: kernels argbound

// CHECK:      struct U2
// CHECK:      edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: loop kernel=gridstride function=gridstride line=14 trip=512000 rule=u
// CHECK-NEXT: loop kernel=gridstride function=gridstride line=16 trip=512000 rule=u
// CHECK-NEXT: kernels gridstride

// CHECK:      struct U3
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 2048000
// CHECK-NEXT: edge a b 2048004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=whileloop function=whileloop line=24 trip=512000 rule=u
// CHECK-NEXT: loop kernel=whileloop function=whileloop line=27 trip=512000 rule=u
// CHECK-NEXT: kernels whileloop

// CHECK:      struct U4
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 2048000
// CHECK-NEXT: edge a b 2048004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=doloop function=doloop line=34 trip=512000 rule=u
// CHECK-NEXT: kernels doloop
