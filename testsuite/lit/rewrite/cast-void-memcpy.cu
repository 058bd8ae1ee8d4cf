// A device pointer of the struct given to a CUDA memory function through an
// explicit cast to `void *` (`cudaMemcpy((void *)d, ...)`, `cudaFree((void *)
// d)`) is the view itself: the cast goes, the call converts.  (It kept the
// struct in AoS: clang's conversion to `void *` under the cast was taken
// for another use of the pointer.)
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=REM
// REM-NOT: remark
// REM: struct 'S' ({{.*}}): rewritten
// REM: exit=0
// RUN: FileCheck %s < %t.cu
// CHECK: kdlg_S_copy_in(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
// CHECK-NEXT: k<<<1, 64>>>(d, n);
// CHECK-NEXT: kdlg_S_copy_out(h, d, n * sizeof(S), cudaMemcpyDeviceToHost);
// CHECK-NEXT: kdlg_S_free(d);
#include <cuda_runtime.h>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
int main() {
  int n = 64;
  S h[64] = {}, *d;
  cudaMalloc(&d, n * sizeof(S));
  cudaMemcpy((void *)d, h, n * sizeof(S), cudaMemcpyHostToDevice);
  k<<<1, 64>>>(d, n);
  cudaMemcpy(h, (const void *)d, n * sizeof(S), cudaMemcpyDeviceToHost);
  cudaFree((void *)d);
  return (int)h[1].x;
}
