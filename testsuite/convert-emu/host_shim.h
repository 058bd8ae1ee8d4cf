/* host_shim.h: what the generated conversion code needs to compile and run
 * on the host (emulate.cpp): CUDA's qualifiers and vector types, and the
 * runtime's device helpers (runtime/kdlg_cuda.cuh) as plain copies that
 * check every access: aligned to its unit, inside one registered range
 * (the stage, the staged AoS bytes, a region, the AoS array), and not a
 * write to a range the conversion only reads.  kdlg_gen_store picks its
 * unit as kdlg_gen_run does (the largest of 16, 8, 4, 2, 1 dividing the
 * global address and the byte count); kdlg_gen_load_runs moves each run's
 * aligned middle in 16-byte units, the bytes around it one by one. */
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <vector>
#define __host__
#define __device__
#define __forceinline__ inline
#define __align__(n) __attribute__((aligned(n)))
#include "kdlg_layout.h"
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
struct float3 { float x, y, z; };
struct __attribute__((aligned(8))) float2 { float x, y; };
struct __attribute__((aligned(16))) uint4 { unsigned x, y, z, w; };
struct __attribute__((aligned(8))) uint2 { unsigned x, y; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct __attribute__((aligned(16))) int4 { int x, y, z, w; };
// memory map: every access must lie inside one registered range
struct Range { const unsigned char *b; size_t n; const char *name; bool writable; };
extern std::vector<Range> g_ranges;
extern long g_errors;
inline void chk(const void *p, size_t n, size_t al, bool w, const char *what) {
  const unsigned char *q = (const unsigned char *)p;
  if ((uintptr_t)q % al) { if (g_errors++ < 20) fprintf(stderr, "  %s: misaligned %p by %zu\n", what, p, al); }
  for (auto &r : g_ranges)
    if (q >= r.b && q + n <= r.b + r.n) {
      if (w && !r.writable && g_errors++ < 20) fprintf(stderr, "  %s: write to read-only %s\n", what, r.name);
      return;
    }
  if (g_errors++ < 20) fprintf(stderr, "  %s: %zu bytes at %p outside every range\n", what, n, p);
}
template <typename U, int N> inline void kdlg_move(unsigned char *d, const unsigned char *s) {
  chk(d, N * sizeof(U), sizeof(U), true, "move dst"); chk(s, N * sizeof(U), sizeof(U), false, "move src");
  memmove(d, s, N * sizeof(U));
}
template <typename U> inline void kdlg_zero(unsigned char *d) { chk(d, sizeof(U), sizeof(U), true, "zero"); memset(d, 0, sizeof(U)); }
inline size_t run_unit(const void *global, unsigned bytes) {
  unsigned al = (unsigned)((uintptr_t)global | bytes) & 15u;
  return al == 0 ? 16 : (al & 7u) == 0 ? 8 : (al & 3u) == 0 ? 4 : (al & 1u) == 0 ? 2 : 1;
}
template <int NT> inline void kdlg_gen_store(unsigned char *dst, const unsigned char *src, unsigned bytes) {
  size_t u = run_unit(dst, bytes);
  unsigned nb = bytes / u * u;  // kdlg_gen_units moves bytes / sizeof(U) units
  if (nb != bytes && g_errors++ < 20) fprintf(stderr, "  store drops tail\n");
  chk(dst, nb, u, true, "store dst"); chk(src, nb, u, false, "store src");
  memmove(dst, src, nb);
}
template <int NT, unsigned MOST, int K, unsigned FIXED> inline void kdlg_gen_load_runs(const unsigned char *const *src, const unsigned *bytes, unsigned char **dst) {
  // as kdlg_cuda.cuh's: each run's 16-byte-aligned middle in 16-byte units, the bytes around it one by one
  for (int i = 0; i < K; i++) {
    unsigned mis = (unsigned)((uintptr_t)src[i] & 15u);
    bool fixed = i < 32 && (FIXED >> i & 1u);
    unsigned char *d = fixed ? dst[i] : (dst[i] += mis);
    const unsigned char *s = src[i];
    unsigned B = bytes[i];
    if (B > MOST && g_errors++ < 20) fprintf(stderr, "  load_runs: a run longer than MOST\n");
    unsigned head = mis == 0 ? 0u : fixed ? B : 16u - mis < B ? 16u - mis : B;
    unsigned n16 = (B - head) / 16, tail = head + n16 * 16;
    if (n16) { chk(d + head, n16 * 16, 16, true, "load_runs dst"); chk(s + head, n16 * 16, 16, false, "load_runs src"); }
    memmove(d + head, s + head, n16 * 16);
    for (unsigned k = 0; k < head; k++) { chk(d + k, 1, 1, true, "load_runs dst"); chk(s + k, 1, 1, false, "load_runs src"); d[k] = s[k]; }
    for (unsigned k = tail; k < B; k++) { chk(d + k, 1, 1, true, "load_runs dst"); chk(s + k, 1, 1, false, "load_runs src"); d[k] = s[k]; }
  }
}
