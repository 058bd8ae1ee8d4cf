// Functions returning device data whose return value could reach code the
// rewriter does not see or cannot follow keep their struct AoS, with a
// remark at each (transform/rewrite/returns.c):
// A of external linkage and called nowhere in this file (its callers
// elsewhere would read the view as a pointer); B called with device data
// and with host pointers (a clone and the original would need different
// result types: the host call's pointer joins the kernel's); C its address
// taken (a call through the pointer); D the address of the element it
// returns taken; E its value compared; F its result type a typedef of the
// pointer; G named in a branch of #if the parser skips (no -D/-U says the
// configuration); H returning a reference to a static element as well as
// to device data.
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: function 'mka' returns it and has external linkage, and nothing in this file calls it (its callers elsewhere would read the view as a pointer) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: 'p' is given a pointer that does not come from a kernel argument or cudaMalloc, and it also holds the struct's device data [kdlg-rewrite]
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: a pointer to it is passed to 'fp', whose parameter receives other pointers too [kdlg-rewrite]
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: the view a function returns is used in a way the rewriter does not follow (offset, compared, or its address taken) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: the view function 'ate' returns is used in a way the rewriter does not follow (only as a view variable's or parameter's value, returned, or as the base of an access) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: function 'atf' returns it through a type the rewriter does not rewrite (only `S *` and `S &`, `const` or `struct` before them, are) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'G' keeps its AoS layout: 'mkg', which returns it, is named where the parser does not show it as that function {{.*}}
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: reference 'geth' is bound to something other than an element of a tracked pointer, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: 8 structs: 0 rewritten, 8 kept in AoS
// CHECK: exit=0
// RUN: grep -v '^//' %t.dir/out/main.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: kdlg_view
#include <cuda_runtime.h>
#include <cstdlib>
struct A { float x, y; };
struct B { float x, y; };
struct C { float x, y; };
struct D { float x, y; };
struct E { float x, y; };
struct F { float x, y; };
struct G { float x, y; };
struct H { float x, y; };
A *mka(int n) {
  A *d;
  cudaMalloc(&d, n * sizeof(A));
  return d;
}
__host__ __device__ B *atb(B *p, int i) { return p + i; }
__device__ C *atc(C *p, int i) { return p + i; }
__device__ D &getd(D *p, int i) { return p[i]; }
__device__ E *ate(E *p, int i) { return p + i; }
typedef F *FP;
__device__ FP atf(F *p, int i) { return p + i; }
static G *mkg(int n) {
  G *d;
  cudaMalloc(&d, n * sizeof(G));
  return d;
}
__device__ H &geth(H *p, int i) {
  static H spare;
  if (i < 0)
    return spare;
  return p[i];
}
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f, G *g, H *h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  a[i].x = 1.0f;
  atb(b, i)->x = 1.0f;
  C *(*fp)(C *, int) = &atc;
  fp(c, i)->x = 1.0f;
  D *q = &getd(d, i);
  q->x = 1.0f;
  if (ate(e, i) != nullptr)
    e[i].x = 1.0f;
  atf(f, i)->x = 1.0f;
  g[i].x = 1.0f;
  geth(h, i).x = 1.0f;
}
int main() {
  A *a; C *c; D *d; E *e; F *f; H *h;
  B *b, hb[4];
  atb(hb, 1)->y = 2.0f;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  cudaMalloc(&d, 64 * sizeof(D)); cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  cudaMalloc(&h, 64 * sizeof(H));
  G *g = mkg(64);
#ifdef G_DEBUG
  G *g2 = mkg(1);
#endif
  k<<<1, 64>>>(a, b, c, d, e, f, g, h, 64);
  return 0;
}
