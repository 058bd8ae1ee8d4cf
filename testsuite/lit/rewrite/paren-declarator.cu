// A pointer declared with parentheses around its declarator (`P (*d)`,
// `P ((*e)) = p + 1`, a parameter `P (*q)`, an unnamed prototype parameter
// `P (*)`): the whole declarator becomes `kdlg_view_P name`, its ')' too
// (issue 21, class 3: `kdlg_view_P d);` did not compile).  A declaration
// of several variables with such a declarator is not split: that struct
// keeps AoS with a remark (neg-paren-declarator-multi.cu).  nvcc compiles
// the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'P' ({{.*}}paren-declarator.cu:[[@LINE+11]]:8): rewritten: {x, y, z, w} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: __device__ float get(kdlg_view_P, int);
// CHECK: __device__ float get(kdlg_view_P q, int i) { return (*kdlg_P_f_y(q, (i))); }
// CHECK: __global__ void k(kdlg_view_P p, int n) {
// CHECK-NEXT: kdlg_view_P d = p;
// CHECK-NEXT: kdlg_view_P e = kdlg_P_offset(p, (1));
// CHECK-NEXT: kdlg_view_P c = p;
// CHECK: kdlg_view_P d;
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
struct P { float x, y, z, w; };
__device__ float get(P (*), int);
__device__ float get(P (*q), int i) { return q[i].y; }
__global__ void k(P (*p), int n) {
  P (*d) = p;
  P ((*e)) = p + 1;
  P const (*c) = p;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) d[i].x = get(e, i) + c[i].z;
}
int main() {
  P (*d);
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  cudaFree(d);
}
