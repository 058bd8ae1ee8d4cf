// A device pointer that a function returns (an accessor of a wrapper class
// here) is not followed: a kernel given it keeps the struct in AoS, with a
// remark that names the function (it said "does not come from a kernel
// argument or cudaMalloc").
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-given-call.cu:[[@LINE+17]]:16: remark: struct 'S' keeps its AoS layout: 'p' is given the value of a call to 'get' (a pointer a function returns is not followed), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
template <typename T> struct Buf {
  T *d_;
  Buf(int n) { cudaMalloc((void **)&d_, n * sizeof(T)); }
  T *get() const { return d_; }
};
int main() {
  int n = 64;
  Buf<S> b(n);
  k<<<1, 64>>>(b.get(), n);
  return 0;
}
