// Positive control for neg-offset-var.cu: offsets that never reach a CUDA
// memory function do not keep the struct in AoS.  A device pointer plus an
// offset held in a variable and launched (`h = d + n / 2; k<<<...>>>(h)`), a
// derived pointer in the kernel (`q = p + i`, `q++`) and copies of the
// allocation's own pointer, also through a plain copy of it (`e = d`) or an
// offset of zero (`&d[0]`, `d + 0`), are all rewritten, with no remark.
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=REM
// REM-NOT: remark
// REM: exit=0
// RUN: FileCheck %s < %t.cu
// CHECK: kdlg_view_E h = kdlg_E_offset(d, n / 2);
// CHECK: kdlg_E_copy_in(d, h0, n * sizeof(E), cudaMemcpyHostToDevice);
// CHECK: kdlg_E_copy_out(h0, e, n * sizeof(E), cudaMemcpyDeviceToHost);
// CHECK: kdlg_view_E f = kdlg_E_offset(d, (0)); kdlg_view_E g = kdlg_E_offset(d, (0));
// CHECK: kdlg_E_memset(f, 0, n * sizeof(E));
// CHECK: kdlg_E_free(g);
#include <cuda_runtime.h>
struct E { float x; float y; int n; };
__global__ void k(E *p, float *o, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  E *q = p + i;
  q++;
  if (i + 1 < m)
    o[i] = q->x + p[i].y;
}
int main() {
  int n = 64;
  E *d, h0[64] = {};
  float *o;
  cudaMalloc(&d, n * sizeof(E));
  cudaMalloc(&o, n * sizeof(float));
  cudaMemcpy(d, h0, n * sizeof(E), cudaMemcpyHostToDevice);
  E *h = d + n / 2;
  k<<<1, 32>>>(h, o, n / 2);
  E *e = d;
  cudaMemcpy(h0, e, n * sizeof(E), cudaMemcpyDeviceToHost);
  E *f = &d[0], *g = d + 0;
  cudaMemset(f, 0, n * sizeof(E));
  cudaFree(g);
  return 0;
}
