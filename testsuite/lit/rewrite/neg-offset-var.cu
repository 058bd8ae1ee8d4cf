// A device pointer plus an offset held in a variable and given to a CUDA
// memory function: the generated copies take the start of an allocation
// (they convert whole elements from there), so outside an identity layout
// the struct keeps AoS, with a remark naming the variable and where the
// offset was added.  Before this check the copy failed at run time
// (cudaErrorInvalidValue).  The offset reaches the variable directly (A),
// through another variable (B), by `+=` (C), or through a host helper's
// parameter (D); the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-offset-var.cu:[[@LINE+17]]:14: remark: struct 'D' keeps its AoS layout: a CUDA memory function is given 'dst', which may hold a device pointer plus an offset (line [[@LINE+40]], column 10) [kdlg-rewrite]
// CHECK: neg-offset-var.cu:[[@LINE+31]]:14: remark: struct 'A' keeps its AoS layout: a CUDA memory function is given 'ha', which may hold a device pointer plus an offset (line [[@LINE+30]], column 11) [kdlg-rewrite]
// CHECK: neg-offset-var.cu:[[@LINE+33]]:14: remark: struct 'B' keeps its AoS layout: a CUDA memory function is given 'hb2', which may hold a device pointer plus an offset (line [[@LINE+31]], column 11) [kdlg-rewrite]
// CHECK: neg-offset-var.cu:[[@LINE+35]]:14: remark: struct 'C' keeps its AoS layout: a CUDA memory function is given 'hc', which may hold a device pointer plus an offset (line [[@LINE+34]], column 3) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int n; };
struct B { float x; float y; int n; };
struct C { float x; float y; int n; };
struct D { float x; float y; int n; };
__global__ void k(A *a, B *b, C *c, D *d, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = a[i].x + b[i].y + c[i].x * d[i].y;
}
static void upload(D *dst, const D *src, int m) {
  cudaMemcpy(dst, src, m * sizeof(D), cudaMemcpyHostToDevice);
}
int main() {
  int n = 64;
  A *da, ha0[64] = {};
  B *db, hb0[64] = {};
  C *dc, hc0[64] = {};
  D *dd, hd0[64] = {};
  float *o;
  cudaMalloc(&da, n * sizeof(A));
  cudaMalloc(&db, n * sizeof(B));
  cudaMalloc(&dc, n * sizeof(C));
  cudaMalloc(&dd, n * sizeof(D));
  cudaMalloc(&o, n * sizeof(float));
  A *ha = da + n / 2;
  cudaMemcpy(ha, ha0, n / 2 * sizeof(A), cudaMemcpyHostToDevice);
  B *hb = &db[n / 2];
  B *hb2 = hb;
  cudaMemcpy(hb2, hb0, n / 2 * sizeof(B), cudaMemcpyHostToDevice);
  C *hc = dc;
  hc += n / 2;
  cudaMemset(hc, 0, n / 2 * sizeof(C));
  upload(dd, hd0, n / 2);
  upload(dd + n / 2, hd0, n / 2);
  k<<<1, 64>>>(da, db, dc, dd, o, n);
  return 0;
}
