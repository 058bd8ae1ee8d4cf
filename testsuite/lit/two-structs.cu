struct S { int a; int b; int c; };
struct T { int x; int y; int z; };

__global__ void k(S *p, T *q) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int v = p[id].a;
  v += q[id].z;
  v += q[id].y;
  p[id].b = v;
}

// Each struct's KDLG counts only its own fields; the other struct's accesses
// only add distance.  Stream: S.a, T.z, T.y, S.b (4 B each):
//   S: δ(a,b) = 4 + 4 + 4 = 12; c never accessed.
//   T: δ(y,z) = 4 (z -> y); x never accessed.
// (Attributing T.z (field index 2) to S.c, or S.a (index 0) to T.x, would add
// edges b-c 8, x-z 4, x-y 8.)

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s

// CHECK:      struct S bytes=12 fields=3
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a b 12
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1
// CHECK-NEXT: kernels k
// CHECK-NEXT: end struct S
// CHECK-NEXT: struct T bytes=12 fields=3
// CHECK:      field z bytes=4 offset=8
// CHECK-NEXT: edge y z 4
// CHECK-NEXT: cluster x bytes=4 layout=aos tile=1
// CHECK-NEXT: cluster y,z bytes=8 layout=aos tile=1
// CHECK-NEXT: kernels k
// CHECK-NEXT: end struct T
