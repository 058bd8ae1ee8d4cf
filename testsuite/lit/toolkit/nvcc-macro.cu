// nvcc defines __NVCC__, and programs give their functions __host__
// __device__ only where it is defined; clang does not define it, so the
// kernel below would call host functions (clang: "call to __host__
// function from __global__ function").  kdlg-opt defines it (with the
// toolkit: analysis/nvcc_compat.h), the kernel's call reaches the device
// function's accesses, and nvcc compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=STATUS
// STATUS-NOT: error
// STATUS: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: Cell: epsilon 128 B; {x,y,w} 12 B SoA -> rewritten
// CHECK: {{^}}HD float weigh(kdlg_view_Cell c, int i)
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cstdio>

#if defined(__NVCC__)
#define HD __host__ __device__
#else
#define HD
#endif

struct Cell { float x; float y; float w; };

HD float weigh(Cell *c, int i) { return c[i].x * c[i].w + c[i].y; }

__global__ void step(Cell *c, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = weigh(c, i);
}

int main() {
  const int n = 256;
  Cell *c;
  float *out;
  cudaMalloc(&c, n * sizeof(Cell));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(c, 0, n * sizeof(Cell));
  step<<<n / 64, 64>>>(c, out, n);
  cudaDeviceSynchronize();
  cudaFree(out);
  cudaFree(c);
  printf("done\n");
  return 0;
}
