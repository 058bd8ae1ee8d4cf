// cudaLaunchKernel with an argument array that is also written after its
// initialisation: the address in it may be replaced, so the struct keeps its
// AoS layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-launch-array.cu:[[@LINE+14]]:19: remark: struct 'P' keeps its AoS layout: the cudaLaunchKernel argument array holding its address is also used elsewhere, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].y;
}
void run(int n) {
  P *d;
  P *e;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&e, n * sizeof(P));
  void *args[] = {&d, &n};
  args[0] = &e;
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
}
