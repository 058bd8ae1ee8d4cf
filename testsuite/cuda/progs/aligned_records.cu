// kdlg-expect: rewritten
// Aligned AoS (kd_plan_vector_align): auto keeps both structs in one AoS
// cluster and raises the element's alignment, Rec4 (4 x 4 B) to 16 and Pair
// (int, short, short) to 8, with the AoS bytes unchanged (identity layouts:
// host copies are plain copies).
// Whole-element loads and stores (a bitonic compare-exchange network,
// `Pair x = p[i]`, `p[j] = x`), single fields, a derived pointer, atomicAdd
// on a field, cudaMemset of the first half, D2D of half, async copies on a
// stream; n = 1024 (Rec4) and 1003 (Pair).  (Copies through a pointer plus
// an offset: lit rewrite/aligned-aos.cu; the suite's other layouts do not
// take them.)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4242u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Rec4 {
  int key;
  int id;
  float value;
  int tag;
};

struct Pair {
  int c;
  short a;
  short b;
};

/* one (k, j) stage of a bitonic network over n = 2^m records */
__global__ void exchange(Rec4 *r, unsigned j, unsigned k, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned partner = i ^ j;
  if (i >= n || partner <= i)
    return;
  Rec4 a = r[i];
  Rec4 b = r[partner];
  bool ascending = (i & k) == 0;
  if ((a.key > b.key || (a.key == b.key && a.id > b.id)) == ascending) {
    r[i] = b;
    r[partner] = a;
  }
}

__global__ void touch(Rec4 *r, int *hist, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Rec4 *q = r + i;
  q->value = q->value * 0.5f + (float)q->tag;
  r[i].tag += r[(i + 1) % n].key & 7;
  atomicAdd(&r[i / 4].id, 1);
  atomicAdd(&hist[r[i].key & 15], 1);
}

__global__ void shift_pairs(const Pair *in, Pair *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Pair x = in[i];
  x.c += x.a * x.b;
  x.a = (short)(x.a ^ (short)i);
  out[(i + 7) % n] = x;
  if (i % 3 == 0)
    out[(i + 7) % n].b += 1;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const unsigned n = 1024;
  const int m = 1003;
  Rec4 *h = (Rec4 *)malloc(n * sizeof(Rec4));
  Pair *hp = (Pair *)malloc(m * sizeof(Pair));
  for (unsigned i = 0; i < n; i++) {
    h[i].key = rnd_int(300); /* duplicates: ties broken by id */
    h[i].id = (int)i + 1;
    h[i].value = rnd_float(-10, 10);
    h[i].tag = rnd_int(1000);
  }
  for (int i = 0; i < m; i++) {
    hp[i].a = (short)rnd_int(100);
    hp[i].b = (short)rnd_int(100);
    hp[i].c = rnd_int(1 << 20);
  }
  Rec4 *d, *d2;
  int *d_hist;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Rec4)));
  CHECK(cudaMalloc((void **)&d2, n * sizeof(Rec4)));
  CHECK(cudaMalloc((void **)&d_hist, 16 * sizeof(int)));
  CHECK(cudaMemset(d_hist, 0, 16 * sizeof(int)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Rec4), cudaMemcpyHostToDevice));
  for (unsigned k = 2; k <= n; k <<= 1)
    for (unsigned j = k >> 1; j > 0; j >>= 1)
      exchange<<<n / 128, 128>>>(d, j, k, n);
  touch<<<(n + 63) / 64, 64>>>(d, d_hist, (int)n);
  CHECK(cudaMemset(d2, 0, n * sizeof(Rec4)));
  CHECK(cudaMemcpy(d2, d, n / 2 * sizeof(Rec4), cudaMemcpyDeviceToDevice));
  CHECK(cudaMemset(d, 3, n / 2 * sizeof(Rec4)));
  touch<<<(n + 127) / 128, 128>>>(d2, d_hist, (int)n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Rec4), cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; i++) { PUT(out, h[i].key); PUT(out, h[i].id); PUT(out, h[i].value); PUT(out, h[i].tag); }
  CHECK(cudaMemcpy(h, d2, n * sizeof(Rec4), cudaMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; i++) { PUT(out, h[i].key); PUT(out, h[i].id); PUT(out, h[i].value); PUT(out, h[i].tag); }
  int hist[16];
  CHECK(cudaMemcpy(hist, d_hist, sizeof hist, cudaMemcpyDeviceToHost));
  put(out, hist, sizeof hist);

  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  Pair *dp, *dq;
  CHECK(cudaMallocAsync((void **)&dp, m * sizeof(Pair), s));
  CHECK(cudaMallocAsync((void **)&dq, m * sizeof(Pair), s));
  CHECK(cudaMemcpyAsync(dp, hp, m * sizeof(Pair), cudaMemcpyHostToDevice, s));
  for (int step = 0; step < 4; step++) {
    shift_pairs<<<(m + 127) / 128, 128, 0, s>>>(dp, dq, m);
    shift_pairs<<<(m + 31) / 32, 32, 0, s>>>(dq, dp, m);
  }
  CHECK(cudaMemcpyAsync(hp, dp, m * sizeof(Pair), cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  for (int i = 0; i < m; i++) { PUT(out, hp[i].a); PUT(out, hp[i].b); PUT(out, hp[i].c); }
  CHECK(cudaFreeAsync(dp, s));
  CHECK(cudaFreeAsync(dq, s));
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaFree(d));
  CHECK(cudaFree(d2));
  CHECK(cudaFree(d_hist));
  free(h);
  free(hp);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
