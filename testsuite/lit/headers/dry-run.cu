// --dry-run lists the edits of every file, a header's by its own path, line
// and column, and writes nothing.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %t.dir && %kdlg-opt %s --layout soa --dry-run | FileCheck %s
// RUN: find %t.dir -type f | FileCheck %s --allow-empty --check-prefix=NONE
// NONE-NOT: {{.}}
// CHECK: dry-run.cu:{{[0-9]+}}:{{[0-9]+}}: replace 'Point *d' -> 'kdlg_view_Point d'
// CHECK: Inputs/sub/kernels.cuh:5:30: replace 'const Point *p' -> 'kdlg_view_Point p'
// CHECK: Inputs/sub/kernels.cuh:6:23: replace 'Point *p' -> 'kdlg_view_Point p'
// CHECK: 1 struct(s) rewritten, 0 kept in AoS; nothing written (--dry-run)
#include <cuda_runtime.h>
#include "Inputs/sub/kernels.cuh"
int main() {
  Point *d;
  cudaMalloc(&d, 100 * sizeof(Point));
  scale<<<1, 100>>>(d, 100);
  cudaFree(d);
}
