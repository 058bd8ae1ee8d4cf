// kdlg-expect: rewritten
// Field names equal to the generated helpers' names and to each other's
// generated type names (offset, load, store, pre, post, null, view, x and x_t,
// c0, malloc, free): the output must still compile and compute the same;
// n = 2049.
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

static unsigned lcg_state = 5000u;
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

struct Clash {
  int offset;
  float load;
  float store;
  short pre, post;
  int x;
  double x_t;
  unsigned char c0;
  int null;
  float view;
  int malloc;
  int free;
};

__global__ void step(Clash *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].store = p[i].load * 2.0f + (float)p[i].offset;
    p[i].pre += p[i].post;
    p[i].x_t = (double)p[i].x * 0.5 + p[i].x_t;
    p[i].c0 = (unsigned char)(p[i].c0 + 3);
    p[i].null ^= p[i].malloc;
    p[i].view -= (float)p[i].free;
    Clash *q = p + i;
    q->offset += 1;
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 2049;
  Clash *h = (Clash *)malloc(n * sizeof(Clash));
  memset(h, 0, n * sizeof(Clash));
  for (int i = 0; i < n; i++) {
    h[i].offset = rnd_int(100);
    h[i].load = rnd_float(-2, 2);
    h[i].store = rnd_float(-2, 2);
    h[i].pre = (short)rnd_int(50);
    h[i].post = (short)rnd_int(50);
    h[i].x = rnd_int(1000);
    h[i].x_t = (double)rnd_float(1, 5);
    h[i].c0 = (unsigned char)rnd_int(200);
    h[i].null = rnd_int(1 << 20);
    h[i].view = rnd_float(1, 3);
    h[i].malloc = rnd_int(1 << 20);
    h[i].free = rnd_int(9);
  }
  Clash *d;
  CHECK(cudaMalloc(&d, n * sizeof(Clash)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Clash), cudaMemcpyHostToDevice));
  for (int s = 0; s < 3; s++)
    step<<<(n + 127) / 128, 128>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d, n * sizeof(Clash), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].offset); PUT(out, h[i].load); PUT(out, h[i].store); PUT(out, h[i].pre); PUT(out, h[i].post);
    PUT(out, h[i].x); PUT(out, h[i].x_t); PUT(out, h[i].c0); PUT(out, h[i].null); PUT(out, h[i].view);
    PUT(out, h[i].malloc); PUT(out, h[i].free);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
