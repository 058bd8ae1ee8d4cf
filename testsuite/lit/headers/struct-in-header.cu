// A struct defined in a project header is planned and rewritten; the header
// only defines it, so it does not change: the struct's generated code goes
// into the output, after the #include line that brings the header in, and
// nothing is written beside the output but the output.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS-NOT: remark
// REMARKS: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// RUN: find %t.dir -type f | FileCheck %s --check-prefix=FILES
// FILES-NOT: Inputs
// FILES: out.cu
// FILES-NOT: Inputs
// CHECK: Point: epsilon 128 B; {{.*}} SoA -> rewritten
// CHECK: #include "Inputs/point.h"
// CHECK-EMPTY:
// CHECK-NEXT: #ifndef KDLG_FN
// CHECK: typedef struct kdlg_view_Point {
// CHECK: #include "Inputs/consts.h"
// CHECK: __global__ void scale(kdlg_view_Point p, int n)
// RUN: %nvcc -I %S -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
#include "Inputs/point.h"
#include "Inputs/consts.h"
__global__ void scale(Point *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x *= SCALE * p[i].y;
}
int main() {
  Point *d;
  cudaMalloc(&d, 100 * sizeof(Point));
  scale<<<1, 100>>>(d, 100);
  cudaFree(d);
}
