// Issue 21, class 3: member functions called through a reference to an
// element (`r.set(v)`, `S &r = p[i]`: the reference's view), a pointer to an
// element (`q->set(v)`, `S *q = p + i`: the view itself), a pointer
// expression (`(p + i)->set(v)`) and `(*q).norm()`.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      kdlg_view_S r = kdlg_S_offset(p, (i));
// CHECK-NEXT: kdlg_S_m_set(r, 2.0f);
// CHECK-NEXT: kdlg_view_S q = kdlg_S_offset(p, (i));
// CHECK-NEXT: kdlg_S_m_set(q, (*kdlg_S_f_x(q, 0)));
// CHECK-NEXT: kdlg_S_m_set(kdlg_S_offset(p, (i)), 1.0f);
// CHECK-NEXT: (*kdlg_S_f_y(q, 0)) = kdlg_S_m_norm(q);
#include <cuda_runtime.h>
struct S { float x; float y; float z; int id;
  __host__ __device__ float norm() const { return x * x + y * y; }
  __host__ __device__ void set(float v) { z = v; } };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    S &r = p[i];
    r.set(2.0f);
    S *q = p + i;
    q->set(q->x);
    (p + i)->set(1.0f);
    q->y = (*q).norm();
  }
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
