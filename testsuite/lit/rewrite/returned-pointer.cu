// Issue 19: functions that return device data by pointer (HeCBench gmm's
// `clusters_t *setupClusterDevice(...)`): a device function returning a
// pointer into its argument, one returning its argument, a static host
// function returning a cudaMalloc'd array and one of external linkage
// that returns that one's value.  Each result type becomes the view type;
// a call is used as a view: the base of `->`, `*`, `[k]`, an offset from
// it, a view variable's value, a launch's argument.  Before, "a pointer a
// function returns is not followed" kept the struct AoS.
// (transform/rewrite/returns.c; runtime check: testsuite/cuda/progs/returned_views.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: 1 struct: 1 rewritten
// TOOL: exit=0
// CHECK: __device__ kdlg_view_S at(kdlg_view_S p, int i) { return kdlg_S_offset(p, (i)); }
// CHECK: __device__ kdlg_view_S same(kdlg_view_S p) { return p; }
// CHECK: static kdlg_view_S make(int n) {
// CHECK: kdlg_view_S make2(int n) {
// CHECK-NEXT: kdlg_view_S d = make(n);
// CHECK:      (*kdlg_S_f_x((at(p, i)), 0)) = 1.0f;
// CHECK-NEXT: kdlg_view_S q = at(p, i);
// CHECK-NEXT: (*kdlg_S_f_y(q, 0)) = 2.0f;
// CHECK-NEXT: (*kdlg_S_f_n((at(p, i)), 0)) += 1;
// CHECK-NEXT: (*kdlg_S_f_y((at(p, 0)), (i))) += (*kdlg_S_f_x((same(p)), (i)));
// CHECK-NEXT: kdlg_view_S r = kdlg_S_offset((at(p, 0)), (i));
// CHECK:      kdlg_view_S d = make2(64);
// CHECK-NEXT: k<<<1, 64>>>(d, 64);
// CHECK-NEXT: k<<<1, 32>>>(kdlg_S_offset((make2(64)), (32)), 32);
#include <cuda_runtime.h>
struct S { float x, y; int n; };
__device__ S *at(S *p, int i) { return p + i; }
__device__ S *same(S *p) { return p; }
static S *make(int n) {
  S *d;
  cudaMalloc(&d, n * sizeof(S));
  return d;
}
S *make2(int n) {
  S *d = make(n);
  return d;
}
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  at(p, i)->x = 1.0f;
  S *q = at(p, i);
  q->y = 2.0f;
  (*at(p, i)).n += 1;
  at(p, 0)[i].y += same(p)[i].x;
  S *r = at(p, 0) + i;
  r->x -= 0.5f;
}
int main() {
  S *d = make2(64);
  k<<<1, 64>>>(d, 64);
  k<<<1, 32>>>(make2(64) + 32, 32);
  cudaFree(d);
  return 0;
}
