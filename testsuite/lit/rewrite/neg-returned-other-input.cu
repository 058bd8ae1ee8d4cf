// Several inputs: a function that returns device data, defined in this
// input and called here and in another (main.cu), keeps its struct AoS:
// the other input's call reads the value as a pointer and does not follow
// it (only parameters are followed across inputs), so the view would reach
// it unseen.  The first rewrite of each input reports the calls of
// functions without a body there that return a pointer to a planned struct
// ("USR#r=C", KdRewriteOptions.extern_rets).  Alone, this input is
// rewritten (main.cu is not part of the program then).
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/a.cu && cp %S/Inputs/returned-other/* %t.dir/
// RUN: cd %t.dir && %exitcode %kdlg-opt a.cu main.cu --layout soa -o out/ 2>&1 | FileCheck %s
// CHECK: a.cu:[[@LINE+20]]:4: remark: struct 'S' keeps its AoS layout: function 'make' returns it and another input names it (calls it or takes its address), which would read the view as a pointer [kdlg-rewrite]
// CHECK: exit=0
// Named only in a global initialiser of the other input: the same.
// RUN: cd %t.dir && %exitcode %kdlg-opt a.cu init.cu --layout soa -o out3/ 2>&1 | FileCheck %s --check-prefix=INIT
// INIT: remark: struct 'S' keeps its AoS layout: function 'make' returns it and another input names it (calls it or takes its address)
// INIT: exit=0
// RUN: mkdir -p %t.dir/one && cd %t.dir && %exitcode %kdlg-opt a.cu --layout soa -o one/a.cu 2>&1 | FileCheck %s --check-prefix=ONE
// ONE-NOT: remark
// ONE: rewritten
// ONE: exit=0
#include "s.cuh"
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i].x += p[i].y;
}
void run(int n) {
  S *e = make(n);
  k<<<1, n>>>(e, n);
  cudaFree(e);
}
S *make(int n) {
  S *d;
  cudaMalloc(&d, n * sizeof(S));
  return d;
}
