// A program as users write it, parsed with the CUDA toolkit's own headers
// (analysis/toolkit.h): thrust, cub, curand_kernel.h, cooperative groups,
// cuda_fp16.h's __half, assert() in a kernel, an intrinsic (__fmul_rn),
// cudaDeviceProp's members and a cudaDevAttr value.  None of them is in
// kdlg-opt's built-in declarations; with the toolkit the struct is planned
// and rewritten, and nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu --emit-plan %t.dir/plan.json 2>&1 | FileCheck %s --allow-empty --check-prefix=REMARKS
// REMARKS-NOT: remark
// REMARKS-NOT: error
// REMARKS: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: P: epsilon 128 B; {x,y,n,h} 14 B SoA -> rewritten
// CHECK: __global__ void scale(kdlg_view_P p, int n)
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cassert>
#include <cstdio>
#include <memory>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <cub/cub.cuh>
#include <curand_kernel.h>
#include <cooperative_groups.h>
#include <cuda_fp16.h>
namespace cg = cooperative_groups;

struct P { float x; float y; int n; __half h; };

__global__ void scale(P *p, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i >= 0);
  curandState st;
  curand_init(1234ull, i, 0, &st);
  if (i < n) {
    p[i].x = __fmul_rn(p[i].y, 2.0f) + curand_uniform(&st) * 0.0f;
    p[i].n += 1;
    p[i].h = __float2half(p[i].x);
  }
  block.sync();
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  printf("%s %d %d\n", prop.name, prop.multiProcessorCount, sms);
  thrust::device_vector<int> keys(16, 1);
  thrust::sort(keys.begin(), keys.end());
  const int n = 1000;
  P *d;
  cudaMalloc(&d, n * sizeof(P));
  cudaMemset(d, 0, n * sizeof(P));
  scale<<<(n + 127) / 128, 128>>>(d, n);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
