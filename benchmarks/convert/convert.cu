/*
 * convert.cu - bandwidth of kdlg-opt's GPU layout conversion (runtime/kdlg_cuda.cuh)
 * against device-to-device cudaMemcpy of the same bytes, and a check of the
 * conversion against the host reference (kd_layout_pack / kd_layout_unpack).
 * This is the generic kernel alone (no generated conversion: NULL);
 * convert_gen.cu compares it with the kernels kdlg-opt generates per struct.
 *
 * Check (always first): for every shape and layout below, 1003 random AoS
 * elements (padding bytes random too) are converted into arrays of n = 1003
 * and n = 1010 elements; every field byte of the regions must equal
 * kd_layout_pack's, and converting back must give every field byte of the
 * input and zero padding.
 *
 * Bandwidth: 1 GiB of random AoS data (default), AoS -> layout and layout ->
 * AoS, CUDA events, 3 warm-up runs, median of 11; bytes read + written
 * (2 x data), as for the memcpy.
 *
 * Usage: convert [MiB]   (default 1024)
 * Build: nvcc -O3 -arch=sm_90 -I ../../runtime convert.cu -o convert
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kdlg_cuda.cuh"

#include "timing.cuh"

struct Field {
  unsigned bytes, align;
};

struct Shape {
  const char *name;
  std::vector<Field> fields;  // declaration order; AoS offsets by C's rules
};

struct Variant {
  const char *name;
  std::vector<unsigned> tiles;  // per cluster: 1 AoS, 0 SoA, t tiled
  unsigned split;               // fields [0, split) in cluster 0, the rest in cluster 1 (0: one cluster)
};

/* kd_layout of shape s in variant v (the generator's rules: AoS offsets as C
 * lays out the struct, fields of a cluster by decreasing alignment). */
struct Layout {
  std::vector<kd_layout_field> F;
  std::vector<kd_layout_cluster> C;
  kd_layout L;
  Layout(const Shape &s, const Variant &v) {
    unsigned nf = (unsigned)s.fields.size(), nc = v.split ? 2 : 1;
    C.assign(nc, kd_layout_cluster{0, 0, 1});
    for (unsigned c = 0; c < nc; c++)
      C[c].tile = v.tiles[c];
    unsigned off = 0, maxalign = 1;
    for (unsigned f = 0; f < nf; f++) {
      const Field &x = s.fields[f];
      off = (off + x.align - 1) / x.align * x.align;
      F.push_back(kd_layout_field{"f", off, x.bytes, x.align, v.split && f >= v.split ? 1u : 0u, 0});
      off += x.bytes;
      maxalign = std::max(maxalign, x.align);
    }
    unsigned aos = (off + maxalign - 1) / maxalign * maxalign;
    for (unsigned c = 0; c < nc; c++) {
      std::vector<unsigned> order;
      for (unsigned f = 0; f < nf; f++)
        if (F[f].cluster == c)
          order.push_back(f);
      std::stable_sort(order.begin(), order.end(), [&](unsigned a, unsigned b) { return F[a].align > F[b].align; });
      for (unsigned f : order) {
        F[f].offset = C[c].bytes;
        C[c].bytes += F[f].bytes;
        C[c].align = std::max(C[c].align, F[f].align);
      }
    }
    L = kd_layout{aos, nf, F.data(), nc, C.data()};
  }
};

static unsigned long long rng = 88172645463325252ull;
static unsigned char rand_byte() {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (unsigned char)(rng >> 24);
}

/* Converts m random elements into an n-element array and back with the
 * chosen kernel and compares with the host reference.  Returns the number
 * of wrong bytes. */
