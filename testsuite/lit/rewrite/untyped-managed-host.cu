// Managed memory allocated into a `void *` and touched by the host only
// through casts to the struct's pointer: every host access is an access of
// S's view too (the accessors are __host__ __device__, the regions managed),
// so the host reads after the kernel see what the kernel wrote.
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=REM
// REM-NOT: remark
// REM: struct 'S' ({{.*}}): rewritten
// REM: exit=0
// RUN: FileCheck %s < %t.cu
// CHECK: kdlg_view_S m;
// CHECK-NEXT: kdlg_S_malloc_managed(&m, n * sizeof(S));
// CHECK-NEXT: for (int i = 0; i < n; i++) { (*kdlg_S_f_y(m, (i))) = i; (*kdlg_S_f_n(m, (i))) = 2 * i; }
// CHECK-NEXT: k<<<1, 64>>>(m, n);
// CHECK: printf("%f\n", (*kdlg_S_f_x(m, (3))));
// CHECK-NEXT: kdlg_S_free(m);
#include <cuda_runtime.h>
#include <cstdio>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
int main() {
  int n = 64;
  void *m;
  cudaMallocManaged(&m, n * sizeof(S));
  for (int i = 0; i < n; i++) { ((S *)m)[i].y = i; ((S *)m)[i].n = 2 * i; }
  k<<<1, 64>>>((S *)m, n);
  cudaDeviceSynchronize();
  printf("%f\n", ((S *)m)[3].x);
  cudaFree(m);
  return 0;
}
