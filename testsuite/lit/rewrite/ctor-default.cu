// Issue 21, class 5: a struct with constructors and a defaulted default
// constructor (`S() = default;`, trivial) is rewritten, whole-element loads
// and stores included: kdlg_S_load's `S s;` runs the trivial default
// constructor, as nothing observable.  Default member initialisers (T) do
// not matter either.  The output compiles.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout tiled:32 -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: exit=0
// CHECK:      KDLG_FN S kdlg_S_store(
// CHECK:      KDLG_FN S kdlg_S_load(
// CHECK:      KDLG_FN T kdlg_T_load(
// CHECK:      S s = kdlg_S_load(p, (i));
// CHECK-NEXT: s.x += (*kdlg_T_f_w(t, (i)));
// CHECK-NEXT: kdlg_S_store(p, (n - 1 - i), s);
// CHECK-NEXT: kdlg_S_store(p, (i), S(2.0f));
// CHECK-NEXT: T u = kdlg_T_load(t, (i));
#include <cuda_runtime.h>
struct S { float x, y; int id;
  S() = default;
  __host__ __device__ S(float v) : x(v), y(v), id(1) {} };
struct T { float w = 1.0f; int k = 2; double d = 3.0; };

__global__ void k(S *p, T *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  S s = p[i];
  s.x += t[i].w;
  p[n - 1 - i] = s;
  p[i] = S(2.0f);
  T u = t[i];
  t[i].d = u.k;
}

int main() {
  S *d; T *e;
  cudaMalloc(&d, 100 * sizeof(S)); cudaMalloc(&e, 100 * sizeof(T));
  k<<<1, 100>>>(d, e, 100);
  cudaFree(d); cudaFree(e);
  return 0;
}
