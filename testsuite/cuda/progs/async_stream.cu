// kdlg-expect: rewritten
// Stream-ordered variants on a non-default stream: cudaMallocAsync,
// cudaMemsetAsync, cudaMemcpyAsync (host-to-device, device-to-device of the
// first half, device-to-host), launches with a stream, cudaFreeAsync;
// n = 2048 (a multiple of every tile size).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t e_ = (call);                                                                 \
    if (e_ != cudaSuccess) {                                                                 \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      exit(2);                                                                               \
    }                                                                                        \
  } while (0)

static unsigned lcg_state = 31337u;
inline unsigned lcg(void) { lcg_state = lcg_state * 1664525u + 1013904223u; return lcg_state >> 8; }
inline int rnd_int(int m) { return 1 + (int)(lcg() % (unsigned)m); } /* [1, m] */
inline float rnd_float(float lo, float hi) {                          /* [lo, hi), not 0 */
  float v = lo + (hi - lo) * (float)(lcg() & 0xFFFF) / 65536.0f;
  return v == 0.0f ? 0.5f : v;
}
static FILE *open_output(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s OUTPUT\n", argv[0]); exit(2); }
  FILE *f = fopen(argv[1], "wb");
  if (!f) { perror(argv[1]); exit(2); }
  return f;
}
static void put(FILE *f, const void *p, size_t n) {
  if (fwrite(p, 1, n, f) != n) { perror("fwrite"); exit(2); }
}
#define PUT(f, x) put((f), &(x), sizeof(x))

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
