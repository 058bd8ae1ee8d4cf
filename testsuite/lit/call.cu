struct S { int a; int b; int c; int d; };
struct T { int x; int y; int z; };

__device__ int helper(S *p, int i, int t) {
  if (t < 0)
    return p[i].b;
  for (int j = 0; j < 64; j++)
    t += p[j].c;
  return t;
}

__device__ int getx(T *q, int i) { return q[i].x; }

__global__ void k(S *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int t = p[id].a;
  t = helper(p, id, t);
  p[id].d = t;
}

__global__ void k2(T *q) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int s = getx(q, id);
  s += q[id].y;
  s += getx(q, id + 1);
  q[id].z = s;
}

// Accesses inside a __device__ function reached with the kernel's pointer
// count; a `return` in the callee goes back to the call site.
// k: a; then {b; return} or {64 x c; return}; then d:
//   δ(a,b) = 4, δ(a,c) = 4, δ(b,d) = 4 (the early return reaches d),
//   δ(a,d) = min(4, 256) + 4 = 8, δ(c,d) = 63*4 + 4 = 256 (from c_0),
//   b and c are on exclusive paths: no edge.
// k2 (each call is its own instance): x, y, x, z:
//   δ(x,y) = 4, δ(y,z) = 8, δ(x,z) = 12 (from the first x).

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct S bytes=16 fields=4
// CHECK:      edge a b 4
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b d 4
// CHECK-NEXT: edge a d 8
// CHECK-NEXT: edge c d 256
// CHECK-NEXT: cluster a,b,c,d bytes=16 layout=aos tile=1
// CHECK-NEXT: loop kernel=k function=helper line=7 trip=64 rule=c
// CHECK-NEXT: kernels k
// CHECK-NEXT: end struct S

// CHECK:      struct T bytes=12 fields=3
// CHECK:      edge x y 4
// CHECK-NEXT: edge y z 8
// CHECK-NEXT: edge x z 12
// CHECK-NEXT: cluster x,y,z bytes=12 layout=aos tile=1
// CHECK-NEXT: kernels k2
// CHECK-NEXT: end struct T

// DUMP:      kernel k
// DUMP:      load 4 B S.a @16:
// DUMP:      call
// DUMP:      if
// DUMP:      load 4 B S.b @6:
// DUMP-NEXT: return
// DUMP:      loop trip=64 rule=c @7
// DUMP:      load 4 B S.c @8:
// DUMP:      return
// DUMP:      store 4 B S.d @18:
// DUMP:      kernel k2
// DUMP:      call
// DUMP:      load 4 B T.x @12:
// DUMP:      load 4 B T.y @24:
// DUMP:      call
// DUMP:      load 4 B T.x @12:
// DUMP:      store 4 B T.z @26:
