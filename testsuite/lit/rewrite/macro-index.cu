// A subscript whose index is written with a macro (`d[IDX(i, 1, k)]`,
// HeCBench testSNAP's `dulist[DULIST_INDEX(natom, nbor, 0, k)]`): the index
// is all the text between the brackets, which are in the file, whatever
// the macro expands to, so the accessor takes that text as written.  Also
// an index that a macro starts (`IDX(i, 0, 2) + 1`).  Before, "an index is
// spelled inside a macro" kept C AoS.  (A macro's text as the offset of
// `+`, where no brackets delimit it: neg-macro-index-offset.cu.)
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'C' ({{.*}}): rewritten: {re, im} SoA
// VERDICT: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK:      kdlg_C_store(d, (IDX(i, 1, k)), { 0.0, 0.0 });
// CHECK-NEXT: (*kdlg_C_f_re(d, (IDX2(i)))) += 1.0;
// CHECK-NEXT: (*kdlg_C_f_im(d, (IDX(i, 0, 2) + 1))) = (*kdlg_C_f_re(d, (IDX(i, 0, 1))));
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct C { double re, im; };
#define IDX(a, b, k) ((a) * 64 + (b) * 8 + (k))
#define IDX2(a) (a)
__global__ void k(C *d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int k = 0; k < 3; ++k)
    d[IDX(i, 1, k)] = { 0.0, 0.0 };
  d[IDX2(i)].re += 1.0;
  d[ IDX(i, 0, 2) + 1 ].im = d[IDX(i, 0, 1)].re;
}
int main() { C *d; cudaMalloc(&d, 64 * 64 * sizeof(C)); k<<<1, 32>>>(d, 32); cudaFree(d); return 0; }
