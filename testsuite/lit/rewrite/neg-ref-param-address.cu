// A reference parameter that became a view has no address: `&a` in the
// function (`const P *pa = &a`, `fptr(&a)`) keeps the struct AoS, with a
// remark at the `&`; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-param-address.cu:[[@LINE+8]]:51: remark: struct 'P' keeps its AoS layout: the address of a reference to an element is taken (the reference becomes a view of the element and an index, which have no address) [kdlg-rewrite]
// CHECK: neg-ref-param-address.cu:[[@LINE+8]]:43: remark: struct 'Q' keeps its AoS layout: the address of a reference to an element is taken (the reference becomes a view of the element and an index, which have no address) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y; int id; };
struct Q { float x, y; int id; };
__device__ float fq(Q *q) { return q->x; }
__device__ float addr(const P &a) { const P *pa = &a; return pa->y; }
__device__ float viaptr(Q &a) { return fq(&a); }
__global__ void k(P *p, Q *q, float *o) {
  int i = threadIdx.x;
  o[i] = addr(p[i]) + viaptr(q[i]);
}
int main() {
  P *p; Q *q; float *o;
  cudaMalloc(&p, 64 * sizeof(P)); cudaMalloc(&q, 64 * sizeof(Q)); cudaMalloc(&o, 64 * sizeof(float));
  k<<<1, 64>>>(p, q, o);
  return 0;
}
