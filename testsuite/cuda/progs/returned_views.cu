// kdlg-expect: rewritten
// Functions that return device data (issue 19: HeCBench local-ht's
// `loc_ht &ht_get(loc_ht *t, ...)`, gmm's `clusters_t *setupClusterDevice`;
// transform/rewrite/returns.c): a per-thread open-addressing hash table in a
// global array probed through a device function returning a reference to
// the slot, bound to local references, written through the call itself and
// loaded whole from it; a device function returning a pointer used as the
// base of `->`, `[k]` and `*`, and as a pointer variable's value; a
// `const &` getter; a host function of external linkage and a static one
// that return cudaMalloc'd arrays, used by the host code; n = 1003
// (odd: no tile divides it).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 7193u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Slot {
  unsigned key;  // 0: empty
  int count;
  float sum;
  double weight;
};

#define SLOTS 16  // per thread

__device__ Slot &slot_get(Slot *table, unsigned key);  // a prototype before the definition

// a probe that returns the slot holding key, or the empty slot that takes it
__device__ Slot &slot_get(Slot *table, unsigned key) {
  unsigned h = (key * 2654435761u) % SLOTS;
  for (int k = 0; k < SLOTS; k++) {
    Slot &s = table[(h + k) % SLOTS];
    if (s.key == key || s.key == 0)
      return s;
  }
  return table[h];
}

__device__ const Slot &slot_peek(const Slot *table, int k) { return table[k]; }

__device__ Slot *slot_at(Slot *table, int k) { return table + k; }

__global__ void count(Slot *tables, const unsigned *keys, const float *vals, int n, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  Slot *mine = tables + (size_t)t * SLOTS;
  for (int j = 0; j < per; j++) {
    unsigned key = keys[t * per + j];
    Slot &s = slot_get(mine, key);
    if (s.key == 0) {
      s.key = key;
      s.weight = 1.0;
    }
    s.count += 1;
    slot_get(mine, key).sum += vals[t * per + j];
    slot_get(mine, key).weight *= 1.0625;
  }
}

__global__ void summarize(Slot *tables, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n)
    return;
  Slot *mine = slot_at(tables, t * SLOTS);
  float acc = 0.0f;
  for (int k = 0; k < SLOTS; k++) {
    Slot copy = slot_peek(mine, k);  // a whole-element load through a const reference
    acc += copy.sum * (float)copy.count;
    slot_at(mine, k)->weight += (double)slot_peek(mine, k).count;
    (*slot_at(mine, k)).sum -= 0.5f * slot_at(mine, 0)[k].sum;
  }
  out[t] = acc;
}

Slot *alloc_tables(int n) {  // external linkage, called here
  Slot *d;
  CHECK(cudaMalloc(&d, (size_t)n * SLOTS * sizeof(Slot)));
  CHECK(cudaMemset(d, 0, (size_t)n * SLOTS * sizeof(Slot)));
  return d;
}

static Slot *copy_tables(const Slot *src, int n) {
  Slot *d = nullptr;
  CHECK(cudaMalloc((void **)&d, (size_t)n * SLOTS * sizeof(Slot)));
  CHECK(cudaMemcpy(d, src, (size_t)n * SLOTS * sizeof(Slot), cudaMemcpyDeviceToDevice));
  return d;
}

static void download(FILE *out, Slot *h, const Slot *d, int n) {
  CHECK(cudaMemcpy(h, d, (size_t)n * SLOTS * sizeof(Slot), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n * SLOTS; i++) {
    PUT(out, h[i].key); PUT(out, h[i].count); PUT(out, h[i].sum); PUT(out, h[i].weight);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, per = 9, block = 128;
  unsigned *hk = (unsigned *)malloc((size_t)n * per * sizeof(unsigned));
  float *hv = (float *)malloc((size_t)n * per * sizeof(float));
  for (int i = 0; i < n * per; i++) {
    hk[i] = (unsigned)rnd_int(12);  // repeats: the probe finds existing slots
    hv[i] = rnd_float(0.5f, 2.0f);
  }
  unsigned *dk;
  float *dv, *dout;
  CHECK(cudaMalloc(&dk, (size_t)n * per * sizeof(unsigned)));
  CHECK(cudaMalloc(&dv, (size_t)n * per * sizeof(float)));
  CHECK(cudaMalloc(&dout, n * sizeof(float)));
  CHECK(cudaMemcpy(dk, hk, (size_t)n * per * sizeof(unsigned), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dv, hv, (size_t)n * per * sizeof(float), cudaMemcpyHostToDevice));
  Slot *tables = alloc_tables(n);
  count<<<(n + block - 1) / block, block>>>(tables, dk, dv, n, per);
  Slot *snapshot = copy_tables(tables, n);
  summarize<<<(n + block - 1) / block, block>>>(tables, dout, n);
  CHECK(cudaGetLastError());
  Slot *h = (Slot *)calloc((size_t)n * SLOTS, sizeof(Slot));
  float *ho = (float *)malloc(n * sizeof(float));
  download(out, h, tables, n);
  download(out, h, snapshot, n);
  CHECK(cudaMemcpy(ho, dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    PUT(out, ho[i]);
  CHECK(cudaFree(tables));
  CHECK(cudaFree(snapshot));
  CHECK(cudaFree(dk));
  CHECK(cudaFree(dv));
  CHECK(cudaFree(dout));
  free(h); free(ho); free(hk); free(hv);
  fclose(out);
  return 0;
}
