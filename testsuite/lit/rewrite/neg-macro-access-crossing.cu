// An access whose extent crosses the end of a macro's argument (`ID(p)->x`:
// its text is `p)->x`), or a base call formed by a macro (`CALL(at, p,
// i)->x`: the call's text is `at, p, i)`), keeps its struct AoS as an access
// spelled inside a macro; before, the edit replaced that text and the output
// did not compile (found by review; `ID(p)->x` older than returned views).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: an access is spelled inside a macro (the rewriter edits only code spelled in the file) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: an access is spelled inside a macro
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: an access is spelled inside a macro
// CHECK: 3 structs: 0 rewritten, 3 kept in AoS
// CHECK: exit=0
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct A { float x, y; };
struct B { float x, y; };
struct C { float x, y; };
#define ID(e) e
#define CALL(f, a, b) f(a, b)
__device__ B *at(B *p, int i) { return p + i; }
__device__ C *atc(C *p, int i) { return p + i; }
__global__ void k(A *a, B *b, C *c, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  ID(a)->x = 7.0f;
  CALL(at, b, i)->x = 7.0f;
  ID(atc(c, i))->y = 2.0f;
}
int main() {
  A *a; B *b; C *c;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  k<<<1, 64>>>(a, b, c, 64);
}
