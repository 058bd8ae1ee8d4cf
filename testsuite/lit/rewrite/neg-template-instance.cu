// Issue 21, class 4: a struct instantiated from a class template of the
// file (Q<float> from the primary template, R<float, 6> from a partial
// specialization) kept AoS with "it is not defined in this file", which is
// not true.  The remark now says why: the rewriter rewrites structs and
// classes defined as such and explicit specializations (E<float> below is
// rewritten), not a template's instances (its layout is the template's,
// shared by every instance, and the generated names would be the same for
// Q<float> and Q<int>).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=OUT < %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// CHECK: neg-template-instance.cu:[[@LINE+7]]:30: remark: struct 'Q' keeps its AoS layout: it is an instance of a class template (the rewriter rewrites structs and classes defined as such, and explicit specializations, not a type instantiated from a template or a partial specialization) [kdlg-rewrite]
// CHECK: neg-template-instance.cu:[[@LINE+10]]:30: remark: struct 'R' keeps its AoS layout: it is an instance of a class template
// CHECK-NOT: remark
// CHECK: exit=0
// OUT: E: epsilon 128 B; {x,y,z,w} 16 B SoA -> rewritten
// OUT: __global__ void k(Q<float> *q, kdlg_view_E e, R<float, 6> *r, int n) {
#include <cuda_runtime.h>
template <typename T> struct Q { T x, y, z, w; };
template <typename T> struct E { T a; };
template <> struct E<float> { float x, y, z, w; };
template <typename T, int N> struct R { T x; };
template <typename T> struct R<T, 6> { T x, y, z, w; };
__global__ void k(Q<float> *q, E<float> *e, R<float, 6> *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { q[i].x += q[i].y; e[i].x += e[i].y; r[i].x += r[i].y; }
}
int main() {
  Q<float> *dq; E<float> *de; R<float, 6> *dr;
  cudaMalloc(&dq, 100 * sizeof(Q<float>)); cudaMalloc(&de, 100 * sizeof(E<float>));
  cudaMalloc(&dr, 100 * sizeof(R<float, 6>));
  k<<<1, 100>>>(dq, de, dr, 100);
  cudaFree(dq); cudaFree(de); cudaFree(dr);
  return 0;
}
