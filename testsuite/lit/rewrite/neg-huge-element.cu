// A struct whose elements are larger than the CUDA conversion kernels can
// stage in a block's shared memory (48 KiB) keeps AoS, with a remark: its
// converting cudaMemcpy would fail where the original's succeeds (HeCBench
// interleave, a 256 KiB struct of arrays: the rewritten program read
// unconverted memory).  The output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-huge-element.cu:[[@LINE+7]]:9: remark: struct 'BIG' keeps its AoS layout: its elements are 65536 bytes, more than the 49152 bytes the CUDA conversion kernels can stage in shared memory [kdlg-rewrite]
// CHECK: exit=0
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
#include <cuda_runtime.h>
#define N 4096
typedef unsigned int ARRAY_T[N];
typedef struct { ARRAY_T s0; ARRAY_T s1; ARRAY_T s2; ARRAY_T s3; } BIG;
__global__ void add(BIG *d, const BIG *s, unsigned n) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) { d->s0[t] += s->s0[t]; d->s3[t] += s->s3[t]; }
}
int main() {
  BIG *d, *s;
  cudaMalloc((void **)&d, sizeof(BIG));
  cudaMalloc((void **)&s, sizeof(BIG));
  add<<<16, 256>>>(d, s, N);
  cudaFree(d);
  cudaFree(s);
}
