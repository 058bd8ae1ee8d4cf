// A global pointer variable of external linkage that becomes a view keeps
// its name but gets a symbol of its own (an asm label, `kdlg_view_` and
// its qualified name): another translation unit that declares it `extern
// P *g_d` and reads it as a pointer now fails to link, where with the
// same symbol it would have read the view's bytes as a pointer (a
// variable's mangled name does not carry its type; found by review: a
// scan of the project for other files naming it missed files outside the
// input's directory, earlier outputs and some header extensions).  A
// static one keeps its symbol; null initialisers become `{}`
// (zero-initialisation, constant as the null pointer's was).
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir/out && cp %s %t.dir/main.cu
// RUN: %exitcode %kdlg-opt %t.dir/main.cu --layout soa -o %t.dir/out/main.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-NOT: [kdlg-rewrite]
// TOOL: remark: global 'g_d' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_3g_d'
// TOOL: remark: global 'n_d' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_2ns3n_d'
// TOOL: remark: global '_g' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_1a2_g'
// TOOL: remark: global 'g' holds a view of struct 'P' and has external linkage: its symbol is now 'kdlg_view_2a_1g'
// TOOL: rewritten: {x, y} SoA
// TOOL: exit=0
// RUN: grep -v '^//' %t.dir/out/main.cu | FileCheck %s
// CHECK: kdlg_view_P g_d __asm__("kdlg_view_3g_d");
// CHECK-NEXT: static kdlg_view_P s_d = {};
// CHECK-NEXT: namespace ns { kdlg_view_P n_d __asm__("kdlg_view_2ns3n_d") = {}; }
// CHECK-NEXT: namespace a { kdlg_view_P _g __asm__("kdlg_view_1a2_g") = {}; }
// CHECK-NEXT: namespace a_ { kdlg_view_P g __asm__("kdlg_view_2a_1g") = {}; }
// RUN: printf 'struct P { float x, y; };\nextern P *g_d;\nP *peek() { return g_d; }\n' > %t.dir/other.cu
// RUN: %nvcc -c %t.dir/out/main.cu -o %t.dir/main.o
// RUN: %nvcc -c %t.dir/other.cu -o %t.dir/other.o
// RUN: not %nvcc %t.dir/main.o %t.dir/other.o -o %t.dir/prog 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: undefined reference to `g_d'
struct P { float x, y; };
P *g_d;
static P *s_d = nullptr;
namespace ns { P *n_d = NULL; }
namespace a { P *_g = nullptr; }
namespace a_ { P *g = nullptr; }
__global__ void k(P *p, int n) { int i = threadIdx.x; if (i < n) p[i].x += p[i].y; }
int main() {
  cudaMalloc(&g_d, 64 * sizeof(P));
  cudaMalloc(&s_d, 64 * sizeof(P));
  cudaMalloc(&ns::n_d, 64 * sizeof(P));
  cudaMalloc(&a::_g, 64 * sizeof(P));
  cudaMalloc(&a_::g, 64 * sizeof(P));
  k<<<1, 64>>>(a::_g, 64); k<<<1, 64>>>(a_::g, 64);
  k<<<1, 64>>>(g_d, 64); k<<<1, 64>>>(s_d, 64); k<<<1, 64>>>(ns::n_d, 64);
  cudaFree(g_d); cudaFree(s_d); cudaFree(ns::n_d);
}
