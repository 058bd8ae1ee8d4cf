// Issue 21, class 3: a member function that calls other member functions on
// `this` (implicitly, `norm()`, and as `this->set(s)`): each callee is
// cloned too, and the clone calls the callees' clones with its own view.
// All prototypes come before the definitions, so the order of the clones
// does not matter.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      static __attribute__((unused)) scale(kdlg_view_S kdlg_S_this, float s);
// CHECK-NEXT: static __attribute__((unused)) -NEXTset(kdlg_view_S kdlg_S_this, float v);
// CHECK-NEXT: static __attribute__((unused)) -NEXTnorm(kdlg_view_S kdlg_S_this) /* const */;
// CHECK:      kdlg_S_m_scale(kdlg_view_S kdlg_S_this, float s) { (*kdlg_S_f_x(kdlg_S_this, 0)) *= s; kdlg_S_m_set(kdlg_S_this, s); }
// CHECK:      kdlg_S_m_set(kdlg_view_S kdlg_S_this, float v) { (*kdlg_S_f_z(kdlg_S_this, 0)) = v + kdlg_S_m_norm(kdlg_S_this); }
// CHECK:      kdlg_S_m_scale(kdlg_S_offset(p, (i)), 0.5f);
#include <cuda_runtime.h>
struct S { float x; float y; float z; double w[4]; int id;
  __host__ __device__ float norm() const { return x * x + y * y; }
  __host__ __device__ void set(float v) { z = v + norm(); }
  __host__ __device__ void scale(float s) { x *= s; this->set(s); } };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].scale(0.5f);
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
