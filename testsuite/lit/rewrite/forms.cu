// Every supported access form, and the host calls, rewritten for a tiled
// layout; the output compiles with nvcc (testsuite/cuda runs it on a GPU).
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout tiled:32 -o %t.dir/out.cu 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cu | FileCheck %s
// ERR-NOT: remark
// ERR:     exit=0
#include <cuda_runtime.h>
struct S { float4 pos; float m; int n; float a[3]; };

// CHECK: #include "kdlg_cuda.cuh"
// CHECK: typedef struct kdlg_S_c0 { kdlg_S_t_pos pos[32]; kdlg_S_t_m m[32]; kdlg_S_t_n n[32]; kdlg_S_t_a a[32]; } kdlg_S_c0;
// CHECK: KDLG_FN KDLG_GLOBAL kdlg_S_t_pos *kdlg_S_f_pos(kdlg_view_S v, kdlg_index i) { kdlg_index k = v.kd_o + i; return &v.kd_c0[k >> 5].pos[k & 31]; }

__device__ float get(S *q, int i) { return q[i].m + q->a[1]; }
// CHECK: __device__ float get(kdlg_view_S q, int i) { return (*kdlg_S_f_m(q, (i))) + (*kdlg_S_f_a(q, 0))[1]; }

__global__ void k(S *p, int n) {
// CHECK: __global__ void k(kdlg_view_S p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  p[i].pos.x += get(p, i);
// CHECK: (*kdlg_S_f_pos(p, (i))).x += get(p, i);
  S *q = p + 1;
// CHECK: kdlg_view_S q = kdlg_S_offset(p, (1));
  (q + i - 1)->n ^= 5;
// CHECK: (*kdlg_S_f_n(q, (kdlg_index)(i) - (kdlg_index)(1))) ^= 5;
  S s = p[i];
// CHECK: S s = kdlg_S_load(p, (i));
  s.a[2] = s.m;
  p[i] = s;
// CHECK: kdlg_S_store(p, (i), s);
  p[i].a[0]++;
// CHECK: (*kdlg_S_f_a(p, (i)))[0]++;
  atomicAdd(&p[0].n, 1);
// CHECK: atomicAdd(&(*kdlg_S_f_n(p, (0))), 1);
  q++;
// CHECK: kdlg_S_post(&q, 1);
  p[p[i].n & 7].m = q->m;
// CHECK: (*kdlg_S_f_m(p, ((*kdlg_S_f_n(p, (i))) & 7))) = (*kdlg_S_f_m(q, 0));
}

int main() {
  int n = 1000;
  S *h = (S *)calloc(n, sizeof(S));
  S *d;
// CHECK: kdlg_view_S d;
  cudaMalloc((void **)&d, n * sizeof(S));
// CHECK: kdlg_S_malloc((void **)&d, n * sizeof(S));
  cudaMemcpy(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
// CHECK: kdlg_S_copy_in(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
  cudaMemset(d, 0, n * sizeof(S));
// CHECK: kdlg_S_memset(d, 0, n * sizeof(S));
  k<<<(n + 255) / 256, 256>>>(d, n);
// CHECK: k<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(S), cudaMemcpyDeviceToHost);
// CHECK: kdlg_S_copy_out(h, d, n * sizeof(S), cudaMemcpyDeviceToHost);
  cudaFree(d);
// CHECK: kdlg_S_free(d);
  free(h);
  return 0;
}
