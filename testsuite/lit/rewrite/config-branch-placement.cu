// The #error line goes at the top of the innermost branch that names the
// view (an #elif, a branch nested in another), after the whole of its
// directive, continuation lines included (`\` with a blank after it, and
// CRLF line ends: the input is written with them).  Found by review: the
// line went after the first physical line of `#if A || \`, inside the
// condition, and under the chain's first branch.  nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: sed -n 's/^\/\/ SRC: \{0,1\}//p' %s | sed 's/$/\r/' > %t.dir/in.cu
// RUN: %exitcode %kdlg-opt %t.dir/in.cu --layout soa -o %t.dir/out.cu -- -DOPT_A -UDEBUG_A -U DEBUG_B -UOPT_B -UOUTER -UINNER 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL-COUNT-3: warning: 'p', a view of struct 'P', is named in a branch of #if that this configuration leaves out
// TOOL: rewritten
// TOOL: exit=0
// RUN: tr -d '\r' < %t.dir/out.cu | FileCheck %s
// CHECK: #if defined(DEBUG_A) || \
// CHECK-NEXT: defined(DEBUG_B)
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p'
// CHECK-NEXT: printf("%f\n", p[i].x);
// CHECK: #ifdef OPT_A
// CHECK-NEXT: (*kdlg_P_f_y(p, (i))) = 1.0f;
// CHECK-NEXT: #elif defined(OPT_B)
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p'
// CHECK-NEXT: p[i].y = 2.0f;
// CHECK: #ifdef OUTER
// CHECK-NEXT: int m = 1;
// CHECK-NEXT: #ifndef INNER
// CHECK-NEXT: #error "kdlg-opt: this branch names 'p'
// CHECK-NEXT: p[i].x = (float)m;
// RUN: %nvcc -DOPT_A -c %t.dir/out.cu -o %t.dir/out.o
// SRC: #include <cstdio>
// SRC: struct P { float x, y; };
// SRC: __global__ void k(P *p, int n) {
// SRC:   int i = blockIdx.x * blockDim.x + threadIdx.x;
// SRC:   if (i >= n) return;
// SRC: #if defined(DEBUG_A) || \ 
// SRC:     defined(DEBUG_B)
// SRC:   printf("%f\n", p[i].x);
// SRC: #endif
// SRC: #ifdef OPT_A
// SRC:   p[i].y = 1.0f;
// SRC: #elif defined(OPT_B)
// SRC:   p[i].y = 2.0f;
// SRC: #endif
// SRC: #ifdef OUTER
// SRC:   int m = 1;
// SRC: #ifndef INNER
// SRC:   p[i].x = (float)m;
// SRC: #endif
// SRC: #endif
// SRC:   p[i].x += p[i].y;
// SRC: }
// SRC: int main() {
// SRC:   P *d;
// SRC:   cudaMalloc(&d, 64 * sizeof(P));
// SRC:   k<<<1, 64>>>(d, 64);
// SRC: }
