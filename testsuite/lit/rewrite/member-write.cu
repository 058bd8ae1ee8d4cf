// Issue 21, class 3: a member function that writes fields, with arguments
// (`p[i].set(v, k)`), called on an element: its clone writes exactly the
// fields the original writes (z and one element of the array field w),
// through the accessors, and no other (a whole load and store back would
// write fields other threads may write).  The arguments are copied as
// they are, with the accesses inside them rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      static __attribute__((unused)) set(kdlg_view_S kdlg_S_this, float v, int k) { (*kdlg_S_f_z(kdlg_S_this, 0)) = v; (*kdlg_S_f_w(kdlg_S_this, 0))[k & 3] += v; }
// CHECK:      kdlg_S_m_set(kdlg_S_offset(p, (i)), (*kdlg_S_f_x(p, (i))) * 2.0f, i);
#include <cuda_runtime.h>
struct S { float x; float y; float z; double w[4]; int id;
  __host__ __device__ void set(float v, int k) { z = v; w[k & 3] += v; } };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].set(p[i].x * 2.0f, i);
}
int main() {
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  return 0;
}
