// kdlg-expect: rewritten
// Functions called with device data and with host pointers, which kdlg-opt
// clones (the original stays AoS for the host, the clone takes views): a
// __host__ __device__ helper (and the one it calls, declared by a prototype)
// used by kernels on the device array and by a CPU reference loop in main() on
// a host array; a __host__ __device__ writer called from a kernel and from the
// host; a __device__ function given a kernel's data and a shared-memory copy;
// a host helper given a device pointer and a host array.  Device and host
// results are both written.  n = 1003 (not a multiple of any tile).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define KD_SEED 4242u  // this program's seed for harness.cuh's lcg()
#include "harness.cuh"

struct Particle {
  float3 pos;
  float mass;
  int id;
  double energy;
  short tag;
};

__host__ __device__ double pair_term(const Particle *a, const Particle *b);

/* Reads element i and its two neighbours (wrapping): called by a kernel on
 * the device array and by main() on the host array. */
__host__ __device__ double potential(const Particle *p, int i, int n) {
  const Particle *left = p + (i + n - 1) % n;
  double e = pair_term(&p[i], left) + pair_term(p + i, &p[(i + 1) % n]);
  return e + (double)p[i].id * 0.25;
}

__host__ __device__ double pair_term(const Particle *a, const Particle *b) {
  float dx = a->pos.x - b->pos.x, dy = a->pos.y - b->pos.y, dz = a->pos.z - b->pos.z;
  return (double)(a->mass * b->mass) / (1.0 + (double)(dx * dx + dy * dy + dz * dz));
}

/* Writes element i only. */
__host__ __device__ void settle(Particle *p, int i, double e) {
  Particle *q = p + i;
  q->energy = e;
  q->tag = (short)(q->tag + (e > 1.0 ? 1 : -1));
  q->pos.x += 0.5f * q->mass;
}

/* Given a kernel's data and a shared-memory copy of it (AoS). */
__device__ float mass_sum(const Particle *p, int k) {
  float s = 0.0f;
  for (int j = 0; j < k; j++)
    s += p[j].mass;
  return s;
}

__global__ void energies(const Particle *p, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = potential(p, i, n);
}

__global__ void apply(Particle *p, const double *e, float *sums, int n) {
  __shared__ Particle tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  if (i < n)
    tile[threadIdx.x] = p[i];
  __syncthreads();
  if (i >= n)
    return;
  int k = n - base < 64 ? n - base : 64;
  sums[i] = mass_sum(tile, k) - mass_sum(p + base, k);  /* 0 unless the layouts disagree */
  settle(p, i, e[i]);
}

/* A checksum of device data (read back first) or of a host array. */
double checksum(const Particle *q, int n, bool on_device) {
  if (on_device) {
    Particle *tmp = (Particle *)malloc(n * sizeof(Particle));
    CHECK(cudaMemcpy(tmp, q, n * sizeof(Particle), cudaMemcpyDeviceToHost));
    double s = checksum(tmp, n, false);
    free(tmp);
    return s;
  }
  double s = 0.0;
  for (int i = 0; i < n; i++)
    s += q[i].energy + (double)q[i].mass * q[i].tag + q[i].pos.x;
  return s;
}

static void write_all(FILE *f, const Particle *h, int n) {
  for (int i = 0; i < n; i++) {
    PUT(f, h[i].pos.x); PUT(f, h[i].pos.y); PUT(f, h[i].pos.z);
    PUT(f, h[i].mass); PUT(f, h[i].id); PUT(f, h[i].energy); PUT(f, h[i].tag);
  }
}

int main(int argc, char **argv) {
  FILE *out = open_output(argc, argv);
  const int n = 1003;
  size_t bytes = n * sizeof(Particle);
  Particle *h = (Particle *)malloc(bytes);
  Particle *ref = (Particle *)malloc(bytes);
  double *e = (double *)malloc(n * sizeof(double));
  double *he = (double *)malloc(n * sizeof(double));
  float *sums = (float *)malloc(n * sizeof(float));
  memset(h, 0, bytes);
  for (int i = 0; i < n; i++) {
    h[i].pos = make_float3(rnd_float(-4, 4), rnd_float(-4, 4), rnd_float(-4, 4));
    h[i].mass = (float)rnd_int(8);
    h[i].id = rnd_int(100000);
    h[i].energy = 0.0;
    h[i].tag = (short)rnd_int(50);
  }
  memcpy(ref, h, bytes);

  Particle *d;
  double *d_e;
  float *d_sums;
  CHECK(cudaMalloc((void **)&d, bytes));
  CHECK(cudaMalloc((void **)&d_e, n * sizeof(double)));
  CHECK(cudaMalloc((void **)&d_sums, n * sizeof(float)));
  CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
  for (int step = 0; step < 3; step++) {
    energies<<<(n + 63) / 64, 64>>>(d, d_e, n);
    apply<<<(n + 63) / 64, 64>>>(d, d_e, d_sums, n);
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(e, d_e, n * sizeof(double), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(sums, d_sums, n * sizeof(float), cudaMemcpyDeviceToHost));

  /* the CPU reference: the same functions on the host array */
  for (int step = 0; step < 3; step++) {
    for (int i = 0; i < n; i++)
      he[i] = potential(ref, i, n);
    for (int i = 0; i < n; i++)
      settle(ref, i, he[i]);
  }

  double sum_d = checksum(d, n, true), sum_h = checksum(ref, n, false);
  PUT(out, sum_d);
  PUT(out, sum_h);
  write_all(out, h, n);
  for (int i = 0; i < n; i++) { PUT(out, e[i]); PUT(out, sums[i]); }
  write_all(out, ref, n);
  for (int i = 0; i < n; i++) PUT(out, he[i]);
  CHECK(cudaFree(d));
  CHECK(cudaFree(d_e));
  CHECK(cudaFree(d_sums));
  free(h);
  free(ref);
  free(e);
  free(he);
  free(sums);
  if (fclose(out) != 0) { perror("fclose"); return 2; }
  return 0;
}
