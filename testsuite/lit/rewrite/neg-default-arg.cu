// A __device__ function given only device data, whose struct-pointer parameter
// has a default argument: the parameter cannot become a view (kdlg_view_S p =
// nullptr), so the struct keeps its AoS layout, with a remark, and the output
// is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-default-arg.cu:[[@LINE+4]]:34: remark: struct 'P' keeps its AoS layout: a parameter that receives it has a default argument [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__device__ float energy(const P *p = nullptr, int i = 0) { return p[i].x; }
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = energy(p, i);
}
int main() {
  P *d;
  float *o;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&o, 64 * sizeof(float));
  k<<<1, 64>>>(d, o, 64);
  return 0;
}
