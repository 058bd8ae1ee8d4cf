/*
 * convert_gen.cu - the conversion kernels kdlg-opt generates per struct
 * (runtime/kdlg_cuda.cuh: kdlg_gen_convert with the traits class kdlg_S_conv
 * that transform/codegen.c writes) against the generic kernel and against
 * device-to-device cudaMemcpy.
 *
 * build.sh makes it: gen_shapes.py writes shapes.cu (convert.cu's six shapes
 * x eight layouts, one struct each), kdlg-opt --plan-in rewrites it into
 * shapes_opt.cu, which this file includes, and shapes_list.h names the structs.
 *
 * Check (always first; any wrong byte fails, exit status 1).  For every struct,
 * m random AoS elements (padding random too) into arrays of n elements, for
 * (m, n) = (1003, 1003), (1003, 1010) and (5 steps + 3, the same + 7) where a
 * step is the elements one block stages (so both the whole-step and the
 * partial-step code run).  Every region byte, fields and the rest (tile
 * padding, elements m..n-1, prefilled 0xA5), must equal the host reference
 * (kd_layout_address of the description, as kd_layout_pack), but for the
 * padding inside the AoS strides and whole tiles of elements below m, which
 * staged packing stores as zero (care_mask), after:
 *   - the rewritten program's kdlg_S_copy_in (host to device: generated path),
 *   - kdlg_convert with no generated conversion (the generic kernel),
 *   - kdlg_gen_convert<kdlg_S_conv> called directly,
 *   - kdlg_convert with it but the AoS bytes 1 byte off alignment (fallback),
 *   - kdlg_S_copy_between from the first array into a second;
 * every AoS byte (fields equal to the input, padding zero) after
 * kdlg_S_copy_out (device to host), the generic kernel and
 * kdlg_gen_convert<kdlg_S_conv> into device memory prefilled with 0xEE; and
 * kdlg_S_memset of the first m/2 elements (staged, then converted); and
 * kdlg_S_copy_in / _copy_out and their _async forms in pieces
 * (kdlg_copy_pieces) of 1, 7, one step and 2 steps + 1 elements.
 *
 * Timing: 1 GiB of random AoS data (default), AoS -> layout and layout ->
 * AoS, generic kernel and generated kernels, against cudaMemcpy D2D of the
 * same bytes: CUDA events, 3 warm-up runs, median of 11; bandwidth = bytes
 * read + written (2 x data).  The timed conversions are checked too: the
 * generated and the generic regions must be equal byte for byte, and the
 * generated layout -> AoS must give the input's fields and zero padding.
 *
 * Host copies (after the conversions): for SoA and tiled t=32 of every
 * shape, the array's bytes from and to pinned host memory: plain cudaMemcpy,
 * the rewritten program's copy whole and in pieces (host_timing).
 *
 * Usage: convert_gen [MiB]   (default 1024)
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "shapes_opt.cu"
#include "shapes_list.h"

#include "timing.cuh"

static unsigned long long rng = 88172645463325252ull;
static unsigned char rand_byte() {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (unsigned char)(rng >> 24);
}

/* The rewritten program's host functions for one struct (its view type V). */
template <class V>
struct Api {
  cudaError_t (*malloc_)(void *, size_t);
  cudaError_t (*copy_in)(V, const void *, size_t, cudaMemcpyKind);
  cudaError_t (*copy_out)(void *, V, size_t, cudaMemcpyKind);
  cudaError_t (*copy_in_async)(V, const void *, size_t, cudaMemcpyKind, cudaStream_t);
  cudaError_t (*copy_out_async)(void *, V, size_t, cudaMemcpyKind, cudaStream_t);
  cudaError_t (*copy_between)(V, V, size_t, cudaMemcpyKind);
  cudaError_t (*memset_)(V, int, size_t);
  cudaError_t (*free_)(V);
  void (*regions)(V, void **);
};

