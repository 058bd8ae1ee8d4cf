// Managed memory allocated into a `void *` that the host also touches other
// than through a cast to S * (here `memset` of its bytes, which in a new
// layout would clear other elements' fields than in AoS): not followed, S
// keeps AoS with a remark at the launch that names the host use.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-untyped-managed-host.cu:[[@LINE+15]]:16: remark: struct 'S' keeps its AoS layout: 'p' is given 'void *' variable 'm' cast to another type, which is also used other than by CUDA memory calls and casts to one struct's pointer (line [[@LINE+14]], column 10), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
#include <cstring>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
int main() {
  int n = 64;
  void *m;
  cudaMallocManaged(&m, n * sizeof(S));
  memset(m, 0, 8 * sizeof(S));
  k<<<1, 64>>>((S *)m, n);
  cudaDeviceSynchronize();
  cudaFree(m);
  return 0;
}
