// In a function template, a call whose function depends on a template
// parameter (`h<N>(p, i)`: unresolved until instantiation) and is given a
// view keeps the struct AoS, with a remark at the argument, where another
// function of its name is declared anywhere in the translation unit (here
// in a namespace, which argument-dependent lookup at instantiation could
// reach); the output is the input behind the plan comment.  (One function
// of that name: template-dependent-call.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-template-dependent-adl.cu:[[@LINE+9]]:28: remark: struct 'P' keeps its AoS layout: it is passed to a call whose function depends on a template parameter (the rewriter reads a function template's text, and cannot tell which function that call reaches, nor how) [kdlg-rewrite]
// CHECK-NOT: kdlg-rewrite
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
template <int N> __device__ float h(P *p, int i) { return p[i].x * N; }
namespace other { struct Tag {}; template <int N> __device__ float h(Tag *t, int i) { return (float)i; } }
template <int N> __global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = h<N>(p, i);
}
int main() {
  P *d;
  cudaMalloc(&d, 1000 * sizeof(P));
  k<3><<<4, 250>>>(d, 1000);
  cudaFree(d);
  return 0;
}
