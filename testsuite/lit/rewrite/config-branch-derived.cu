// A branch's switch that the project #defines itself, but only in a branch
// this configuration leaves out too (`#ifdef DEBUG_GPU` / `#define
// DEBUG_PRINT_GPU 1`, HeCBench local-ht): given -UDEBUG_GPU, no build of
// this configuration reads that #define, so DEBUG_PRINT_GPU is the build's
// own switch and the debug branch gets the #error guard (a build with
// -DDEBUG_GPU turns it on, and stops there).  Without -UDEBUG_GPU the
// #define may be read, and the struct keeps AoS as before (before this,
// the header's #define kept it AoS whatever the command line said).
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/k.cu && cp %S/Inputs/config-derived/defs.cuh %t.dir/ && cp %S/Inputs/config-derived/main.cu %t.dir/
// RUN: cd %t.dir && %exitcode %kdlg-opt k.cu main.cu --layout soa -o out/ -UDEBUG_PRINT_GPU -UDEBUG_GPU 2>&1 | FileCheck %s --check-prefix=ON
// ON: k.cu:[[@LINE+19]]:30: warning: 'p', a view of struct 'P', is named in a branch of #if that this configuration leaves out
// ON: struct 'P' ({{.*}}defs.cuh:6:8): rewritten
// ON: exit=0
// RUN: FileCheck %s --input-file %t.dir/out/k.cu
// CHECK: #ifdef DEBUG_PRINT_GPU
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p'
// RUN: %nvcc -c %t.dir/out/k.cu -o %t.dir/k.o
// RUN: not %nvcc -DDEBUG_GPU -c %t.dir/out/k.cu -o %t.dir/dbg.o 2>&1 | FileCheck %s --check-prefix=DBG
// DBG: error: {{.*}}kdlg-opt: this branch names 'p'
// Only the derived switch given: the header's #define may be read.
// RUN: cd %t.dir && %exitcode %kdlg-opt k.cu main.cu --layout soa -o out2/ -UDEBUG_PRINT_GPU 2>&1 | FileCheck %s --check-prefix=OFF
// OFF: struct 'P' ({{.*}}defs.cuh:6:8): kept in AoS: 'p' is used where the parser does not see it
// OFF: exit=0
#include <cstdio>
#include "defs.cuh"
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#ifdef DEBUG_PRINT_GPU
  if (i == 0) printf("%f\n", p[i].x);
#endif
  p[i].y = p[i].x * 2.0f + 1.0f;
}
void launch(P *d, int n) { k<<<(n + 63) / 64, 64>>>(d, n); }
