// kdlg-expect: kept
// Unsupported: the device pointer is passed to a CUDA runtime function the
// rewriter does not convert (cudaPointerGetAttributes).  Kept in AoS.
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

static unsigned lcg_state = 13u;
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

struct Node {
  int val;
  float weight;
  short depth;
};

__global__ void grow(Node *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].val += p[(i * 3) % n].depth;
  p[i].weight *= 1.0f + (float)p[i].depth * 0.01f;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Node *h = (Node *)malloc(n * sizeof(Node));
  for (int i = 0; i < n; i++) {
    h[i].val = rnd_int(100000);
    h[i].weight = rnd_float(0.5f, 2);
    h[i].depth = (short)rnd_int(20);
  }
  Node *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Node)));
  cudaPointerAttributes attr;
  CHECK(cudaPointerGetAttributes(&attr, d));
  int type = (int)attr.type;
  PUT(out, type);
  CHECK(cudaMemcpy(d, h, n * sizeof(Node), cudaMemcpyHostToDevice));
  grow<<<(n + 255) / 256, 256>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Node), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].val); PUT(out, h[i].weight); PUT(out, h[i].depth);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
