// `reinterpret_cast<S *>(d)` of a `void *` device buffer is not one of the
// casts the rewriter follows (static_cast and C casts are): S keeps AoS, with
// a remark at the launch.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-untyped-reinterpret.cu:[[@LINE+13]]:16: remark: struct 'S' keeps its AoS layout: 'p' is given 'void *' variable 'd' through reinterpret_cast (the rewriter follows a 'void *' or 'char *' only where it is a local variable that cudaMalloc allocates and that nothing but CUDA memory calls and casts to one struct's pointer use, by static_cast or a C cast), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
int main() {
  int n = 64;
  void *d;
  cudaMalloc(&d, n * sizeof(S));
  k<<<1, 64>>>(reinterpret_cast<S *>(d), n);
  cudaFree(d);
  return 0;
}
