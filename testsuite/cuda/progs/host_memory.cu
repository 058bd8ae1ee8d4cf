// kdlg-expect: rewritten
// Host-side memory calls on device arrays of the struct: cudaMalloc with
// (void **)&d and &d, cudaMallocManaged, cudaMemset (whole, non-zero value,
// first half), cudaMemcpy host-to-device of the first half, device-to-device
// between two arrays (whole and first half), cudaMemcpyDefault (host source,
// device source, host destination), device-to-host of the first half;
// n = 1003 (odd: the half is 501 elements).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 2024u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Item {
  double x;
  int tag;
  char kind;
  float4 f;
  short s;
};

__global__ void touch(Item *a, int n, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  a[i].x = a[i].x * 0.5 + (double)(i + salt);
  a[i].tag = a[i].tag * 3 + salt;
  a[i].kind = (char)(a[i].kind + i);
  a[i].f.x += (float)a[i].s;
  a[i].f.y = a[i].f.y * 0.5f + 1.0f;
  a[i].f.w -= (float)salt;
  a[i].s = (short)(a[i].s ^ i);
}

__global__ void combine(Item *a, const Item *b, const Item *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  a[i].x += b[i].x - c[n - 1 - i].x;
  a[i].tag ^= b[i].tag + c[i].tag;
  a[i].kind = (char)(a[i].kind + b[i].kind - c[i].kind);
  a[i].f.z = b[i].f.z + c[i].f.x;
  a[i].s = (short)(a[i].s + b[i].s);
}

static void fill(Item *h, int n) {
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-50, 50);
    h[i].tag = rnd_int(1 << 24);
    h[i].kind = (char)rnd_int(90);
    h[i].f = make_float4(rnd_float(-1, 1), rnd_float(-1, 1), rnd_float(-1, 1), rnd_float(-1, 1));
    h[i].s = (short)rnd_int(30000);
  }
}

static void write_all(FILE *f, const Item *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].x); PUT(f, h[i].tag); PUT(f, h[i].kind); PUT(f, h[i].f); PUT(f, h[i].s);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, half = n / 2;
  size_t bytes = n * sizeof(Item), half_bytes = half * sizeof(Item);
  Item *h1 = (Item *)malloc(bytes);
  Item *h2 = (Item *)malloc(bytes);
  Item *r = (Item *)malloc(bytes);
  fill(h1, n);
  fill(h2, n);
  int block = 64, grid = (n + block - 1) / block;

  Item *d_a;
  CHECK(cudaMalloc((void **)&d_a, bytes));
  Item *d_b;
  CHECK(cudaMalloc(&d_b, bytes));
  Item *d_c;
  CHECK(cudaMallocManaged(&d_c, bytes));

  CHECK(cudaMemset(d_a, 0, bytes));                                 /* whole */
  CHECK(cudaMemcpy(d_a, h1, half_bytes, cudaMemcpyHostToDevice)); /* first half */
  touch<<<grid, block>>>(d_a, n, 1);
  CHECK(cudaMemset(d_b, 0x3C, bytes));      /* non-zero byte value */
  CHECK(cudaMemset(d_b, 0x11, half_bytes)); /* first half only */
  touch<<<grid, block>>>(d_b, n, 2);
  CHECK(cudaMemcpy(d_c, d_a, bytes, cudaMemcpyDeviceToDevice)); /* whole, into managed memory */
  touch<<<grid, block>>>(d_c, n, 3);
  CHECK(cudaMemcpy(d_b, d_a, half_bytes, cudaMemcpyDeviceToDevice)); /* first half */
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(r, d_b, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);

  CHECK(cudaMemcpy(d_a, h2, bytes, cudaMemcpyDefault));      /* host source */
  CHECK(cudaMemcpy(d_b, d_c, half_bytes, cudaMemcpyDefault)); /* device source */
  combine<<<grid, block>>>(d_a, d_b, d_c, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(r, d_a, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);
  memset(r, 0, bytes);
  CHECK(cudaMemcpy(r, d_b, half_bytes, cudaMemcpyDeviceToHost)); /* first half */
  write_all(out, r, half);
  CHECK(cudaMemcpy(r, d_c, bytes, cudaMemcpyDefault)); /* host destination */
  write_all(out, r, n);

  CHECK(cudaFree(d_a));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_c));
  free(h1);
  free(h2);
  free(r);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
