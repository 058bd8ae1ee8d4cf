// decltype(auto) in a function where a pointer is a view: it would deduce
// a reference to the new layout's field from a rewritten access (`return
// p[i].x;` becomes `return (*kdlg_P_f_x(p, (i)));`) where the original
// deduces float.  P keeps AoS with a remark at the keyword.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-decltype-auto.cu:[[@LINE+5]]:12: remark: struct 'P' keeps its AoS layout: decltype(auto) is used where 'p' is a view: it would deduce a reference to the new layout's field where the original deduces a copy [kdlg-rewrite]
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: __device__ decltype(auto) gx(P *p, int i) { return p[i].x; }
struct P { float x, y, z, w; };
__device__ decltype(auto) gx(P *p, int i) { return p[i].x; }
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { float t = gx(p, i); p[i].z = t; }
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
}
