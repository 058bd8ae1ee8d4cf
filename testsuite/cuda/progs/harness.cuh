// harness.cuh: what every program of testsuite/cuda/progs shares (the
// differential harness of run-gpu-diff.sh, mode=file): CHECK() for CUDA
// calls, a deterministic generator of non-zero values (lcg, rnd_int,
// rnd_float; the including program defines KD_SEED, its own seed, first),
// and the output file the results go to byte by byte (open_output, PUT).
// A header of the project, not of a struct: kdlg-opt leaves it as it is.
#ifndef KD_PROGS_HARNESS_CUH
#define KD_PROGS_HARNESS_CUH
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                          \
  do {                                                                                       \
    cudaError_t e_ = (call);                                                                 \
    if (e_ != cudaSuccess) {                                                                 \
      fprintf(stderr, "%s:%d: CUDA error: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      exit(2);                                                                               \
    }                                                                                        \
  } while (0)

#ifndef KD_SEED
#define KD_SEED 1u
#endif
static unsigned lcg_state = KD_SEED;
inline unsigned lcg(void) { lcg_state = lcg_state * 1664525u + 1013904223u; return lcg_state >> 8; }
inline int rnd_int(int m) { return 1 + (int)(lcg() % (unsigned)m); } /* [1, m] */
inline float rnd_float(float lo, float hi) {                          /* [lo, hi), not 0 */
  float v = lo + (hi - lo) * (float)(lcg() & 0xFFFF) / 65536.0f;
  return v == 0.0f ? 0.5f : v;
}
static FILE *open_output(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s OUTPUT\n", argv[0]); exit(2); }
  FILE *f = fopen(argv[1], "wb");
  if (!f) { perror(argv[1]); exit(2); }
  return f;
}
static void put(FILE *f, const void *p, size_t n) {
  if (fwrite(p, 1, n, f) != n) { perror("fwrite"); exit(2); }
}
#define PUT(f, x) put((f), &(x), sizeof(x))

#endif
