// Issue 21, class 3: member functions whose clone could not be shown to
// behave like the original keep their struct in AoS, each with its reason at
// the call: `this` passed on (A, through the callee 'self' that returns it),
// compared (B), copied whole (F: `return *this`); a call on `this` of a
// member function that is not cloned (C: virtual, which keeps C AoS
// before any call: its elements hold a vtable pointer); a member of the struct
// that a function outside it would not find (D: a static data member); a
// call whose index has side effects (E: the clone's arguments would be
// evaluated in another order).  The output is the input behind the plan
// comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: neg-member-this.cu:[[@LINE+25]]:12: remark: struct 'A' keeps its AoS layout: member function 'f' calls 'self' on 'this', which is not rewritten: 'this' is used in member function 'self' other than to name a member (stored, passed, returned, compared or copied whole: the clone's view has no address) [kdlg-rewrite]
// CHECK-DAG: neg-member-this.cu:[[@LINE+25]]:13: remark: struct 'B' keeps its AoS layout: 'this' is used in member function 'at' other than to name a member (stored, passed, returned, compared or copied whole: the clone's view has no address) [kdlg-rewrite]
// CHECK-DAG: neg-member-this.cu:[[@LINE+12]]:8: remark: struct 'C' keeps its AoS layout: it has virtual member functions, and its elements' vtable pointer is no field the layout can place [kdlg-rewrite]
// CHECK-DAG: neg-member-this.cu:[[@LINE+25]]:12: remark: struct 'D' keeps its AoS layout: member function 'f' names 'K', a member of 'D' that its clone, a function outside the struct, would not find [kdlg-rewrite]
// CHECK-DAG: neg-member-this.cu:[[@LINE+26]]:3: remark: struct 'E' keeps its AoS layout: member function 'set' is called on an element whose index or arguments have side effects (the clone's arguments would be evaluated in another order than the object and the arguments) [kdlg-rewrite]
// CHECK-DAG: neg-member-this.cu:[[@LINE+26]]:12: remark: struct 'F' keeps its AoS layout: 'this' is used in member function 'copy' other than to name a member (stored, passed, returned, compared or copied whole: the clone's view has no address) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id;
  __host__ __device__ const A *self() const { return this; }
  __host__ __device__ float f() const { return self()->x; } };
struct B { float x; float y; int id;
  __host__ __device__ bool at(const void *q) const { return (const void *)this == q; } };
struct C { float x; float y; int id;
  __host__ __device__ virtual float g() const { return y; }
  __host__ __device__ float f() const { return x + g(); } };
struct D { float x; float y; int id; static constexpr float K = 2.0f;
  __host__ __device__ float f() const { return x * K; } };
struct E { float x; float y; int id;
  __host__ __device__ void set(float v) { x = v; } };
struct F { float x; float y; int id;
  __host__ __device__ F copy() const { return *this; } };
__global__ void k(A *a, B *b, C *c, D *d, E *e, F *f) {
  int i = threadIdx.x;
  a[i].y = a[i].f();
  b[i].id = b[i].at(nullptr);
  c[i].y = c[i].f();
  d[i].y = d[i].f();
  int j = i;
  e[j++].set(1.0f);
  f[i].y = f[i].copy().x;
}
int main() {
  A *a; B *b; C *c; D *d; E *e; F *f;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  cudaMalloc(&d, 64 * sizeof(D)); cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  k<<<1, 64>>>(a, b, c, d, e, f);
  return 0;
}
