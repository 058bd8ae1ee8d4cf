// Issue 21, class 7: undefined behaviour that UBSan reported on most inputs:
// qsort given a null array when a run has no edits (transform/edits.c), and
// memcpy / qsort / bsearch given a null array when pass 1 found no struct
// pointer variable or a body no name of the variable (transform/rewrite/
// legality.c).  Each is now skipped when there is nothing to sort or copy.
// The behaviour shows only in a sanitizer build: configure with
// -DKDLG_SANITIZE=undefined (every report is fatal) and this test fails on
// 246646b (built with -fsanitize=undefined -fno-sanitize-recover=undefined)
// and passes now.  (1) no kernel takes a struct pointer (-DONLY_FLOATS: no
// variable, nothing to rewrite); (2) --layout aos (variables, no edits); (3) soa, views
// and edits.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/a.cu -- -DONLY_FLOATS 2>&1 | FileCheck %s --check-prefix=NOSTRUCT
// RUN: %exitcode %kdlg-opt %s --layout aos -o %t.dir/b.cu 2>&1 | FileCheck %s
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/c.cu 2>&1 | FileCheck %s
// NOSTRUCT-NOT: runtime error
// NOSTRUCT: exit=0
// CHECK-NOT: runtime error
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int id; };

__global__ void scale(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] *= 2.0f;
}

#ifndef ONLY_FLOATS
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x = p[i].y + (float)p[i].id;
}
#endif

int main() {
  float *v;
  S *d;
  cudaMalloc(&v, 64 * sizeof(float));
  cudaMalloc(&d, 64 * sizeof(S));
  scale<<<1, 64>>>(v, 64);
#ifndef ONLY_FLOATS
  k<<<1, 64>>>(d, 64);
#endif
  cudaFree(v);
  cudaFree(d);
  return 0;
}
