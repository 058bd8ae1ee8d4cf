// Calls that a function template resolves only at instantiation (issue 19,
// HeCBench quicksort): a host function template launches a kernel
// template, deducing T from its first argument (`sweep<<<g, b>>>(keys, d,
// n)`, `T *keys`), and the kernel template calls a device function
// template with a template argument that depends on T.  Each callee is the
// only function of its name in the translation unit, so the call reaches
// it and no other: the view passes to its view parameter as to any call.
// Before, "kernel 'sweep' is not launched in this file" and "it is passed
// to a call whose function depends on a template parameter" kept P AoS.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT-NOT: remark
// VERDICT: struct 'P' ({{.*}}template-dependent-call.cu:[[@LINE+11]]:8): rewritten: {start, count, w} SoA
// VERDICT: exit=0
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s
// CHECK: template <int W> __device__ float tally(kdlg_view_P p, unsigned b) { return (*kdlg_P_f_w(p, (b))) * W; }
// CHECK: __global__ void sweep(T *keys, kdlg_view_P parts, unsigned n) {
// CHECK: keys[b] += (T)tally<sizeof(T)>(parts, b);
// CHECK: void run(T *keys, unsigned n) {
// CHECK-NEXT: kdlg_view_P d;
// CHECK: sweep<<<(n + 127) / 128, 128>>>(keys, d, n);
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
struct P { unsigned start, count; float w; };
template <int W> __device__ float tally(const P *p, unsigned b) { return p[b].w * W; }
template <class T> __global__ void sweep(T *keys, P *parts, unsigned n) {
  unsigned b = blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= n) return;
  atomicAdd(&parts[b].count, 1u);
  keys[b] += (T)tally<sizeof(T)>(parts, b);
}
template <class T> void run(T *keys, unsigned n) {
  P *d;
  cudaMalloc((void **)&d, n * sizeof(P));
  cudaMemset(d, 0, n * sizeof(P));
  sweep<<<(n + 127) / 128, 128>>>(keys, d, n);
  cudaFree(d);
}
int main() {
  float *k;
  cudaMalloc((void **)&k, 100 * sizeof(float));
  run(k, 100u);
  cudaFree(k);
  return 0;
}
