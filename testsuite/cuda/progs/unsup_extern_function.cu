// kdlg-expect: kept
// Unsupported: the struct pointer is passed to a __device__ function defined in
// another file (unsup_extern_function.cuh), whose body kdlg-opt does not
// rewrite.  Kept in AoS.
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

static unsigned lcg_state = 18u;
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
#include "unsup_extern_function.cuh"

struct Pair {
  float a, b;
  int n;
};

__global__ void fold(Pair *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float s = extern_sum(p, i);
  p[i].n += (int)(s * 16.0f);
  p[i].a = s - p[i].b;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Pair *h = (Pair *)malloc(n * sizeof(Pair));
  for (int i = 0; i < n; i++) {
    h[i].a = rnd_float(-4, 4);
    h[i].b = rnd_float(-4, 4);
    h[i].n = rnd_int(1000);
  }
  Pair *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Pair)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Pair), cudaMemcpyHostToDevice));
  fold<<<(n + 127) / 128, 128>>>(d, n);
  fold<<<(n + 255) / 256, 256>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Pair), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].a); PUT(out, h[i].b); PUT(out, h[i].n);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
