// kdlg-expect: kept
// Unsupported: the struct pointer is passed to a function template (its
// parameter type is dependent, so the rewriter cannot make it a view).
// Kept in AoS.
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

static unsigned lcg_state = 19u;
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

struct Grain {
  float x;
  double mass;
  int tag;
};

template <class T> __device__ double weigh(const T *p, int i, int n) {
  return p[i].mass * (double)p[(i + 1) % n].x;
}

__global__ void settle(Grain *g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double w = weigh(g, i, n);
  g[i].tag += (int)(w * 8.0);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  Grain *h = (Grain *)malloc(n * sizeof(Grain));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-2, 2);
    h[i].mass = rnd_float(0.5f, 3);
    h[i].tag = rnd_int(100);
  }
  Grain *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Grain)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Grain), cudaMemcpyHostToDevice));
  settle<<<1, 64>>>(d, n);
  settle<<<3, 16>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Grain), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].mass); PUT(out, h[i].tag);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
