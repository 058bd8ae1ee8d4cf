// The check for uses of a member that the parser does not show counts the
// tokens of its name: another class's member of the same name is such a
// token, so the struct keeps AoS (conservative), with a remark there; the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-holder-same-name.cu:[[@LINE+10]]:19: remark: struct 'P' keeps its AoS layout: member 'd' holds its device data, and this 'd' is not a use of it the parser shows (a branch of #if that the preprocessor skips, a macro, or another member or variable of that name), which would stay unrewritten [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].y = p[i].x;
}
struct H { P *d; int n; };
struct G { float *d; };
int main() {
  H h;
  G g;
  h.n = 100;
  cudaMalloc(&h.d, h.n * sizeof(P));
  cudaMalloc(&g.d, 400);
  k<<<1, 128>>>(h.d, h.n);
  return 0;
}
