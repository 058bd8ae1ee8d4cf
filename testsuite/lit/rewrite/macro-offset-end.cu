// An element offset that ends in an object-like macro (`tables + (size_t)t
// * SLOTS` with `#define SLOTS 16`, HeCBench minimap2's `d_control + batch
// * PE_NUM`): the term's text runs to the end of the macro's call, and no
// other term takes part of that expansion, so it is the term.  After the
// review fixes of 381e5ef these kept the struct AoS ("an index is spelled
// inside a macro"; testsuite/cuda/progs/returned_views.cu in CI).  (One
// whose expansion another term shares: neg-macro-index-args.cu's U.)
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'S' ({{.*}}): rewritten
// VERDICT: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: kdlg_view_S q = kdlg_S_offset(p, (i * N));
// CHECK: kdlg_view_S r = kdlg_S_offset(p, ((size_t)i * PN));
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
#include <cstddef>
struct S { float x; float y; };
#define N 16
#define PN (4 * N)
__global__ void k(S *p, float *o, int n) {
  int i = threadIdx.x;
  S *q = p + i * N;
  S *r = p + (size_t)i * PN;
  o[i] = q->x + r->y;
}
int main() { S *p; float *o; cudaMalloc(&p, 64 * 64 * sizeof(S)); cudaMalloc(&o, 256); k<<<1, 32>>>(p, o, 32); return 0; }
