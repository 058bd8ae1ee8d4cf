// The forms of an untyped device array (untyped.c): a `char *` allocated
// through `(void **)&d` and declared next to another variable, `(void *)d`
// given to cudaMemcpy, `static_cast<const S *>` of a `void *`, a cast plus an
// offset held in a variable, a null initialiser.  Each becomes S's view.
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=REM
// REM-NOT: remark
// REM: struct 'S' ({{.*}}): rewritten
// REM: exit=0
// RUN: FileCheck %s < %t.cu
// CHECK: char *a = NULL; kdlg_view_S d;
// CHECK-NEXT: kdlg_view_S e = kdlg_S_null();
// CHECK-NEXT: kdlg_S_malloc((void **)&d, n * sizeof(S));
// CHECK-NEXT: kdlg_S_malloc_async(&e, n * sizeof(S), 0);
// CHECK-NEXT: kdlg_S_copy_in(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
// CHECK-NEXT: kdlg_view_S q = kdlg_S_offset(d, (1));
// CHECK-NEXT: k<<<1, 63>>>(q, n - 1);
// CHECK-NEXT: r<<<1, 64>>>(d, e, n);
// CHECK-NEXT: kdlg_S_copy_between_async(d, e, n * sizeof(S), cudaMemcpyDeviceToDevice, 0);
// CHECK-NEXT: kdlg_S_memset(e, 0, n * sizeof(S));
// CHECK-NEXT: kdlg_S_free(d);
// CHECK-NEXT: kdlg_S_free_async(e, 0);
#include <cuda_runtime.h>
#include <cstdio>
struct S { float x; float y; int n; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x = p[i].y + p[i].n;
}
__global__ void r(const S *p, S *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i].y = p[i].x;
}
int main() {
  int n = 64;
  S h[64] = {};
  char *a = NULL, *d;
  void *e = 0;
  cudaMalloc((void **)&d, n * sizeof(S));
  cudaMallocAsync(&e, n * sizeof(S), 0);
  cudaMemcpy((void *)d, h, n * sizeof(S), cudaMemcpyHostToDevice);
  S *q = (S *)d + 1;
  k<<<1, 63>>>(q, n - 1);
  r<<<1, 64>>>((const S *)d, static_cast<S *>(e), n);
  cudaMemcpyAsync(d, e, n * sizeof(S), cudaMemcpyDeviceToDevice, 0);
  cudaMemset(e, 0, n * sizeof(S));
  cudaFree(d);
  cudaFreeAsync(e, 0);
  printf("%p\n", (void *)a);
  return 0;
}
