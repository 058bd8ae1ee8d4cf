// Issue 21, class 3: identifiers longer than the rewriter's name buffers
// (128 bytes): names were cut short, here two parameters of 130 characters
// that differ in the last one became one name ("duplicate parameter name";
// had they been a local and a parameter, one would silently stand for the
// other).  Now a file that spells an identifier of more than 127 characters
// keeps its structs AoS, with a remark at the first such identifier; the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-long-identifier.cu:[[@LINE+5]]:22: remark: struct 'S' keeps its AoS layout: the file spells an identifier of 130 characters; the rewriter handles up to 127 [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; float z; int id; };
__global__ void k(S *src_yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyya, S *src_yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyb, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) src_yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyya[i].x = src_yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyb[i].y + src_yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyb[i].z;
}
int main() { S *d, *e; cudaMalloc(&d, 100 * sizeof(S)); cudaMalloc(&e, 100 * sizeof(S)); k<<<1, 100>>>(d, e, 100); cudaFree(d); cudaFree(e); return 0; }
