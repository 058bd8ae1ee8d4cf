// A function called with device data of two structs and with host pointers: one
// clone per struct is supported, so both structs keep their AoS layout, with a
// remark each, and the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-two-structs.cu:[[@LINE+7]]:27: remark: struct 'P' keeps its AoS layout: 'both' is called with device data of structs 'P' and 'Q' and with other pointers; a clone for the device data of two structs is not supported [kdlg-rewrite]
// CHECK: neg-clone-two-structs.cu:[[@LINE+6]]:27: remark: struct 'Q' keeps its AoS layout: 'both' is called with device data of structs 'P' and 'Q' and with other pointers; a clone for the device data of two structs is not supported [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
struct Q { float a; float b; double c; };
__host__ __device__ float both(const P *p, const Q *q, int i) { return p[i].x + q[i].a; }
__global__ void k(P *p, Q *q, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = both(p, q, i);
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  Q *hq = (Q *)calloc(n, sizeof(Q));
  P *d;
  Q *dq;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&dq, n * sizeof(Q));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, dq, o, n);
  return (int)both(h, hq, 0);
}
