// Views compared and subtracted: `q < end` and `q != stop` of loops over an
// array by pointer, `q - p` as an index, `==` / `!=` between views and with
// null (`nullptr`, `NULL`, `0`).  Relational operators and `-` compare the
// element offsets (kdlg_P_diff: pointers into one array, as C asks of them),
// `==` the array too (kdlg_P_same), null the view's arrays
// (kdlg_P_is_null).  (A view compared with another pointer: neg-compare.cl.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: rewritten: {x, id} SoA
// TOOL: exit=0
// CHECK: KDLG_FN kdlg_index kdlg_P_diff(kdlg_view_P a, kdlg_view_P b) { return a.kd_o - b.kd_o; }
// CHECK-NEXT: KDLG_FN bool kdlg_P_same(kdlg_view_P a, kdlg_view_P b) { return a.kd_f_x == b.kd_f_x && a.kd_o == b.kd_o; }
// CHECK-NEXT: KDLG_FN bool kdlg_P_is_null(kdlg_view_P a) { return a.kd_f_x == 0; }
// CHECK: for (kdlg_view_P q = kdlg_P_offset(p, (b)); (kdlg_P_diff(q, kdlg_P_offset(p, (e))) < 0); kdlg_P_pre(&q, 1))
// CHECK-NEXT: (*kdlg_P_f_id(q, 0)) += (int)((kdlg_P_diff(q, p)));
// CHECK: for (kdlg_view_P q = kdlg_P_offset(p, (b)); (!kdlg_P_same(q, stop)); kdlg_P_post(&q, 1))
// CHECK-NEXT: (*kdlg_P_f_x(q, 0)) += ((kdlg_P_diff(stop, q) > 0)) + ((kdlg_P_diff(q, p) >= 0)) + ((kdlg_P_diff(p, q) <= 0));
// CHECK-NEXT: if ((!kdlg_P_is_null(p)) && (!kdlg_P_is_null(other)) && (0 == (P *)0) == false)
// CHECK-NEXT: (*kdlg_P_f_id(p, (b))) += ((kdlg_P_same(p, other))) + ((kdlg_P_same(kdlg_P_offset(p, (b)), kdlg_P_offset(p, (b)))));
#include <cuda_runtime.h>
#include <cstddef>
struct P { float x; int id; };
__global__ void chunks(P *p, P *other, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int b = 4 * t, e = b + 4 < n ? b + 4 : n;
  if (b >= n) return;
  for (P *q = p + b; q < p + e; ++q)
    q->id += (int)(q - p);
  P *stop = p + e;
  for (P *q = p + b; q != stop; q++)
    q->x += (stop > q) + (q >= p) + (p <= q);
  if (p != nullptr && NULL != other && (0 == (P *)0) == false)
    p[b].id += (p == other) + (p + b == &p[b]);
}
int main() {
  P *a, *o;
  cudaMalloc(&a, 100 * sizeof(P));
  cudaMalloc(&o, 100 * sizeof(P));
  chunks<<<1, 32>>>(a, o, 100);
  cudaFree(a);
  cudaFree(o);
  return 0;
}
