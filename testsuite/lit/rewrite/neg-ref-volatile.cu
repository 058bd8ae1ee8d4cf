// Issue 21, class 5: a local reference to volatile bound to an element
// (`volatile S &f = p[i]`, a flag polled in a loop) would become a view
// whose accessors' loads and stores are not volatile (the loop could be
// hoisted), so the struct keeps AoS, as for a pointer to volatile; the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-volatile.cu:[[@LINE+8]]:15: remark: struct 'S' keeps its AoS layout: it is a reference to volatile (the accessors' loads and stores are not volatile), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int flag; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  volatile S &f = p[i];
  while (f.flag == 0) {
  }
  p[i].x = p[i].y;
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
