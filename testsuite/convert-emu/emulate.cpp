/* emulate.cpp: the generated conversion kernels of kdlg-opt, run on the host
 * and checked byte for byte (testsuite/convert-emu/run.sh; CI, no GPU).
 *
 * HOST_TRAITS is the host-compilable part of a rewritten file (extract.py):
 * each struct's accessors, layout description (kdlg_S_layout) and traits
 * class (kdlg_S_conv, transform/codegen.c).  pack_kernel / unpack_kernel
 * re-enact kdlg_gen_pack_kernel / kdlg_gen_unpack_kernel
 * (runtime/kdlg_cuda.cuh), Whole (first 0) and pieces (another first), one
 * block after another, phase by phase: the staged AoS bytes and the stage
 * start as garbage, as shared memory does, and are reused from step to step
 * within a block.  host_shim.h checks every access (alignment, inside the
 * right buffer, no write to what is only read).
 *
 * Per struct, over element counts n around its step and largest tile,
 * ranges [first, first + m) and grids of 1, 3 and as many blocks as steps:
 *   - AoS -> layout: every field byte of elements first ... first + m - 1
 *     where kd_layout_address puts it; every other region byte as it was,
 *     but that padding of AoS strides and tiles whose elements are all in
 *     the range may be zero (staged packing stores it so); 4 KiB around each
 *     region untouched; the AoS bytes unchanged;
 *   - layout -> AoS: fields from the regions, padding zero, regions unchanged.
 * Prints one line per struct; the exit status is the number of structs
 * with a failure (0: all pass). */
#include HOST_TRAITS
#include "structs.h"
#include <algorithm>
std::vector<Range> g_ranges;
long g_errors;
static uint64_t rng_state = 88172645463325252ull;
static unsigned char rnd() { rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17; return (unsigned char)(rng_state >> 24); }
static unsigned char *aligned_buf(size_t n) { void *p = nullptr; if (posix_memalign(&p, 256, n ? n : 1)) abort(); return (unsigned char *)p; }

// kdlg_gen_pack_kernel / unpack, one block after another, phases in order
// a block's shared memory: the AoS step (sh) and the stage, registered as ranges while it lives
struct Shared {
  size_t shb, rb;
  unsigned char *sh, *regions;
  Shared(size_t step, size_t stage) : shb((step + 15) / 16 * 16), rb(stage ? stage : 16) {
    sh = aligned_buf(shb); regions = aligned_buf(rb);
    g_ranges.push_back({sh, shb, "staged", true});
    g_ranges.push_back({regions, rb, "stage", true});
  }
  void garbage() {  // what a new block finds there
    for (size_t k = 0; k < shb; k++) sh[k] = rnd();
    for (size_t k = 0; k < rb; k++) regions[k] = rnd();
  }
  ~Shared() { g_ranges.pop_back(); g_ranges.pop_back(); free(sh); free(regions); }
};

template <class C, bool Whole>
void pack_kernel(const unsigned char *aos, long long first, long long m, typename C::view v, long long grid) {
  const unsigned A = C::aos_bytes, CH = (unsigned)C::threads * C::per_thread;
  Shared S((size_t)CH * A, C::stage_bytes);
  unsigned char *sh = S.sh, *regions = S.regions;
  v.kd_o = 0;
  const long long F = Whole ? 0 : first, end = F + m;
  const unsigned char *a0 = aos - F * A;
  for (long long b = 0; b < grid; b++) {
    S.garbage();
    if (C::stage_zero && Whole) memset(regions, 0, S.rb);
    for (long long at = F + b * CH; at < end; at += grid * CH) {
      unsigned cnt = end - at < (long long)CH ? (unsigned)(end - at) : CH;
      memcpy(sh, a0 + at * A, (size_t)cnt * A);
      if (C::stage_bytes && Whole && cnt == CH) {
        typename C::view sv = C::stage_view(v, regions, at);
        for (unsigned e = 0; e < cnt; e++) C::pack_staged(sv, at + e, sh + e * A);
        C::stage_out(v, regions, at);
      } else {
        for (unsigned e = 0; e < cnt; e++) C::pack(v, at + e, sh + e * A);
      }
    }
  }
}
template <class C, bool Whole>
void unpack_kernel(unsigned char *aos, long long first, long long m, typename C::view v, long long grid) {
  const unsigned A = C::aos_bytes, CH = (unsigned)C::threads * C::per_thread;
  Shared S((size_t)CH * A, C::stage_in_bytes);
  unsigned char *sh = S.sh, *regions = S.regions;
  v.kd_o = 0;
  const long long F = Whole ? 0 : first, end = F + m;
  unsigned char *a0 = aos - F * A;
  for (long long b = 0; b < grid; b++) {
    S.garbage();
    for (long long at = F + b * CH; at < end; at += grid * CH) {
      unsigned cnt = end - at < (long long)CH ? (unsigned)(end - at) : CH;
      if (C::stage_in_bytes && Whole && cnt == CH) {
        typename C::view sv = C::stage_in(v, regions, at);
        for (unsigned e = 0; e < cnt; e++) C::unpack(sv, at + e, sh + e * A);
      } else {
        for (unsigned e = 0; e < cnt; e++) C::unpack(v, at + e, sh + e * A);
      }
      memcpy(a0 + at * A, sh, (size_t)cnt * A);
    }
  }
}

