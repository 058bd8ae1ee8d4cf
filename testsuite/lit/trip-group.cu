struct G1 { int a; int b; int c; };
struct G2 { int a; int b; int c; };
struct G3 { int a; int b; int c; };

__global__ void forloop(G1 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  for (unsigned j = 0; j < blockDim.x; j++) s += p[j].c;
  p[id].b = s;
  for (unsigned j = 0; j < blockDim.y; j++) s += j;
}

__global__ void whileloop(G2 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  unsigned j = 0;
  while (j < blockDim.x) { s += p[j].c; j++; }
  p[id].b = s;
}

__global__ void doloop(G3 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = p[id].a;
  unsigned j = 0;
  do { s += p[j].c; j++; } while (j < blockDim.x);
  p[id].b = s;
}

// Rule g: a loop bounded by the work-group size (blockDim.d) runs 256 times,
// for, while and do-while alike.  Stream a, 256 x c, b (4 B each):
//   δ(a,c) = 4, δ(b,c) = 255*4 + 4 = 1024, δ(a,b) = 256*4 + 4 = 1028.
// ε = 128: {a,c}, {b}.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct G1
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 1024
// CHECK-NEXT: edge a b 1028
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=forloop function=forloop line=8 trip=256 rule=g
// CHECK-NEXT: loop kernel=forloop function=forloop line=10 trip=256 rule=g
// CHECK-NEXT: kernels forloop

// CHECK:      struct G2
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 1024
// CHECK-NEXT: edge a b 1028
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=whileloop function=whileloop line=17 trip=256 rule=g
// CHECK-NEXT: kernels whileloop

// CHECK:      struct G3
// CHECK:      edge a c 4
// CHECK-NEXT: edge b c 1024
// CHECK-NEXT: edge a b 1028
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1
// CHECK-NEXT: loop kernel=doloop function=doloop line=25 trip=256 rule=g
// CHECK-NEXT: kernels doloop
