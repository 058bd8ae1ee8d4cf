// A member that holds device data and is moved in place (`h.d += 1`) keeps
// the struct AoS (only variables are moved: kdlg_S_pre), with a remark at
// the update; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-holder-moved.cu:[[@LINE+15]]:3: remark: struct 'P' keeps its AoS layout: a member holding it is moved in place (`h.d += k`, `++h.d`: only variables are), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
struct H { P *d; int n; };
int main() {
  H h;
  h.n = 100;
  cudaMalloc(&h.d, h.n * sizeof(P));
  k<<<1, 128>>>(h.d, h.n);
  h.d += 1;
  k<<<1, 128>>>(h.d, h.n - 1);
  return 0;
}
