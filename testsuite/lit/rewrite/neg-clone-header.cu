// A function called with device data and with a host array whose first
// declaration is in a header outside the input's directory (never
// written: only the headers under it are the project's): its clone would be declared only in this file
// (after calls the header's prototype allows), so the struct keeps its AoS
// layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-header.cu:[[@LINE+11]]:27: remark: struct 'P' keeps its AoS layout: 'energy' is called with device data and with other pointers, and it is first declared in another file (its clone would be declared only here) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
#include "../Inputs/clone-energy-outside.cuh"
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = energy(p, i);
}
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)energy(h, 0);
}
