// Issue 21, class 3: a field named like a macro of the generated code's
// prelude (`#define KDLG_GLOBAL`): the generated load / store's
// `s.KDLG_GLOBAL` lost its name to the macro and the output did not
// compile.  Now the struct keeps AoS, with a remark at its definition; the
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-names-field-macro.cu:[[@LINE+4]]:8: remark: struct 'S' keeps its AoS layout: field 'KDLG_GLOBAL' is spelled like the macros the generated code defines (KDLG_...) [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float KDLG_GLOBAL; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x = p[i].KDLG_GLOBAL + p[i].id;
}
int main() { S *d; cudaMalloc(&d, 100 * sizeof(S)); k<<<1, 100>>>(d, 100); cudaFree(d); return 0; }
