// Issue 21, class 3: a field whose type is a struct defined inside the
// struct (`struct S { struct Q {...} q; ... }`): the generated code named
// the type `Q`, which C++ knows only as `S::Q` outside S, and the output did
// not compile.  Now it is spelled as the canonical type (`S::Q`); the output
// compiles.  (OpenCL C has no such scope: `struct Q` there, unchanged.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: typedef S::Q kdlg_S_t_q;
// CHECK: typedef S::Q::R kdlg_S_t_r[2];
#include <cuda_runtime.h>
struct S { struct Q { float a; float b; struct R { int c; } r; } q; Q::R r[2]; float y; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].y = p[i].q.a + p[i].r[1].c;
    S s = p[i];
    s.id++;
    p[i] = s;
  }
}
int main() { S *d; cudaMalloc(&d, 100 * sizeof(S)); k<<<1, 100>>>(d, 100); cudaFree(d); return 0; }
