// A plain function's `S &` or `const S &` parameter bound to an element of
// device data becomes a view of that element (as a local reference does):
// the call passes `kdlg_S_offset(p, (i))`, each use of the name is element
// 0 of it; a prototype changes with the definition; a reference passed on
// binds the next parameter; `sizeof(a)` stays the struct's size; a copy
// `byval(a)` is a load.  A function also called with other data (a local
// element, a host element) keeps its text for those calls and gets a clone
// for device data.  (Where that cannot be: neg-ref-param*.cu.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: FileCheck %s --input-file %t.dir/out.cu
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
// TOOL-NOT: remark
// TOOL: rewritten: {x, y, z, id} SoA
// TOOL: exit=0
// CHECK: __device__ float dot(kdlg_view_P a, kdlg_view_P b);
// CHECK-NEXT: __device__ float len2(kdlg_view_P a) { return dot(a, a); }
// CHECK-NEXT: __device__ void bump(kdlg_view_P a, float d) { (*kdlg_P_f_x(a, 0)) += d; (*kdlg_P_f_y(a, 0)) -= d; (*kdlg_P_f_id(a, 0))++; }
// CHECK-NEXT: __device__ float byval(P v) { return v.x * v.z; }
// CHECK-NEXT: __device__ float via_val(kdlg_view_P a) { return byval(kdlg_P_load(a, 0)) + sizeof(kdlg_P_load(a, 0)); }
// CHECK-NEXT: __device__ float mixed(const P &a) { return a.x - a.y; }
// CHECK: __device__ float mixed__kdlg_P(kdlg_view_P a) { return (*kdlg_P_f_x(a, 0)) - (*kdlg_P_f_y(a, 0)); }
// CHECK-NEXT: __host__ __device__ float hd(const P &a) { return a.z; }
// CHECK: __host__ __device__ float hd__kdlg_P(kdlg_view_P a) { return (*kdlg_P_f_z(a, 0)); }
// CHECK-NEXT: __device__ float dot(kdlg_view_P a, kdlg_view_P b) {
// CHECK:   P loc = kdlg_P_load(p, ((i + 1) % n));
// CHECK-NEXT:   o[i] = len2(kdlg_P_offset(p, (i))) + mixed__kdlg_P(kdlg_P_offset(p, (i))) + mixed(loc) + via_val(kdlg_P_offset(p, (i))) + hd__kdlg_P(kdlg_P_offset(p, (i)));
// CHECK-NEXT:   kdlg_view_P q = kdlg_P_offset(p, (i));
// CHECK-NEXT:   o[i] += dot(q, kdlg_P_offset(q, (0)));
// CHECK-NEXT:   bump(kdlg_P_offset(p, (i)), 0.5f);
// CHECK:   printf("%f\n", hd(h[3]));
#include <cstdio>
#include <cuda_runtime.h>
struct P { float x, y, z; int id; };
__device__ float dot(const P &a, const P &b);
__device__ float len2(const P &a) { return dot(a, a); }
__device__ void bump(P &a, float d) { a.x += d; a.y -= d; a.id++; }
__device__ float byval(P v) { return v.x * v.z; }
__device__ float via_val(const P &a) { return byval(a) + sizeof(a); }
__device__ float mixed(const P &a) { return a.x - a.y; }
__host__ __device__ float hd(const P &a) { return a.z; }
__device__ float dot(const P &a, const P &b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__global__ void k(P *p, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P loc = p[(i + 1) % n];
  o[i] = len2(p[i]) + mixed(p[i]) + mixed(loc) + via_val(p[i]) + hd(p[i]);
  P *q = p + i;
  o[i] += dot(*q, q[0]);
  bump(p[i], 0.5f);
}
int main() {
  P h[100];
  for (int i = 0; i < 100; i++) h[i] = P{i * 0.5f, i * 0.25f, 1.0f + i, i};
  P *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  float *o;
  cudaMalloc(&o, 100 * sizeof(float));
  k<<<1, 100>>>(d, o, 100);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%f\n", hd(h[3]));
  return 0;
}
