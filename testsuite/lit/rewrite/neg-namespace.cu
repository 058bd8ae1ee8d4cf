// Issue 21, class 3: a struct declared inside a C++ namespace: the
// generated view type and accessors follow its definition, inside the
// namespace, and the kernels outside it named them unqualified, so the
// output did not compile.  Now such a struct keeps AoS, with a remark at
// its definition (nested and anonymous namespaces too); the output is the
// input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-namespace.cu:[[@LINE+5]]:41: remark: struct 'S' keeps its AoS layout: it is declared inside namespace 'sim' (the generated types and accessors would be declared there and named unqualified outside it) [kdlg-rewrite]
// CHECK: neg-namespace.cu:[[@LINE+5]]:20: remark: struct 'T' keeps its AoS layout: it is declared inside namespace '(anonymous)' (the generated types and accessors would be declared there and named unqualified outside it) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
namespace phys { namespace sim { struct S { float x; float y; float z; int id; }; } }
namespace { struct T { float a; float b; float c; int id; }; }
using phys::sim::S;
__global__ void k(S *p, T *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { p[i].x = p[i].y + p[i].z; t[i].a = t[i].b + t[i].c; }
}
int main() {
  S *d; T *e;
  cudaMalloc(&d, 100 * sizeof(S)); cudaMalloc(&e, 100 * sizeof(T));
  k<<<1, 100>>>(d, e, 100);
  cudaFree(d); cudaFree(e);
  return 0;
}
