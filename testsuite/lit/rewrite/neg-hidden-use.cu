// A pointer that would become a view, named where the parser does not see
// it: in a macro argument the macro drops (NV_IF_TARGET's device branch, as
// the host-side parse sees it) or in a branch of #if the preprocessor skips
// (#ifdef __CUDA_ARCH__ on the host side).  That text would stay unrewritten
// (nvcc: no operator "[]" for the view), so the struct keeps AoS with a
// remark at the word, and P's and Q's code is left as it is.  R's name in a
// comment, in literals and after `.` is no use: R is rewritten.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s
// CHECK: neg-hidden-use.cu:[[@LINE+16]]:38: remark: struct 'P' keeps its AoS layout: 'p' is used where the parser does not see it (in a branch of #if that the preprocessor skips on the host side, or in a macro argument that the macro drops, such as NV_IF_TARGET's other branch), which would stay unrewritten [kdlg-rewrite]
// CHECK: neg-hidden-use.cu:[[@LINE+26]]:14: remark: struct 'Q' keeps its AoS layout: 'q' is used where the parser does not see it
// CHECK-NOT: remark: struct 'R'
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.dir/out.cu
// OUT: P: epsilon 128 B; {x,y} 8 B SoA -> kept in AoS (see remarks)
// OUT: Q: epsilon 128 B; {a,b} 8 B SoA -> kept in AoS (see remarks)
// OUT: R: epsilon 128 B; {r,s} 8 B SoA -> rewritten
// OUT: __host__ __device__ float get(const P *p, int i) {
// OUT-NEXT: NV_IF_TARGET(NV_IS_DEVICE, (return p[i].x + 1.0f;), (return p[i].x;))
// OUT: __global__ void kq(Q *q, int n) {
// OUT: __global__ void kr(kdlg_view_R r, Holder h, int n) {
#include <cuda_runtime.h>
#include <nv/target>
struct P { float x; float y; };
__host__ __device__ float get(const P *p, int i) {
  NV_IF_TARGET(NV_IS_DEVICE, (return p[i].x + 1.0f;), (return p[i].x;))
}
__global__ void kp(P *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    o[i] = get(p, i) + p[i].y;
}
struct Q { float a; float b; };
__global__ void kq(Q *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
#ifdef __CUDA_ARCH__
  if (i < n) q[i].b = q[i].a;
#endif
  if (i < n) q[i].a += 1.0f;
}
struct R { float r; float s; };
struct Holder { int r; };
__global__ void kr(R *r, Holder h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // r is the record array; "r" and 'r' are not uses
  const char *msg = "r[i]";
  if (i < n && msg[0] == 'r') r[i].r += (float)h.r + r[i].s;
}
int main() {
  P *dp; Q *dq; R *dr; float *o;
  cudaMalloc((void **)&dp, 64 * sizeof(P));
  cudaMalloc((void **)&dq, 64 * sizeof(Q));
  cudaMalloc((void **)&dr, 64 * sizeof(R));
  cudaMalloc((void **)&o, 64 * sizeof(float));
  kp<<<1, 64>>>(dp, o, 64);
  kq<<<1, 64>>>(dq, 64);
  Holder h = {3};
  kr<<<1, 64>>>(dr, h, 64);
  cudaFree(dp); cudaFree(dq); cudaFree(dr); cudaFree(o);
  return 0;
}

// Two variables named q in sibling scopes are no hidden use (review finding:
// only the checked variable's own references counted as seen): rewritten.
// RUN: %kdlg-opt %inputs/../rewrite/Inputs/hidden-sibling.cu --layout soa -o %t.dir/sibling.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=SIBLING
// SIBLING-NOT: remark
// RUN: FileCheck %s --input-file %t.dir/sibling.cu --check-prefix=SIBLING-OUT
// SIBLING-OUT: P: epsilon 128 B; {x,y} 8 B SoA -> rewritten
// A constructor's body is looked into too (review finding: only functions and
// methods were); its branch is one the configuration leaves out on both
// sides (#ifdef CLEAR, given as a switch with -UCLEAR), so it gets an
// #error line (config-branch.cu).
// RUN: %kdlg-opt %inputs/../rewrite/Inputs/hidden-ctor.cu --layout soa -o %t.dir/ctor.cu -- -UCLEAR 2>&1 | FileCheck %s --check-prefix=CTOR
// CTOR: hidden-ctor.cu:13:16: warning: 'd', a view of struct 'P', is named in a branch of #if that this configuration leaves out
// RUN: FileCheck %s --input-file %t.dir/ctor.cu --check-prefix=CTOR-OUT
// CTOR-OUT: #ifdef CLEAR
// CTOR-OUT-NEXT: #error "kdlg-opt: this branch names 'd'
// CTOR-OUT-NEXT: cudaMemset(d, 0, n * sizeof(P));
