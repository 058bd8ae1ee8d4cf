// Functions called with device data and with other pointers are cloned: the
// original stays as written for the host (AoS) callers, a copy whose struct
// pointers are views follows it, and the calls with device data call the copy.
// Functions called only with device data are rewritten in place, functions
// called only with host pointers are left alone.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck --check-prefix=NEG %s
// With nothing to change (AoS) no clone is written: the output is the input.
// RUN: %kdlg-opt %s --layout aos -o %t.dir/aos.cu
// RUN: sed '1,/^ \*\/$/d' %t.dir/aos.cu > %t.dir/body.cu
// RUN: cmp %s %t.dir/body.cu
// ERR-NOT: kdlg-rewrite
// ERR:     exit=0
// NEG-NOT: only_dev__kdlg
// NEG-NOT: only_host__kdlg
// NEG-NOT: never_called__kdlg
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; double w; };

// a prototype gets the clone's prototype after it (twice's clone calls energy's clone before its definition)
__host__ __device__ float energy(const P *p, int i);
// CHECK:      {{^}}__host__ __device__ float energy(const P *p, int i);{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float energy__kdlg_P(kdlg_view_P p, int i);{{$}}

// transitive and recursive: the clone calls the clones
__host__ __device__ float twice(const P *p, int i) { return 2.0f * energy(p, i) + (i > 0 ? twice(p, i - 1) : 0.0f); }
// CHECK:      {{^}}__host__ __device__ float twice(const P *p, int i) { return 2.0f * energy(p, i) + (i > 0 ? twice(p, i - 1) : 0.0f); }{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'twice' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float twice__kdlg_P(kdlg_view_P p, int i) { return 2.0f * energy__kdlg_P(p, i) + (i > 0 ? twice__kdlg_P(p, i - 1) : 0.0f); }{{$}}

__host__ __device__ float energy(const P *p, int i) {
  return p[i].x * p[i].y + (float)p[i].n;
}
// CHECK:      {{^}}__host__ __device__ float energy(const P *p, int i) {{{$}}
// CHECK-NEXT: {{^}}  return p[i].x * p[i].y + (float)p[i].n;{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'energy' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float energy__kdlg_P(kdlg_view_P p, int i) {{{$}}
// CHECK-NEXT: {{^}}  return (*kdlg_P_f_x(p, (i))) * (*kdlg_P_f_y(p, (i))) + (float)(*kdlg_P_f_n(p, (i)));{{$}}
// CHECK-NEXT: {{^}}}{{$}}

// device data only: rewritten in place, as before
__device__ float only_dev(P *q) { return q->x; }
// CHECK: {{^}}__device__ float only_dev(kdlg_view_P q) { return (*kdlg_P_f_x(q, 0)); }{{$}}

// host pointers only: untouched
float only_host(P *q) { return q->y; }
// CHECK: {{^}}float only_host(P *q) { return q->y; }{{$}}

// a __device__ function given a kernel's data and a shared-memory copy (AoS), in a namespace
namespace ns {
__device__ float sum(const P *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i].x; return s; }
}
// CHECK:      {{^}}__device__ float sum(const P *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i].x; return s; }{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'sum' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__device__ float sum__kdlg_P(kdlg_view_P p, int n) { float s = 0; for (int i = 0; i < n; i++) s += (*kdlg_P_f_x(p, (i))); return s; }{{$}}
// CHECK-NEXT: {{^}}}{{$}}

// a #pragma line (unroll) is copied into the clone as it is
__host__ __device__ float sum4(const P *p, int i) {
  float s = 0.0f;
#pragma unroll
  for (int k = 0; k < 4; k++)
    s += p[i + k].y;
  return s;
}
// CHECK:      {{^}}/* kdlg-opt: 'sum4' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float sum4__kdlg_P(kdlg_view_P p, int i) {{{$}}
// CHECK-NEXT: {{^}}  float s = 0.0f;{{$}}
// CHECK-NEXT: {{^}}#pragma unroll{{$}}
// CHECK-NEXT: {{^}}  for (int k = 0; k < 4; k++){{$}}
// CHECK-NEXT: {{^}}    s += (*kdlg_P_f_y(p, (i + k)));{{$}}

// never called: untouched
__host__ __device__ float never_called(P *q) { return q->w; }
// CHECK: {{^}}__host__ __device__ float never_called(P *q) { return q->w; }{{$}}

__global__ void k(P *p, float *out, int n) {
// CHECK: {{^}}__global__ void k(kdlg_view_P p, float *out, int n) {{{$}}
  __shared__ P tile[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  tile[threadIdx.x % 32] = p[i];
  out[i] = twice(p, i) + only_dev(p + i) + energy(p, 0) + ns::sum(tile, 32) - ns::sum(p, 32) + sum4(p, 0);
// CHECK: {{^}}  out[i] = twice__kdlg_P(p, i) + only_dev(kdlg_P_offset(p, (i))) + energy__kdlg_P(p, 0) + ns::sum(tile, 32) - ns::sum__kdlg_P(p, 32) + sum4__kdlg_P(p, 0);{{$}}
}

int main() {
  int n = 100;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(P), cudaMemcpyHostToDevice);
  k<<<1, 128>>>(d, o, n);
  float s = only_host(h) + energy(h, 1) + sum4(h, 0);
// CHECK: {{^}}  float s = only_host(h) + energy(h, 1) + sum4(h, 0);{{$}}
  for (int i = 0; i < n; i++)
    s += twice(h, i);
// CHECK: {{^}}    s += twice(h, i);{{$}}
  return (int)s;
}
