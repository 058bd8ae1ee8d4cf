// kdlg-expect: rewritten
// Pointers chosen by ?: (ping-pong buffers swapped each step, one buffer at
// two spellings of an offset, a null arm, nested ?:, a ?: argument to a
// device function and to a launch, a ?: returned by a device function, a
// host pointer variable chosen by ?: for the copy back).  Every thread writes
// only element i of the buffer it writes; the other is read whole.  n = 517
// (odd: no tile divides it); every field and every output byte is compared.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4241u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct P {
  float x, y;
  int id;
  double w;
};

__device__ float near(const P *q, int i, int n) { return q[i].x + 0.25f * q[(i + 1) % n].y; }
__device__ P *own_of(P *a, P *b, int i, int which) { return which ? a + i : &b[i]; }

__global__ void step(const P *src, P *dst, const P *c, int n, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P *own = (i & 1) ? dst + i : &dst[i];
  const P *opt = (s > 1) ? c : nullptr;
  const P *nest = (i & 2) ? ((i & 4) ? src : c + 1) : c;
  float r = near((i % 3) ? src : c, i, (i % 3) ? n : n - 1);
  own->x = src[i].x * 0.5f + r + (s > 1 ? opt[i].y : 0.0f);
  own->y = src[i].y + nest[i % (n - 1)].x;
  own->id = src[i].id + (i & 1 ? 3 : 5);
  own->w = src[i].w * 0.75 + (double)nest[0].id;
}

__global__ void touch(P *a, P *b, int n, int which) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  P *q = own_of(a, b, i, which);
  q->id ^= 0x55;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 517;
  P *h = (P *)calloc(n, sizeof(P));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-4.0f, 4.0f);
    h[i].y = rnd_float(-4.0f, 4.0f);
    h[i].id = rnd_int(1000);
    h[i].w = (double)rnd_float(1.0f, 9.0f);
  }
  P *a, *b, *c;
  CHECK(cudaMalloc(&a, n * sizeof(P)));
  CHECK(cudaMalloc(&b, n * sizeof(P)));
  CHECK(cudaMalloc(&c, n * sizeof(P)));
  CHECK(cudaMemcpy(a, h, n * sizeof(P), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(c, h, n * sizeof(P), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(b, 0, n * sizeof(P)));
  for (int s = 0; s < 5; s++) {
    step<<<(n + 127) / 128, 128>>>(s % 2 ? b : a, s % 2 ? a : b, c, n, s);
    touch<<<(n + 63) / 64, 64>>>(a, b, n, s & 1);
  }
  CHECK(cudaGetLastError());
  P *last = (5 % 2) ? b : a;
  for (int k = 0; k < 2; k++) {
    if (k)
      CHECK(cudaMemcpy(h, c, n * sizeof(P), cudaMemcpyDeviceToHost));
    else
      CHECK(cudaMemcpy(h, last, n * sizeof(P), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
      PUT(out, h[i].x);
      PUT(out, h[i].y);
      PUT(out, h[i].id);
      PUT(out, h[i].w);
    }
  }
  fclose(out);
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  free(h);
  return 0;
}
