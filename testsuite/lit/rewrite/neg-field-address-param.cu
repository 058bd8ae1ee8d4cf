// The address of a field given to a function that may use it beyond the
// field keeps the struct AoS, with "the address of field 'x' escapes" at
// the argument (transform/rewrite/fieldptr.c): pointer arithmetic (A: `(a +
// 1)->n[0]`, the next element in AoS), a subscript other than 0 (B), a
// copy into another pointer (C), a byte pointer parameter (D: `(char *)`
// reads the element's bytes), a reference bound to a member (E), a branch
// of #if inside the callee (F: the parser may not show every use), a
// member function called through it (H: `this` may go anywhere).  The
// output is the input behind the plan comment.  (Uses within the field:
// field-address-param.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK: 7 structs: 0 rewritten, 7 kept in AoS
// CHECK: exit=0
#include <cuda_runtime.h>
struct V { unsigned n[2]; __device__ unsigned sum() const { return n[0] + n[1]; } };
struct A { V x; float y; };
struct B { V x; float y; };
struct C { V x; float y; };
struct D { V x; float y; };
struct E { V x; float y; };
struct F { V x; float y; };
struct H { V x; float y; };
__device__ unsigned fa(const V *a) { return (a + 1)->n[0]; }
__device__ unsigned fb(const V *a) { return a[1].n[0]; }
__device__ unsigned fc(const V *a) { const V *b = a; return b->n[0]; }
__device__ unsigned fd(const char *a) { return (unsigned)a[8]; }
__device__ unsigned fe(const V *a) { const unsigned &r = a->n[1]; return r; }
__device__ unsigned ff(const V *a) {
  unsigned v = a->n[0];
#ifdef KD_NEVER_SET
  v += a[1].n[0];
#endif
  return v;
}
__device__ unsigned fh(const V *a) { return a->sum(); }
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f, H *h, unsigned *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  o[i] = fa(&a[i].x) + fb(&b[i].x) + fc(&c[i].x) + fd((const char *)&d[i].x) + fe(&e[i].x) + ff(&f[i].x) + fh(&h[i].x);
  a[i].y = b[i].y + c[i].y + d[i].y + e[i].y + f[i].y + h[i].y;
}
int main() {
  A *a; B *b; C *c; D *d; E *e; F *f; H *h; unsigned *o;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  cudaMalloc(&d, 64 * sizeof(D)); cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  cudaMalloc(&h, 64 * sizeof(H)); cudaMalloc(&o, 64 * sizeof(unsigned));
  k<<<1, 64>>>(a, b, c, d, e, f, h, o, 64);
  return 0;
}
