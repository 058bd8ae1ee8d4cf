// Host pointer variables of namespace scope and static locals that hold
// device data (issue 19: HeCBench streamcluster's `Point_Struct *p_d;`;
// globals.c): each becomes a view like a local, its declaration
// `kdlg_view_P name` (a `static` kept, NULL or nullptr `{}`, a symbol of
// its own for one of external linkage: global-pointer-symbol.cu), and
// every use in the functions that allocate, copy, launch and free.  nvcc
// compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-NOT: [kdlg-rewrite]
// TOOL: main.cu:[[@LINE+18]]:4: remark: global 'g_d' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_3g_d', so a translation unit that declares it as a pointer fails to link (give that file too, or make it static) [kdlg-global-symbol]
// TOOL: main.cu:[[@LINE+19]]:19: remark: global 'n_d' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_2ns3n_d'
// TOOL: rewritten: {x, y} SoA
// TOOL: exit=0
// RUN: grep -v '^//' %t.dir/out/main.cu | FileCheck %s
// CHECK: kdlg_view_P g_d __asm__("kdlg_view_3g_d");
// CHECK-NEXT: static kdlg_view_P s_d = {};
// CHECK-NEXT: namespace ns { kdlg_view_P n_d __asm__("kdlg_view_2ns3n_d") = {}; }
// CHECK: static kdlg_view_P t_d = {};
// CHECK-NEXT: kdlg_P_malloc(&t_d, n * sizeof(P));
// CHECK-NEXT: k<<<1, n>>>(t_d, n);
// CHECK: kdlg_P_malloc(&g_d, 64 * sizeof(P));
// CHECK-NEXT: kdlg_P_malloc((void **)&s_d, 64 * sizeof(P));
// CHECK-NEXT: kdlg_P_malloc(&ns::n_d, 64 * sizeof(P));
// CHECK-NEXT: kdlg_P_copy_between(s_d, g_d, 64 * sizeof(P), cudaMemcpyDeviceToDevice);
// CHECK-NEXT: k<<<1, 32>>>(kdlg_P_offset(g_d, (32)), 32);
// RUN: %nvcc -c %t.dir/out/main.cu -o %t.dir/out.o
struct P { float x, y; };
P *g_d;
static P *s_d = nullptr;
namespace ns { P *n_d = NULL; }
__global__ void k(P *p, int n) { int i = threadIdx.x; if (i < n) p[i].x += p[i].y; }
void run(int n) {
  static P *t_d = NULL;
  cudaMalloc(&t_d, n * sizeof(P));
  k<<<1, n>>>(t_d, n);
  cudaFree(t_d);
}
int main() {
  cudaMalloc(&g_d, 64 * sizeof(P));
  cudaMalloc((void **)&s_d, 64 * sizeof(P));
  cudaMalloc(&ns::n_d, 64 * sizeof(P));
  cudaMemcpy(s_d, g_d, 64 * sizeof(P), cudaMemcpyDeviceToDevice);
  k<<<1, 32>>>(g_d + 32, 32);
  k<<<1, 64>>>(ns::n_d, 64);
  run(64);
  cudaFree(g_d); cudaFree(s_d); cudaFree(ns::n_d);
}
