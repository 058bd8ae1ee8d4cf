// step.cu: the particles' motion (examples/particles/README.md): random
// velocities from curand, then steps that read and write only the hot fields.
#include <cassert>
#include <curand_kernel.h>

#include "particles.h"

__global__ void randomize(Particle *p, int n, unsigned long long seed) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  curandStatePhilox4_32_10_t s;
  curand_init(seed, (unsigned long long)i, 0, &s);
  p[i].vx = curand_uniform(&s) - 0.5f;
  p[i].vy = curand_uniform(&s) - 0.5f;
  assert(p[i].vx >= -0.5f && p[i].vx <= 0.5f);
}

__global__ void step(Particle *p, int n, float dt) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float x = p[i].x + p[i].vx * dt, y = p[i].y + p[i].vy * dt;
    if (x < 0.0f || x > 1.0f)
      p[i].vx = -p[i].vx;
    if (y < 0.0f || y > 1.0f)
      p[i].vy = -p[i].vy;
    p[i].x = fminf(fmaxf(x, 0.0f), 1.0f);
    p[i].y = fminf(fmaxf(y, 0.0f), 1.0f);
  }
}

void launch_randomize(Particle *d, int n, unsigned long long seed) {
  randomize<<<(n + 255) / 256, 256>>>(d, n, seed);
}

void launch_steps(Particle *d, int n, int steps, float dt) {
  for (int s = 0; s < steps; s++)
    step<<<256, 256>>>(d, n, dt);
}
