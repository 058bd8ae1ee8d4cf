// Issue 19 / 21 class 5: a device function that returns an element by
// reference (HeCBench local-ht's `loc_ht &ht_get(loc_ht *t, ...)`), directly
// or through a local reference, `const` or not.  Its result type becomes
// the view type (the prototype's too) and the element it returns the view
// of that element, the index evaluated once, where it returns; a call is
// used as that element: the base of a field access, bound to a local
// reference (a view), loaded whole where its value is copied, left alone
// as a statement.  (transform/rewrite/returns.c; runtime check:
// testsuite/cuda/progs/returned_views.cu.)  Both used to keep AoS ("an
// element is returned by reference"); the `const B &` one before that
// returned a reference to a temporary load.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: 2 structs: 2 rewritten
// TOOL: exit=0
// CHECK: __device__ kdlg_view_A geta(kdlg_view_A p, int i);
// CHECK: __device__ kdlg_view_A geta(kdlg_view_A p, int i) { kdlg_view_A r = kdlg_A_offset(p, (i)); return r; }
// CHECK: __device__ kdlg_view_B getb(kdlg_view_B p, int i) { return kdlg_B_offset(p, (i)); }
// CHECK:      (*kdlg_A_f_x((geta(a, i)), 0)) = 1.0f;
// CHECK-NEXT: kdlg_view_A e = (geta(a, i));
// CHECK-NEXT: (*kdlg_A_f_y(e, 0)) += 2.0f;
// CHECK-NEXT: A t = kdlg_A_load((geta(a, i)), 0);
// CHECK-NEXT: geta(a, i);
// CHECK-NEXT: (*kdlg_B_f_x(b, (i))) = (*kdlg_B_f_y((getb(b, i)), 0)) + t.y;
#include <cuda_runtime.h>
struct A { float x; float y; int id; };
struct B { float x; float y; int id; };
__device__ A &geta(A *p, int i);
__device__ A &geta(A *p, int i) { A &r = p[i]; return r; }
__device__ const B &getb(B *p, int i) { return p[i]; }
__global__ void k(A *a, B *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  geta(a, i).x = 1.0f;
  A &e = geta(a, i);
  e.y += 2.0f;
  A t = geta(a, i);
  geta(a, i);
  b[i].x = getb(b, i).y + t.y;
}
int main() {
  A *a; B *b;
  cudaMalloc(&a, 100 * sizeof(A)); cudaMalloc(&b, 100 * sizeof(B));
  k<<<1, 100>>>(a, b, 100);
  cudaFree(a); cudaFree(b);
  return 0;
}
