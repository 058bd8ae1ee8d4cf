#include "params.h"

struct Particle {
  float x, y, z;
  float vx, vy, vz;
  int id;
  float mass;
};

__global__ void step(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += p[i].vx * PARTICLE_DT;
    p[i].y += p[i].vy * PARTICLE_DT;
    p[i].z += p[i].vz * PARTICLE_DT;
  }
}
