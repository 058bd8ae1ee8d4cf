// Issue 21, class 5: a reference is bound once.  The view of a local
// reference to an element takes the element's index where the reference is
// declared, so later changes of the index or of the pointer do not move it
// (`S &r = p[i]; i += 7; p += 1; r.x = ...` still writes element i of the
// original p), and an update in the initialiser runs once (`S &u = *q++`).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      kdlg_view_S r = kdlg_S_offset(p, (i));
// CHECK-NEXT: kdlg_view_S q = p;
// CHECK-NEXT: kdlg_view_S u = (kdlg_S_post(&q, 1));
// CHECK-NEXT: i += 7;
// CHECK-NEXT: kdlg_S_pre(&p, (kdlg_index)(1));
// CHECK-NEXT: (*kdlg_S_f_x(r, 0)) = (*kdlg_S_f_y(p, (i))) + (*kdlg_S_f_y(u, 0)) + (*kdlg_S_f_y(q, 0));
#include <cuda_runtime.h>
struct S { float x; float y; int id; };

__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 8 >= n) return;
  S &r = p[i];
  S *q = p;
  S &u = *q++;
  i += 7;
  p += 1;
  r.x = p[i].y + u.y + q->y;
}

int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
