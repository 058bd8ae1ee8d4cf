// A __device__ function with a __shared__ accumulator, given a kernel's data
// and a shared-memory copy in the same block: a clone would have its own
// accumulator, so the struct keeps its AoS layout, with a remark, and the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-shared.cu:[[@LINE+5]]:20: remark: struct 'P' keeps its AoS layout: 'block_sum' is called with device data and with other pointers, and it declares a static or __shared__ variable (the original and the clone would each have their own) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__device__ float block_sum(const P *p, int i) {
  __shared__ float acc;
  if (threadIdx.x == 0)
    acc = 0.0f;
  __syncthreads();
  atomicAdd(&acc, p[i].x);
  __syncthreads();
  return acc;
}
__global__ void k(P *p, float *out) {
  __shared__ P tile[64];
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = block_sum(tile, threadIdx.x) + block_sum(p, threadIdx.x);
}
int main() {
  P *d;
  float *o;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&o, 64 * sizeof(float));
  k<<<1, 64>>>(d, o);
  return 0;
}
