// Found by review (helper-29) of fieldptr.c: a callee given a field's
// address that turns the lvalue it designates back into a pointer beyond
// the field, each reading `[1]` (the next field in AoS, other data in the
// new layout), used to be accepted.  Now only a whitelist of uses passes
// (a load, a trivial copy, an assignment or increment as a statement, an
// atomic's address): the result of `=` used as an lvalue (A), of `,` (B),
// a const reference bound to it (C), a const member function called on it
// (D), a recursive call that passes it to another parameter (E), the field
// type's user-provided copy assignment (F).  Each keeps its struct AoS;
// the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: the address of field 'v' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: the address of field 'x' escapes [kdlg-rewrite]
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: the address of field 'w' escapes [kdlg-rewrite]
// CHECK: 6 structs: 0 rewritten, 6 kept in AoS
// CHECK: exit=0
#include <cuda_runtime.h>
struct V { float a, b; __device__ float nxt() const { return (this + 1)->a; } };
struct W { float a; __device__ W &operator=(const W &o) { a = (&o)[1].a; return *this; } };
struct A { float x; float y; };
struct B { float x; float y; };
struct C { float x; float y; };
struct D { V v; float y; };
struct E { float x; float y; };
struct F { W w; float y; };
__device__ float fa(float *q) { return (&(*q = *q))[1]; }
__device__ float fb(float *q) { return (&(0, *q))[1]; }
__device__ float fc(const float *q) { const float &r = *q; return (&r)[1]; }
__device__ float fd(const V *q) { return (*q).nxt(); }
__device__ float fe(float *q, float *r, int d) { if (d == 0) return r[1]; return fe(r, q, d - 1); }
__device__ float ff(const W *q) { W t; t = *q; return t.a; }
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  o[i] = fa(&a[i].x) + fb(&b[i].x) + fc(&c[i].x) + fd(&d[i].v) + fe(&e[i].x, o, 1) + ff(&f[i].w);
  a[i].y = b[i].y + c[i].y + d[i].y + e[i].y + f[i].y;
}
int main() {
  A *a; B *b; C *c; D *d; E *e; F *f; float *o;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  cudaMalloc(&d, 64 * sizeof(D)); cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  cudaMalloc(&o, 64 * sizeof(float));
  k<<<1, 64>>>(a, b, c, d, e, f, o, 64);
  return 0;
}
