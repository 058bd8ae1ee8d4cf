// kdlg-expect: rewritten
// Mixed field sizes and padding (char, short, int, double, float4, float3,
// int2, float and char arrays, unsigned char), p[i].f, p[i].f.x, p[i].a[k],
// two device arrays of one struct, three kernels, five launches; n = 1003.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1003u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Mixed {
  char c;
  double d;
  short s;
  int i;
  float4 v;
  float3 p;
  int2 q;
  float a[3];
  char tag[5];
  unsigned char u;
};

__global__ void scale(Mixed *m, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  m[i].d = m[i].d * k + m[i].i;
  m[i].v.x += m[i].p.y;
  m[i].v.w = m[i].a[2] - m[i].v.z;
  m[i].p.z = (float)m[i].s * 0.5f + m[i].p.x;
  m[i].q.x ^= m[i].c;
  m[i].q.y = m[i].q.y * 3 + m[i].tag[i % 5];
  m[i].s = (short)(m[i].s + m[i].u);
  m[i].i -= m[i].q.x;
}

__global__ void rotate_tags(Mixed *m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  char t0 = m[i].tag[0];
  for (int k = 0; k < 4; k++)
    m[i].tag[k] = (char)(m[i].tag[k + 1] ^ (char)k);
  m[i].tag[4] = t0;
  m[i].c = m[i].tag[2];
  m[i].u = (unsigned char)(m[i].u * 7 + 1);
  for (int k = 0; k < 3; k++)
    m[i].a[k] += m[i].v.y * (float)k;
  m[i].p.x = m[i].a[i % 3];
}

__global__ void mix_neighbours(const Mixed *src, Mixed *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i + 1) % n;
  dst[i].c = (char)(src[i].c + src[j].c);
  dst[i].d = src[i].d - 0.5 * src[j].d;
  dst[i].s = (short)(src[j].s - src[i].s);
  dst[i].i = src[i].i * 2 + src[j].i;
  dst[i].v = make_float4(src[j].v.x, src[i].v.y, src[j].v.z + 1.0f, src[i].v.w);
  dst[i].p = src[j].p;
  dst[i].q = make_int2(src[i].q.y, src[j].q.x);
  for (int k = 0; k < 3; k++)
    dst[i].a[k] = src[i].a[2 - k] * src[j].a[k];
  for (int k = 0; k < 5; k++)
    dst[i].tag[k] = src[j].tag[4 - k];
  dst[i].u = (unsigned char)(src[i].u + src[j].tag[0]);
}

static void write_all(FILE *f, const Mixed *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].c); PUT(f, h[i].d); PUT(f, h[i].s); PUT(f, h[i].i);
    PUT(f, h[i].v); PUT(f, h[i].p); PUT(f, h[i].q); PUT(f, h[i].a);
    PUT(f, h[i].tag); PUT(f, h[i].u);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  size_t bytes = n * sizeof(Mixed);
  Mixed *h = (Mixed *)malloc(bytes);
  memset(h, 0xCD, bytes); /* padding is never looked at */
  for (int i = 0; i < n; i++) {
    h[i].c = (char)rnd_int(100);
    h[i].d = rnd_float(-4.0f, 4.0f) * 1.0e3;
    h[i].s = (short)rnd_int(3000);
    h[i].i = rnd_int(1 << 20);
    h[i].v = make_float4(rnd_float(-1, 1), rnd_float(-1, 1), rnd_float(-1, 1), rnd_float(-1, 1));
    h[i].p = make_float3(rnd_float(0, 2), rnd_float(0, 2), rnd_float(0, 2));
    h[i].q = make_int2(rnd_int(1000), -rnd_int(1000));
    for (int k = 0; k < 3; k++)
      h[i].a[k] = rnd_float(-8, 8);
    for (int k = 0; k < 5; k++)
      h[i].tag[k] = (char)rnd_int(120);
    h[i].u = (unsigned char)rnd_int(255);
  }

  Mixed *d_m;
  CHECK(cudaMalloc((void **)&d_m, bytes));
  Mixed *d_out;
  CHECK(cudaMalloc((void **)&d_out, bytes));
  CHECK(cudaMemcpy(d_m, h, bytes, cudaMemcpyHostToDevice));

  int block = 128, grid = (n + block - 1) / block;
  scale<<<grid, block>>>(d_m, n, 1.5f);
  rotate_tags<<<grid, block>>>(d_m, n);
  scale<<<grid, block>>>(d_m, n, -0.75f);
  mix_neighbours<<<grid, block>>>(d_m, d_out, n);
  rotate_tags<<<grid, block>>>(d_out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  Mixed *r = (Mixed *)malloc(bytes);
  CHECK(cudaMemcpy(r, d_m, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);
  CHECK(cudaMemcpy(r, d_out, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);

  CHECK(cudaFree(d_m));
  CHECK(cudaFree(d_out));
  free(h);
  free(r);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
