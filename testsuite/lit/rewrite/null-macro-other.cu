// A null pointer spelled through a macro other than NULL keeps the struct in
// AoS (the rewriter replaces only the standard name, whose expansion is a
// null pointer constant; null-macro.cu).
#include <cstddef>
#define NOTHING NULL
struct P { float x; int id; };

__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].id;
}

int main() {
  P *d = NOTHING;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  return 0;
}

// RUN: %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck %s
// CHECK: null-macro-other.cu:15:10: remark: struct 'P' keeps its AoS layout: a null pointer is spelled inside a macro [kdlg-rewrite]
