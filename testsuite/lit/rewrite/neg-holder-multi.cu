// A member declared with others in one declaration (`P *a, *b;`) keeps its
// struct AoS (the declaration's one type cannot become a view for one of
// them), with a remark at the member; the output is the input behind the
// plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-holder-multi.cu:[[@LINE+9]]:15: remark: struct 'P' keeps its AoS layout: it is declared together with other members (`S *a, *b;`), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
struct H { P *a, *b; int n; };
int main() {
  H h;
  h.n = 100;
  cudaMalloc(&h.a, h.n * sizeof(P));
  k<<<1, 128>>>(h.a, h.n);
  return 0;
}
