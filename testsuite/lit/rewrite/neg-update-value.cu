// The value of a pointer update on a view (`q += k`, `++q`, `q++`, `q = e`)
// is a view after rewriting (kdlg_S_pre / _post / the assignment), which only
// a view variable or parameter can take.  Used anywhere else it would be
// non-compiling output; the struct keeps AoS, with a remark (review finding,
// before: no remark, and nvcc failed).  A: the update is a CUDA memory
// function's argument; B: a variable is given it, which joins the view (the
// update is seen through as its source, with an offset); C: a function the
// rewriter cannot see into is given it (through a comma too).  The output is
// the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-update-value.cu:[[@LINE+26]]:14: remark: struct 'A' keeps its AoS layout: a CUDA memory function is given a pointer update's value [kdlg-rewrite]
// CHECK: neg-update-value.cu:[[@LINE+27]]:8: remark: struct 'B' keeps its AoS layout: a pointer variable is given a pointer the rewriter does not track [kdlg-rewrite]
// CHECK: neg-update-value.cu:[[@LINE+29]]:7: remark: struct 'C' keeps its AoS layout: a pointer update's value is passed to 'use' [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct A { float x; float y; int n; };
struct B { float x; float y; int n; };
struct C { float x; float y; int n; };
void use(const void *, int);
__global__ void k(A *a, B *b, C *c, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = a[i].x + b[i].y + c[i].x;
}
int main() {
  int n = 64;
  A *da, ha[64] = {};
  B *db;
  C *dc;
  float *o;
  cudaMalloc(&da, n * sizeof(A));
  cudaMalloc(&db, n * sizeof(B));
  cudaMalloc(&dc, n * sizeof(C));
  cudaMalloc(&o, n * sizeof(float));
  A *qa = da;
  cudaMemcpy(qa += n / 2, ha, n / 2 * sizeof(A), cudaMemcpyHostToDevice);
  B *qb = db, *wb;
  wb = ++qb;
  k<<<1, 64>>>(da, wb, dc, o, n);
  C *qc = dc;
  use((n, qc++), n);
  return 0;
}
