// kdlg-expect: rewritten
// A struct of 17 fields, whose SoA view of one pointer per field would be 152
// bytes: nvcc 13.0 hoists the by-value copy of such a struct out of a loop
// that walks it (every read of the walk saw element 0: random program 1118 of
// testsuite/fuzz, soa; docs/rewriter.md "Views").  kdlg-opt gives such
// structs a compact view (one pointer per region).  Walks by ++ and by +=,
// in a kernel, in a helper taking the pointer by value inside a loop, and a
// derived pointer moved in a grid-stride loop; n = 1003.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 33u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Wide {
  float f0;
  float f1;
  float f2;
  float f3;
  float f4;
  float f5;
  float f6;
  float f7;
  int g0;
  int g1;
  int g2;
  int g3;
  double d0;
  double d1;
  double d2;
  unsigned u0;
  float f8;
};

/* Reads element k of q: called by value in the walking loops below. */
__device__ float peek(const Wide *q, int k) { return q[k].f3 + (float)q[k].g1 + (float)q->d2; }

__global__ void walk(Wide *w, const Wide *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  double dacc = 0.0;
  const Wide *p = r;
  for (int k = 0; k < 4 && k + 1 < n; ++k) {
    acc += (float)p->u0 + p->f7;
    dacc += p->d1;
    ++p;
  }
  const Wide *q = r + (i % 5);
  for (int k = 0; k < 3; k++) {
    acc += peek(q, 0);
    q += 2;
  }
  w[i].f0 += acc;
  w[i].d0 += dacc;
  w[i].g0 ^= (int)r[(i + 7) % n].u0;
}

__global__ void stride(Wide *w, int n) {
  Wide *e = w + blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    e->f8 = e->f1 * 0.5f + (float)e->g2;
    e->u0 += (unsigned)e->g3;
    e += gridDim.x * blockDim.x;
  }
}

static void write_all(FILE *f, const Wide *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].f0); PUT(f, h[i].f1); PUT(f, h[i].f2); PUT(f, h[i].f3); PUT(f, h[i].f4); PUT(f, h[i].f5); PUT(f, h[i].f6); PUT(f, h[i].f7); PUT(f, h[i].g0); PUT(f, h[i].g1); PUT(f, h[i].g2); PUT(f, h[i].g3); PUT(f, h[i].d0); PUT(f, h[i].d1); PUT(f, h[i].d2); PUT(f, h[i].u0); PUT(f, h[i].f8); 
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  size_t bytes = n * sizeof(Wide);
  Wide *h = (Wide *)malloc(bytes);
  Wide *h2 = (Wide *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    h[i].f0 = rnd_float(-4, 4);
    h[i].f1 = rnd_float(-4, 4);
    h[i].f2 = rnd_float(-4, 4);
    h[i].f3 = rnd_float(-4, 4);
    h[i].f4 = rnd_float(-4, 4);
    h[i].f5 = rnd_float(-4, 4);
    h[i].f6 = rnd_float(-4, 4);
    h[i].f7 = rnd_float(-4, 4);
    h[i].g0 = rnd_int(1000);
    h[i].g1 = rnd_int(1000);
    h[i].g2 = rnd_int(1000);
    h[i].g3 = rnd_int(1000);
    h[i].d0 = rnd_float(-8, 8);
    h[i].d1 = rnd_float(-8, 8);
    h[i].d2 = rnd_float(-8, 8);
    h[i].u0 = (unsigned)rnd_int(100);
    h[i].f8 = rnd_float(-4, 4);
  }
  for (int i = 0; i < n; i++)
    h2[i] = h[(i * 13) % n];
  Wide *d_w, *d_r;
  CHECK(cudaMalloc((void **)&d_w, bytes));
  CHECK(cudaMalloc((void **)&d_r, bytes));
  CHECK(cudaMemcpy(d_w, h, bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_r, h2, bytes, cudaMemcpyHostToDevice));
  walk<<<(n + 127) / 128, 128>>>(d_w, d_r, n);
  stride<<<3, 64>>>(d_w, n);
  walk<<<(n + 63) / 64, 64>>>(d_r, d_w, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d_w, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(h2, d_r, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  write_all(out, h2, n);
  CHECK(cudaFree(d_w));
  CHECK(cudaFree(d_r));
  free(h);
  free(h2);
  fclose(out);
  return 0;
}
