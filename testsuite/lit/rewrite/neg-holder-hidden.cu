// A member that holds device data is rewritten wherever the parser shows a
// use of it; a token of its name the parser does not show (here in a branch
// of #if that the preprocessor skips) could be a use that would stay
// unrewritten, so the struct keeps AoS, with a remark at that token; the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-holder-hidden.cu:[[@LINE+16]]:28: remark: struct 'P' keeps its AoS layout: member 'd' holds its device data, and this 'd' is not a use of it the parser shows (a branch of #if that the preprocessor skips, a macro, or another member or variable of that name), which would stay unrewritten [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cstdio>
struct P { float x, y, z; int id; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
struct H { P *d; int n; };
int main() {
  H h;
  h.n = 100;
  cudaMalloc(&h.d, h.n * sizeof(P));
  k<<<1, 128>>>(h.d, h.n);
#ifdef DUMP_POINTERS
  printf("%p\n", (void *)h.d);
#endif
  cudaFree(h.d);
  return 0;
}
