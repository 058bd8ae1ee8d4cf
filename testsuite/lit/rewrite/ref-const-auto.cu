// Issue 21, class 5: every spelling of a local reference to an element
// becomes a view of it: `const S &` (of a `const S *` parameter), `auto &`,
// `const auto &` bound to `*(q + i)`, a reference bound to another
// reference (`S &d = r`: the same view), and `decltype(r)` (a reference
// type too).  The output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout tiled:32 -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      kdlg_view_S c = kdlg_S_offset(q, (i));
// CHECK-NEXT: kdlg_view_S a = kdlg_S_offset(p, ((i + 1) % n));
// CHECK-NEXT: kdlg_view_S b = kdlg_S_offset(q, (kdlg_index)(i) + (kdlg_index)(1));
// CHECK-NEXT: kdlg_view_S r = kdlg_S_offset(p, (i));
// CHECK-NEXT: kdlg_view_S d = r;
// CHECK-NEXT: kdlg_view_S e = d;
// CHECK-NEXT: (*kdlg_S_f_x(d, 0)) = (*kdlg_S_f_x(c, 0)) + (*kdlg_S_f_y(b, 0)) + (*kdlg_S_f_id(a, 0));
// CHECK-NEXT: (*kdlg_S_f_y(e, 0)) *= 2.0f;
#include <cuda_runtime.h>
struct S { float x; float y; double w; int id; };

__global__ void k(S *p, const S *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 >= n) return;
  const S &c = q[i];
  auto &a = p[(i + 1) % n];
  const auto &b = *(q + i + 1);
  S &r = p[i];
  S &d = r;
  decltype(r) e = d;
  d.x = c.x + b.y + a.id;
  e.y *= 2.0f;
}

int main() {
  S *d, *e;
  cudaMalloc(&d, 100 * sizeof(S));
  cudaMalloc(&e, 100 * sizeof(S));
  k<<<1, 100>>>(d, e, 100);
  cudaFree(d);
  cudaFree(e);
  return 0;
}
