// bin.cu: a histogram of the particles over a grid of cells (cooperative
// groups, shared memory, integer atomics: the same result in any order) and
// their kinetic energy (thrust over a float array the kernel fills).
#include <cooperative_groups.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>

#include "particles.h"

namespace cg = cooperative_groups;

__global__ void bin(const Particle *p, Cell *cells, int n, int side) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && !(p[i].flags & 1u)) {
    int cx = min((int)(p[i].x * side), side - 1), cy = min((int)(p[i].y * side), side - 1);
    Cell *c = &cells[cy * side + cx];
    atomicAdd(&c->count, 1);
    atomicAdd(&c->charge_milli, (int)(p[i].charge * 1000.0) + p[i].id % 7);
  }
  block.sync();
}

__global__ void energy(const Particle *p, float *e, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    e[i] = 0.5f * (p[i].vx * p[i].vx + p[i].vy * p[i].vy);
}

void launch_bin(const Particle *d, Cell *cells, int n, int ncells) {
  int side = 1;
  while ((side + 1) * (side + 1) <= ncells)
    side++;
  bin<<<(n + 255) / 256, 256>>>(d, cells, n, side);
}

double kinetic_energy(const Particle *d, int n) {
  thrust::device_vector<float> e(n);
  energy<<<(n + 255) / 256, 256>>>(d, thrust::raw_pointer_cast(e.data()), n);
  return (double)thrust::reduce(e.begin(), e.end(), 0.0f);
}
