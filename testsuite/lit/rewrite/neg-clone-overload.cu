// Two overloads of a function, each called with device data and with host
// pointers: their clones would have one name, so the struct keeps its AoS
// layout, with a remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-overload.cu:[[@LINE+6]]:27: remark: struct 'P' keeps its AoS layout: 'energy' is overloaded and more than one of its overloads would need a clone [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
__host__ __device__ float energy(P *p, int i) { return p[i].x + p[i].y; }
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const P *c = p;
  if (i < n)
    out[i] = energy(p, i) + energy(c, i);
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  const P *ch = h;
  return (int)(energy(h, 0) + energy(ch, 0));
}
