// A function called with device data and with host pointers, whose call with
// device data is spelled inside a macro body: the call cannot be renamed to the
// clone, so the struct keeps its AoS layout, with a remark, and the output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-macro.cu:[[@LINE+10]]:14: remark: struct 'P' keeps its AoS layout: 'energy' is called with device data and with other pointers, and this call of it with device data does not spell its name in the file (a macro, a call through an expression): it cannot be renamed to the clone [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
#define ENERGY(p, i) energy(p, i)
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = ENERGY(p, i);
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
