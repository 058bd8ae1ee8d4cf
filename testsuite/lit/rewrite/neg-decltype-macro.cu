// A macro whose definition spells decltype: where it is used is not
// followed, so a struct with views keeps AoS with a remark at the keyword.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-decltype-macro.cu:[[@LINE+4]]:15: remark: struct 'P' keeps its AoS layout: a macro's definition spells decltype or typeof, whose operand the rewriter does not rewrite where the macro is used [kdlg-rewrite]
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
