// kdlg-expect: rewritten
// Two structs where the first kernel of the file uses the struct declared
// second (Weight), so kdlg-opt's plan lists Weight before Point.
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

static unsigned lcg_state = 808u;
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

struct Point {
  float x, y;
  int id;
};

struct Weight {
  double w;
  short k;
};

__global__ void init_weights(Weight *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  w[i].w = w[i].w * 0.5 + (double)w[i].k;
  w[i].k = (short)(w[i].k + 1);
}

__global__ void apply(Point *p, const Weight *w, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].x *= (float)w[i].w;
  p[i].y -= (float)w[(i + 1) % n].k;
  p[i].id ^= w[i].k;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Point *hp = (Point *)malloc(n * sizeof(Point));
  Weight *hw = (Weight *)malloc(n * sizeof(Weight));
  for (int i = 0; i < n; i++) {
    hp[i].x = rnd_float(-1, 1);
    hp[i].y = rnd_float(-1, 1);
    hp[i].id = rnd_int(1 << 20);
    hw[i].w = rnd_float(0, 2);
    hw[i].k = (short)rnd_int(100);
  }
  Point *d_p;
  CHECK(cudaMalloc((void **)&d_p, n * sizeof(Point)));
  Weight *d_w;
  CHECK(cudaMalloc((void **)&d_w, n * sizeof(Weight)));
  CHECK(cudaMemcpy(d_p, hp, n * sizeof(Point), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_w, hw, n * sizeof(Weight), cudaMemcpyHostToDevice));
  init_weights<<<(n + 127) / 128, 128>>>(d_w, n);
  apply<<<(n + 127) / 128, 128>>>(d_p, d_w, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(hp, d_p, n * sizeof(Point), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hw, d_w, n * sizeof(Weight), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, hp[i].x); PUT(out, hp[i].y); PUT(out, hp[i].id); PUT(out, hw[i].w); PUT(out, hw[i].k);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_w));
  free(hp);
  free(hw);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
