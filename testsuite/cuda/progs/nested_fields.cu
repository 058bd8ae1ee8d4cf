// kdlg-expect: rewritten
// Fields of array, 2-D array, vector-array and nested-struct type:
// p[i].r.x, p[i].r = v, p[i].m[j][k], p[i].ids[1].y, p[i].hist[k] with
// variable indices; a whole-element copy of such a struct; n = 33.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 99u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Vec3 {
  float x, y, z;
};

struct Body {
  Vec3 r;
  float m[2][3];
  int2 ids[2];
  double hist[4];
  unsigned short code;
};

__global__ void evolve(Body *p, int n, int round) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].r.x += p[i].m[1][2];
  for (int j = 0; j < 2; j++)
    for (int k = 0; k < 3; k++)
      p[i].m[j][k] = p[i].m[j][k] * 0.5f + (float)(j * 3 + k + round);
  p[i].ids[1].y = p[i].ids[0].x + round;
  p[i].ids[0] = make_int2(p[i].ids[1].x ^ i, p[i].ids[0].y - 1);
  double first = p[i].hist[0];
  for (int k = 0; k < 3; k++)
    p[i].hist[k] = p[i].hist[k + 1] + (double)p[i].r.y;
  p[i].hist[3] = first;
  Vec3 v = p[i].r;
  v.y += v.z;
  v.z = (float)p[i].code;
  p[i].r = v;
  p[i].code = (unsigned short)(p[i].code * 5u + (unsigned)round);
}

__global__ void rotate(const Body *in, Body *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Body b = in[(i + 3) % n];
  b.m[0][i % 3] += b.r.z;
  b.hist[i % 4] *= -1.0;
  out[i] = b;
  out[i].ids[i % 2].x += in[i].ids[0].y;
}

static void write_all(FILE *f, const Body *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].r.x); PUT(f, h[i].r.y); PUT(f, h[i].r.z); PUT(f, h[i].m); PUT(f, h[i].ids);
    PUT(f, h[i].hist); PUT(f, h[i].code);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  size_t bytes = n * sizeof(Body);
  Body *h = (Body *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    h[i].r.x = rnd_float(-5, 5);
    h[i].r.y = rnd_float(-5, 5);
    h[i].r.z = rnd_float(-5, 5);
    for (int j = 0; j < 2; j++)
      for (int k = 0; k < 3; k++)
        h[i].m[j][k] = rnd_float(0, 9);
    for (int k = 0; k < 2; k++)
      h[i].ids[k] = make_int2(rnd_int(5000), rnd_int(5000));
    for (int k = 0; k < 4; k++)
      h[i].hist[k] = rnd_float(-1, 1);
    h[i].code = (unsigned short)rnd_int(60000);
  }
  Body *d_p;
  CHECK(cudaMalloc((void **)&d_p, bytes));
  Body *d_q;
  CHECK(cudaMalloc((void **)&d_q, bytes));
  CHECK(cudaMemcpy(d_p, h, bytes, cudaMemcpyHostToDevice));
  for (int round = 1; round <= 3; round++) {
    evolve<<<2, 32>>>(d_p, n, round);
    rotate<<<3, 16>>>(d_p, d_q, n);
    evolve<<<1, 64>>>(d_q, n, -round);
    rotate<<<1, 33>>>(d_q, d_p, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d_p, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaMemcpy(h, d_q, bytes, cudaMemcpyDeviceToHost));
  write_all(out, h, n);
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_q));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
