// Pointers to volatile: the accessors' loads and stores are plain, so a
// polling loop on a rewritten field could be hoisted and hang.  A variable
// (P) or a cast (Q) to a pointer to volatile keeps the struct in AoS, with a
// remark, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-volatile.cu:[[@LINE+6]]:31: remark: struct 'P' keeps its AoS layout: it is a pointer to volatile (the accessors' loads and stores are not volatile), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: neg-volatile.cu:[[@LINE+11]]:31: remark: struct 'Q' keeps its AoS layout: it is cast to a pointer to volatile (the accessors' loads and stores are not volatile) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
struct Q { float x; float y; int n; };
__global__ void k(volatile P *p, Q *q, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  while (p[0].n == 0) {
  }
  while (((volatile Q *)q)[0].n == 0) {
  }
  o[i] = p[i].x + q[i].x;
}
int main() {
  int n = 64;
  P *d;
  Q *e;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&e, n * sizeof(Q));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, e, o, n);
  return 0;
}
