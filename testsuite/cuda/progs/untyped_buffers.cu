// kdlg-expect: rewritten
// Device arrays of the struct allocated into pointers of another type and
// cast to the struct's pointer where used (issue 19, transform/rewrite/
// untyped.c): `void *` with cudaMalloc(&d), `char *` with cudaMalloc((void **)
// &d) and a cast plus an offset held in a variable, `void *` managed memory
// initialised and read back by the host through casts, cudaMallocAsync /
// cudaMemcpyAsync / cudaFreeAsync on a `void *`, cudaMemset of an untyped
// buffer, device-to-device copies between an untyped and a typed array,
// `(void *)d` given to cudaMemcpy, `static_cast<const Rec *>` at a launch;
// n = 1003.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1913u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Rec {
  double w;
  int id;
  char tag;
  float2 v;
  short s;
};

__global__ void step(Rec *a, int n, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  a[i].w = a[i].w * 0.75 + (double)(i + salt);
  a[i].id = a[i].id * 5 + salt;
  a[i].tag = (char)(a[i].tag + i);
  a[i].v.x += (float)a[i].s;
  a[i].v.y = a[i].v.y * 0.5f - (float)salt;
  a[i].s = (short)(a[i].s ^ (i + salt));
}

__global__ void mix(Rec *out, const Rec *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i].w += in[n - 1 - i].w;
  out[i].id ^= in[i].id;
  out[i].tag = (char)(out[i].tag - in[i].tag);
  out[i].v.x = in[i].v.y + out[i].v.x;
  out[i].s = (short)(out[i].s + in[(i * 7) % n].s);
}

static void fill(Rec *h, int n) {
  for (int i = 0; i < n; i++) {
    h[i].w = rnd_float(-40, 40);
    h[i].id = rnd_int(1 << 22);
    h[i].tag = (char)rnd_int(100);
    h[i].v = make_float2(rnd_float(-2, 2), rnd_float(-2, 2));
    h[i].s = (short)rnd_int(20000);
  }
}

static void write_all(FILE *f, const Rec *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].w); PUT(f, h[i].id); PUT(f, h[i].tag); PUT(f, h[i].v); PUT(f, h[i].s);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, k = 17;
  size_t bytes = n * sizeof(Rec);
  Rec *h = (Rec *)malloc(bytes);
  Rec *r = (Rec *)malloc(bytes);
  fill(h, n);
  int block = 64, grid = (n + block - 1) / block;

  // void *: in, kernel, out
  void *d_a;
  CHECK(cudaMalloc(&d_a, bytes));
  CHECK(cudaMemcpy(d_a, h, bytes, cudaMemcpyHostToDevice));
  step<<<grid, block>>>((Rec *)d_a, n, 1);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(r, d_a, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);

  // char *, (void **)&, a cast plus an offset in a variable, (void *)d to cudaMemcpy
  char *d_b;
  CHECK(cudaMalloc((void **)&d_b, bytes));
  CHECK(cudaMemcpy((void *)d_b, h, bytes, cudaMemcpyHostToDevice));
  Rec *tail = (Rec *)d_b + k;
  step<<<grid, block>>>(tail, n - k, 2);
  mix<<<grid, block>>>((Rec *)d_b, static_cast<const Rec *>(d_a), n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(r, (const void *)d_b, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);

  // managed void *: the host initialises and reads through casts
  void *m;
  CHECK(cudaMallocManaged(&m, bytes));
  for (int i = 0; i < n; i++) {
    ((Rec *)m)[i].w = h[i].w * 2.0;
    ((Rec *)m)[i].id = h[i].id + i;
    ((Rec *)m)[i].tag = h[i].tag;
    ((Rec *)m)[i].v = h[n - 1 - i].v;
    ((Rec *)m)[i].s = (short)(h[i].s / 2);
  }
  step<<<grid, block>>>((Rec *)m, n, 3);
  mix<<<grid, block>>>((Rec *)m, (const Rec *)d_b, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) {
    Rec e = ((Rec *)m)[i];
    PUT(out, e.w); PUT(out, e.id); PUT(out, e.tag); PUT(out, e.v); PUT(out, e.s);
  }

  // stream-ordered: cudaMallocAsync, cudaMemsetAsync, cudaMemcpyAsync D2D from a typed array
  cudaStream_t st;
  CHECK(cudaStreamCreate(&st));
  Rec *d_t;
  CHECK(cudaMalloc(&d_t, bytes));
  CHECK(cudaMemcpy(d_t, h, bytes, cudaMemcpyHostToDevice));
  void *d_c = nullptr;
  CHECK(cudaMallocAsync(&d_c, bytes, st));
  CHECK(cudaMemsetAsync(d_c, 0, bytes, st));
  CHECK(cudaMemcpyAsync(d_c, d_t, bytes / 2 / sizeof(Rec) * sizeof(Rec), cudaMemcpyDeviceToDevice, st));
  step<<<grid, block, 0, st>>>((Rec *)d_c, n, 4);
  CHECK(cudaMemcpyAsync(d_t, d_c, bytes, cudaMemcpyDeviceToDevice, st));
  CHECK(cudaMemsetAsync(d_c, 0x21, bytes, st));
  mix<<<grid, block, 0, st>>>(d_t, (const Rec *)d_c, n);
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(st));
  CHECK(cudaMemcpy(r, d_t, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);
  CHECK(cudaMemcpy(r, d_c, bytes, cudaMemcpyDeviceToHost));
  write_all(out, r, n);

  CHECK(cudaFreeAsync(d_c, st));
  CHECK(cudaStreamSynchronize(st));
  CHECK(cudaStreamDestroy(st));
  CHECK(cudaFree(d_t));
  CHECK(cudaFree(m));
  CHECK(cudaFree(d_b));
  CHECK(cudaFree(d_a));
  free(h);
  free(r);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
