// A kernel that no input launches (dead code, as HeCBench gmm's
// mstep_covariance1, or launched by a file kdlg-opt is not given, with its
// own device data in AoS) gives its parameter no device data of this file:
// the parameter stays `S *` and its body keeps AoS accesses, while the
// launched kernel and the host code take the new layout.  Before, "kernel
// 'spare' is not launched in this file" kept S AoS everywhere.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'S' ({{.*}}kernel-unlaunched.cu:[[@LINE+9]]:8): rewritten: {a, b} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: __global__ void live(kdlg_view_S p, int n) {
// CHECK: __global__ void spare(S *p, int n) {
// CHECK-NEXT: if (threadIdx.x < n) p[threadIdx.x].a = p[threadIdx.x].b;
// CHECK: kdlg_view_S d;
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct S { int a; float b; };
__global__ void live(S *p, int n) {
  if (threadIdx.x < n) p[threadIdx.x].b += p[threadIdx.x].a;
}
__global__ void spare(S *p, int n) {
  if (threadIdx.x < n) p[threadIdx.x].a = p[threadIdx.x].b;
}
int main() {
  S *d;
  cudaMalloc(&d, 64 * sizeof(S));
  live<<<1, 64>>>(d, 64);
  cudaFree(d);
  return 0;
}
