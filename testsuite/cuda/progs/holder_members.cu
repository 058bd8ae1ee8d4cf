// kdlg-expect: rewritten
// Device data held in members (issue 19; transform/rewrite/flow.c,
// Var.member): a class whose constructor allocates its buffer and whose
// methods copy, launch (also on a derived pointer) and free it; a struct of
// two buffers passed to a kernel by value and exchanged through a local
// (ping-pong), with default member initialisers; a __device__ function
// given that struct by reference; n = 1001.
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

static unsigned lcg_state = 6151u;
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

struct Cell {
  float4 u;
  double rho;
  int tag;
  short flags;
};

__global__ void relax(Cell *c, int n, float w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i].u.x = c[i].u.x * w + c[i].u.y;
  c[i].u.w += (float)c[i].tag;
  c[i].rho = c[i].rho * 0.5 + (double)c[(i + 1) % n].u.z;
}

// two buffers, exchanged after each step
struct Pair {
  Cell *cur = nullptr;
  Cell *next = nullptr;
  int n = 0;
};

__device__ void blend(const Pair &b, int i) {
  b.next[i].u = make_float4(b.cur[i].u.x + 1.0f, b.cur[i].u.y * 0.5f, b.cur[i].u.z, b.cur[i].u.w);
  b.next[i].rho = b.cur[i].rho + (double)i;
  b.next[i].tag = b.cur[i].tag ^ i;
  b.next[i].flags = (short)(b.cur[i].flags + 1);
}

__global__ void advance(Pair b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < b.n)
    blend(b, i);
}

class Field {
 public:
  explicit Field(int n) : d_(nullptr), n_(n) { CHECK(cudaMalloc((void **)&d_, n_ * sizeof(Cell))); }
  void upload(const Cell *h) { CHECK(cudaMemcpy(d_, h, n_ * sizeof(Cell), cudaMemcpyHostToDevice)); }
  void step(float w) { relax<<<(n_ + 63) / 64, 64>>>(d_, n_, w); }
  void step_tail(int k, float w) { relax<<<(n_ - k + 63) / 64, 64>>>(d_ + k, n_ - k, w); }
  void download(Cell *h) { CHECK(cudaMemcpy(h, d_, n_ * sizeof(Cell), cudaMemcpyDeviceToHost)); }
  void release() { CHECK(cudaFree(d_)); }

 private:
  Cell *d_;
  int n_;
};

static void fill(Cell *h, int n) {
  for (int i = 0; i < n; i++) {
    h[i].u = make_float4(rnd_float(-1.0f, 1.0f), rnd_float(0.5f, 2.0f), rnd_float(-1.0f, 1.0f), rnd_float(0.5f, 1.5f));
    h[i].rho = (double)rnd_float(1.0f, 3.0f);
    h[i].tag = rnd_int(1000);
    h[i].flags = (short)rnd_int(100);
  }
}

static void put_cells(FILE *out, const Cell *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].u); PUT(out, h[i].rho); PUT(out, h[i].tag); PUT(out, h[i].flags);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1001;
  Cell *h = (Cell *)calloc(n, sizeof(Cell));
  fill(h, n);
  Field f(n);
  f.upload(h);
  f.step(0.75f);
  f.step_tail(7, 0.5f);
  f.download(h);
  put_cells(out, h, n);
  f.release();

  Pair b;
  b.n = n;
  CHECK(cudaMalloc(&b.cur, n * sizeof(Cell)));
  CHECK(cudaMalloc(&b.next, n * sizeof(Cell)));
  fill(h, n);
  CHECK(cudaMemcpy(b.cur, h, n * sizeof(Cell), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(b.next, 0, n * sizeof(Cell)));
  for (int s = 0; s < 3; s++) {
    advance<<<(n + 127) / 128, 128>>>(b);
    Cell *t = b.cur;
    b.cur = b.next;
    b.next = t;
  }
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, b.cur, n * sizeof(Cell), cudaMemcpyDeviceToHost));
  put_cells(out, h, n);
  CHECK(cudaFree(b.cur));
  CHECK(cudaFree(b.next));
  free(h);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
