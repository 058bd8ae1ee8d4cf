// A struct defined in a header outside the input's directory (which
// kdlg-opt never writes) keeps AoS, with a remark that says so at the
// struct; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: outside-point.h:3:8: remark: struct 'OutsidePoint' keeps its AoS layout: it is defined in a header outside the input's directory (kdlg-opt rewrites the headers under it) [kdlg-rewrite]
// CHECK: exit=0
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
#include <cuda_runtime.h>
#include "../Inputs/outside-point.h"
__global__ void scale(OutsidePoint *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x *= p[i].y;
}
int main() {
  OutsidePoint *d;
  cudaMalloc(&d, 100 * sizeof(OutsidePoint));
  scale<<<1, 100>>>(d, 100);
  cudaFree(d);
}
