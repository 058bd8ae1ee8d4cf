// Found by review (helper-29): an index a macro builds from its arguments
// (`#define SUM(a, b) a + b`, `d[SUM(i, 1)]`) begins in one argument and
// ends in another; the file text between its ends is `i, 1`, which the
// accessor was given as the index (a comma expression: element 1, not
// i + 1).  And one that begins in an argument and ends in the macro's body
// (`#define NEXT(a) a + 1
#define TAIL 2 + 1`) lost the `+ 1` and left a `)` that did not
// compile.  And `p + i * TAIL` with `#define TAIL 2 + 1` parses as `(p + i
// * 2) + 1`: the terms i * 2 and 1 share TAIL's expansion, and the text
// `i * TAIL` is not the first (U).  A term whose ends are not in one argument of one macro call,
// nor outside macros, now keeps the struct AoS unless it is a subscript's
// whole index spelled from the start of a macro call (macro-index.cu).  The
// output is the input behind the plan comment.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK-DAG: remark: struct 'S' keeps its AoS layout: an index is spelled inside a macro (the rewriter edits only code spelled in the file) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'T' keeps its AoS layout: an index is spelled inside a macro (the rewriter edits only code spelled in the file) [kdlg-rewrite]
// CHECK-DAG: remark: struct 'U' keeps its AoS layout: an index is spelled inside a macro (the rewriter edits only code spelled in the file) [kdlg-rewrite]
// CHECK: exit=0
#include <cuda_runtime.h>
struct S { float x; float y; int next; };
struct T { float x; float y; int next; };
struct U { float x; float y; int next; };
#define SUM(a, b) a + b
#define NEXT(a) a + 1
#define TAIL 2 + 1
__global__ void k(S *d, T *t, U *u, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 2) return;
  U *w = u + (i % 8) * TAIL;
  o[i] = d[SUM(i, 1)].x + t[NEXT(i)].y + w->x;
}
int main() {
  S *d; T *t; U *u; float *o;
  cudaMalloc((void **)&d, 64 * sizeof(S)); cudaMalloc((void **)&t, 64 * sizeof(T)); cudaMalloc((void **)&u, 64 * sizeof(U));
  cudaMalloc((void **)&o, 64 * sizeof(float));
  k<<<1, 64>>>(d, t, u, o, 64);
  return 0;
}
