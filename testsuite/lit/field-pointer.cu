struct P1 { int a; int b; int c; };
struct P2 { int a; int b; int c; };
struct P3 { int a; int b; int c; };

__device__ void inc(int *v) { *v += 1; }

__global__ void localptr(P1 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int *pb = &p[id].b;
  int x = p[id].a;
  *pb = x;
}

__global__ void localref(P2 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int &rb = p[id].b;
  int x = p[id].a;
  for (int i = 0; i < 64; i++)
    x += p[i].c;
  rb = x;
}

__global__ void helperptr(P3 *p) {
  int id = blockIdx.x * blockDim.x + threadIdx.x;
  int x = p[id].a;
  inc(&p[id].c);
  p[id].b = x;
}

// Accesses through a pointer or reference to a single struct field are
// global-memory accesses of that field like any other; taking the address or
// binding the reference moves nothing.
// localptr:  a (load), b (store via pb):            δ(a,b) = 4; c unused.
// localref:  a, 64 x c, b (store via rb):
//   δ(a,c) = 4, δ(b,c) = 63*4 + 4 = 256, δ(a,b) = 64*4 + 4 = 260 -> {a,c},{b}.
// helperptr: a, c (load), c (store) in inc(), b:
//   δ(a,c) = 4, δ(b,c) = 8 (from the load of c), δ(a,b) = 12.

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s
// RUN: %kdlg-opt-provisional %s --dump-access-model | FileCheck %s --check-prefix=DUMP

// CHECK:      struct P1 bytes=12 fields=3
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a b 4
// CHECK-NEXT: cluster a,b bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster c bytes=4 layout=aos tile=1

// CHECK:      struct P2 bytes=12 fields=3
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 256
// CHECK-NEXT: edge a b 260
// CHECK-NEXT: cluster a,c bytes=8 layout=aos tile=1
// CHECK-NEXT: cluster b bytes=4 layout=aos tile=1

// CHECK:      struct P3 bytes=12 fields=3
// CHECK:      field c bytes=4 offset=8
// CHECK-NEXT: edge a c 4
// CHECK-NEXT: edge b c 8
// CHECK-NEXT: edge a b 12
// CHECK-NEXT: cluster a,b,c bytes=12 layout=aos tile=1

// DUMP:      kernel localptr
// DUMP:      load 4 B P1.a @10:
// DUMP:      store 4 B P1.b @11:
// DUMP:      kernel localref
// DUMP-NOT:  P2.b
// DUMP:      load 4 B P2.a @17:
// DUMP:      loop trip=64 rule=c @18
// DUMP:      store 4 B P2.b @20:
// DUMP:      kernel helperptr
// DUMP:      load 4 B P3.a @25:
// DUMP:      call
// DUMP:      load 4 B P3.c @5:
// DUMP:      store 4 B P3.c @5:
// DUMP:      store 4 B P3.b @27:
