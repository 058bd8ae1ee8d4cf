// kdlg-expect: rewritten
// Issue 21, class 1: struct pointers spelled through typedefs of the pointer
// type (`typedef S *S_ptr`, `typedef const S *S_cptr`, a typedef of that
// typedef) as kernel and device-function parameters, local variables (two
// in one declaration, a const one) and host device pointers given to
// cudaMalloc; kdlg-opt used to crash (SIGSEGV) in every layout.  n = 1003.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct S {
  float x;
  double y;
  int id;
  short s;
};
typedef S *S_ptr;
typedef const S *S_cptr;
typedef S_ptr S_ptr2;

__device__ double get(S_cptr q, int i) { return q[i].y + (double)q[i].s; }
__device__ void put(S_ptr2 q, int i, float v) { q[i].x += v; }

__global__ void step(S_ptr p, S_cptr c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  S_ptr q = p + i, r = p;
  const S_ptr w = p;
  q->y = get(c, (i + 1) % n) * 0.5 + r[i].x;
  w[i].id ^= c[i].id;
  put(p, i, (float)c[(i + 7) % n].s);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  S *h = (S *)malloc(n * sizeof(S));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-1, 1);
    h[i].y = rnd_float(-2, 2);
    h[i].id = rnd_int(1 << 30);
    h[i].s = (short)rnd_int(1000);
  }
  S_ptr d_a;
  S_ptr2 d_b;
  CHECK(cudaMalloc(&d_a, n * sizeof(S)));
  CHECK(cudaMalloc((void **)&d_b, n * sizeof(S)));
  CHECK(cudaMemcpy(d_a, h, n * sizeof(S), cudaMemcpyHostToDevice));
  for (int i = 0; i < n; i++)
    h[i].s = (short)(h[i].s + 3);
  CHECK(cudaMemcpy(d_b, h, n * sizeof(S), cudaMemcpyHostToDevice));
  int grid = (n + 127) / 128;
  for (int r = 0; r < 3; r++) {
    step<<<grid, 128>>>(d_a, d_b, n);
    step<<<grid, 128>>>(d_b, d_a, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  S *g = (S *)malloc(n * sizeof(S));
  CHECK(cudaMemcpy(h, d_a, n * sizeof(S), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(g, d_b, n * sizeof(S), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].id); PUT(out, h[i].s);
    PUT(out, g[i].x); PUT(out, g[i].y); PUT(out, g[i].id); PUT(out, g[i].s);
  }
  free(g);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
