// kdlg-expect: kept
// Unsupported: the struct pointer is cast to float * and indexed as floats.
// kdlg-opt must keep Vec4 in AoS (a remark), so every output is identical.
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

static unsigned lcg_state = 11u;
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

struct Vec4 {
  float x, y, z, w;
  int id;
};

__global__ void scale(Vec4 *p, int n, float k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float *f = (float *)p;
  int stride = (int)(sizeof(Vec4) / sizeof(float));
  f[i * stride + 1] *= k; /* y */
  p[i].x += p[i].y + (float)p[i].id;
  p[i].w = p[i].z * k;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Vec4 *h = (Vec4 *)malloc(n * sizeof(Vec4));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-1, 1);
    h[i].y = rnd_float(-1, 1);
    h[i].z = rnd_float(-1, 1);
    h[i].w = rnd_float(-1, 1);
    h[i].id = rnd_int(100);
  }
  Vec4 *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Vec4)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Vec4), cudaMemcpyHostToDevice));
  scale<<<(n + 127) / 128, 128>>>(d, n, 1.25f);
  scale<<<(n + 63) / 64, 64>>>(d, n, -0.5f);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Vec4), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].z); PUT(out, h[i].w); PUT(out, h[i].id);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