const size_t GUARD = 4096;
template <class C>
long test(const char *name, const kd_layout *L, long long n, long long first, long long m, long long grid, bool to_layout) {
  const unsigned A = L->aos_bytes, NR = L->nclusters;
  const long long CH = C::threads * C::per_thread;
  if (grid <= 0) grid = std::min((m + CH - 1) / CH, 65535LL);
  std::vector<unsigned char *> R(NR), R0(NR);
  std::vector<size_t> RB(NR);
  void *r[16];
  g_errors = 0;
  for (unsigned c = 0; c < NR; c++) {
    RB[c] = kd_layout_region_bytes(&L->clusters[c], n);
    R[c] = aligned_buf(RB[c] + 2 * GUARD); R0[c] = aligned_buf(RB[c] + 2 * GUARD);
    for (size_t k = 0; k < RB[c] + 2 * GUARD; k++) R0[c][k] = R[c][k] = rnd();
    r[c] = R[c] + GUARD;
    g_ranges.push_back({R[c] + GUARD, RB[c], "region", to_layout});
  }
  size_t ab = (size_t)m * A;
  unsigned char *aos = aligned_buf(ab + 2 * GUARD), *aos0 = aligned_buf(ab + 2 * GUARD);
  for (size_t k = 0; k < ab + 2 * GUARD; k++) aos0[k] = aos[k] = rnd();
  g_ranges.push_back({aos + GUARD, ab, "aos", !to_layout});
  typename C::view v;
  C::bind(&v, r, n);
  if (to_layout) {
    if (first == 0) pack_kernel<C, true>(aos + GUARD, first, m, v, grid);
    else pack_kernel<C, false>(aos + GUARD, first, m, v, grid);
  } else {
    if (first == 0) unpack_kernel<C, true>(aos + GUARD, first, m, v, grid);
    else unpack_kernel<C, false>(aos + GUARD, first, m, v, grid);
  }
  g_ranges.clear();
  long bad = 0;
  auto report = [&](const char *what, unsigned c, size_t off, int got, int want) {
    if (bad++ < 8) fprintf(stderr, "  %s: %s n=%lld first=%lld m=%lld grid=%lld region %u byte %zu: got %02x want %02x\n",
                           name, what, n, first, m, grid, c, off, got, want);
  };
  if (to_layout) {
    // expected: old bytes; fields of elements in range from the AoS bytes; zero allowed in padding of
    // AoS strides / tiles whose elements are all in range
    for (unsigned c = 0; c < NR; c++) {
      std::vector<int> want(RB[c]);
      std::vector<char> zero_ok(RB[c], 0);
      for (size_t k = 0; k < RB[c]; k++) want[k] = R0[c][GUARD + k];
      const kd_layout_cluster *K = &L->clusters[c];
      std::vector<char> isfield(RB[c], 0);
      for (long long i = 0; i < n; i++)
        for (unsigned f = 0; f < L->nfields; f++)
          if (L->fields[f].cluster == c) {
            uint64_t a = kd_layout_address(L, f, i, n);
            for (unsigned b = 0; b < L->fields[f].bytes; b++) isfield[a + b] = 1;
          }
      if (K->tile >= 1) {
        uint64_t unit = K->tile == 1 ? kd_layout_stride(K) : kd_layout_tile_bytes(K);
        for (long long tb = 0; tb * (long long)K->tile < n; tb++) {
          long long lo = tb * K->tile, hi = lo + K->tile;  // elements of the tile / stride
          if (lo >= first && hi <= first + m)
            for (uint64_t b = tb * unit; b < (tb + 1) * unit; b++) if (!isfield[b]) zero_ok[b] = 1;
        }
      }
      for (long long i = first; i < first + m; i++)
        for (unsigned f = 0; f < L->nfields; f++)
          if (L->fields[f].cluster == c) {
            uint64_t a = kd_layout_address(L, f, i, n);
            for (unsigned b = 0; b < L->fields[f].bytes; b++)
              want[a + b] = aos0[GUARD + (i - first) * A + L->fields[f].aos_offset + b];
          }
      for (size_t k = 0; k < RB[c]; k++) {
        int got = R[c][GUARD + k];
        if (got != want[k] && !(got == 0 && zero_ok[k])) report("wrong", c, k, got, want[k]);
      }
      for (size_t k = 0; k < GUARD; k++) {
        if (R[c][k] != R0[c][k]) report("guard below", c, k, R[c][k], R0[c][k]);
        if (R[c][GUARD + RB[c] + k] != R0[c][GUARD + RB[c] + k]) report("guard above", c, k, 0, 0);
      }
    }
    if (memcmp(aos, aos0, ab + 2 * GUARD)) report("aos changed", 99, 0, 0, 0);
  } else {
    std::vector<int> want(ab);
    for (long long i = first; i < first + m; i++) {
      for (unsigned b = 0; b < A; b++) want[(i - first) * A + b] = 0;
      for (unsigned f = 0; f < L->nfields; f++) {
        uint64_t a = kd_layout_address(L, f, i, n);
        for (unsigned b = 0; b < L->fields[f].bytes; b++)
          want[(i - first) * A + L->fields[f].aos_offset + b] = R0[L->fields[f].cluster][GUARD + a + b];
      }
    }
    for (size_t k = 0; k < ab; k++) if (aos[GUARD + k] != want[k]) report("aos wrong", 99, k, aos[GUARD + k], want[k]);
    for (size_t k = 0; k < GUARD; k++)
      if (aos[k] != aos0[k] || aos[GUARD + ab + k] != aos0[GUARD + ab + k]) report("aos guard", 99, k, 0, 0);
    for (unsigned c = 0; c < NR; c++) if (memcmp(R[c], R0[c], RB[c] + 2 * GUARD)) report("region changed", c, 0, 0, 0);
  }
  for (unsigned c = 0; c < NR; c++) { free(R[c]); free(R0[c]); }
  free(aos); free(aos0);
  if (g_errors) fprintf(stderr, "  %s: %ld access errors (n=%lld first=%lld m=%lld %s)\n", name, g_errors, n, first, m, to_layout ? "pack" : "unpack");
  return bad + g_errors;
}

