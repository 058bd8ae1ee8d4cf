// kdlg-expect: rewritten
// Issue 19: a program whose struct lives in a project header (cell.h) and
// whose kernels and __device__ helper live in another header in a
// subdirectory (header_project/kernels.cuh): kdlg-opt rewrites the kernels'
// header beside its output and places the struct's generated code in the
// struct's header.  n = 4099 (no tile divides it), 30 steps.
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

static unsigned lcg_state = 4099u;
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

#include "header_project/kernels.cuh"

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 4099, steps = 30;
  Cell *h = (Cell *)calloc(n, sizeof(Cell));
  for (int i = 0; i < n; i++) {
    h[i].heat = rnd_float(-4.0f, 4.0f);
    h[i].flux = rnd_float(-1.0f, 1.0f);
    h[i].total = (double)rnd_int(1000);
    h[i].id = rnd_int(1 << 20);
    h[i].visits = (short)rnd_int(100);
    h[i].tag = (unsigned char)rnd_int(255);
  }
  Cell *d;
  float *next;
  CHECK(cudaMalloc(&d, n * sizeof(Cell)));
  CHECK(cudaMalloc(&next, n * sizeof(float)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Cell), cudaMemcpyHostToDevice));
  for (int s = 0; s < steps; s++) {
    diffuse<<<8, 128>>>(d, next, n);
    apply<<<(n + 127) / 128, 128>>>(d, next, n);
    if (s % 10 == 9)
      summarize<<<(n + 255) / 256, 256>>>(d, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Cell), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].heat);
    PUT(out, h[i].flux);
    PUT(out, h[i].total);
    PUT(out, h[i].id);
    PUT(out, h[i].visits);
    PUT(out, h[i].tag);
  }
  CHECK(cudaFree(d));
  CHECK(cudaFree(next));
  free(h);
  fclose(out);
  return 0;
}
