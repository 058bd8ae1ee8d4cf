// A default member initialiser runs whenever an element is default
// constructed, as the generated load does (`P r;`, then the fields are
// assigned): one that calls a function (P: `int id = next_id();`, an
// atomic counter) would run once more per load than in the original, which
// copies the element: P keeps AoS where it is loaded whole.  Before, P was
// rewritten (a silent difference in `counter`).  Constant initialisers (Q)
// are no obstacle.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// CHECK: neg-nsdmi-whole.cu:[[@LINE+11]]:9: remark: struct 'P' keeps its AoS layout: an element is loaded whole and it has a field whose default member initialiser is not a constant (the generated load would run it on a new element, where the original copies one) [kdlg-rewrite]
// CHECK: struct 'Q' ({{.*}}): rewritten
// CHECK: exit=0
#include <cuda_runtime.h>
__device__ unsigned counter;
__device__ int next_id() { return (int)atomicAdd(&counter, 1u); }
struct P { float x = 1.0f; int id = next_id(); float a[2]; };
struct Q { float x = 2.0f; int n{3}; float b[2] = {}; };
__global__ void k(P *p, Q *q, int n) {
  int i = threadIdx.x;
  if (i + 1 >= n) return;
  P s = p[i];
  p[i + 1].x = s.x;
  Q t = q[i];
  q[i + 1].x = t.x + t.b[1];
}
int main() {
  P *p; Q *q;
  cudaMalloc(&p, 64 * sizeof(P)); cudaMalloc(&q, 64 * sizeof(Q));
  k<<<1, 64>>>(p, q, 64);
}
