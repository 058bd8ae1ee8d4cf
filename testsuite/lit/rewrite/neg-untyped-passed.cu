// A `void *` device buffer that is also passed on as `void *` (here to a
// host function that fills it byte-wise) may be read or written with AoS
// byte offsets where the rewriter does not look: it is not followed, and
// its cast to S * at the launch keeps S in AoS, with a remark that names
// the other use.  The output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-untyped-passed.cu:[[@LINE+20]]:16: remark: struct 'S' keeps its AoS layout: 'p' is given 'void *' variable 'd' cast to another type, which is also used other than by CUDA memory calls and casts to one struct's pointer (line [[@LINE+19]], column 8), and it also holds the struct's device data [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
void fill(void *buf, int n) {
  for (int i = 0; i < n; i++) {
    float v = (float)i;
    cudaMemcpy((char *)buf + i * sizeof(S) + sizeof(float), &v, sizeof v, cudaMemcpyHostToDevice);
  }
}
int main() {
  int n = 64;
  void *d;
  cudaMalloc(&d, n * sizeof(S));
  fill(d, n);
  k<<<1, 64>>>((S *)d, n);
  cudaFree(d);
  return 0;
}
