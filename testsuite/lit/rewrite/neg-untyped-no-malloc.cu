// A `void *` that no cudaMalloc of its function allocates (here a wrapper's
// result) is not followed: its cast to S * at the launch keeps S in AoS,
// with a remark that says so.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-untyped-no-malloc.cu:[[@LINE+17]]:16: remark: struct 'S' keeps its AoS layout: 'p' is given 'void *' variable 'd' cast to another type, which no cudaMalloc in its function allocates, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
void *dev_alloc(size_t bytes) {
  void *b = 0;
  cudaMalloc(&b, bytes);
  return b;
}
int main() {
  int n = 64;
  void *d = dev_alloc(n * sizeof(S));
  k<<<1, 64>>>((S *)d, n);
  cudaFree(d);
  return 0;
}
