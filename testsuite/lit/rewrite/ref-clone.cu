// Issue 21, class 5: references to elements in a `__host__ __device__`
// function called by a kernel with device data and by main() with a host
// array: the original keeps its references (host, AoS), the clone's become
// views; a reference in main() to a host element is left alone.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      __host__ __device__ void step(S *p, int i) {
// CHECK-NEXT:   S &r = p[i];
// CHECK-NEXT:   const S &c = p[i == 0 ? 0 : i - 1];
// CHECK-NEXT:   r.x += c.y;
// CHECK:      __host__ __device__ void step__kdlg_S(kdlg_view_S p, int i) {
// CHECK-NEXT:   kdlg_view_S r = kdlg_S_offset(p, (i));
// CHECK-NEXT:   kdlg_view_S c = kdlg_S_offset(p, (i == 0 ? 0 : i - 1));
// CHECK-NEXT:   (*kdlg_S_f_x(r, 0)) += (*kdlg_S_f_y(c, 0));
// CHECK:      if (i < n) step__kdlg_S(p, i);
// CHECK:      S &e = h[i];
// CHECK-NEXT: e.y = (float)i;
// CHECK-NEXT: step(h, i);
#include <cuda_runtime.h>
#include <stdlib.h>
struct S { float x; float y; int id; };

__host__ __device__ void step(S *p, int i) {
  S &r = p[i];
  const S &c = p[i == 0 ? 0 : i - 1];
  r.x += c.y;
}

__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) step(p, i);
}

int main() {
  S *h = (S *)calloc(100, sizeof(S));
  for (int i = 0; i < 100; i++) {
    S &e = h[i];
    e.y = (float)i;
    step(h, i);
  }
  S *d;
  cudaMalloc(&d, 100 * sizeof(S));
  k<<<1, 100>>>(d, 100);
  cudaFree(d);
  free(h);
  return 0;
}