static long long check(const Layout &Y, long long m, long long n) {
  const kd_layout *L = &Y.L;
  size_t bytes = (size_t)m * L->aos_bytes;
  std::vector<unsigned char> in(bytes), back(bytes, 0xEE);
  for (auto &b : in)
    b = rand_byte();
  void *regions[KDLG_MAX_CLUSTERS];
  long long got;
  CHECK(kdlg_malloc(L, (size_t)n * L->aos_bytes, regions, &got, 0, 0, 0));
  std::vector<std::vector<unsigned char>> ref(L->nclusters), dev(L->nclusters);
  void *refp[KDLG_MAX_CLUSTERS];
  for (unsigned c = 0; c < L->nclusters; c++) {
    size_t rb = (size_t)kd_layout_region_bytes(&L->clusters[c], (uint64_t)n);
    ref[c].assign(rb, 0);
    dev[c].assign(rb, 0);
    refp[c] = ref[c].data();
    CHECK(cudaMemset(regions[c], 0xA5, rb));
  }
  // the reference: kd_layout_pack of the first m elements into n-element regions
  for (long long i = 0; i < m; i++)
    for (unsigned f = 0; f < L->nfields; f++)
      memcpy((unsigned char *)refp[L->fields[f].cluster] + kd_layout_address(L, f, (uint64_t)i, (uint64_t)n),
             in.data() + i * L->aos_bytes + L->fields[f].aos_offset, L->fields[f].bytes);
  CHECK(kdlg_copy_in(L, NULL, regions, n, in.data(), bytes, cudaMemcpyHostToDevice, 0, 0));
  CHECK(kdlg_copy_out(L, NULL, back.data(), regions, n, bytes, cudaMemcpyDeviceToHost, 0, 0));
  long long bad = 0;
  for (unsigned c = 0; c < L->nclusters; c++)
    CHECK(cudaMemcpy(dev[c].data(), regions[c], dev[c].size(), cudaMemcpyDeviceToHost));
  std::vector<char> is_field(L->aos_bytes, 0);
  for (unsigned f = 0; f < L->nfields; f++) {
    memset(is_field.data() + L->fields[f].aos_offset, 1, L->fields[f].bytes);
    for (long long i = 0; i < m; i++) {
      uint64_t a = kd_layout_address(L, f, (uint64_t)i, (uint64_t)n);
      bad += memcmp(dev[L->fields[f].cluster].data() + a, ref[L->fields[f].cluster].data() + a, L->fields[f].bytes) != 0;
    }
  }
  for (size_t k = 0; k < bytes; k++)
    bad += is_field[k % L->aos_bytes] ? back[k] != in[k] : back[k] != 0;
  CHECK(kdlg_free(L, regions, 0, 0));
  return bad;
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 1024;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CHECK(cudaDriverGetVersion(&driver));
  printf("device: %s (sm_%d%d), driver %d, data %zu MiB\n", prop.name, prop.major, prop.minor, driver, mib);
  std::vector<Shape> shapes = {
      {"Agent (12 fields of 8, 4, 2 B; 48 B)", {{8, 8}, {8, 8}, {4, 4}, {4, 4}, {4, 4}, {4, 4}, {4, 4}, {4, 4},
                                                {2, 2}, {2, 2}, {2, 2}, {2, 2}}},
      {"agents.cu Agent (12 x 4 B)", std::vector<Field>(12, Field{4, 4})},
      {"Body (2 x float4, 32 B)", {{16, 16}, {16, 16}}},
      {"RGB (3 x 1 B)", {{1, 1}, {1, 1}, {1, 1}}},
      {"Option (5 floats, 20 B)", std::vector<Field>(5, Field{4, 4})},
      {"padded {char; double; short; float3}", {{1, 1}, {8, 8}, {2, 2}, {12, 4}}},
  };
  std::vector<Variant> variants = {
      {"SoA", {0}, 0},          {"tiled t=32", {32}, 0},    {"tiled t=2", {2}, 0},
      {"tiled t=1024", {1024}, 0}, {"AoS (one cluster)", {1}, 0}, {"split AoS+SoA", {1, 0}, 2},
      {"split tiled32+AoS", {32, 1}, 1},
  };
  // correctness first, both kernels, odd sizes, partial copies
  long long total_bad = 0;
  int checks = 0;
  for (const Shape &s : shapes)
    for (const Variant &v : variants) {
      if (v.split >= s.fields.size())
        continue;
      Layout Y(s, v);
      for (long long n : {1003LL, 1010LL}) {
        long long bad = check(Y, 1003, n);
        checks++;
        if (bad) {
          printf("CHECK FAILED: %s, %s, n = %lld: %lld wrong bytes\n", s.name, v.name, n, bad);
          total_bad += bad;
        }
      }
    }
  printf("check: %d conversions (shapes x layouts x n) against kd_layout_pack: %s\n", checks,
         total_bad ? "FAILED" : "all bytes equal");
  if (total_bad)
    return 1;

  printf("| struct | layout | direction | ms | GB/s | memcpy GB/s | ratio |\n|---|---|---|---:|---:|---:|---:|\n");
  for (const Shape &s : shapes) {
    Layout probe(s, variants[0]);
    unsigned A = probe.L.aos_bytes;
    long long n = (long long)(mib << 20) / A;
    size_t bytes = (size_t)n * A;
    unsigned char *aos, *aos2;
    CHECK(cudaMalloc(&aos, bytes));
    CHECK(cudaMalloc(&aos2, bytes));
    {
      std::vector<unsigned char> h(64 << 20);
      for (auto &b : h)
        b = rand_byte();
      for (size_t k = 0; k < bytes; k += h.size())
        CHECK(cudaMemcpy(aos + k, h.data(), std::min(h.size(), bytes - k), cudaMemcpyHostToDevice));
    }
    float copy = time_ms([&] { CHECK(cudaMemcpy(aos2, aos, bytes, cudaMemcpyDeviceToDevice)); });
    double copy_gbs = 2.0 * bytes / copy / 1e6;
    for (const Variant &v : variants) {
      if (v.split >= s.fields.size() || !strcmp(v.name, "tiled t=2") || !strcmp(v.name, "tiled t=1024"))
        continue;
      Layout Y(s, v);
      const kd_layout *L = &Y.L;
      void *regions[KDLG_MAX_CLUSTERS];
      long long got;
      CHECK(kdlg_malloc(L, bytes, regions, &got, 0, 0, 0));
      float t[2];
      t[0] = time_ms([&] { CHECK(kdlg_convert(L, NULL, aos, n, n, regions, true, 0)); });
      t[1] = time_ms([&] { CHECK(kdlg_convert(L, NULL, aos2, n, n, regions, false, 0)); });
      for (int d = 0; d < 2; d++) {
        double g = 2.0 * bytes / t[d] / 1e6;
        printf("| %s | %s | %s | %.3f | %.0f | %.0f | %.2f |\n", s.name, v.name, d ? "layout->AoS" : "AoS->layout", t[d],
               g, copy_gbs, g / copy_gbs);
      }
      CHECK(kdlg_free(L, regions, 0, 0));
    }
    CHECK(cudaFree(aos));
    CHECK(cudaFree(aos2));
  }
  return 0;
}
