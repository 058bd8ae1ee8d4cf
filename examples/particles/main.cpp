// main.cpp: the host side of the particles example: fills the particles,
// moves them through the launchers of step.cu and bin.cu, and prints what
// they computed (the same text for the original and the optimized program).
#include <cstdio>
#include <cstdlib>

#include "particles.h"

#define CHECK(call)                                                                             \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    if (e_ != cudaSuccess) {                                                                    \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));    \
      exit(2);                                                                                  \
    }                                                                                           \
  } while (0)

void fill(Particle *h, int n) {
  unsigned s = 12345u;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    h[i].x = (float)(s >> 8 & 0xFFFF) / 65536.0f;
    h[i].y = (float)(s >> 16 & 0xFFFF) / 65536.0f;
    h[i].vx = h[i].vy = 0.0f;
    h[i].charge = (double)(s % 2001u) / 1000.0 - 1.0;
    h[i].id = i;
    h[i].flags = s % 11u == 0u;
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20, steps = argc > 2 ? atoi(argv[2]) : 100, ncells = 64 * 64;
  Particle *h = (Particle *)malloc((size_t)n * sizeof(Particle));
  Cell *hc = (Cell *)calloc((size_t)ncells, sizeof(Cell));
  fill(h, n);
  Particle *d;
  Cell *cells;
  CHECK(cudaMalloc(&d, (size_t)n * sizeof(Particle)));
  CHECK(cudaMalloc(&cells, (size_t)ncells * sizeof(Cell)));
  CHECK(cudaMemcpy(d, h, (size_t)n * sizeof(Particle), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(cells, 0, (size_t)ncells * sizeof(Cell)));
  launch_randomize(d, n, 2026ull);
  cudaEvent_t t0, t1;
  CHECK(cudaEventCreate(&t0));
  CHECK(cudaEventCreate(&t1));
  CHECK(cudaEventRecord(t0));
  launch_steps(d, n, steps, 0.01f);
  CHECK(cudaEventRecord(t1));
  launch_bin(d, cells, n, ncells);
  double ek = kinetic_energy(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, (size_t)n * sizeof(Particle), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hc, cells, (size_t)ncells * sizeof(Cell), cudaMemcpyDeviceToHost));
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, t0, t1));
  double sx = 0.0, sy = 0.0;
  long long cs = 0;
  for (int i = 0; i < n; i++) {
    sx += h[i].x;
    sy += h[i].y;
  }
  for (int c = 0; c < ncells; c++)
    cs += (long long)hc[c].count * (c + 1) + hc[c].charge_milli;
  printf("particles %d steps %d\n", n, steps);
  printf("sum x %.9e sum y %.9e\n", sx, sy);
  printf("kinetic energy %.6e\n", ek);
  printf("cells checksum %lld\n", cs);
  fprintf(stderr, "time of the steps: %.3f ms\n", ms);
  CHECK(cudaFree(d));
  CHECK(cudaFree(cells));
  free(h);
  free(hc);
  return 0;
}
