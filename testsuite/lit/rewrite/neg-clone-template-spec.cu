// An explicit specialization of a function template called with device data and
// with a host array is not cloned (a clone could not specialize the template):
// the struct keeps its AoS layout as before, with a remark, and the output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-clone-template-spec.cu:[[@LINE+14]]:10: remark: struct 'P' keeps its AoS layout: 'h' is given the value of a call to 'calloc' (a pointer a function returns is not followed), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
template <typename T> __host__ __device__ float get(const T *p, int i) { return 0.0f; }
template <> __host__ __device__ float get<P>(const P *p, int i) { return p[i].x; }
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = get(p, i);
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)get(h, 0);
}