/* Regions of an n-element array in layout L: device allocations and host copies. */
struct Regions {
  const kd_layout *L;
  long long n;
  std::vector<void *> dev;
  std::vector<std::vector<unsigned char>> host;
  Regions(const kd_layout *L_, long long n_, void *const *given) : L(L_), n(n_) {
    for (unsigned c = 0; c < L->nclusters; c++) {
      size_t rb = (size_t)kd_layout_region_bytes(&L->clusters[c], (uint64_t)n);
      void *p = given ? given[c] : NULL;
      if (!p)
        CHECK(cudaMalloc(&p, rb ? rb : 1));
      dev.push_back(p);
      host.emplace_back(rb);
    }
  }
  void fill(int v) {
    for (unsigned c = 0; c < L->nclusters; c++)
      CHECK(cudaMemset(dev[c], v, host[c].size()));
  }
  /* Wrong bytes against ref (every byte of every region where care is 1). */
  long long diff(const std::vector<std::vector<unsigned char>> &ref,
                 const std::vector<std::vector<unsigned char>> &care) {
    long long bad = 0;
    for (unsigned c = 0; c < L->nclusters; c++) {
      CHECK(cudaMemcpy(host[c].data(), dev[c], host[c].size(), cudaMemcpyDeviceToHost));
      for (size_t k = 0; k < host[c].size(); k++)
        bad += care[c][k] && host[c][k] != ref[c][k];
    }
    return bad;
  }
  void release() {
    for (void *p : dev)
      CHECK(cudaFree(p));
  }
};

/* The regions after converting the first m elements of `in` into n-element
 * regions prefilled with `fill` (kd_layout_pack's addresses). */
static std::vector<std::vector<unsigned char>> reference(const kd_layout *L, const unsigned char *in, long long m,
                                                         long long n, unsigned char fill) {
  std::vector<std::vector<unsigned char>> ref(L->nclusters);
  for (unsigned c = 0; c < L->nclusters; c++)
    ref[c].assign((size_t)kd_layout_region_bytes(&L->clusters[c], (uint64_t)n), fill);
  for (long long i = 0; i < m; i++)
    for (unsigned f = 0; f < L->nfields; f++)
      memcpy(ref[L->fields[f].cluster].data() + kd_layout_address(L, f, (uint64_t)i, (uint64_t)n),
             in + i * L->aos_bytes + L->fields[f].aos_offset, L->fields[f].bytes);
  return ref;
}

/* Which region bytes a conversion of elements 0 … m-1 must leave as the
 * reference has them: all but the padding (bytes of no field: an AoS stride
 * or tile rounded up) of the AoS elements and whole tiles below m, which
 * staged packing stores as zero (kdlg_gen_pack_kernel, C::stage_zero) and
 * which nothing reads.  Field bytes, padding of a tile that also holds
 * element m or later, and everything after are checked. */
static std::vector<std::vector<unsigned char>> care_mask(const kd_layout *L, long long m, long long n) {
  std::vector<std::vector<unsigned char>> care(L->nclusters);
  for (unsigned c = 0; c < L->nclusters; c++) {
    const kd_layout_cluster *C = &L->clusters[c];
    care[c].assign((size_t)kd_layout_region_bytes(C, (uint64_t)n), 1);
    if (C->tile == 0)
      continue;
    uint64_t unit = C->tile == 1 ? kd_layout_stride(C) : kd_layout_tile_bytes(C);
    std::vector<unsigned char> field(unit, 0);  // the field bytes of one unit (the tile of elements 0 … t-1)
    for (uint32_t i = 0; i < C->tile; i++)
      for (unsigned f = 0; f < L->nfields; f++)
        if (L->fields[f].cluster == c)
          memset(field.data() + kd_layout_address(L, f, i, (uint64_t)n), 1, L->fields[f].bytes);
    for (long long j = 0; (j + 1) * (long long)C->tile <= m; j++)
      memcpy(care[c].data() + j * unit, field.data(), unit);
  }
  return care;
}

