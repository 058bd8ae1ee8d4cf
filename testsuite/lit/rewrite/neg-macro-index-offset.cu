// An element offset written with a macro where no brackets delimit it
// (`(d + OFF(i))->re`: the text after `+` need not be the offset alone, as
// with `#define OFF(i) i * 2 + 1`, which parses as `(d + i * 2) + 1`) keeps
// the struct AoS, with a remark at the offset; the output is the input
// behind the plan comment.  (A subscript's index: macro-index.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-macro-index-offset.cu:[[@LINE+9]]:8: remark: struct 'C' keeps its AoS layout: an index is spelled inside a macro (the rewriter edits only code spelled in the file) [kdlg-rewrite]
// CHECK-NOT: kdlg-rewrite
// CHECK: exit=0
#include <cuda_runtime.h>
struct C { double re, im; };
#define OFF(i) i * 2 + 1
__global__ void k(C *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  (d + OFF(i))->re = 1.0;
}
int main() { C *d; cudaMalloc(&d, 64 * sizeof(C)); k<<<1, 32>>>(d, 30); cudaFree(d); return 0; }
