// A function called with device data and with host pointers whose address is
// taken: the struct keeps its AoS layout (a pointer to the function could be
// called with either), with a remark, and the output is the input behind the
// plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-address.cu:[[@LINE+19]]:32: remark: struct 'P' keeps its AoS layout: the address of a function that receives it is taken [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
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
  float (*f)(const P *, int) = energy;
  return (int)(f(h, 0) + energy(h, 1));
}
