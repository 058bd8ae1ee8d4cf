// Staged unpacking of 1-byte SoA arrays is capped at 8 fields:
// kdlg_gen_load_runs holds every staged run in registers before storing it
// (review finding: 24 such fields took 254 registers a thread).  M has 12
// one-byte fields: a0..a7 are staged, a8, a9, b0, b1 and f are read directly.
// RUN: %kdlg-opt %s --layout soa -o %t.cu 2>&1 | FileCheck --allow-empty --check-prefix=QUIET %s
// QUIET-NOT: remark
// RUN: sed "s|//.*||" %t.cu | FileCheck %s
// CHECK: enum { aos_bytes = 16, threads = 256, per_thread = 3, stage_bytes = 0, stage_zero = 0, stage_in_bytes = 6272 };
// CHECK: static __device__ __forceinline__ view stage_in(view v, unsigned char *st, long long base) {
// CHECK-NEXT: v.kd_f_f += base;
// CHECK-NEXT: v.kd_f_a8 += base;
// CHECK-NEXT: v.kd_f_a9 += base;
// CHECK-NEXT: v.kd_f_b0 += base;
// CHECK-NEXT: v.kd_f_b1 += base;
// CHECK-NEXT: const unsigned char *s[] = {(const unsigned char *)(v.kd_f_a0 + base), {{.*}}, (const unsigned char *)(v.kd_f_a7 + base)};
// CHECK-NEXT: const unsigned b[] = {768, 768, 768, 768, 768, 768, 768, 768};
// CHECK-NEXT: unsigned char *d[] = {st + 0, st + 784, st + 1568, st + 2352, st + 3136, st + 3920, st + 4704, st + 5488};
// CHECK-NEXT: kdlg_gen_load_runs<256, 768u, 8, 0u>(s, b, d);
// CHECK-NEXT: v.kd_f_a0 = (kdlg_M_t_a0 *)d[0];
#include <cuda_runtime.h>
struct M { unsigned char a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1; float f; };
__global__ void k(M *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].a0 += p[i].b1;
    p[i].f *= 2;
  }
}
int main() {
  M *d;
  cudaMalloc(&d, 1000 * sizeof(M));
  k<<<4, 256>>>(d, 1000);
  cudaFree(d);
  return 0;
}
