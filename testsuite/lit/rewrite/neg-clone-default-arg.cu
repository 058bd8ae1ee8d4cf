// A function called with device data and with a host array whose struct-pointer
// parameter has a default argument (a view cannot take it): the struct keeps
// its AoS layout, with a remark, and the output is the input behind the plan
// comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-default-arg.cu:[[@LINE+5]]:43: remark: struct 'P' keeps its AoS layout: 'energy' is called with device data and with other pointers, and a parameter that would take device data has a default argument [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__host__ __device__ float energy(const P *p = nullptr, int i = 0) { return p[i].x; }
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = energy(p, i);
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)energy(h);
}
