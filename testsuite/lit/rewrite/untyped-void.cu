// A device array allocated into a local `void *` and cast to the struct's
// pointer at the launch (issue 19, real programs): the variable holds
// nothing but an array of S (only CUDA memory calls and the cast use it), so
// it becomes S's view like `S *d`: the declaration, the converting memory
// calls, and the launch's argument the view itself.  No remark.
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=REM
// REM-NOT: remark
// REM: struct 'S' ({{.*}}): rewritten
// REM: exit=0
// RUN: FileCheck %s < %t.cu
// CHECK: int main() {
// CHECK: kdlg_view_S d;
// CHECK-NEXT: kdlg_S_malloc(&d, n * sizeof(S));
// CHECK-NEXT: kdlg_S_copy_in(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
// CHECK-NEXT: k<<<1, 64>>>(d, n);
// CHECK-NEXT: kdlg_S_copy_out(h, d, n * sizeof(S), cudaMemcpyDeviceToHost);
// CHECK-NEXT: kdlg_S_free(d);
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
int main() {
  int n = 64;
  S h[64] = {};
  void *d;
  cudaMalloc(&d, n * sizeof(S));
  cudaMemcpy(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
  k<<<1, 64>>>((S *)d, n);
  cudaMemcpy(h, d, n * sizeof(S), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return (int)h[1].x;
}
