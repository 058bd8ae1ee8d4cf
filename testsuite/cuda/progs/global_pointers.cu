// kdlg-expect: rewritten
// Device arrays kept in host pointer variables of namespace scope and in
// static locals (issue 19: HeCBench streamcluster's `Point_Struct *p_d;`;
// transform/rewrite/globals.c): one of external linkage, a static one
// initialised to nullptr, one in a namespace initialised to NULL, a static
// local allocated on the first call of its function; the globals are
// allocated, filled, launched on, offset, copied between (D2D) and read back
// from different host functions; n = 1001.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 2741u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Particle {
  float x, y, z;
  int id;
  double w;
};

Particle *g_d;                   // external linkage
static Particle *s_d = nullptr;  // internal linkage
namespace store {
Particle *n_d = NULL;
}

__global__ void step(Particle *p, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  p[i].x += dt * p[i].y;
  p[i].z = p[i].z * 0.5f + (float)(p[i].id % 7);
  p[i].w += (double)p[i].x * 0.25;
}

__global__ void mix(Particle *a, const Particle *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = (i * 7 + 3) % n;
  a[i].y = a[i].y + b[j].z;
  a[i].id = a[i].id ^ b[j].id;
}

static void alloc_all(int n) {
  CHECK(cudaMalloc(&g_d, n * sizeof(Particle)));
  CHECK(cudaMalloc((void **)&s_d, n * sizeof(Particle)));
  CHECK(cudaMalloc(&store::n_d, n * sizeof(Particle)));
}

static void upload(const Particle *h, int n, int k) {
  CHECK(cudaMemcpy(g_d, h, n * sizeof(Particle), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(store::n_d, 0, n * sizeof(Particle)));
  CHECK(cudaMemcpy(store::n_d, h + k, (n - k) * sizeof(Particle), cudaMemcpyHostToDevice));
}

// a scratch array kept in a static local, allocated on the first call
static void scratch_pass(int n, int block) {
  static Particle *t_d = nullptr;
  static bool allocated = false;
  if (!allocated) {
    CHECK(cudaMalloc(&t_d, n * sizeof(Particle)));
    allocated = true;
  }
  CHECK(cudaMemcpy(t_d, g_d, n * sizeof(Particle), cudaMemcpyDeviceToDevice));
  step<<<(n + block - 1) / block, block>>>(t_d, n, 0.75f);
  mix<<<(n + block - 1) / block, block>>>(g_d, t_d, n);
}

static void run(int n, int k) {
  const int block = 128;
  step<<<(n + block - 1) / block, block>>>(g_d, n, 0.5f);
  Particle *tail = g_d + k;  // a derived pointer from a global
  step<<<(n - k + block - 1) / block, block>>>(tail, n - k, 0.125f);
  CHECK(cudaMemcpy(s_d, g_d, n * sizeof(Particle), cudaMemcpyDeviceToDevice));
  mix<<<(n + block - 1) / block, block>>>(s_d, store::n_d, n);
  scratch_pass(n, block);
  scratch_pass(n, block);
  CHECK(cudaGetLastError());
}

static void download(FILE *out, Particle *h, const Particle *d, int n) {
  CHECK(cudaMemcpy(h, d, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].x); PUT(out, h[i].y); PUT(out, h[i].z); PUT(out, h[i].id); PUT(out, h[i].w);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1001, k = 37;
  Particle *h = (Particle *)calloc(n, sizeof(Particle));
  for (int i = 0; i < n; i++) {
    h[i].x = rnd_float(-2.0f, 2.0f);
    h[i].y = rnd_float(-1.0f, 1.0f);
    h[i].z = rnd_float(0.5f, 3.0f);
    h[i].id = rnd_int(100000);
    h[i].w = (double)rnd_float(1.0f, 9.0f);
  }
  alloc_all(n);
  upload(h, n, k);
  run(n, k);
  download(out, h, g_d, n);
  download(out, h, s_d, n);
  download(out, h, store::n_d, n);
  CHECK(cudaFree(g_d));
  CHECK(cudaFree(s_d));
  CHECK(cudaFree(store::n_d));
  free(h);
  fclose(out);
  return 0;
}
