// Issue 21, class 5: a reference bound to an element through an expression
// that the rewriter does not follow (a conditional, `const A &c = i ?
// p[i] : p[0]`; a cast, `B &r = static_cast<B &>(q[i])`), a static
// reference, an rvalue reference (`C &&m = static_cast<C &&>(c[i])`) and a
// structured binding by reference (`const auto &[x, y, id] = d[i]`).  Each
// used to be rewritten into a whole-element load, binding the reference to
// a copy (a later write to the element went unseen, a write through it was
// lost).  Each struct keeps AoS; the output is the input behind the plan
// comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-bound-copy.cu:[[@LINE+16]]:12: remark: struct 'A' keeps its AoS layout: a reference is bound to an element through an expression the rewriter does not follow (a conditional, a comma, a cast: its rewrite would bind it to a copy) [kdlg-rewrite]
// CHECK: neg-ref-bound-copy.cu:[[@LINE+18]]:6: remark: struct 'B' keeps its AoS layout: a reference is bound to an element through an expression the rewriter does not follow (a conditional, a comma, a cast: its rewrite would bind it to a copy) [kdlg-rewrite]
// CHECK: neg-ref-bound-copy.cu:[[@LINE+19]]:7: remark: struct 'C' keeps its AoS layout: a static, global or rvalue reference is bound to an element (only local lvalue references to an element are rewritten) [kdlg-rewrite]
// CHECK: neg-ref-bound-copy.cu:[[@LINE+20]]:28: remark: struct 'D' keeps its AoS layout: an element is bound by reference to a structured binding (only reference variables are rewritten) [kdlg-rewrite]
// CHECK: neg-ref-bound-copy.cu:[[@LINE+21]]:13: remark: struct 'E' keeps its AoS layout: a static, global or rvalue reference is bound to an element (only local lvalue references to an element are rewritten) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
struct C { float x; float y; int id; };
struct D { float x; float y; int id; };
struct E { float x; float y; int id; };
__global__ void k(A *p, B *q, C *c, D *d, E *e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const A &a = i ? p[i] : p[0];
  p[i].x = 1.0f;
  p[i].y = a.x;
  B &r = static_cast<B &>(q[i]);
  r.x = 1.0f;
  C &&m = static_cast<C &&>(c[i]);
  m.x = 1.0f;
  const auto &[x, y, id] = d[i];
  d[i].x = y;
  static E &s = e[0];
  s.id = i;
}
int main() {
  A *a; B *b; C *c; D *d; E *e;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B)); cudaMalloc(&c, 100 * sizeof(C));
  cudaMalloc(&d, 100 * sizeof(D)); cudaMalloc(&e, 100 * sizeof(E));
  k<<<1, 100>>>(a, b, c, d, e, 100);
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d); cudaFree(e);
  return 0;
}
