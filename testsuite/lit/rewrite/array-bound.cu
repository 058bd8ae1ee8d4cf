// An array bound that names a view (`float tmp[sizeof(p[0]) / 4] = {0}`)
// is rewritten like any expression (sizeof of the loaded element, the
// struct's size), with an initialiser too; before, only a declaration
// without one had its bound rewritten, and nvcc rejected `p[0]` on the
// view.  nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: rewritten: {x, y, z, w} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: float tmp[sizeof(kdlg_P_load(p, (0))) / sizeof(float)] = {0};
// CHECK: float tmq[sizeof(kdlg_P_load(p, (0))) / sizeof(float)];
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
struct P { float x, y, z, w; };
__global__ void k(P *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float tmp[sizeof(p[0]) / sizeof(float)] = {0};
  float tmq[sizeof(p[0]) / sizeof(float)];
  if (i < n) { tmq[0] = tmp[1] + p[i].x; tmp[3] = p[i].w; p[i].y = tmp[3] + tmq[0]; }
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
}
