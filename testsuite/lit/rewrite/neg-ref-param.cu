// Issue 21, class 5: an element passed by reference where the callee
// cannot take a view of it: to a constructor of another struct (`W w(c[i])`,
// W keeping a `const C &`: it used to be rewritten into `W w(kdlg_C_load(c,
// (i)))`, which left w.s referring to a dead temporary), to a function
// template whose parameter's type is a template parameter (`swap2(T &, T &)`:
// its text stands for every T), and to a function this input only declares.
// Each struct keeps AoS, with a remark at the argument; the output is the
// input behind the plan comment.  (A plain function's `S &` / `const S &`
// parameter takes a view: ref-param.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-param.cu:[[@LINE+16]]:7: remark: pointer into 'A' passed to 'ext', whose body is not available: accesses inside are not counted [kdlg-unknown-call]
// CHECK: neg-ref-param.cu:[[@LINE+15]]:7: remark: struct 'A' keeps its AoS layout: an element is passed by reference to 'ext' (a reference parameter needs the element's address, which the new layout does not have; the callee is not rewritten) [kdlg-rewrite]
// CHECK: neg-ref-param.cu:[[@LINE+15]]:9: remark: struct 'B' keeps its AoS layout: an element is passed by reference to 'swap2' (a reference parameter needs the element's address, which the new layout does not have; the callee is not rewritten) [kdlg-rewrite]
// CHECK: neg-ref-param.cu:[[@LINE+15]]:7: remark: struct 'C' keeps its AoS layout: an element is passed by reference to a constructor of 'W' (a reference parameter needs the element's address, which the new layout does not have) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
struct C { float x; float y; int id; };
struct W { const C &s; __device__ W(const C &t) : s(t) {} };
extern __device__ void ext(A &s);
template <typename T> __device__ void swap2(T &u, T &v) { T t = u; u = v; v = t; }
__global__ void k(A *a, B *b, C *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  ext(a[i]);
  swap2(b[i], b[i + 1]);
  W w(c[i]);
  c[i].x = w.s.y;
}
int main() {
  A *a; B *b; C *c;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B)); cudaMalloc(&c, 100 * sizeof(C));
  k<<<1, 100>>>(a, b, c, 100);
  cudaFree(a); cudaFree(b); cudaFree(c);
  return 0;
}
