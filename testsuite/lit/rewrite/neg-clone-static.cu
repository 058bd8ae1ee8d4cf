// A host helper called with a device pointer and with a host array that counts
// its calls in a static local: a clone would count separately, so the struct
// keeps its AoS layout, with a remark, and the output is the input behind the
// plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-static.cu:[[@LINE+11]]:14: remark: struct 'P' keeps its AoS layout: 'clear' is called with device data and with other pointers, and it declares a static or __shared__ variable (the original and the clone would each have their own) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].y;
}
int clear(P *q, int n) {
  static int calls = 0;
  cudaMemset(q, 0, n * sizeof(P));
  return ++calls;
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  clear(d, n);
  k<<<1, 64>>>(d, n);
  return clear(h, n);  /* 2, and 1 if the calls were counted apart */
}