/* Wrong bytes of an unpacked AoS array: fields as `in`, padding zero. */
static long long diff_aos(const kd_layout *L, const unsigned char *in, const unsigned char *out, size_t bytes) {
  std::vector<char> is_field(L->aos_bytes, 0);
  for (unsigned f = 0; f < L->nfields; f++)
    memset(is_field.data() + L->fields[f].aos_offset, 1, L->fields[f].bytes);
  long long bad = 0;
  for (size_t k = 0; k < bytes; k++)
    bad += is_field[k % L->aos_bytes] ? out[k] != in[k] : out[k] != 0;
  return bad;
}

static int nfail;

static void report(const char *tag, const char *what, long long m, long long n, long long bad) {
  if (bad) {
    printf("CHECK FAILED: %s, %s, m = %lld, n = %lld: %lld wrong bytes\n", tag, what, m, n, bad);
    nfail++;
  }
}

/* Every check of the file's header for one struct; returns the number of conversions checked. */
template <class C>
static int check(const char *tag, const kd_layout *L, const Api<typename C::view> &api) {
  typedef typename C::view V;
  const long long step = (long long)C::threads * C::per_thread;
  const long long sizes[3][2] = {{1003, 1003}, {1003, 1010}, {5 * step + 3, 5 * step + 10}};
  const unsigned A = L->aos_bytes;
  int checks = 0;
  for (const auto &mn : sizes) {
    long long m = mn[0], n = mn[1];
    size_t bytes = (size_t)m * A;
    std::vector<unsigned char> in(bytes), back(bytes);
    for (auto &b : in)
      b = rand_byte();
    unsigned char *aos, *odd;  // the input on the device, and a copy 1 byte off alignment
    CHECK(cudaMalloc(&aos, bytes));
    CHECK(cudaMalloc(&odd, bytes + 1));
    CHECK(cudaMemcpy(aos, in.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(odd + 1, in.data(), bytes, cudaMemcpyHostToDevice));
    std::vector<std::vector<unsigned char>> ref = reference(L, in.data(), m, n, 0xA5);
    std::vector<std::vector<unsigned char>> care = care_mask(L, m, n);

    // the rewritten program's view: allocation, host-to-device copy
    V d;
    CHECK(api.malloc_(&d, (size_t)n * A));
    void *dr[KDLG_MAX_CLUSTERS];
    api.regions(d, dr);
    Regions R(L, n, dr);
    R.fill(0xA5);
    CHECK(api.copy_in(d, in.data(), bytes, cudaMemcpyHostToDevice));
    report(tag, "kdlg_S_copy_in", m, n, R.diff(ref, care));

    Regions G(L, n, NULL);  // generic, generated, fallback
    G.fill(0xA5);
    CHECK(kdlg_convert(L, NULL, aos, m, n, G.dev.data(), true, 0));
    report(tag, "generic AoS -> layout", m, n, G.diff(ref, care));
    G.fill(0xA5);
    CHECK(kdlg_gen_convert<C>(aos, 0, m, n, G.dev.data(), true, 0));
    report(tag, "generated AoS -> layout", m, n, G.diff(ref, care));
    G.fill(0xA5);
    CHECK(kdlg_convert(L, kdlg_gen_convert<C>, odd + 1, m, n, G.dev.data(), true, 0));
    report(tag, "misaligned AoS -> layout (fallback)", m, n, G.diff(ref, care));
    G.release();

    V d2;  // region to region
    CHECK(api.malloc_(&d2, (size_t)n * A));
    void *d2r[KDLG_MAX_CLUSTERS];
    api.regions(d2, d2r);
    Regions R2(L, n, d2r);
    R2.fill(0xA5);
    CHECK(api.copy_between(d2, d, bytes, cudaMemcpyDeviceToDevice));
    report(tag, "kdlg_S_copy_between", m, n, R2.diff(ref, care));
    CHECK(api.free_(d2));

    // layout -> AoS
    memset(back.data(), 0xEE, bytes);
    CHECK(api.copy_out(back.data(), d, bytes, cudaMemcpyDeviceToHost));
    report(tag, "kdlg_S_copy_out", m, n, diff_aos(L, in.data(), back.data(), bytes));

    // host copies in pieces (kdlg_copy_pieces, conversions from element `first`): 1, 7, a step, 2 steps + 1
    const long long pieces[4] = {1, 7, step, 2 * step + 1};
    cudaStream_t st;
    CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
    for (long long pe : pieces)
      for (int async = 0; async < 2; async++) {
        char what[96];
        kdlg_copy_piece_bytes = (size_t)pe * A;
        V dp;
        CHECK(api.malloc_(&dp, (size_t)n * A));
        void *dpr[KDLG_MAX_CLUSTERS];
        api.regions(dp, dpr);
        Regions P(L, n, dpr);
        P.fill(0xA5);
        if (async) {
          CHECK(api.copy_in_async(dp, in.data(), bytes, cudaMemcpyHostToDevice, st));
          CHECK(cudaStreamSynchronize(st));
        } else {
          CHECK(api.copy_in(dp, in.data(), bytes, cudaMemcpyHostToDevice));
        }
        snprintf(what, sizeof what, "kdlg_S_copy_in%s in pieces of %lld", async ? "_async" : "", pe);
        report(tag, what, m, n, P.diff(ref, care));
        memset(back.data(), 0xEE, bytes);
        if (async) {
          CHECK(api.copy_out_async(back.data(), dp, bytes, cudaMemcpyDeviceToHost, st));
          CHECK(cudaStreamSynchronize(st));
        } else {
          CHECK(api.copy_out(back.data(), dp, bytes, cudaMemcpyDeviceToHost));
        }
        snprintf(what, sizeof what, "kdlg_S_copy_out%s in pieces of %lld", async ? "_async" : "", pe);
        report(tag, what, m, n, diff_aos(L, in.data(), back.data(), bytes));
        CHECK(api.free_(dp));
        checks += 2;
      }
    CHECK(cudaStreamDestroy(st));
    kdlg_copy_piece_bytes = KDLG_COPY_PIECE_BYTES;
    for (int gen = 0; gen < 2; gen++) {
      CHECK(cudaMemset(aos, 0xEE, bytes));
      if (gen)
        CHECK(kdlg_gen_convert<C>(aos, 0, m, n, R.dev.data(), false, 0));
      else
        CHECK(kdlg_convert(L, NULL, aos, m, n, R.dev.data(), false, 0));
      CHECK(cudaMemcpy(back.data(), aos, bytes, cudaMemcpyDeviceToHost));
      report(tag, gen ? "generated layout -> AoS" : "generic layout -> AoS", m, n,
             diff_aos(L, in.data(), back.data(), bytes));
    }

    // memset of the first half: staged, then converted
    long long h = m / 2;
    for (long long i = 0; i < h; i++)  // every field byte of the first h elements, the rest as it was
      for (unsigned f = 0; f < L->nfields; f++)
        memset(ref[L->fields[f].cluster].data() + kd_layout_address(L, f, (uint64_t)i, (uint64_t)n), 0x5A,
               L->fields[f].bytes);
    CHECK(api.memset_(d, 0x5A, (size_t)h * A));
    report(tag, "kdlg_S_memset (first half)", m, n, R.diff(ref, care));

    CHECK(api.free_(d));
    CHECK(cudaFree(aos));
    CHECK(cudaFree(odd));
    checks += 9;
  }
  return checks;
}

/* Wrong bytes between two device buffers. */
__global__ void count_diff(const unsigned char *a, const unsigned char *b, size_t bytes, unsigned long long *bad) {
  unsigned long long c = 0;
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < bytes; k += (size_t)gridDim.x * blockDim.x)
    c += a[k] != b[k];
  if (c)
    atomicAdd(bad, c);
}

