// kdlg-expect: kept
// Unsupported: the device pointer is stored in a struct (passed by value to the
// kernel), so the kernel reaches the array through a member.  Kept in AoS.
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

static unsigned lcg_state = 14u;
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

struct Particle {
  float x, v;
  int n;
};

struct Context {
  Particle *data;
  int count;
  float dt;
};

__global__ void advance(Particle *p, Context ctx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ctx.count)
    return;
  p[i].x += p[i].v * ctx.dt;
  ctx.data[i].n += 1;
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  Particle *h = (Particle *)malloc(n * sizeof(Particle));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-10, 10);
    h[i].v = rnd_float(-1, 1);
    h[i].n = rnd_int(50);
  }
  Particle *d;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Particle)));
  CHECK(cudaMemcpy(d, h, n * sizeof(Particle), cudaMemcpyHostToDevice));
  Context ctx;
  ctx.data = d;
  ctx.count = n;
  ctx.dt = 0.125f;
  for (int s = 0; s < 4; s++)
    advance<<<(n + 127) / 128, 128>>>(d, ctx);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].v); PUT(out, h[i].n);
  }
  CHECK(cudaFree(d));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
