// A default member initialiser runs whenever an element is default
// constructed: one that calls a function (P: `int id = next_id();`, an
// atomic counter) would run once more per load than in the original, which
// copies the element (`P s = p[i]`).  P's generated load builds its element
// in raw storage, running no initialiser (P used to be rewritten with
// `P s;`, a silent difference in `counter`, and then kept AoS); constant
// initialisers (Q) may run, and Q's load declares `Q s;`.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// RUN: grep '_load(kdlg_view' %t.dir/out.cu | FileCheck %s --check-prefix=LOAD
// LOAD: KDLG_FN P kdlg_P_load(kdlg_view_P v, kdlg_index i) { alignas(P) unsigned char kd_b[sizeof(P)]; P &s = *reinterpret_cast<P *>(kd_b);
// LOAD: KDLG_FN Q kdlg_Q_load(kdlg_view_Q v, kdlg_index i) { Q s;
// CHECK-NOT: remark
// CHECK: struct 'P' ({{.*}}): rewritten
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
