// nvcc's crt/math_functions.hpp gives host code min and max of int,
// unsigned, long, long long, float and double pairs and umin ... ullmax;
// clang's CUDA wrapper includes the same file with __host__ defined away,
// so they are device functions there ("call to __device__ function from
// __host__ function").  kdlg-opt declares the host ones
// (analysis/nvcc_compat.h); the kernel's max stays the device one, and nvcc
// compiles the output.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cu 2>&1 | FileCheck %s --check-prefix=STATUS
// STATUS-NOT: error
// STATUS: exit=0
// RUN: FileCheck %s --input-file %t.dir/out.cu
// CHECK: Px: epsilon 128 B; {lo,hi} 8 B SoA -> rewritten
// CHECK: {{^}}__global__ void clampk(kdlg_view_Px p, int n)
// RUN: %nvcc -c %t.dir/out.cu -o %t.dir/out.o
#include <cstdio>
#include <cstdlib>

struct Px { int lo; int hi; };

__global__ void clampk(Px *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].hi = max(p[i].lo, p[i].hi);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  unsigned u = 7u;
  long l = 3L;
  unsigned long ul = 4UL;
  long long ll = 5LL;
  unsigned long long ull = 6ULL;
  float f = 1.5f;
  double d = 2.5;
  int e = 0;
  e = max(abs(n - 3), e);          // (int, int)
  unsigned a = min(n, u) + max(u, n) + max(u, u);
  long b = max(l, l) + min(l, 9L);
  unsigned long c = max(ul, ul) + min(l, ul) + max(ul, l);
  long long g = max(ll, ll) + llmin(ll, 2LL) + llmax(ll, 1LL);
  unsigned long long h = min(ull, ull) + max(ll, ull) + ullmin(ull, 1ULL) + ullmax(ull, 2ULL);
  double r = max(f, f) + min(d, d) + max(f, d) + min(d, f) + umin(u, 1u) + umax(u, 2u);
  Px *p;
  cudaMalloc(&p, n * sizeof(Px));
  cudaMemset(p, 0, n * sizeof(Px));
  clampk<<<(n + 127) / 128, 128>>>(p, n);
  cudaDeviceSynchronize();
  cudaFree(p);
  printf("%d %u %ld %lu %lld %llu %g\n", e, a, b, c, g, h, r);
  return 0;
}