/* Wrong bytes of an unpacked AoS array on the device: fields as `in`, padding zero. */
__global__ void count_aos_diff(const unsigned char *in, const unsigned char *out, size_t bytes, unsigned A,
                               const unsigned char *is_field, unsigned long long *bad) {
  unsigned long long c = 0;
  for (size_t k = blockIdx.x * (size_t)blockDim.x + threadIdx.x; k < bytes; k += (size_t)gridDim.x * blockDim.x)
    c += is_field[k % A] ? out[k] != in[k] : out[k] != 0;
  if (c)
    atomicAdd(bad, c);
}

static unsigned long long *d_bad;

static unsigned long long device_diff(const void *a, const void *b, size_t bytes) {
  CHECK(cudaMemset(d_bad, 0, sizeof *d_bad));
  count_diff<<<1024, 256>>>((const unsigned char *)a, (const unsigned char *)b, bytes, d_bad);
  unsigned long long bad;
  CHECK(cudaMemcpy(&bad, d_bad, sizeof bad, cudaMemcpyDeviceToHost));
  return bad;
}

/* Wrong bytes of an unpacked AoS array on the device (count_aos_diff). */
static long long device_aos_diff(const kd_layout *L, const unsigned char *in, const unsigned char *out, size_t bytes) {
  std::vector<unsigned char> is_field(L->aos_bytes, 0);
  for (unsigned f = 0; f < L->nfields; f++)
    memset(is_field.data() + L->fields[f].aos_offset, 1, L->fields[f].bytes);
  unsigned char *d_field;
  CHECK(cudaMalloc(&d_field, is_field.size()));
  CHECK(cudaMemcpy(d_field, is_field.data(), is_field.size(), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(d_bad, 0, sizeof *d_bad));
  count_aos_diff<<<1024, 256>>>(in, out, bytes, L->aos_bytes, d_field, d_bad);
  unsigned long long bad;
  CHECK(cudaMemcpy(&bad, d_bad, sizeof bad, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(d_field));
  return (long long)bad;
}

struct Timed {
  unsigned char *aos, *aos2;  // the input and the unpacked output, `bytes` each
  size_t bytes;
  long long n;
  double copy_gbs;
};

/* Times one struct's four conversions and checks their results. */
template <class C>
static void timing(const char *shape, const char *layout, const kd_layout *L, const Timed &T) {
  char tag[256];
  snprintf(tag, sizeof tag, "%s, %s", shape, layout);
  Regions gen(L, T.n, NULL), generic(L, T.n, NULL);
  gen.fill(0);
  generic.fill(0);
  float t[2][2];  // [generated][to AoS]
  t[0][0] = time_ms([&] { CHECK(kdlg_convert(L, NULL, T.aos, T.n, T.n, generic.dev.data(), true, 0)); });
  t[1][0] = time_ms([&] { CHECK(kdlg_gen_convert<C>(T.aos, 0, T.n, T.n, gen.dev.data(), true, 0)); });
  t[0][1] = time_ms([&] { CHECK(kdlg_convert(L, NULL, T.aos2, T.n, T.n, generic.dev.data(), false, 0)); });
  CHECK(cudaMemset(T.aos2, 0xEE, T.bytes));
  t[1][1] = time_ms([&] { CHECK(kdlg_gen_convert<C>(T.aos2, 0, T.n, T.n, gen.dev.data(), false, 0)); });
  unsigned long long bad = 0;
  for (unsigned c = 0; c < L->nclusters; c++)
    bad += device_diff(gen.dev[c], generic.dev[c], gen.host[c].size());
  report(tag, "timed run: generated regions vs generic", T.n, T.n, (long long)bad);
  report(tag, "timed run: generated layout -> AoS vs input", T.n, T.n, device_aos_diff(L, T.aos, T.aos2, T.bytes));
  for (int d = 0; d < 2; d++) {
    double g0 = 2.0 * T.bytes / t[0][d] / 1e6, g1 = 2.0 * T.bytes / t[1][d] / 1e6;
    printf("| %s | %s | %s | %.0f | %.0f | %.0f | %.2f | %.2f | %.2f |\n", shape, layout,
           d ? "layout->AoS" : "AoS->layout", T.copy_gbs, g0, g1, g0 / T.copy_gbs, g1 / T.copy_gbs, g1 / g0);
  }
  gen.release();
  generic.release();
}

/* Host <-> device copies of one struct's array (T.bytes, pinned host memory):
 * the rewritten program's kdlg_S_copy_in / _copy_out whole (one staging
 * buffer, transfer then conversion) and in pieces (kdlg_copy_pieces), against
 * a plain cudaMemcpy of the same bytes (what the AoS program does).  Checks
 * both piecewise results. */
template <class C>
static void host_timing(const char *shape, const char *layout, const kd_layout *L, const Api<typename C::view> &api,
                        const Timed &T, unsigned char *pinned) {
  typedef typename C::view V;
  char tag[256];
  snprintf(tag, sizeof tag, "%s, %s", shape, layout);
  CHECK(cudaMemcpy(pinned, T.aos, T.bytes, cudaMemcpyDeviceToHost));
  V d;
  CHECK(api.malloc_(&d, T.bytes));
  float t[2][3];  // [to host][plain, whole, pieces]
  t[0][0] = time_ms([&] { CHECK(cudaMemcpy(T.aos2, pinned, T.bytes, cudaMemcpyHostToDevice)); });
  t[1][0] = time_ms([&] { CHECK(cudaMemcpy(pinned, T.aos2, T.bytes, cudaMemcpyDeviceToHost)); });
  for (int k = 1; k < 3; k++) {
    kdlg_copy_piece_bytes = k == 1 ? (size_t)-1 : KDLG_COPY_PIECE_BYTES;
    t[0][k] = time_ms([&] { CHECK(api.copy_in(d, pinned, T.bytes, cudaMemcpyHostToDevice)); });
    t[1][k] = time_ms([&] { CHECK(api.copy_out(pinned, d, T.bytes, cudaMemcpyDeviceToHost)); });
  }
  // the last copy_out (pieces) must give back the AoS input, fields equal and padding zero
  CHECK(cudaMemcpy(T.aos2, pinned, T.bytes, cudaMemcpyHostToDevice));
  report(tag, "timed host copies in pieces: copy_in then copy_out vs input", T.n, T.n,
         device_aos_diff(L, T.aos, T.aos2, T.bytes));
  CHECK(api.free_(d));
  for (int h = 0; h < 2; h++)
    printf("| %s | %s | %s | %.2f | %.2f | %.2f | %.3f | %.3f |\n", shape, layout, h ? "device->host" : "host->device",
           t[h][0], t[h][1], t[h][2], t[h][0] / t[h][1], t[h][0] / t[h][2]);
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 1024;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CHECK(cudaDriverGetVersion(&driver));
  printf("device: %s (sm_%d%d), driver %d, data %zu MiB\n", prop.name, prop.major, prop.minor, driver, mib);
  CHECK(cudaMalloc(&d_bad, sizeof *d_bad));

  int checks = 0;
#define KD_CHECK(T, shape, layout)                                                                        \
  checks += check<kdlg_##T##_conv>(#T, &kdlg_##T##_layout,                                              \
                                   Api<kdlg_view_##T>{kdlg_##T##_malloc, kdlg_##T##_copy_in,            \
                                                      kdlg_##T##_copy_out, kdlg_##T##_copy_in_async,    \
                                                      kdlg_##T##_copy_out_async, kdlg_##T##_copy_between, \
                                                      kdlg_##T##_memset, kdlg_##T##_free, kdlg_##T##_regions});
  KD_SHAPES(KD_CHECK)
  printf("check: %d conversions (structs x sizes x paths) against kd_layout_pack's addresses: %s\n", checks,
         nfail ? "FAILED" : "all bytes equal");
  if (nfail)
    return 1;

  printf("| struct | layout | direction | memcpy GB/s | generic GB/s | generated GB/s | generic ratio | generated "
         "ratio | generated / generic |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n");
  const char *shape_now = "";
  Timed T = {NULL, NULL, 0, 0, 0};
#define KD_TIME(Tag, shape, layout)                                                                 \
  if (strcmp(shape, shape_now)) { /* a new shape: fresh AoS data and the memcpy figure */           \
    if (T.aos) {                                                                                   \
      CHECK(cudaFree(T.aos));                                                                      \
      CHECK(cudaFree(T.aos2));                                                                     \
    }                                                                                              \
    shape_now = shape;                                                                             \
    unsigned A_ = kdlg_##Tag##_layout.aos_bytes;                                                   \
    T.n = (long long)(mib << 20) / A_;                                                             \
    T.bytes = (size_t)T.n * A_;                                                                    \
    CHECK(cudaMalloc(&T.aos, T.bytes));                                                            \
    CHECK(cudaMalloc(&T.aos2, T.bytes));                                                           \
    std::vector<unsigned char> h_(64 << 20);                                                       \
    for (auto &b : h_)                                                                             \
      b = rand_byte();                                                                             \
    for (size_t k = 0; k < T.bytes; k += h_.size())                                                \
      CHECK(cudaMemcpy(T.aos + k, h_.data(), std::min(h_.size(), T.bytes - k), cudaMemcpyHostToDevice)); \
    float ms_ = time_ms([&] { CHECK(cudaMemcpy(T.aos2, T.aos, T.bytes, cudaMemcpyDeviceToDevice)); });   \
    T.copy_gbs = 2.0 * T.bytes / ms_ / 1e6;                                                        \
  }                                                                                                \
  timing<kdlg_##Tag##_conv>(shape, layout, &kdlg_##Tag##_layout, T);
  KD_SHAPES(KD_TIME)

  // host copies: SoA and tiled t=32 of every shape, the largest array's bytes of pinned memory
  printf("\nHost copies (pinned), ms: plain cudaMemcpy of the AoS bytes, the rewritten program's copy whole and "
         "in pieces of %u MiB; ratio = plain / copy\n\n"
         "| struct | layout | direction | cudaMemcpy | whole | pieces | whole ratio | pieces ratio |\n"
         "|---|---|---|---:|---:|---:|---:|---:|\n", (unsigned)(KDLG_COPY_PIECE_BYTES >> 20));
  unsigned char *pinned;
  CHECK(cudaMallocHost(&pinned, (mib << 20) + 4096));
#define KD_HOST(Tag, shape, layout)                                                                      \
  if (!strcmp(layout, "SoA") || !strcmp(layout, "tiled t=32")) {                                          \
    if (strcmp(shape, shape_now)) {                                                                      \
      CHECK(cudaFree(T.aos));                                                                            \
      CHECK(cudaFree(T.aos2));                                                                           \
      shape_now = shape;                                                                                 \
      unsigned A_ = kdlg_##Tag##_layout.aos_bytes;                                                       \
      T.n = (long long)(mib << 20) / A_;                                                                 \
      T.bytes = (size_t)T.n * A_;                                                                        \
      CHECK(cudaMalloc(&T.aos, T.bytes));                                                                \
      CHECK(cudaMalloc(&T.aos2, T.bytes));                                                               \
      for (size_t k = 0; k < T.bytes; k++) /* 64 MiB of random bytes, repeated */                        \
        pinned[k] = k < (64u << 20) ? rand_byte() : pinned[k - (64u << 20)];                             \
      CHECK(cudaMemcpy(T.aos, pinned, T.bytes, cudaMemcpyHostToDevice));                                 \
    }                                                                                                    \
    host_timing<kdlg_##Tag##_conv>(shape, layout, &kdlg_##Tag##_layout,                                  \
                                   Api<kdlg_view_##Tag>{kdlg_##Tag##_malloc, kdlg_##Tag##_copy_in,        \
                                                        kdlg_##Tag##_copy_out, kdlg_##Tag##_copy_in_async, \
                                                        kdlg_##Tag##_copy_out_async,                      \
                                                        kdlg_##Tag##_copy_between, kdlg_##Tag##_memset,  \
                                                        kdlg_##Tag##_free, kdlg_##Tag##_regions},        \
                                   T, pinned);                                                           \
  }
  shape_now = "";
  KD_SHAPES(KD_HOST)
  CHECK(cudaFreeHost(pinned));
  if (T.aos) {
    CHECK(cudaFree(T.aos));
    CHECK(cudaFree(T.aos2));
  }
  CHECK(cudaFree(d_bad));
  if (nfail) {
    printf("FAILED: %d checks of the timed runs\n", nfail);
    return 1;
  }
  return 0;
}
