// kdlg-expect: kept
// Unsupported: a pointer into the struct array is passed to a library function
// (device printf, on a path that the data never takes).  Kept in AoS.
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

static unsigned lcg_state = 17u;
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

struct Rec {
  double v;
  int k;
  char c;
};

__global__ void shift(const Rec *in, Rec *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (in[i].k < 0) /* never: k > 0 */
    printf("negative key at %p\n", in + i);
  out[i].v = in[(i + 1) % n].v + (double)in[i].k;
  out[i].k = in[i].k * 3;
  out[i].c = (char)(in[i].c ^ in[(i + 2) % n].c);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 33;
  Rec *h = (Rec *)malloc(n * sizeof(Rec));
  for (int i = 0; i < n; i++) {
    h[i].v = rnd_float(-9, 9);
    h[i].k = rnd_int(1000);
    h[i].c = (char)rnd_int(120);
  }
  Rec *d_in;
  CHECK(cudaMalloc((void **)&d_in, n * sizeof(Rec)));
  Rec *d_out;
  CHECK(cudaMalloc((void **)&d_out, n * sizeof(Rec)));
  CHECK(cudaMemcpy(d_in, h, n * sizeof(Rec), cudaMemcpyHostToDevice));
  shift<<<1, 64>>>(d_in, d_out, n);
  shift<<<2, 32>>>(d_out, d_in, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d_in, n * sizeof(Rec), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].v); PUT(out, h[i].k); PUT(out, h[i].c);
  }
  CHECK(cudaFree(d_in));
  CHECK(cudaFree(d_out));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
