// kdlg-expect: rewritten
// Declarations of several variables with struct pointers among them, which
// kdlg-opt splits into one declaration each: in kernels (views whose
// initialisers use earlier variables of the declaration, an element copy next
// to a view, a direct initialiser, a const view assigned after its
// declaration, plain variables next to views), in a __device__ function, and
// on the host (device pointers declared together, a host array declared with
// a device pointer); n = 1003 (not a multiple of any tile).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1003u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Item {
  double weight;
  float val;
  int key;
  short flag;
};

/* Neighbours of element i, clamped at the ends (only val is read). */
__device__ float spread(const Item *q, int i, int n) {
  const Item *l = q + (i > 0 ? i - 1 : i), *r = q + (i + 1 < n ? i + 1 : i), *c(q + i);
  return l->val + r->val - 2.0f * c->val;
}

__global__ void relax(const Item *in, Item *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, last = n - 1;
  if (i >= n)
    return;
  Item mine = in[i], *dst = out + i, *alias(dst);
  const Item *a = in, *b = a + i, *mirror;
  mirror = in + (last - i);
  mine.val += spread(in, i, n) + b->val * 0.5f + (float)(a->key % 16);
  mine.weight = mine.weight * 0.75 + (double)mirror->val;
  mine.flag = (short)(mine.flag + (b->key & 3));
  *dst = mine;
  alias->key += mirror->flag;
}

__global__ void bump(Item *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Item *e = p + i, *f = e;
  float s = 1.5f, t = s * (float)(i % 7);
  e->val += t;
  f->weight -= (double)s;
}

static void write_all(FILE *f, const Item *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].weight); PUT(f, h[i].val); PUT(f, h[i].key); PUT(f, h[i].flag);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  size_t bytes = n * sizeof(Item);
  Item *h = (Item *)malloc(bytes), *d_tmp;
  for (int i = 0; i < n; i++) {
    h[i].weight = rnd_float(-100, 100);
    h[i].val = rnd_float(-8, 8);
    h[i].key = rnd_int(100000);
    h[i].flag = (short)rnd_int(300);
  }
  Item *d_a, *d_b;
  CHECK(cudaMalloc((void **)&d_a, bytes));
  CHECK(cudaMalloc((void **)&d_b, bytes));
  CHECK(cudaMalloc((void **)&d_tmp, bytes));
  CHECK(cudaMemcpy(d_a, h, bytes, cudaMemcpyHostToDevice));
  for (int step = 0; step < 4; step++) {
    relax<<<(n + 127) / 128, 128>>>(d_a, d_b, n);
    bump<<<(n + 63) / 64, 64>>>(d_b, n);
    relax<<<(n + 127) / 128, 128>>>(d_b, d_tmp, n);
    relax<<<(n + 255) / 256, 256>>>(d_tmp, d_a, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_a, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaMemcpy(h, d_b, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_tmp));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
