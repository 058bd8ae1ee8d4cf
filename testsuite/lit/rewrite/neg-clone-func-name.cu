// A function called with device data and with a host array that prints
// __func__: its clone would print another name, so the struct keeps its AoS
// layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-func-name.cu:[[@LINE+6]]:27: remark: struct 'P' keeps its AoS layout: 'energy' is called with device data and with other pointers, and it uses its own name (__func__ or std::source_location) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
struct P { float x; float y; int n; };
__host__ __device__ float energy(const P *p, int i) {
  if (i == 0)
    printf("%s\n", __func__);
  return p[i].x;
}
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
  return (int)energy(h, 0);
}
