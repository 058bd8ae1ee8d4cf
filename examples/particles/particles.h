// particles.h: the data of the particles example (examples/particles/README.md).
//
// Particle has hot fields (position, velocity: every step reads and writes
// them) and cold ones (charge, id, flags: read once, by the binning kernel);
// Cell is the histogram the binning kernel fills.  Both live in this header
// and cross files: kernels in step.cu and bin.cu, host code in main.cpp,
// which the host compiler builds.
#ifndef PARTICLES_H
#define PARTICLES_H
#include <cuda_runtime.h>

struct Particle {
  float x, y;        // hot
  float vx, vy;      // hot
  double charge;     // cold
  int id;            // cold
  unsigned flags;    // cold
};

struct Cell {
  int count;
  int charge_milli;  // sum of the charges, in thousandths
};

// step.cu
void launch_randomize(Particle *d, int n, unsigned long long seed);
void launch_steps(Particle *d, int n, int steps, float dt);
// bin.cu
void launch_bin(const Particle *d, Cell *cells, int n, int ncells);
double kinetic_energy(const Particle *d, int n);
// main.cpp (built by the host compiler)
void fill(Particle *h, int n);

#endif
