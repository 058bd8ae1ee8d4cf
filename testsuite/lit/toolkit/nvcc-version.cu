// nvcc defines its version, __CUDACC_VER_MAJOR__ and __CUDACC_VER_MINOR__
// (programs choose code paths by them); clang does not.  kdlg-opt derives
// them from the toolkit's CUDA_VERSION (analysis/nvcc_compat.h), so the
// branch nvcc compiles is the one analysed and rewritten.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=STATUS
// STATUS-NOT: error
// STATUS: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: Q: epsilon 128 B; {a,b} 8 B SoA -> rewritten
// CHECK: {{^}}  v = (*kdlg_Q_f_a(p, (i)));
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cstdio>

#if !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDACC_VER_MINOR__)
#error "nvcc defines its version"
#endif
static_assert(__CUDACC_VER_MAJOR__ * 1000 + __CUDACC_VER_MINOR__ * 10 == CUDART_VERSION,
              "nvcc's version is the toolkit's runtime's");

struct Q { int a; int b; };

__global__ void copy(Q *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = 0;
#if __CUDACC_VER_MAJOR__ >= 12
  v = p[i].a;
#endif
  p[i].b = v;
}

int main() {
  const int n = 256;
  Q *p;
  cudaMalloc(&p, n * sizeof(Q));
  copy<<<n / 64, 64>>>(p, n);
  cudaDeviceSynchronize();
  cudaFree(p);
  printf("done\n");
  return 0;
}
