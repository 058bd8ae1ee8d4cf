// A macro whose definition spells decltype, used with a view in its
// arguments: the operand is not rewritten, so the struct keeps AoS with a
// remark at the keyword (used only where no view is named: lit
// decltype-macro-unrelated).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-decltype-macro.cu:[[@LINE+4]]:15: remark: struct 'P' keeps its AoS layout: a macro's definition spells decltype or typeof, and 'p' may reach its operand where the macro is used (the rewriter does not rewrite a decltype's operand) [kdlg-rewrite]
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: if (i < n) { DT(p[i].x) t = p[i].y; t += 1.0f; p[i].z = t; }
#define DT(e) decltype(e)
struct P { float x, y, z, w; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { DT(p[i].x) t = p[i].y; t += 1.0f; p[i].z = t; }
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
}
