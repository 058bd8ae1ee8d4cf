// kdlg-expect: rewritten
// Whole-struct copies: S s = p[i]; p[j] = s; p[i] = q[k]; s = p[i]; *q = s;
// S s = *q; with data-dependent indexing (a permutation, keys read from the
// struct itself); n = 1024 (a multiple of every tile size).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1024u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Rec {
  int key;
  float val;
  double w;
  char flag;
  short s[3];
};

__global__ void permute(const Rec *in, Rec *out, const int *perm, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Rec r = in[perm[i]];
  r.val += 1.0f;
  r.s[i % 3] = (short)(r.s[i % 3] + i);
  out[i] = r;
}

/* thread t swaps elements 2t and 2t + 1 */
__global__ void swap_pairs(Rec *p, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 2 * t;
  if (i + 1 >= n)
    return;
  Rec a = p[i];
  Rec b = p[i + 1];
  b.flag ^= 1;
  p[i] = b;
  p[i + 1] = a;
}

__global__ void by_key(const Rec *in, Rec *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = in[(unsigned)in[i].key % (unsigned)n];
  const Rec c = in[i];
  Rec t;
  t = in[(i + 1) % n];
  Rec *q = out + i;
  Rec u = *q;
  u.w = u.w + c.w - t.w;
  u.key = c.key + t.key;
  *q = u;
}

static void write_all(FILE *f, const Rec *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].key); PUT(f, h[i].val); PUT(f, h[i].w); PUT(f, h[i].flag); PUT(f, h[i].s);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1024;
  size_t bytes = n * sizeof(Rec);
  Rec *h = (Rec *)malloc(bytes);
  int *perm = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    h[i].key = rnd_int(1 << 30);
    h[i].val = rnd_float(-100, 100);
    h[i].w = rnd_float(-1, 1) * 3.0;
    h[i].flag = (char)rnd_int(60);
    for (int k = 0; k < 3; k++)
      h[i].s[k] = (short)rnd_int(20000);
    perm[i] = i;
  }
  for (int i = n - 1; i > 0; i--) { /* Fisher-Yates with the LCG */
    int j = (int)(lcg() % (unsigned)(i + 1));
    int t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  Rec *d_a;
  CHECK(cudaMalloc((void **)&d_a, bytes));
  Rec *d_b;
  CHECK(cudaMalloc((void **)&d_b, bytes));
  int *d_perm;
  CHECK(cudaMalloc((void **)&d_perm, n * sizeof(int)));
  CHECK(cudaMemcpy(d_a, h, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_perm, perm, n * sizeof(int), cudaMemcpyHostToDevice));
  permute<<<n / 256, 256>>>(d_a, d_b, d_perm, n);
  swap_pairs<<<n / 2 / 64, 64>>>(d_b, n);
  by_key<<<n / 128, 128>>>(d_b, d_a, n);
  swap_pairs<<<n / 2 / 32, 32>>>(d_a, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_a, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaMemcpy(h, d_b, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_perm));
  free(h);
  free(perm);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
