// Issue 21, class 3: a struct declared inside an anonymous namespace keeps
// AoS, with a remark at its definition (a named namespace is rewritten:
// namespace.cu); the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-namespace.cu:[[@LINE+4]]:20: remark: struct 'T' keeps its AoS layout: it is declared inside an anonymous namespace (the rewriter declares generated code only in named namespaces of CUDA code) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
namespace { struct T { float a; float b; float c; int id; }; }
__global__ void k(T *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i].a = t[i].b + t[i].c;
}
int main() {
  T *e;
  cudaMalloc(&e, 100 * sizeof(T));
  k<<<1, 100>>>(e, 100);
  cudaFree(e);
  return 0;
}
