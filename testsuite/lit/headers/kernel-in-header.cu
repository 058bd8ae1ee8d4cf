// A kernel and a device function defined in a project header (in a
// subdirectory) take the struct's pointer: that header is rewritten and
// written beside the output at its path relative to the input
// (OUTDIR/Inputs/sub/kernels.cuh), and so is the struct's header, which now
// holds the struct's generated code; a header the rewrite leaves alone
// (consts.h) is not written.  nvcc compiles the output, finding the
// rewritten headers before the originals.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS-NOT: remark
// REMARKS: exit=0
// RUN: find %t.dir -type f | sort | FileCheck %s --check-prefix=FILES
// FILES: {{/}}Inputs/point.h
// FILES-NEXT: {{/}}Inputs/sub/kernels.cuh
// FILES-NEXT: {{/}}out.cu
// RUN: FileCheck %s --check-prefix=KERNELS --input-file %t.dir/Inputs/sub/kernels.cuh
// KERNELS: /* Rewritten by kdlg-opt {{.*}} (the plan is in the first comment of the rewritten sources) */
// KERNELS-NEXT: // (headers/kernel-in-header.cu)
// KERNELS: __device__ inline float len2(kdlg_view_Point p, int i) { return (*kdlg_Point_f_x(p, (i)))
// KERNELS: __global__ void scale(kdlg_view_Point p, int n) {
// RUN: FileCheck %s --check-prefix=POINT --input-file %t.dir/Inputs/point.h
// POINT: /* Rewritten by kdlg-opt
// POINT-NEXT: #include "kdlg_cuda.cuh"
// POINT: struct Point {
// POINT: typedef struct kdlg_view_Point {
// POINT: #endif
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: #include "kdlg_cuda.cuh"
// CHECK: #include "Inputs/sub/kernels.cuh"
// CHECK-NOT: kdlg_view_Point {
// CHECK: kdlg_view_Point d;
// CHECK: kdlg_Point_malloc(&d,
// RUN: %nvcc -I %S -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
#include "Inputs/sub/kernels.cuh"
#include "Inputs/consts.h"
int main() {
  Point *d;
  cudaMalloc(&d, 100 * sizeof(Point));
  scale<<<1, 100>>>(d, 100);
  cudaFree(d);
  return (int)SCALE;
}
