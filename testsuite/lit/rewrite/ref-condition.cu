// Issue 21, class 5: references to elements declared in conditions and
// loop headers (`if (const S &e = q[k]; e.id > 0)`, `for (S &f = p[i];
// f.id < 8; f.id++)`) become views there too, declared where the
// reference was, so their scope does not change.  The output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: if (kdlg_view_S e = kdlg_S_offset(q, (n - 1 - i)); (*kdlg_S_f_id(e, 0)) > 0)
// CHECK-NEXT: (*kdlg_S_f_x(p, (i))) += (*kdlg_S_f_x(e, 0));
// CHECK-NEXT: for (kdlg_view_S f = kdlg_S_offset(p, (i)); (*kdlg_S_f_id(f, 0)) < 8; (*kdlg_S_f_id(f, 0))++)
// CHECK-NEXT: (*kdlg_S_f_y(f, 0)) += 1.0f;
#include <cuda_runtime.h>
struct S { float x; float y; int id; };

__global__ void k(S *p, const S *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (const S &e = q[n - 1 - i]; e.id > 0)
    p[i].x += e.x;
  for (S &f = p[i]; f.id < 8; f.id++)
    f.y += 1.0f;
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
