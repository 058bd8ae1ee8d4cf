// A declaration of several pointers, one of them with parentheses around
// its declarator (`P (*a) = p, *b = p;`): its declarators are not told
// apart, so it is not split; P keeps AoS with a remark at it and the code
// is left as written.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-paren-declarator-multi.cu:[[@LINE+8]]:7: remark: struct 'P' keeps its AoS layout: a declaration of several variables includes a pointer to it and cannot be split (its declarators could not be told apart) [kdlg-rewrite]
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: __global__ void k(P *p, int n) {
// OUT-NEXT: P (*a) = p, *b = p;
// OUT: P *d;
struct P { float x, y, z, w; };
__global__ void k(P *p, int n) {
  P (*a) = p, *b = p;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i].w = b[i].x;
}
int main() {
  P *d;
  cudaMalloc(&d, 64 * sizeof(P));
  k<<<1, 64>>>(d, 64);
  cudaFree(d);
}
