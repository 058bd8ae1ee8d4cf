// An element that is an operand of ?: or of a comma yielding the struct, or
// that initialises a braced aggregate holding a reference: the original's
// result is the element itself (an lvalue, a bound reference), the
// rewrite's was a loaded copy, so a store through it was lost (silent wrong
// results found by review, older than returned views): A `(c ? p[i] :
// p[0]) = t`, B `(0, p[i]) = t`, C `W w{p[i]}` with `const S &r`, then a
// write through p seen through w.r, D `(c ? get(p, i) : get(p, 0)).x = 7`
// with get returning a reference.  Each keeps its struct AoS.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK-DAG: neg-element-operand.cu:[[@LINE+19]]:12: remark: struct 'A' keeps its AoS layout: an element is an operand of ?: or of a comma (the original's result may be the element itself, the rewrite's would be a loaded copy) [kdlg-rewrite]
// CHECK-DAG: neg-element-operand.cu:[[@LINE+20]]:7: remark: struct 'B' keeps its AoS layout: an element is an operand of ?: or of a comma
// CHECK-DAG: neg-element-operand.cu:[[@LINE+20]]:7: remark: struct 'C' keeps its AoS layout: an element initialises a braced aggregate that holds a reference (the rewrite would bind it to a loaded copy) [kdlg-rewrite]
// CHECK-DAG: neg-element-operand.cu:[[@LINE+22]]:12: remark: struct 'D' keeps its AoS layout: an element is an operand of ?: or of a comma
// CHECK: 4 structs: 0 rewritten, 4 kept in AoS
// CHECK: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: kdlg_view
#include <cuda_runtime.h>
struct A { float x, y; };
struct B { float x, y; };
struct C { float x, y; };
struct D { float x, y; };
struct W { const C &r; };
__device__ D &get(D *p, int i) { return p[i]; }
__global__ void k(A *a, B *b, C *c, D *d, int n) {
  int i = threadIdx.x;
  if (i + 1 >= n) return;
  A ta = a[i + 1];
  (i & 1 ? a[i] : a[0]) = ta;
  B tb = b[i + 1];
  (0, b[i]) = tb;
  W w{c[i]};
  c[i].x = 9.0f;
  c[i].y = w.r.x;
  (i & 1 ? get(d, i) : get(d, 0)).x = 7.0f;
}
int main() {
  A *a; B *b; C *c; D *d;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C)); cudaMalloc(&d, 64 * sizeof(D));
  k<<<1, 64>>>(a, b, c, d, 64);
}
