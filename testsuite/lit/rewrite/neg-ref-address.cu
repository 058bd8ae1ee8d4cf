// Issue 21, class 5: the address of a local reference to an element taken
// as a value (`S *pr = &r`): the reference becomes a view of the element
// and an index, which have no address, so the struct keeps AoS, with a
// remark at `&r`; the output is the input behind the plan comment.  (A
// member access through it, `(&r)->x`, is an access of the element and is
// rewritten.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-address.cu:[[@LINE+9]]:11: remark: struct 'S' keeps its AoS layout: the address of a reference to an element is taken (the reference becomes a view of the element and an index, which have no address) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S &r = p[i];
  S *pr = &r;
  pr->x = r.y;
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