template <class C>
long suite(const char *name, const kd_layout *L) {
  const long long CH = C::threads * C::per_thread;
  long long T = 1;
  for (unsigned c = 0; c < L->nclusters; c++) T = std::max<long long>(T, L->clusters[c].tile);
  printf("%s: A=%u threads=%d per=%d CH=%lld stage_bytes=%d zero=%d stage_in=%d maxtile=%lld\n", name, L->aos_bytes,
         (int)C::threads, (int)C::per_thread, CH, (int)C::stage_bytes, (int)C::stage_zero, (int)C::stage_in_bytes, T);
  std::vector<long long> ns = {CH * 5 + 3, 3 * T + 17, 2 * T + CH, std::max(T, CH) * 4, 1003};
  long tests = 0, fails = 0;
  for (long long n : ns) {
    std::vector<std::pair<long long, long long>> fm = {{0, n}, {0, n - 1}, {0, n - CH - 3}, {0, CH * 3}, {0, T + CH},
                                                      {1, n - 1}, {CH, n - CH - 5}, {7, CH * 2 + 1}, {T - 5, 2 * CH + 9}};
    for (auto [first, m] : fm) {
      if (first < 0 || m <= 0 || first + m > n) continue;
      for (long long grid : {0LL, 1LL, 3LL})
        for (bool tl : {true, false}) {
          tests++;
          if (test<C>(name, L, n, first, m, grid, tl)) fails++;
        }
    }
  }
  printf("  %ld conversions, %ld failed\n", tests, fails);
  return fails;
}

int main() {
  int failed = 0, structs = 0;
#define X(S) failed += suite<kdlg_##S##_conv>(#S, &kdlg_##S##_layout) != 0, structs++;
  STRUCTS(X)
  printf("convert-emu: %d of %d structs pass\n", structs - failed, structs);
  return failed;
}
