// A __device__ function with an asm statement, given a kernel's data and a
// shared-memory copy: its clone would define the asm's labels and symbols
// again, so the struct keeps its AoS layout, with a remark, and the output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-asm.cu:[[@LINE+6]]:3: remark: struct 'P' keeps its AoS layout: 'inc' is called with device data and with other pointers, and it has an asm statement (its labels or symbols would be defined twice) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
__device__ int inc(const P *p, int i) {
  int v = p[i].n;
  asm("add.s32 %0, %0, 1;" : "+r"(v));
  return v;
}
__global__ void k(P *p, int *out) {
  __shared__ P tile[64];
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = inc(tile, threadIdx.x) + inc(p, threadIdx.x);
}
int main() {
  P *d;
  int *o;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&o, 64 * sizeof(int));
  k<<<1, 64>>>(d, o);
  return 0;
}
