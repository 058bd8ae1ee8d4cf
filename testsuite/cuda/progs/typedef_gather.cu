// kdlg-expect: rewritten
// An anonymous struct behind a typedef and a one-field struct; data-dependent
// indexing: gather p[idx[i]], scatter through a permutation p[perm[i]].f = ...,
// an index read from the struct itself p[p[i].b % n]; n = 1025 (one more than a
// multiple of the tile sizes).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1025u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

typedef struct {
  float a;
  int b;
  char c;
  double d;
} Pt;

struct Scalar {
  double v;
};

__global__ void gather(const Pt *p, const int *idx, Scalar *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const Pt *q = p + idx[i];
  out[i].v = (double)q->a * q->d + (double)p[(unsigned)p[i].b % (unsigned)n].c;
}

__global__ void scatter(Pt *p, const int *perm, const Scalar *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = perm[i];
  p[j].a += (float)in[i].v;
  p[j].b ^= i;
  p[j].c = (char)(p[j].c + 1);
  p[j].d -= in[(i + 1) % n].v;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1025;
  Pt *h = (Pt *)malloc(n * sizeof(Pt));
  Scalar *hs = (Scalar *)malloc(n * sizeof(Scalar));
  int *idx = (int *)malloc(n * sizeof(int));
  int *perm = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    h[i].a = rnd_float(-1, 1);
    h[i].b = rnd_int(1 << 30);
    h[i].c = (char)rnd_int(100);
    h[i].d = rnd_float(-2, 2);
    hs[i].v = rnd_float(1, 2);
    idx[i] = (int)(lcg() % (unsigned)n);
    perm[i] = i;
  }
  for (int i = n - 1; i > 0; i--) {
    int j = (int)(lcg() % (unsigned)(i + 1));
    int t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  Pt *d_p;
  CHECK(cudaMalloc((void **)&d_p, n * sizeof(Pt)));
  Scalar *d_s;
  CHECK(cudaMalloc((void **)&d_s, n * sizeof(Scalar)));
  int *d_idx, *d_perm;
  CHECK(cudaMalloc((void **)&d_idx, n * sizeof(int)));
  CHECK(cudaMalloc((void **)&d_perm, n * sizeof(int)));
  CHECK(cudaMemcpy(d_p, h, n * sizeof(Pt), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_s, hs, n * sizeof(Scalar), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_idx, idx, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_perm, perm, n * sizeof(int), cudaMemcpyHostToDevice));
  int grid = (n + 127) / 128;
  for (int r = 0; r < 3; r++) {
    scatter<<<grid, 128>>>(d_p, d_perm, d_s, n);
    gather<<<grid, 128>>>(d_p, d_idx, d_s, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_p, n * sizeof(Pt), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hs, d_s, n * sizeof(Scalar), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].a); PUT(out, h[i].b); PUT(out, h[i].c); PUT(out, h[i].d); PUT(out, hs[i].v);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_s));
  CHECK(cudaFree(d_idx));
  CHECK(cudaFree(d_perm));
  free(h);
  free(hs);
  free(idx);
  free(perm);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
