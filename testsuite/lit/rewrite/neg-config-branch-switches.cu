// A branch counts as one the configuration leaves out only where every
// #if and #elif around it tests the build's own switches: macro names with
// defined, !, && and || alone.  Each of these keeps its struct AoS with the
// hidden-use remark (no #error line), since nvcc may compile the branch
// although both of kdlg-opt's clang parses skip it (found by review):
// A: `!defined(__clang__)` (a name reserved to the implementation);
// B: a macro the project derives from __CUDA_ARCH__ (another architecture
//    of the build may define it);
// C: a comparison (`MODE == 2`) of a macro the project defines;
// D: a later #elif of the chain that tests __CUDA_ARCH__;
// E: a switch the command line neither defines nor undefines (`#ifdef
//    DBG`: clang's parse and nvcc's define different names, `CUDA_VERSION`,
//    `CLOCK_MONOTONIC`, `linux`, `assert`);
// F: a `%:` digraph directive in the file (second review);
// G: a commented-out directive in the file (`/* #endif */` misread);
// H: a file included in the function's body (its text is not checked).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: printf '#ifdef __CUDA_ARCH__\nh[threadIdx.x].y = h[threadIdx.x].x;\n#endif\n' > %t.dir/dev.inc
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu -- --cuda-gpu-arch=sm_90 -UUSE_FMA -UOTHER -UDBG2 -UDBG3 -I %t.dir 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK-DAG: remark: struct 'A' keeps its AoS layout: 'a' is used where the parser does not see it
// CHECK-DAG: remark: struct 'B' keeps its AoS layout: 'b' is used where the parser does not see it
// CHECK-DAG: remark: struct 'C' keeps its AoS layout: 'c' is used where the parser does not see it
// CHECK-DAG: remark: struct 'D' keeps its AoS layout: 'd' is used where the parser does not see it
// CHECK-DAG: remark: struct 'E' keeps its AoS layout: 'e' is used where the parser does not see it
// CHECK-DAG: remark: struct 'F' keeps its AoS layout: 'f' is used where the parser does not see it
// CHECK-DAG: remark: struct 'G' keeps its AoS layout: 'g' is used where the parser does not see it
// CHECK-DAG: remark: struct 'H' keeps its AoS layout: the body of the function that uses 'h' includes a file, whose text the rewriter does not check for uses the parser does not see
// CHECK: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// OUT-NOT: #error
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
#define HAS_NEW 1
#endif
#define MODE 1
struct A { float x, y; };
__global__ void ka(A *a) {
#if !defined(__clang__)
  a[threadIdx.x].y = a[threadIdx.x].x;
#endif
  a[threadIdx.x].x += 1.0f;
}
struct B { float x, y; };
__global__ void kb(B *b) {
#ifdef HAS_NEW
  b[threadIdx.x].y = b[threadIdx.x].x;
#endif
  b[threadIdx.x].x += 1.0f;
}
struct C { float x, y; };
__global__ void kc(C *c) {
#if MODE == 2
  c[threadIdx.x].y = c[threadIdx.x].x;
#endif
  c[threadIdx.x].x += 1.0f;
}
struct D { float x, y; };
__global__ void kd(D *d) {
#if defined(USE_FMA)
  d[threadIdx.x].y = fmaf(d[threadIdx.x].x, 2.0f, 0.0f);
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  d[threadIdx.x].y = d[threadIdx.x].x * 2.0f;
#endif
  d[threadIdx.x].x += 1.0f;
}
struct E { float x, y; };
__global__ void ke(E *e) {
#ifdef DBG
  e[threadIdx.x].y = e[threadIdx.x].x;
#endif
  e[threadIdx.x].x += 1.0f;
}
struct F { float x, y; };
__global__ void kf(F *f) {
%:ifdef OTHER
  f[threadIdx.x].y = f[threadIdx.x].x;
%:endif
  f[threadIdx.x].x += 1.0f;
}
struct G { float x, y; };
__global__ void kg(G *g) {
/* was:
#endif
*/
#ifdef DBG2
  g[threadIdx.x].y = g[threadIdx.x].x;
#endif
  g[threadIdx.x].x += 1.0f;
}
struct H { float x, y; };
__global__ void kh(H *h) {
#include "dev.inc"
  h[threadIdx.x].x += 1.0f;
}
int main() {
  A *a; B *b; C *c; D *d; E *e; F *f; G *g; H *h;
  cudaMalloc(&a, 64 * sizeof(A)); cudaMalloc(&b, 64 * sizeof(B));
  cudaMalloc(&c, 64 * sizeof(C)); cudaMalloc(&d, 64 * sizeof(D));
  cudaMalloc(&e, 64 * sizeof(E)); cudaMalloc(&f, 64 * sizeof(F));
  cudaMalloc(&g, 64 * sizeof(G)); cudaMalloc(&h, 64 * sizeof(H));
  ka<<<1, 64>>>(a); kb<<<1, 64>>>(b); kc<<<1, 64>>>(c); kd<<<1, 64>>>(d);
  ke<<<1, 64>>>(e); kf<<<1, 64>>>(f); kg<<<1, 64>>>(g); kh<<<1, 64>>>(h);
}
