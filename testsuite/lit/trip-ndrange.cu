struct N1 { int a; int b; int c; };
struct N2 { int a; int b; };

__global__ void forloop(N1 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (unsigned j = 0; j < gridDim.x * blockDim.x; j++) s += p[j].c;
  p[id].b = s;
}

__global__ void others(N2 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (unsigned j = 0; j < blockDim.x * gridDim.x; j++) s += j;
  unsigned j = 0;
  while (j < gridDim.x * blockDim.x) { s += j; j++; }
  p[id].b = s;
}

// Rule n: a loop bounded by the NDRange size (gridDim.x * blockDim.x, either
// order) runs 10^6 times; a while loop with that bound too.
// Stream a, 10^6 x c, b: δ(a,c) = 4, δ(b,c) = 999999*4 + 4 = 4000000,
// δ(a,b) = 10^6*4 + 4 = 4000004.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct N1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 4000000
// CHECK-NEXT: edge a b 4000004
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=forloop function=forloop line=7 trip=1000000 rule=n
// CHECK-NEXT: kernels forloop

// CHECK:      struct N2
// CHECK:      edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: loop kernel=others function=others line=14 trip=1000000 rule=n
// CHECK-NEXT: loop kernel=others function=others line=16 trip=1000000 rule=n
// CHECK-NEXT: kernels others
