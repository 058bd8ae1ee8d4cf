// kdlg-expect: kept
// Unsupported: pointers into the struct array are compared (a loop
// for (q = p + b; q < p + e; ++q)).  Kept in AoS.
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

static unsigned lcg_state = 16u;
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

struct Span {
  int lo, hi;
  float val;
};

__global__ void prefix(Span *p, int n, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int b = t * chunk, e = b + chunk < n ? b + chunk : n;
  if (b >= n)
    return;
  float run = 0.0f;
  for (Span *q = p + b; q < p + e; ++q) {
    run += q->val;
    q->val = run;
    q->hi = q->lo + (int)run;
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, chunk = 32;
  Span *h = (Span *)malloc(n * sizeof(Span));
  for (int i = 0; i < n; i++) {
    h[i].lo = rnd_int(1000);
    h[i].hi = rnd_int(1000);
    h[i].val = rnd_float(0, 4);
  }
  Span *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Span)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Span), cudaMemcpyHostToDevice));
  prefix<<<1, (n + chunk - 1) / chunk>>>(d, n, chunk);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Span), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].lo); PUT(out, h[i].hi); PUT(out, h[i].val);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
