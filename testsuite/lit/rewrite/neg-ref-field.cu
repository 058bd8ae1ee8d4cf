// Issue 21, class 5: a reference to a field of an element (`float &fx =
// p[i].x`) is not rewritten (its address could be taken and moved over like
// a pointer into the element); the struct keeps AoS with a remark that says
// so (it used to say "a reference to an element or field").  The output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-field.cu:[[@LINE+8]]:10: remark: struct 'S' keeps its AoS layout: a reference to a field of an element is bound to a variable [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float &fx = p[i].x;
  fx = p[i].y;
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
