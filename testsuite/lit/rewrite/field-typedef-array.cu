// Issue 21, class 3: a field whose type is a typedef of an array
// (`typedef unsigned A4[4]; struct S { A4 a; ... }`): the generated load and
// store assigned the array as a whole (`s.a = *kdlg_S_f_a(v, i)`), which C
// and C++ do not allow, and the output did not compile.  Now the typedef is
// looked through and the array is copied element by element, as a field
// declared `unsigned a[4]` is; the output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK: typedef unsigned int kdlg_S_t_a[4];
// CHECK: typedef float kdlg_S_t_m[2][3];
// CHECK: KDLG_FN S kdlg_S_load(kdlg_view_S v, kdlg_index i) { S s; s.x = *kdlg_S_f_x(v, i); for (int k = 0; k < 4; k++) ((unsigned int *)s.a)[k] = ((KDLG_GLOBAL unsigned int *)kdlg_S_f_a(v, i))[k];
#include <cuda_runtime.h>
typedef unsigned A4[4];
typedef float A2x3[3];
typedef A2x3 M[2];
struct S { float x; A4 a; M m; int id; };
__global__ void k(S *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x = p[i].a[1] + p[i].m[1][2];
    p[i].a[2] = p[i].id;
    S s = p[i];
    s.m[0][1] += 1.0f;
    p[(i + 1) % n] = s;
  }
}
int main() { S *d; cudaMalloc(&d, 100 * sizeof(S)); k<<<1, 100>>>(d, 100); cudaFree(d); return 0; }
