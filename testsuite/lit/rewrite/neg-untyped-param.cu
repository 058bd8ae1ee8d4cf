// A `void *` parameter cast to S * at a launch: what the callers allocate
// and how else they use it is not followed (only a local variable is), so S
// keeps AoS, with a remark that says so.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-untyped-param.cu:[[@LINE+9]]:43: remark: struct 'S' keeps its AoS layout: 'p' is given 'void *' parameter 'buf' cast to another type (the rewriter follows a 'void *' or 'char *' only where it is a local variable that cudaMalloc allocates and that nothing but CUDA memory calls and casts to one struct's pointer use), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
void run(void *buf, int n) { k<<<1, 64>>>((S *)buf, n); }
int main() {
  int n = 64;
  void *d;
  cudaMalloc(&d, n * sizeof(S));
  run(d, n);
  cudaFree(d);
  return 0;
}
