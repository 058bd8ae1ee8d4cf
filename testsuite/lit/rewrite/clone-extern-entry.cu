// A function with external linkage that nothing in the file calls is an
// entry point for other files, which pass AoS pointers: its parameters come
// from outside.  total_energy keeps its signature and calls the original
// energy; the kernel calls energy's clone (a review found total_energy
// rewritten to take a view, a silent ABI change for its callers elsewhere).
// An uncalled entry point that launches a kernel with its parameter (Q) keeps
// that struct in AoS, with a remark.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR: clone-extern-entry.cu:[[@LINE+28]]:26: remark: struct 'Q' keeps its AoS layout: it is a parameter of a function with external linkage that nothing in this file calls (its callers elsewhere pass AoS pointers), and it also holds the struct's device data [kdlg-rewrite]
// ERR: exit=0
// CHECK: {{^}}__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }{{$}}
// CHECK: {{^}}__host__ __device__ float energy__kdlg_P(kdlg_view_P p, int i) {
// CHECK: o[i] = energy__kdlg_P(p, i);
// CHECK: {{^}}extern "C" float total_energy(const P *host_arr, int n) {{{$}}
// CHECK-NEXT: float s = 0;
// CHECK-NEXT: for (int i = 0; i < n; i++) s += energy(host_arr, i);
// CHECK: {{^}}extern "C" void scale(Q *d_q, int n) {{{$}}
// CHECK-NEXT: kq<<<1, 64>>>(d_q, n);
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
struct Q { float x; float y; int n; };
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
__global__ void k(P *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) o[i] = energy(p, i);
}
__global__ void kq(Q *q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) q[i].x *= q[i].y;
}
extern "C" float total_energy(const P *host_arr, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += energy(host_arr, i);
  return s;
}
extern "C" void scale(Q *d_q, int n) {
  kq<<<1, 64>>>(d_q, n);
}
int main() {
  int n = 64;
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return 0;
}
