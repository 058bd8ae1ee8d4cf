// kdlg-expect: rewritten
// atomicMin / atomicMax on a long long field (CUDA has both since sm_35) and
// atomicAnd on an unsigned long long field, from many threads into 33 bins.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 6464u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Range {
  long long lo;
  long long hi;
  unsigned long long bits;
  int n;
};

__global__ void extend(Range *r, int nr, const long long *vals, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  long long v = vals[t];
  Range *q = r + (int)((unsigned long long)v % (unsigned long long)nr);
  atomicMin(&q->lo, v);
  atomicMax(&q->hi, v);
  atomicAnd(&r[t % nr].bits, ~(1ull << (t & 63)));
  atomicAdd(&q->n, 1);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, nr = 33;
  Range *h = (Range *)malloc(nr * sizeof(Range));
  long long *vals = (long long *)malloc(n * sizeof(long long));
  for (int j = 0; j < nr; j++) {
    h[j].lo = (long long)rnd_int(1 << 30) * 1000;
    h[j].hi = -(long long)rnd_int(1 << 30);
    h[j].bits = ((unsigned long long)lcg() << 32) | lcg();
    h[j].n = rnd_int(10);
  }
  for (int i = 0; i < n; i++)
    vals[i] = ((long long)lcg() << 12) - ((long long)1 << 34);
  Range *d_r;
  CHECK(cudaMalloc((void **)&d_r, nr * sizeof(Range)));
  long long *d_v;
  CHECK(cudaMalloc((void **)&d_v, n * sizeof(long long)));
  CHECK(cudaMemcpy(d_r, h, nr * sizeof(Range), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_v, vals, n * sizeof(long long), cudaMemcpyHostToDevice));
  extend<<<(n + 127) / 128, 128>>>(d_r, nr, d_v, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d_r, nr * sizeof(Range), cudaMemcpyDeviceToHost));
  for (int j = 0; j < nr; j++) {
    PUT(out, h[j].lo); PUT(out, h[j].hi); PUT(out, h[j].bits); PUT(out, h[j].n);
  }
  CHECK(cudaFree(d_r));
  CHECK(cudaFree(d_v));
  free(h);
  free(vals);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
