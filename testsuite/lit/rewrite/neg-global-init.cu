// A function that receives device data, named in a global variable's
// initialiser (outside any function, where the rewriter does not route
// calls): a call with a host table (P) or the function's address in a
// function pointer (Q).  Rewritten, the function would no longer accept the
// initialiser's arguments (a review found both failing nvcc), so each struct
// keeps its AoS layout, with a remark, and the output is the input behind the
// plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-global-init.cu:[[@LINE+9]]:19: remark: struct 'P' keeps its AoS layout: 'energy' receives it and is named in a global variable's initialiser, outside any function [kdlg-rewrite]
// CHECK: neg-global-init.cu:[[@LINE+9]]:36: remark: struct 'Q' keeps its AoS layout: 'mass' receives it and is named in a global variable's initialiser, outside any function [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x; float y; int n; };
struct Q { float m; float w; };
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
__host__ __device__ float mass(const Q *q, int i) { return q[i].m * q[i].w; }
static P table[2] = {{1, 2, 3}, {4, 5, 6}};
static float e0 = energy(table, 1);
float (*mass_fn)(const Q *, int) = mass;
__global__ void k(P *p, Q *q, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = energy(p, i) + mass(q, i);
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
  return (int)e0;
}
