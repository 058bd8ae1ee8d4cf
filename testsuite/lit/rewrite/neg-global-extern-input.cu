// Two inputs, one defining a global pointer that would become a view and
// the other declaring it `extern P *g_d;` and reading it: the second would
// read the view as a pointer (with the view's own symbol it would fail to
// link), so P keeps AoS in both, with a remark at the extern declaration;
// the first round's remark that the global's symbol changed is not printed
// (found by review: the program linked before and did not after).
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && sed -n 's/^\/\/ SRC: \{0,1\}//p' %s > %t.dir/other.cu
// RUN: grep -v '^// SRC:' %s > %t.dir/main.cu
// RUN: cd %t.dir && %exitcode %kdlg-opt main.cu other.cu --layout soa -o out/ 2>&1 | FileCheck %s
// CHECK-NOT: kdlg-global-symbol
// CHECK: other.cu:2:11: remark: struct 'P' keeps its AoS layout: a global pointer variable is declared extern here, and the input that defines it could make it a view [kdlg-rewrite]
// CHECK-NOT: kdlg-global-symbol
// CHECK: exit=0
// RUN: cd %t.dir/out && %nvcc -c main.cu -o main.o && %nvcc -c other.cu -o other.o && %nvcc main.o other.o -o prog
// SRC: struct P { float x, y; };
// SRC: extern P *g_d;
// SRC: void read_back(P *h, int n) { cudaMemcpy(h, g_d, n * sizeof(P), cudaMemcpyDeviceToHost); }
struct P { float x, y; };
P *g_d;
void read_back(P *h, int n);
__global__ void k(P *p, int n) { int i = threadIdx.x; if (i < n) p[i].x += p[i].y; }
int main() {
  P h[64];
  cudaMalloc(&g_d, 64 * sizeof(P));
  k<<<1, 64>>>(g_d, 64);
  read_back(h, 64);
  cudaFree(g_d);
}
