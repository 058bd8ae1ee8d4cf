// A function called with device data and with a host array whose first
// declaration is a prototype in a project header (Inputs/clone-energy.cuh,
// under the input's directory): the header is rewritten too, the clone's
// prototype follows the original's there, so the call with device data,
// which comes before the definition, sees it; nvcc compiles the output.
// (Before issue 19 the header could not change and P kept AoS.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS-NOT: remark
// REMARKS: exit=0
// RUN: FileCheck %s --input-file %t.dir/Inputs/clone-energy.cuh
// CHECK: __host__ __device__ float energy(const P *p, int i);
// CHECK-NEXT: __host__ __device__ float energy__kdlg_P(kdlg_view_P p, int i);
// RUN: grep -v '^//' %t.dir/out.cu | FileCheck %s --check-prefix=OUT
// OUT: out[i] = energy__kdlg_P(p, i);
// OUT: __host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
// OUT-NEXT: /* kdlg-opt: 'energy' for device data of P (the calls that pass it) */
// OUT: return (int)energy(h, 0);
// RUN: %nvcc -I %S -c %t.dir/out.cu -o %t.dir/out.o
#include <cuda_runtime.h>
#include <cstdlib>
struct P { float x; float y; int n; };
#include "Inputs/clone-energy.cuh"
__global__ void k(P *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = energy(p, i);
}
__host__ __device__ float energy(const P *p, int i) { return p[i].x * p[i].y; }
int main() {
  int n = 64;
  P *h = (P *)calloc(n, sizeof(P));
  P *d;
  float *o;
  cudaMalloc(&d, n * sizeof(P));
  cudaMalloc(&o, n * sizeof(float));
  k<<<1, 64>>>(d, o, n);
  return (int)energy(h, 0);
}
