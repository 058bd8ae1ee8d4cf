// Issue 21, class 5: a local reference to an element (`S &r = p[i]`) used to
// keep the struct in AoS ("a reference to an element or field is bound to a
// variable").  Now the reference becomes a view of that element: its
// declaration `kdlg_view_S r = kdlg_S_offset(p, (i))` evaluates the index
// once, where the reference was bound, and each use of `r` is element 0 of
// that view: field reads and writes, compound assignments, `++`, an array
// field's element, a nested field, `atomicAdd(&r.f, v)`, whole-element
// copies out (`S t = r`) and in (`r = t`).  The output compiles.
// (Runtime check: testsuite/cuda/progs/refs_ctors.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      kdlg_view_S r = kdlg_S_offset(p, (i));
// CHECK-NEXT: (*kdlg_S_f_x(r, 0)) += (*kdlg_S_f_y(r, 0)) * 2.0f;
// CHECK-NEXT: float y = (*kdlg_S_f_y(r, 0));
// CHECK-NEXT: (*kdlg_S_f_a(r, 0))[i % 3] = y;
// CHECK-NEXT: (*kdlg_S_f_in(r, 0)).u -= (*kdlg_S_f_in(r, 0)).v;
// CHECK-NEXT: (*kdlg_S_f_id(r, 0))++;
// CHECK-NEXT: atomicAdd(&(*kdlg_S_f_id(r, 0)), 1);
// CHECK-NEXT: S t = kdlg_S_load(r, 0);
// CHECK-NEXT: t.y = -t.y;
// CHECK-NEXT: kdlg_S_store(r, 0, t);
#include <cuda_runtime.h>
struct V { float u, v; };
struct S { float x; float y; float a[3]; V in; int id; };

__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S &r = p[i];
  r.x += r.y * 2.0f;
  float y = r.y;
  r.a[i % 3] = y;
  r.in.u -= r.in.v;
  r.id++;
  atomicAdd(&r.id, 1);
  S t = r;
  t.y = -t.y;
  r = t;
}

int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
