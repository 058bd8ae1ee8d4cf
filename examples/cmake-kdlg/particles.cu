/* particles.cu: the example of examples/cmake-kdlg (kdlg_optimize in a CMake
 * build).  An array of structs with hot fields (position and velocity, read
 * and written by the kernel every step) and cold ones (an id, a name, a
 * history no kernel touches): kdlg-opt gives the hot fields their own
 * storage, so a step moves 24 of each particle's 88 bytes.
 *
 *   particles [OUT]   runs PARTICLES_STEPS steps on PARTICLES_N particles
 *                     filled with deterministic non-zero data; writes every
 *                     byte of the resulting array to OUT, or prints its
 *                     checksum
 *
 * PARTICLES_STEPS and PARTICLES_N come from the build
 * (target_compile_definitions), PARTICLES_DT and PARTICLES_DRAG from
 * include/particles_config.h: the original and the optimized program must
 * write the same bytes (run-gpu.sh compares them).
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "particles_config.h"

struct Particle {
  float x, y, z;        // hot: read and written every step
  float vx, vy, vz;     // hot: read and written every step
  char name[24];        // cold from here on: the kernel never touches them
  int id;
  int flags;
  double history[4];
};  // 88 bytes, no padding: every byte is a field's

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                         \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

__global__ void step(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].vx *= PARTICLES_DRAG;
    p[i].vy *= PARTICLES_DRAG;
    p[i].vz = p[i].vz * PARTICLES_DRAG - 9.81f * PARTICLES_DT;
    p[i].x += p[i].vx * PARTICLES_DT;
    p[i].y += p[i].vy * PARTICLES_DT;
    p[i].z += p[i].vz * PARTICLES_DT;
  }
}

/* xorshift32: deterministic, never 0 from a non-zero seed */
static uint32_t next(uint32_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 17;
  *s ^= *s << 5;
  return *s;
}

/* in [0.5, 1.5): never zero */
static float unit(uint32_t *s) { return 0.5f + (float)(next(s) >> 8) / 16777216.0f; }

static void fill(Particle *p, int n) {
  uint32_t s = 20240601u;
  for (int i = 0; i < n; i++) {
    p[i].x = unit(&s);
    p[i].y = unit(&s);
    p[i].z = unit(&s) * 100.0f;
    p[i].vx = unit(&s);
    p[i].vy = unit(&s);
    p[i].vz = unit(&s);
    for (int c = 0; c < 24; c++)
      p[i].name[c] = (char)('a' + next(&s) % 26);
    p[i].id = i + 1;
    p[i].flags = (int)(next(&s) | 1u);
    for (int h = 0; h < 4; h++)
      p[i].history[h] = 1.0 + (double)next(&s);
  }
}

/* FNV-1a over n bytes */
static uint64_t checksum(const unsigned char *b, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  const int n = PARTICLES_N;
  const size_t bytes = (size_t)n * sizeof(Particle);
  Particle *h = (Particle *)calloc((size_t)n, sizeof(Particle));
  if (!h)
    return 1;
  fill(h, n);

  Particle *d;
  CHECK(cudaMalloc(&d, bytes));
  CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
  for (int s = 0; s < PARTICLES_STEPS; s++)
    step<<<(n + 255) / 256, 256>>>(d, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d));

  if (argc > 1) {
    FILE *f = fopen(argv[1], "wb");
    if (!f || fwrite(h, 1, bytes, f) != bytes || fclose(f) != 0) {
      fprintf(stderr, "particles: cannot write '%s'\n", argv[1]);
      return 1;
    }
  } else {
    printf("checksum %016llx (%d particles, %d steps)\n", (unsigned long long)checksum((unsigned char *)h, bytes), n,
           PARTICLES_STEPS);
  }
  free(h);
  return 0;
}
