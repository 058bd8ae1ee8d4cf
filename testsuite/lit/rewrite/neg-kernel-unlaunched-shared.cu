// A kernel that no input launches but that calls the same device function
// as a launched kernel with its parameter: the launched kernel's device
// data reaches that function's parameter, so the unlaunched kernel's
// parameter would become a view too, which callers elsewhere would not be
// given.  S keeps AoS, with a remark at the kernel; the output is the
// input behind the plan comment.  (Not sharing: kernel-unlaunched.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-kernel-unlaunched-shared.cu:[[@LINE+9]]:17: remark: struct 'S' keeps its AoS layout: kernel 'spare' is not launched in this file, yet its parameter would become a view (launched code's device data reaches it, through a function or variable they share), which its callers elsewhere would not be given [kdlg-rewrite]
// CHECK-NOT: kdlg-rewrite
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { int a; float b; };
__device__ void bump(S *p, int i) { p[i].b += p[i].a; }
__global__ void live(S *p, int n) {
  if (threadIdx.x < n) bump(p, threadIdx.x);
}
__global__ void spare(S *p, int n) {
  if (threadIdx.x < n) bump(p, threadIdx.x);
}
int main() {
  S *d;
  cudaMalloc(&d, 64 * sizeof(S));
  live<<<1, 64>>>(d, 64);
  cudaFree(d);
  return 0;
}
