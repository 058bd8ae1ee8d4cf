// A function called with device data and with a host array that calls
// itself with device data in its original body, with no prototype: the clone
// would be declared only after that call, so the struct keeps its AoS layout,
// with a remark, and the output is the input behind the plan comment
// (clone-host-helper.cu: the same with a prototype).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-before-decl.cu:[[@LINE+18]]:3: remark: struct 'P' keeps its AoS layout: 'zero' is called with device data and with other pointers, and this call of it with device data comes before its clone is declared (declare 'zero' before it in this file) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].y;
}
// zeroes n elements of q: device data directly, a host array through a device buffer
void zero(P *q, int n, bool on_device) {
  if (on_device) {
    cudaMemset(q, 0, n * sizeof(P));
    return;
  }
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  zero(d, n, true);
  cudaMemcpy(q, d, n * sizeof(P), cudaMemcpyDeviceToHost);
  cudaFree(d);
}
int main() {
  int n = 64;
  P *h = (P *)malloc(n * sizeof(P));
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  zero(d, n, true);
  k<<<1, 64>>>(d, n);
  zero(h, n, false);
  return 0;
}
