// A macro whose definition spells typeof (HeCBench chemv's ppcg_min, a
// statement expression on loop bounds) used only where no view is named
// in its arguments: struct A is rewritten (it kept AoS before, for any
// such macro of the file).  A use that names a view in its arguments (B,
// and lit neg-decltype-macro), also through another macro whose definition
// uses it (C: MIN2(c[i].y)), keeps the struct AoS.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK-DAG: decltype-macro-unrelated.cu:[[@LINE+12]]:29: remark: struct 'B' keeps its AoS layout: a macro's definition spells decltype or typeof, and 'b' may reach its operand where the macro is used (the rewriter does not rewrite a decltype's operand) [kdlg-rewrite]
// CHECK-DAG: decltype-macro-unrelated.cu:[[@LINE+11]]:29: remark: struct 'C' keeps its AoS layout: a macro's definition spells decltype or typeof, and 'c' may reach
// CHECK-DAG: struct 'A' ({{.*}}): rewritten
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: for (int c = 0; c <= ppcg_min(31, 32 * i + 3); c++)
// OUT-NEXT: (*kdlg_A_f_x(a, (i))) += (float)c;
// OUT: b[i].y = ppcg_min(b[i].x, 2.0f);
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
struct A { float x, y; };
struct B { float x, y; };
struct C { float x, y; };
#define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
#define MIN2(x) ppcg_min(x, 2)
__global__ void k(A *a, B *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  for (int c = 0; c <= ppcg_min(31, 32 * i + 3); c++)
    a[i].x += (float)c;
  b[i].y = ppcg_min(b[i].x, 2.0f);
}
__global__ void k2(C *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i].x = (float)MIN2(c[i].y);
}
int main() {
  A *a; B *b; C *c;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B)); cudaMalloc(&c, 64 * sizeof(C));
  k<<<1, 64>>>(a, b, 64);
  k2<<<1, 64>>>(c, 64);
}
