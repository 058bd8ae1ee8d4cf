// kdlg-expect: rewritten
// Compound assignments (+= -= *= /= %= |= ^= <<=), ++/-- (pre and post, with
// the value used), atomicAdd / atomicOr / atomicMax / atomicMin / atomicSub on
// &p[i].f and on &q->f of a derived pointer, from many threads into a few
// elements (integer and integer-valued float/double: the result does not
// depend on the order).  1003 updates into 33 bins.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4242u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Bin {
  int count;
  unsigned int mask;
  float sum;
  double dsum;
  long long big;
  short tick;
  char ch;
  int lo;
  unsigned long long hi;
  unsigned int umin;
};

__global__ void ops(Bin *p, int n, const int *vals) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = vals[i];
  p[i].count += v;
  p[i].mask |= 1u << (v & 31);
  p[i].mask ^= (unsigned)v;
  p[i].sum *= 1.5f;
  p[i].sum -= 0.25f;
  p[i].dsum /= 2.0;
  p[i].big <<= 3;
  p[i].big %= 1000003;
  p[i].tick++;
  ++p[i].tick;
  p[i].tick--;
  --p[i].ch;
  p[i].ch++;
  int old = p[i].count++;
  p[i].big += old;
  p[i].lo = --p[i].count - p[i].lo;
  p[i].hi += (unsigned long long)p[i].tick++;
}

__global__ void histogram(Bin *bins, int nb, const int *keys, const int *vals, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  int b = keys[t] % nb;
  int v = vals[t];
  atomicAdd(&bins[b].count, 1);
  atomicAdd(&bins[b].sum, (float)(v & 15));
  atomicAdd(&bins[b].dsum, (double)v);
  atomicOr(&bins[b].mask, 1u << (t & 31));
  Bin *q = bins + (nb - 1 - b);
  atomicMax(&q->lo, v);
  atomicMin(&(q->umin), (unsigned)v * 7u);
  atomicSub(&bins[b].count, v & 1);
  atomicAdd(&q->hi, (unsigned long long)v);
}

static void write_all(FILE *f, const Bin *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].count); PUT(f, h[i].mask); PUT(f, h[i].sum); PUT(f, h[i].dsum);
    PUT(f, h[i].big); PUT(f, h[i].tick); PUT(f, h[i].ch); PUT(f, h[i].lo); PUT(f, h[i].hi); PUT(f, h[i].umin);
  }
}

static void fill(Bin *h, int n) {
  for (int i = 0; i < n; i++) {
    h[i].count = rnd_int(1000);
    h[i].mask = lcg();
    h[i].sum = (float)rnd_int(4096); /* integer-valued: atomic float sums are exact */
    h[i].dsum = (double)rnd_int(1 << 20);
    h[i].big = (long long)rnd_int(1 << 30) * 17;
    h[i].tick = (short)rnd_int(1000);
    h[i].ch = (char)rnd_int(100);
    h[i].lo = rnd_int(1 << 16);
    h[i].hi = (unsigned long long)lcg() << 20;
    h[i].umin = lcg();
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, nb = 33;
  Bin *h = (Bin *)malloc(n * sizeof(Bin));
  int *keys = (int *)malloc(n * sizeof(int));
  int *vals = (int *)malloc(n * sizeof(int));
  fill(h, n);
  for (int i = 0; i < n; i++) {
    keys[i] = rnd_int(1 << 20);
    vals[i] = rnd_int(1 << 12);
  }
  Bin *d_elems;
  CHECK(cudaMalloc((void **)&d_elems, n * sizeof(Bin)));
  Bin *d_bins;
  CHECK(cudaMalloc((void **)&d_bins, nb * sizeof(Bin)));
  int *d_keys, *d_vals;
  CHECK(cudaMalloc((void **)&d_keys, n * sizeof(int)));
  CHECK(cudaMalloc((void **)&d_vals, n * sizeof(int)));
  CHECK(cudaMemcpy(d_elems, h, n * sizeof(Bin), cudaMemcpyHostToDevice));
  fill(h, nb);
  CHECK(cudaMemcpy(d_bins, h, nb * sizeof(Bin), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_keys, keys, n * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_vals, vals, n * sizeof(int), cudaMemcpyHostToDevice));
  ops<<<(n + 127) / 128, 128>>>(d_elems, n, d_vals);
  ops<<<(n + 63) / 64, 64>>>(d_elems, n, d_keys);
  histogram<<<(n + 255) / 256, 256>>>(d_bins, nb, d_keys, d_vals, n);
  histogram<<<(n + 31) / 32, 32>>>(d_bins, nb, d_vals, d_keys, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_elems, n * sizeof(Bin), cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaMemcpy(h, d_bins, nb * sizeof(Bin), cudaMemcpyDeviceToHost));
  write_all(out, h, nb);
  CHECK(cudaFree(d_elems));
  CHECK(cudaFree(d_bins));
  CHECK(cudaFree(d_keys));
  CHECK(cudaFree(d_vals));
  free(h);
  free(keys);
  free(vals);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
