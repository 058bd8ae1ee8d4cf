// kdlg-expect: rewritten
// Structs declared in C++ namespaces (issue 21, class 3; transform/rewrite/
// structs.c): Cell in sim::grid with a kernel and a __device__ function of
// its own namespace, Probe in sim; a kernel outside both reached through a
// using-declaration; cudaMalloc((void **)&d) (the wrapper is named by its
// qualified name), a derived pointer, a memset then a partial copy-in;
// n = 1003.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 1913u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

namespace sim {
namespace grid {
struct Cell {
  double mass;
  float3 vel;
  int id;
  unsigned char flags;
};
// a device function of the namespace that walks a derived pointer
__device__ float speed2(const Cell *c, int j) { return c[j].vel.x * c[j].vel.x + c[j].vel.y * c[j].vel.y; }
__global__ void push(Cell *c, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  c[i].vel.x += dt * (float)(c[i].id % 13);
  c[i].vel.z -= dt;
  c[i].mass = c[i].mass * 0.5 + (double)speed2(c, i);
  c[i].flags = (unsigned char)(c[i].flags ^ i);
}
}  // namespace grid

struct Probe {
  float v;
  int cell;
};
}  // namespace sim

using sim::grid::Cell;
// a kernel outside the namespaces over both structs, a neighbour read
__global__ void sample(sim::Probe *p, const Cell *c, int np, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= np)
    return;
  int j = p[i].cell % n;
  int k = (j + 1) % n;
  p[i].v = (float)c[j].mass + c[k].vel.y;
}

static void fill(Cell *h, int n) {
  for (int i = 0; i < n; i++) {
    h[i].mass = (double)rnd_float(0.5f, 4.0f);
    h[i].vel = make_float3(rnd_float(-1.0f, 1.0f), rnd_float(-1.0f, 1.0f), rnd_float(-1.0f, 1.0f));
    h[i].id = rnd_int(1000);
    h[i].flags = (unsigned char)rnd_int(255);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, np = 517, k = 29;
  Cell *h = (Cell *)calloc(n, sizeof(Cell));
  sim::Probe *hp = (sim::Probe *)calloc(np, sizeof(sim::Probe));
  fill(h, n);
  for (int i = 0; i < np; i++) {
    hp[i].v = rnd_float(1.0f, 2.0f);
    hp[i].cell = rnd_int(5000);
  }
  Cell *d = nullptr;
  sim::Probe *dp;
  CHECK(cudaMalloc((void **)&d, n * sizeof(Cell)));
  CHECK(cudaMalloc(&dp, np * sizeof(sim::Probe)));
  CHECK(cudaMemset(d, 0, n * sizeof(Cell)));
  CHECK(cudaMemcpy(d, h, (n - 3) * sizeof(Cell), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dp, hp, np * sizeof(sim::Probe), cudaMemcpyHostToDevice));
  int block = 64;
  sim::grid::push<<<(n + block - 1) / block, block>>>(d, n, 0.25f);
  Cell *tail = d + k;  // a derived pointer
  sim::grid::push<<<(n - k + block - 1) / block, block>>>(tail, n - k, 0.5f);
  sample<<<(np + block - 1) / block, block>>>(dp, d, np, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, n * sizeof(Cell), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hp, dp, np * sizeof(sim::Probe), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, h[i].mass); PUT(out, h[i].vel); PUT(out, h[i].id); PUT(out, h[i].flags);
  }
  for (int i = 0; i < np; i++) {
    PUT(out, hp[i].v); PUT(out, hp[i].cell);
  }
  CHECK(cudaFree(d));
  CHECK(cudaFree(dp));
  free(h);
  free(hp);
  fclose(out);
  return 0;
}
