// Issue 21, class 5: an element returned by reference, through a local
// reference (`S &get(...) { S &r = p[i]; return r; }`) or directly
// (`const B &get(...) { return p[i]; }`): the new layout has no element
// to refer to.  The second used to be rewritten into `return
// kdlg_B_load(p, (i));`, a reference to a temporary that dies at once.
// Both structs keep AoS; the output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ref-return.cu:[[@LINE+7]]:55: remark: struct 'A' keeps its AoS layout: an element is returned by reference (the new layout has no element to refer to) [kdlg-rewrite]
// CHECK: neg-ref-return.cu:[[@LINE+7]]:48: remark: struct 'B' keeps its AoS layout: an element is returned by reference (the new layout has no element to refer to) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
__device__ A &geta(A *p, int i) { A &r = p[i]; return r; }
__device__ const B &getb(B *p, int i) { return p[i]; }
__global__ void k(A *a, B *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  geta(a, i).x = 1.0f;
  b[i].x = getb(b, i).y;
}
int main() {
  A *a; B *b;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  k<<<1, 100>>>(a, b, 100);
  cudaFree(a); cudaFree(b);
  return 0;
}
