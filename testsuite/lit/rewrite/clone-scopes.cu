// Clones are declared beside the original, so a call is renamed only where
// the clone's name is found the same way: functions in extern "C" { },
// anonymous and inline namespaces (visible outside them) are cloned and
// their device calls renamed, the qualifier kept (neg-clone-using.cu: a call
// through a using-declaration is not).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR-NOT: kdlg-rewrite
// ERR:     exit=0
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
extern "C" {
__host__ __device__ float e1(const P *p, int i) { return p[i].x; }
}
// CHECK:      {{^}}__host__ __device__ float e1(const P *p, int i) { return p[i].x; }{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'e1' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float e1__kdlg_P(kdlg_view_P p, int i) { return (*kdlg_P_f_x(p, (i))); }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
namespace {
__host__ __device__ float e2(const P *p, int i) { return p[i].y; }
}
// CHECK:      {{^}}__host__ __device__ float e2__kdlg_P(kdlg_view_P p, int i) { return (*kdlg_P_f_y(p, (i))); }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
namespace outer { inline namespace v1 { __host__ __device__ float e3(const P *p, int i) { return p[i].x * 2; } } }
// CHECK:      {{^}}namespace outer { inline namespace v1 { __host__ __device__ float e3(const P *p, int i) { return p[i].x * 2; }{{$}}
// CHECK-NEXT: {{^}}/* kdlg-opt: 'e3' for device data of P (the calls that pass it) */{{$}}
// CHECK-NEXT: {{^}}__host__ __device__ float e3__kdlg_P(kdlg_view_P p, int i) { return (*kdlg_P_f_x(p, (i))) * 2; } } }{{$}}
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = e1(p, i) + e2(p, i) + outer::e3(p, i) + outer::v1::e3(p, i);
// CHECK: {{^}}    out[i] = e1__kdlg_P(p, i) + e2__kdlg_P(p, i) + outer::e3__kdlg_P(p, i) + outer::v1::e3__kdlg_P(p, i);{{$}}
}
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)(e1(h, 0) + e2(h, 0) + outer::e3(h, 0));
// CHECK: {{^}}  return (int)(e1(h, 0) + e2(h, 0) + outer::e3(h, 0));{{$}}
}
