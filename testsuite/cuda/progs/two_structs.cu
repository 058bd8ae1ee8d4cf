// kdlg-expect: rewritten
// Two structs, both through kernel pointer parameters, in one kernel and in one
// __device__ function (which receives derived pointers of both); different
// element counts (1003 particles, 33 cells); integer-valued float and double
// atomics so that the sums do not depend on the order.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 777u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Particle {
  float3 pos;
  float mass;
  int cell;
  char kind;
};

struct CellAcc {
  double mass;
  int count;
  float3 centre;
  char touched;
  short last;
};

__global__ void assign(Particle *p, int n, int nc) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int cx = (int)p[i].pos.x, cy = (int)p[i].pos.y;
  p[i].cell = (cx * 31 + cy * 7 + p[i].kind) % nc;
}

__global__ void reset(CellAcc *c, int nc) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= nc)
    return;
  c[j].mass = 0.0;
  c[j].count = 0;
  c[j].centre = make_float3(0.0f, 0.0f, 0.0f);
  c[j].touched = 0;
  c[j].last = (short)j;
}

__global__ void accumulate(const Particle *p, int n, CellAcc *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int j = p[i].cell;
  atomicAdd(&c[j].count, 1);
  atomicAdd(&c[j].mass, (double)p[i].mass);
  atomicAdd(&c[j].centre.x, p[i].pos.x);
  atomicAdd(&c[j].centre.y, p[i].pos.y);
  atomicAdd(&c[j].centre.z, p[i].pos.z);
  c[j].touched = 1; /* every writer stores the same value */
}

__device__ void pull(Particle *me, const CellAcc *cell) {
  int k = cell->count > 0 ? cell->count : 1; /* everything stays integer-valued */
  me->pos.x = (float)(((int)cell->centre.x / k + (int)me->pos.x) % 64 + 1);
  me->pos.y = (float)(((int)me->pos.y + (int)cell->mass) % 64 + 1);
  me->pos.z += (float)cell->touched;
  me->mass += (float)(cell->count & 3);
}

__global__ void finish(Particle *p, int n, const CellAcc *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  pull(p + i, c + p[i].cell);
  p[i].kind = (char)(p[i].kind + c[p[i].cell].last);
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003, nc = 33;
  Particle *hp = (Particle *)malloc(n * sizeof(Particle));
  CellAcc *hc = (CellAcc *)malloc(nc * sizeof(CellAcc));
  for (int i = 0; i < n; i++) {
    /* integer-valued coordinates and masses: the atomic sums are exact */
    hp[i].pos = make_float3((float)rnd_int(64), (float)rnd_int(64), (float)rnd_int(64));
    hp[i].mass = (float)rnd_int(16);
    hp[i].cell = -rnd_int(5);
    hp[i].kind = (char)rnd_int(3);
  }
  Particle *d_p;
  CHECK(cudaMalloc((void **)&d_p, n * sizeof(Particle)));
  CellAcc *d_c;
  CHECK(cudaMalloc((void **)&d_c, nc * sizeof(CellAcc)));
  CHECK(cudaMemcpy(d_p, hp, n * sizeof(Particle), cudaMemcpyHostToDevice));
  for (int step = 0; step < 3; step++) {
    reset<<<1, 64>>>(d_c, nc);
    assign<<<(n + 127) / 128, 128>>>(d_p, n, nc);
    accumulate<<<(n + 127) / 128, 128>>>(d_p, n, d_c);
    if (step < 2) {
      CHECK(cudaMemcpy(hc, d_c, nc * sizeof(CellAcc), cudaMemcpyDeviceToHost));
      for (int j = 0; j < nc; j++) {
        PUT(out, hc[j].mass); PUT(out, hc[j].count); PUT(out, hc[j].centre);
        PUT(out, hc[j].touched); PUT(out, hc[j].last);
      }
      finish<<<(n + 255) / 256, 256>>>(d_p, n, d_c);
    }
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(hp, d_p, n * sizeof(Particle), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(hc, d_c, nc * sizeof(CellAcc), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    PUT(out, hp[i].pos); PUT(out, hp[i].mass); PUT(out, hp[i].cell); PUT(out, hp[i].kind);
  }
  for (int j = 0; j < nc; j++) {
    PUT(out, hc[j].mass); PUT(out, hc[j].count); PUT(out, hc[j].centre);
    PUT(out, hc[j].touched); PUT(out, hc[j].last);
  }
  CHECK(cudaFree(d_p));
  CHECK(cudaFree(d_c));
  free(hp);
  free(hc);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
