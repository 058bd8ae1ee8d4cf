// cudaLaunchKernel with a local argument array: &d stays as it is (the kernel
// parameter is now a view passed by value); the kernel counts as launched.
// RUN: %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// QUIET-NOT: remark
// RUN: sed "s|//.*||" %t.cu | FileCheck %s
// CHECK: __global__ void k(kdlg_view_P p, int n)
// CHECK: kdlg_view_P d;
// CHECK: kdlg_P_malloc(&d, n * sizeof(P));
// CHECK: void *args[] = {&d, &n};
// CHECK: cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
// CHECK: cudaLaunchKernel(k, dim3(1), dim3(32), args);
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].y;
}
void run(int n) {
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  void *args[] = {&d, &n};
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), args, 0, 0);
  cudaLaunchKernel(k, dim3(1), dim3(32), args);
}
