// The standard macro NULL as a null view (issue 19: `S *d = NULL;` is the
// usual way CUDA programs declare device pointers; it kept the struct in AoS
// with "a null pointer is spelled inside a macro").  When the whole null
// constant is one use of NULL, the name is replaced by kdlg_P_null(): in a
// declaration, an assignment and an argument.  Another macro standing for a
// null pointer is still refused (null-macro-other.cu).
#include <cstddef>
struct P { float x; int id; };

__global__ void k(P *p, const P *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].id;
}

int main() {
  P *d = NULL;
  P *d2;
  d2 = NULL;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&d2, 64 * sizeof(P));
  k<<<1, 64>>>(d, NULL, 64);
  k<<<1, 64>>>(d2, d, 64);
  cudaFree(d);
  return 0;
}

// RUN: %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// RUN: FileCheck %s < %t.cu
// VERDICT-NOT: remark
// VERDICT: struct 'P' ({{.*}}): rewritten: {x, id} SoA
// CHECK:      kdlg_view_P d = kdlg_P_null();
// CHECK-NEXT: kdlg_view_P d2;
// CHECK-NEXT: d2 = kdlg_P_null();
// CHECK:      k<<<1, 64>>>(d, kdlg_P_null(), 64);
