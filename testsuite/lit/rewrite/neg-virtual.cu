// A struct with virtual member functions: each element begins with a
// vtable pointer, which is no field, so no layout places it; a whole copy
// sets it anew, but the conversions between layouts would drop the one the
// host's objects hold.  It keeps AoS, with a remark at the struct (found by
// review: it used to be rewritten as {x, y} SoA); the output is the input
// behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-virtual.cu:[[@LINE+4]]:8: remark: struct 'S' keeps its AoS layout: it has virtual member functions, and its elements' vtable pointer is no field the layout can place [kdlg-rewrite]
// CHECK-NOT: kdlg-rewrite
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x, y; __host__ __device__ virtual ~S() {} };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x + 1.0f;
}
int main() { S *d; cudaMalloc(&d, 64 * sizeof(S)); k<<<1, 64>>>(d, 64); cudaFree(d); return 0; }
