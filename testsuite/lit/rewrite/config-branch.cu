// A view named in a branch of #if that this configuration leaves out on
// the host and the device side alike (a debug print, the other arm of a
// build option), whose switches the command line defines or undefines
// (-DWITH_FMA, -UDEBUG_PRINT): the parser does not see that text, so it stays as
// written, and instead of keeping the struct AoS (as before) the output
// puts an #error at the top of each such branch and kdlg-opt warns.  The
// output compiles as configured; turned on, the branch stops the build
// with the reason (not on the view it cannot index).  HeCBench su3 and
// local-ht have such branches.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu -- -DWITH_FMA -UDEBUG_PRINT 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-DAG: config-branch.cu:[[@LINE+24]]:30: warning: 'p', a view of struct 'P', is named in a branch of #if that this configuration leaves out (on the host and the device side), which stays as written: the output stops there with #error if a build turns the branch on [kdlg-config-branch]
// TOOL-DAG: config-branch.cu:[[@LINE+28]]:3: warning: 'p', a view of struct 'P', is named in a branch of #if
// TOOL-NOT: remark
// TOOL: struct 'P' ({{.*}}config-branch.cu:[[@LINE+16]]:8): rewritten
// TOOL: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: #ifdef DEBUG_PRINT
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p', whose struct 'P' kdlg-opt gave a new layout in a configuration that leaves the branch out: run kdlg-opt again with the branch's macros set"
// CHECK-NEXT: if (i == 0) printf("%f\n", p[i].x);
// CHECK-NEXT: #endif
// CHECK: #ifdef WITH_FMA
// CHECK-NEXT: (*kdlg_P_f_y(p, (i))) = fmaf((*kdlg_P_f_x(p, (i))), 2.0f, 1.0f);
// CHECK-NEXT: #else
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p'
// CHECK-NEXT: p[i].y = p[i].x * 2.0f + 1.0f;
// RUN: %nvcc -DWITH_FMA -c %t.dir/out.cu -o %t.dir/out.o
// RUN: not %nvcc -DWITH_FMA -DDEBUG_PRINT -c %t.dir/out.cu -o %t.dir/dbg.o 2>&1 | FileCheck %s --check-prefix=ON
// ON: error: {{.*}}kdlg-opt: this branch names 'p', whose struct 'P'
#include <cstdio>
struct P { float x, y; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
#ifdef DEBUG_PRINT
  if (i == 0) printf("%f\n", p[i].x);
#endif
#ifdef WITH_FMA
  p[i].y = fmaf(p[i].x, 2.0f, 1.0f);
#else
  p[i].y = p[i].x * 2.0f + 1.0f;
#endif
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  cudaFree(d);
}
