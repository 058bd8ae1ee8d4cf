// kdlg-expect: rewritten
// Field names equal to the generated helpers' names and to each other's
// generated type names (offset, load, store, pre, post, null, view, x and x_t,
// c0, malloc, free): the output must still compile and compute the same;
// n = 2049.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 5000u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Clash {
  int offset;
  float load;
  float store;
  short pre, post;
  int x;
  double x_t;
  unsigned char c0;
  int null;
  float view;
  int malloc;
  int free;
};

__global__ void step(Clash *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].store = p[i].load * 2.0f + (float)p[i].offset;
    p[i].pre += p[i].post;
    p[i].x_t = (double)p[i].x * 0.5 + p[i].x_t;
    p[i].c0 = (unsigned char)(p[i].c0 + 3);
    p[i].null ^= p[i].malloc;
    p[i].view -= (float)p[i].free;
    Clash *q = p + i;
    q->offset += 1;
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 2049;
  Clash *h = (Clash *)malloc(n * sizeof(Clash));
  memset(h, 0, n * sizeof(Clash));
  for (int i = 0; i < n; i++) {
    h[i].offset = rnd_int(100);
    h[i].load = rnd_float(-2, 2);
    h[i].store = rnd_float(-2, 2);
    h[i].pre = (short)rnd_int(50);
    h[i].post = (short)rnd_int(50);
    h[i].x = rnd_int(1000);
    h[i].x_t = (double)rnd_float(1, 5);
    h[i].c0 = (unsigned char)rnd_int(200);
    h[i].null = rnd_int(1 << 20);
    h[i].view = rnd_float(1, 3);
    h[i].malloc = rnd_int(1 << 20);
    h[i].free = rnd_int(9);
  }
  Clash *d;
  CHECK(cudaMalloc(&d, n * sizeof(Clash)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Clash), cudaMemcpyHostToDevice));
  for (int s = 0; s < 3; s++)
    step<<<(n + 127) / 128, 128>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d, n * sizeof(Clash), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].offset); PUT(out, h[i].load); PUT(out, h[i].store); PUT(out, h[i].pre); PUT(out, h[i].post);
    PUT(out, h[i].x); PUT(out, h[i].x_t); PUT(out, h[i].c0); PUT(out, h[i].null); PUT(out, h[i].view);
    PUT(out, h[i].malloc); PUT(out, h[i].free);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
