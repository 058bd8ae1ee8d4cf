// Device pointers kept in an array of pointers (one per GPU or stream, as
// multi-GPU programs do) are not followed: a kernel given an element of the
// array keeps the struct in AoS, with a remark that says so (it said "does
// not come from a kernel argument or cudaMalloc").
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-given-array-element.cu:[[@LINE+14]]:18: remark: struct 'S' keeps its AoS layout: 'p' is given an element of array 'd' (pointers stored in an array are not followed), and it also holds the struct's device data [kdlg-rewrite]
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
  S *d[2];
  for (int g = 0; g < 2; g++) {
    cudaMalloc(&d[g], n * sizeof(S));
    k<<<1, 64>>>(d[g], n);
    cudaFree(d[g]);
  }
  return 0;
}
