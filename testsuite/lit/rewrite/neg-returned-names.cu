// A function returning device data whose name appears where the rewrite
// does not follow it keeps its struct AoS (found by review: each was
// rewritten, and the output either did not compile or, for a caller the
// rewriter did not see, crashed on the host: the view is returned through a
// hidden result pointer): A a block-scope prototype, B a friend
// declaration, C a global initialiser (`void *g = (void *)mkc;`), D a
// member initialiser, E a prototype before the struct's definition, F a
// lambda at namespace scope, G the value of a GNU statement expression
// (`({ ...; atg(p, i); })->x`), H recursion alone (an external function
// whose only caller here is itself).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: function 'mka', which returns it, is declared where the rewriter does not rewrite the declaration (at block scope, as a friend, or outside the project's files) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: function 'mkb', which returns it, is declared where the rewriter does not rewrite the declaration
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: function 'mkc', which returns it, is named outside the function bodies the rewriter rewrites (a global, member or default-argument initialiser, a lambda at namespace scope, a header outside the project) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: function 'mkd', which returns it, is named outside the function bodies the rewriter rewrites
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: function 'mke', which returns it, is declared before the struct's definition, or in another header (the view type is declared after the definition) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: function 'mkf', which returns it, is named outside the function bodies the rewriter rewrites
// CHECK-DAG: remark: struct 'G' keeps its AoS layout: the view function 'atg' returns is used in a way the rewriter does not follow
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: function 'mkh' returns it and has external linkage, and nothing in this file calls it (its callers elsewhere would read the view as a pointer) [kdlg-rewrite]
// CHECK: 8 structs: 0 rewritten, 8 kept in AoS
// CHECK: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: kdlg_view
#include <cuda_runtime.h>
struct E;
E *mke(int n);
struct A { float x, y; };
struct B { float x, y; };
struct C { float x, y; };
struct D { float x, y; };
struct E { float x, y; };
struct F { float x, y; };
struct G { float x, y; };
struct H { float x, y; };
static A *mka(int n) { A *d; cudaMalloc(&d, n * sizeof(A)); return d; }
static B *mkb(int n) { B *d; cudaMalloc(&d, n * sizeof(B)); return d; }
struct Fr { friend B *mkb(int n); };
static C *mkc(int n) { C *d; cudaMalloc(&d, n * sizeof(C)); return d; }
void *g_c = (void *)mkc;
static D *mkd(int n) { D *d; cudaMalloc(&d, n * sizeof(D)); return d; }
struct Holder { D *d; Holder(int n) : d(mkd(n)) {} };
E *mke(int n) { E *d; cudaMalloc(&d, n * sizeof(E)); return d; }
static F *mkf(int n) { F *d; cudaMalloc(&d, n * sizeof(F)); return d; }
auto g_f = [](int n) { return mkf(n); };
__device__ G *atg(G *p, int i) { return p + i; }
H *mkh(int n) { if (n > 1000) return mkh(n / 2); H *d; cudaMalloc(&d, n * sizeof(H)); return d; }
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f, G *g, H *h, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  a[i].x = b[i].x + c[i].x + d[i].x + e[i].x + f[i].x + h[i].x;
  ({ int j = i; atg(g, j); })->x = 1.0f;
}
int main() {
  A *mka(int n);
  A *a = mka(64);
  B *b = mkb(64);
  C *c = mkc(64);
  D *d = mkd(64);
  E *e = mke(64);
  F *f = mkf(64);
  G *g;
  cudaMalloc(&g, 64 * sizeof(G));
  H *h;
  cudaMalloc(&h, 64 * sizeof(H));
  k<<<1, 64>>>(a, b, c, d, e, f, g, h, 64);
  return 0;
}
