// Issue 21, class 3: member functions called on elements that the rewriter
// does not clone keep their struct in AoS, each with its reason at the call:
// virtual (A: its struct keeps AoS before any call, as its elements hold a
// vtable pointer), no body in the file (B), a template (C), an operator (D), a
// static member function called through an element (E; its callee decays to
// a pointer: it used to be left as written, `e[i].f(2.0f)` on a view), an
// overloaded name (F), defined outside the struct (G).  The output is the
// input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+10]]:8: remark: struct 'A' keeps its AoS layout: it has virtual member functions, and its elements' vtable pointer is no field the layout can place [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'B' keeps its AoS layout: member function 'f' has no body in the files the rewriter may change (not cloned) [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'C' keeps its AoS layout: member function 'f' is a template (not cloned) [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'D' keeps its AoS layout: member function 'operator()' is an operator (not cloned) [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'E' keeps its AoS layout: static member function 'f' is called through an element (not rewritten) [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'F' keeps its AoS layout: member function 'f' is overloaded (not cloned) [kdlg-rewrite]
// CHECK-DAG: neg-member-kinds.cu:[[@LINE+28]]:12: remark: struct 'G' keeps its AoS layout: member function 'f' is defined outside its struct (not cloned) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id;
  __host__ __device__ virtual float f() const { return x; } };
struct B { float x; float y; int id;
  __host__ __device__ float f() const; };
struct C { float x; float y; int id;
  template <typename T> __host__ __device__ T f() const { return (T)x; } };
struct D { float x; float y; int id;
  __host__ __device__ float operator()(float v) const { return x * v; } };
struct E { float x; float y; int id;
  __host__ __device__ static float f(float v) { return v; } };
struct F { float x; float y; int id;
  __host__ __device__ float f() const { return x; }
  __host__ __device__ float f(float v) const { return x * v; } };
struct G { float x; float y; int id;
  __host__ __device__ float f() const; };
__host__ __device__ float G::f() const { return x; }
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f, G *g) {
  int i = threadIdx.x;
  a[i].y = a[i].f();
  b[i].y = b[i].f();
  c[i].y = c[i].f<float>();
  d[i].y = d[i].operator()(2.0f);
  e[i].y = e[i].f(2.0f);
  f[i].y = f[i].f();
  g[i].y = g[i].f();
}
int main() {
  A *a; B *b; C *c; D *d; E *e; F *f; G *g;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  cudaMalloc(&d, 64 * sizeof(D)); cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  cudaMalloc(&g, 64 * sizeof(G));
  k<<<1, 64>>>(a, b, c, d, e, f, g);
  return 0;
}
