// Issue 21, class 3: a const member function called on an element
// (`p[i].norm()`) used to keep the struct in AoS ("a member function is
// called on an element").  Now it is cloned into a free function that takes
// the element's view, written after the generated block (a prototype, then
// the definition), and the call passes `kdlg_S_offset(p, (i))`.  Implicit
// (`x`), `this->y` and `(*this).y` accesses all become accessors of element 0
// of that view; `const` is dropped (a comment says so).  The original stays
// for the host call.  The output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      __host__ __device__ float norm() const { return x * x + this->y * (*this).y; }
// CHECK:      static __attribute__((unused)) norm(kdlg_view_S kdlg_S_this) /* const */;
// CHECK:      /* kdlg-opt: member function 'norm' of S, for its calls on elements of device data */
// CHECK-NEXT: static __attribute__((unused)) -NEXTnorm(kdlg_view_S kdlg_S_this) /* const */ { return (*kdlg_S_f_x(kdlg_S_this, 0)) * (*kdlg_S_f_x(kdlg_S_this, 0)) + (*kdlg_S_f_y(kdlg_S_this, 0)) * (*kdlg_S_f_y(kdlg_S_this, 0)); }
// CHECK:      (*kdlg_S_f_z(p, (i))) = kdlg_S_m_norm(kdlg_S_offset(p, (i))) + (float)(*kdlg_S_f_id(p, (i)));
// CHECK:      float h = s.norm();
#include <cuda_runtime.h>
struct S { float x; float y; float z; double w[4]; int id;
  __host__ __device__ float norm() const { return x * x + this->y * (*this).y; } };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].z = p[i].norm() + (float)p[i].id;
}
int main() {
  S *d;
  S s = {1, 2, 3, {0, 0, 0, 0}, 4};
  float h = s.norm();
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return h > 0 ? 0 : 1;
}
