// Issue 21, class 3: the file already declares names the generated code
// declares (the prelude's `kdlg_index`, the struct's `kdlg_S_load`): the
// output declared them twice and did not compile.  Now the struct keeps
// AoS, with a remark at the first such name; the output is the input behind
// the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-names-generated.cu:[[@LINE+5]]:16: remark: struct 'S' keeps its AoS layout: the file already spells 'kdlg_index', a name the generated code declares [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int id; };
__device__ int kdlg_index;
__device__ float kdlg_S_load(int i) { return (float)i; }
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x = p[i].y + p[i].id + kdlg_S_load(i) + kdlg_index;
}
int main() { S *d; cudaMalloc(&d, 100 * sizeof(S)); k<<<1, 100>>>(d, 100); cudaFree(d); return 0; }
