// A member of a struct whose own layout kdlg-opt plans (H reaches a kernel
// through a pointer: its array is device data) is not followed: a view
// there would change H's layout.  P keeps AoS, with a remark at the member;
// H itself is rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-holder-planned-holder.cu:[[@LINE+10]]:15: remark: struct 'P' keeps its AoS layout: the struct or class holding it is one whose layout kdlg-opt plans, or is held in one (a view there would change that layout), and it also holds the struct's device data [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: struct 'H' ({{.*}}): rewritten
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
struct H { P *d; int n; };
__global__ void k3(H *h, int m) {
  int i = threadIdx.x;
  if (i < m) h[i].n += 1;
}
int main() {
  H h, *dh;
  h.n = 100;
  cudaMalloc(&h.d, h.n * sizeof(P));
  cudaMalloc(&dh, sizeof(H));
  cudaMemcpy(dh, &h, sizeof(H), cudaMemcpyHostToDevice);
  k<<<1, 128>>>(h.d, h.n);
  k3<<<1, 32>>>(dh, 1);
  return 0;
}
