// `?:` between views as the base of an access (`(c ? a : b)[i].x`,
// `(c ? a + i : b + i)->y`) or under an explicit cast (`(P *)(c ? a : b)`)
// is not rewritten (only a `?:` that flows into a variable, a parameter or
// a return value is), nor one that initialises a variable of static storage
// (S: a null arm's `{}` is no expression): the struct keeps AoS, with a
// remark there.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// RUN: sed '1,/^ \*\/$/d' %t.dir/out.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// CHECK: neg-ternary-pointer-base.cu:[[@LINE+12]]:14: remark: struct 'P' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK: neg-ternary-pointer-base.cu:[[@LINE+15]]:12: remark: struct 'Q' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK: neg-ternary-pointer-base.cu:[[@LINE+18]]:26: remark: struct 'R' keeps its AoS layout: a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, subtracted or passed on) [kdlg-rewrite]
// CHECK: neg-ternary-pointer-base.cu:[[@LINE+30]]:20: remark: struct 'S' keeps its AoS layout: a pointer chosen by ?: initialises a variable of static storage [kdlg-rewrite]
// CHECK-NOT: remark
// CHECK: exit=0
#include <cuda_runtime.h>
struct P { float x, y; };
struct Q { float x, y; };
struct R { float x, y; };
__global__ void kp(P *a, P *b) {
  int i = threadIdx.x;
  ((i & 1) ? a : b)[i].x += 1.0f;
}
__global__ void kq(Q *a, Q *b) {
  int i = threadIdx.x;
  (i & 2 ? a + i : b + i)->y = 2.0f;
}
__global__ void kr(R *a, R *b) {
  int i = threadIdx.x;
  R *q = (R *)((i & 1) ? a : b);
  q[i].x = 0;
}
int main() {
  P *p; Q *q; R *r;
  cudaMalloc(&p, 64 * sizeof(P)); cudaMalloc(&q, 64 * sizeof(Q)); cudaMalloc(&r, 64 * sizeof(R));
  kp<<<1, 32>>>(p, p + 32); kq<<<1, 32>>>(q, q + 32); kr<<<1, 32>>>(r, r + 32);
  cudaFree(p); cudaFree(q); cudaFree(r);
  return 0;
}
struct S { float x, y; };
__global__ void ks(S *a) { a[threadIdx.x].x = 1.0f; }
static S *gs_dev;
static S *gs_sel = true ? gs_dev : nullptr;
void setup_s() { cudaMalloc(&gs_dev, 64 * sizeof(S)); ks<<<1, 32>>>(gs_sel); cudaFree(gs_dev); }
