// A device function given device data and the address of a local element
// in the same call (one parameter each) cannot be served by the original or
// by a clone (a clone takes device data for every parameter of the struct):
// the struct keeps AoS, with a remark that names the variable (it said "does
// not come from a kernel argument or cudaMalloc").
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-given-address.cu:[[@LINE+12]]:9: remark: struct 'V' keeps its AoS layout: 'a' is given the address of variable 'v', whose memory keeps its AoS layout, and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct V { float re[3]; float im[3]; };
__host__ __device__ inline void add(const V *a, V *c) {
  for (int i = 0; i < 3; i++) { c->re[i] += a->re[i]; c->im[i] += a->im[i]; }
}
__global__ void k(const V *src, V *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    V v = {};
    add(&src[i], &v);
    add(&v, &dst[i]);
  }
}
int main() {
  V *s, *d;
  cudaMalloc(&s, 64 * sizeof(V));
  cudaMalloc(&d, 64 * sizeof(V));
  k<<<1, 64>>>(s, d, 64);
  return 0;
}
