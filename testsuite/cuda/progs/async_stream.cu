// kdlg-expect: rewritten
// Stream-ordered variants on a non-default stream: cudaMallocAsync,
// cudaMemsetAsync, cudaMemcpyAsync (host-to-device, device-to-device of the
// first half, device-to-host), launches with a stream, cudaFreeAsync;
// n = 2048 (a multiple of every tile size).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 31337u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Sample {
  float v;
  int n;
  double t;
  char c;
};

__global__ void step(Sample *s, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  s[i].v = s[i].v * 0.75f + (float)(s[i].n % 17) * (float)k;
  s[i].n += k * (int)s[i].c;
  s[i].t += (double)s[i].v;
  s[i].c = (char)(s[i].c * 3 + k);
}

__global__ void blend(Sample *dst, const Sample *src, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    dst[i].v += src[(i * 5) % n].v;
    dst[i].n -= src[i].n;
    dst[i].t = dst[i].t * 2.0 - src[n - 1 - i].t;
    dst[i].c ^= src[i].c;
  }
}

static void write_all(FILE *f, const Sample *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].v); PUT(f, h[i].n); PUT(f, h[i].t); PUT(f, h[i].c);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 2048;
  size_t bytes = n * sizeof(Sample);
  Sample *h = (Sample *)malloc(bytes);
  Sample *r1 = (Sample *)malloc(bytes);
  Sample *r2 = (Sample *)malloc(bytes);
  for (int i = 0; i < n; i++) {
    h[i].v = rnd_float(-3, 3);
    h[i].n = rnd_int(100000);
    h[i].t = rnd_float(0, 1) * 1e4;
    h[i].c = (char)rnd_int(40);
  }
  cudaStream_t st;
  CHECK(cudaStreamCreate(&st));
  Sample *d;
  CHECK(cudaMallocAsync((void **)&d, bytes, st));
  Sample *e;
  CHECK(cudaMallocAsync(&e, bytes, st));
  CHECK(cudaMemsetAsync(e, 0, bytes, st));
  CHECK(cudaMemcpyAsync(d, h, bytes, cudaMemcpyHostToDevice, st));
  step<<<n / 128, 128, 0, st>>>(d, n, 1);
  step<<<n / 256, 256, 0, st>>>(d, n, 2);
  CHECK(cudaMemcpyAsync(e, d, bytes / 2, cudaMemcpyDeviceToDevice, st));
  blend<<<4, 64, 0, st>>>(e, d, n);
  CHECK(cudaMemsetAsync(d, 0x21, bytes, st));
  step<<<n / 32, 32, 0, st>>>(d, n, 3);
  CHECK(cudaMemcpyAsync(r1, e, bytes, cudaMemcpyDeviceToHost, st));
  CHECK(cudaMemcpyAsync(r2, d, bytes, cudaMemcpyDeviceToHost, st));
  CHECK(cudaFreeAsync(d, st));
  CHECK(cudaFreeAsync(e, st));
  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(st));
  CHECK(cudaStreamDestroy(st));
  write_all(out, r1, n);
  write_all(out, r2, n);
  free(h);
  free(r1);
  free(r2);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
