// Issue 21, class 5: an element passed to a function or constructor that
// takes it by reference: to `S &` (`bump(p[i])`), to `const S &` through a
// local reference (`rd(r)`), to a constructor of another struct
// (`W w(c[i])`, W keeping a `const C &`).  A reference parameter needs the
// element's address, which the new layout does not have, and the callee is
// not rewritten; the third used to be rewritten into `W w(kdlg_C_load(c,
// (i)))`, which left w.s referring to a dead temporary.  Each struct keeps
// AoS, with a remark at the argument; the output is the input behind the
// plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-param.cu:[[@LINE+15]]:8: remark: struct 'A' keeps its AoS layout: an element is passed by reference to 'bump' (a reference parameter needs the element's address, which the new layout does not have; the callee is not rewritten) [kdlg-rewrite]
// CHECK: neg-ref-param.cu:[[@LINE+16]]:12: remark: struct 'B' keeps its AoS layout: an element is passed by reference to 'rd' (a reference parameter needs the element's address, which the new layout does not have; the callee is not rewritten) [kdlg-rewrite]
// CHECK: neg-ref-param.cu:[[@LINE+16]]:7: remark: struct 'C' keeps its AoS layout: an element is passed by reference to a constructor of 'W' (a reference parameter needs the element's address, which the new layout does not have) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
struct C { float x; float y; int id; };
struct W { const C &s; __device__ W(const C &t) : s(t) {} };
__device__ void bump(A &s) { s.x += 1.0f; }
__device__ float rd(const B &s) { return s.y; }
__global__ void k(A *a, B *b, C *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bump(a[i]);
  B &r = b[i];
  r.x = rd(r);
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
