// A declaration of several pointers, one of them with parentheses around
// its declarator (`P (*a) = p, *b = p;`, or the second: `Q *a = q, (*b) =
// q + 1;`, which became `kdlg_view_Q b) = ...`, found by review): its
// declarators are not told apart, so it is not split; the struct keeps AoS
// with a remark at it and the code is left as written.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-paren-declarator-multi.cu:[[@LINE+9]]:7: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (its declarators could not be told apart) [kdlg-rewrite]
// CHECK: neg-paren-declarator-multi.cu:[[@LINE+14]]:6: remark: struct 'Q' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (its declarators could not be told apart) [kdlg-rewrite]
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: __global__ void k(P *p, int n) {
// OUT-NEXT: P (*a) = p, *b = p;
// OUT: Q *a = q, (*b) = q + 1;
struct P { float x, y, z, w; };
__global__ void k(P *p, int n) {
  P (*a) = p, *b = p;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i].w = b[i].x;
}
struct Q { float x, y; };
__global__ void kq(Q *q, int n) {
  Q *a = q, (*b) = q + 1;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) a[i].x = b[i].y;
}
int main() {
  P *d;
  Q *e;
  cudaMalloc(&d, 64 * sizeof(P));
  cudaMalloc(&e, 64 * sizeof(Q));
  k<<<1, 64>>>(d, 64);
  kq<<<1, 64>>>(e, 64);
  cudaFree(d);
}
