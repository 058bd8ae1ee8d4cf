// A function template with a parameter pack is not rewritten (its
// instantiations' parameters do not match its text's one for one): a view
// given to it keeps the struct AoS, with a remark that says so; the output
// is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-pack.cu:[[@LINE+17]]:17: remark: struct 'P' keeps its AoS layout: a pointer to it is passed to 'k', a function template the rewriter does not rewrite (a member, an operator, or one with a parameter pack) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <class... A> __global__ void k(P *p, int n, A... a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x + (float)sizeof...(a);
}
__global__ void plain(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].z = p[i].x;
}
int main() {
  P *d;
  cudaMalloc(&d, 1000 * sizeof(P));
  plain<<<4, 250>>>(d, 1000);
  k<<<4, 250>>>(d, 1000, 1, 2);
  cudaFree(d);
  return 0;
}
