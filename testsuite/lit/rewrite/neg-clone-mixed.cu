// One call gives a function device data and a host pointer of the same struct,
// another call host pointers only: a clone takes device data alone, so the
// struct keeps its AoS layout, with a remark, and the output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-mixed.cu:[[@LINE+20]]:3: remark: struct 'P' keeps its AoS layout: this call gives 'upload' both device data and another pointer to it, and 'upload' is also called with other pointers only (a clone takes device data alone) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
void upload(P *dst, const P *src, int n) { cudaMemcpy(dst, src, n * sizeof(P), cudaMemcpyDefault); }
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].x + p[i].y;
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  P *h2 = (P *)calloc(n, sizeof(P));
  upload(d, h, n);
  upload(h2, h, n);
  return 0;
}
