/*
 * convert.cu - bandwidth of kdlg-opt's GPU layout conversion (runtime/kdlg_cuda.cuh)
 * against device-to-device cudaMemcpy of the same bytes.
 *
 * For a 12-field 48-byte struct (the agents benchmark's Agent) and the
 * 32-byte N-body Body, 1 GiB of AoS data (default) is converted AoS -> layout
 * and layout -> AoS for SoA, tiled-AoS (t = 32) and a two-cluster split, each
 * timed with CUDA events: 3 warm-up runs, then the median of 11.  Bandwidth
 * counts bytes read + bytes written (2 x data), as for the memcpy.
 *
 * Usage: convert [MiB]   (default 1024)
 * Build: nvcc -O3 -arch=sm_90 -I ../../runtime convert.cu -o convert
 */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "kdlg_cuda.cuh"

#define CHECK(call)                                                                            \
  do {                                                                                         \
    cudaError_t e_ = (call);                                                                   \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

struct Shape {
  const char *name;
  unsigned aos_bytes;
  std::vector<unsigned> sizes;  // field sizes in declaration order (aligned to themselves)
};

/* A layout of the shape: every field in one cluster of `tile` (0 SoA, t tiled),
 * or split: the first half of the fields AoS, the rest SoA. */
static void make_layout(const Shape &s, int tile, bool split, std::vector<kd_layout_field> &F,
                        std::vector<kd_layout_cluster> &C, kd_layout &L) {
  F.clear();
  C.clear();
  unsigned nf = (unsigned)s.sizes.size();
  unsigned nc = split ? 2 : 1;
  C.resize(nc);
  for (unsigned c = 0; c < nc; c++)
    C[c] = {split ? (c == 0 ? 1u : 0u) : (unsigned)tile, 0, 1};
  // fields are declared in decreasing alignment in both shapes, so cluster order = declaration order
  unsigned aos_off = 0;
  for (unsigned f = 0; f < nf; f++) {
    unsigned c = split && f >= nf / 2 ? 1 : 0;
    kd_layout_field x = {"f", aos_off, s.sizes[f], s.sizes[f], c, C[c].bytes};
    F.push_back(x);
    C[c].bytes += s.sizes[f];
    C[c].align = std::max(C[c].align, s.sizes[f]);
    aos_off += s.sizes[f];
  }
  L = {s.aos_bytes, nf, F.data(), nc, C.data()};
}

static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <typename Fn>
static float time_ms(Fn fn) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 3; i++)
    fn();
  std::vector<float> t;
  for (int i = 0; i < 11; i++) {
    CHECK(cudaEventRecord(a));
    fn();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return median(t);
}

int main(int argc, char **argv) {
  size_t mib = argc > 1 ? (size_t)atol(argv[1]) : 1024;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CHECK(cudaDriverGetVersion(&driver));
  printf("device: %s (sm_%d%d), driver %d, data %zu MiB\n", prop.name, prop.major, prop.minor, driver, mib);
  Shape shapes[] = {
      {"Agent (12 fields, 48 B)", 48, {8, 8, 4, 4, 4, 4, 4, 4, 2, 2, 2, 2}},
      {"Body (2 x float4, 32 B)", 32, {16, 16}},
  };
  printf("| struct | layout | direction | ms | GB/s | memcpy GB/s | ratio |\n|---|---|---|---:|---:|---:|---:|\n");
  for (const Shape &s : shapes) {
    long long n = (long long)(mib << 20) / s.aos_bytes;
    size_t bytes = (size_t)n * s.aos_bytes;
    unsigned char *aos, *aos2;
    CHECK(cudaMalloc(&aos, bytes));
    CHECK(cudaMalloc(&aos2, bytes));
    CHECK(cudaMemset(aos, 0x5a, bytes));
    float copy = time_ms([&] { CHECK(cudaMemcpy(aos2, aos, bytes, cudaMemcpyDeviceToDevice)); });
    double copy_gbs = 2.0 * bytes / copy / 1e6;
    struct Variant {
      const char *name;
      int tile;
      bool split;
    } variants[] = {{"SoA", 0, false}, {"tiled t=32", 32, false}, {"split AoS+SoA", 0, true}};
    for (const Variant &v : variants) {
      std::vector<kd_layout_field> F;
      std::vector<kd_layout_cluster> C;
      kd_layout L;
      make_layout(s, v.tile, v.split, F, C, L);
      void *regions[KDLG_MAX_CLUSTERS];
      long long got;
      CHECK(kdlg_malloc(&L, bytes, regions, &got, 0, 0, 0));
      float to = time_ms([&] { CHECK(kdlg_convert(&L, aos, n, n, regions, true, 0)); });
      float from = time_ms([&] { CHECK(kdlg_convert(&L, aos2, n, n, regions, false, 0)); });
      // the round trip must reproduce the data
      std::vector<unsigned char> h1(1 << 20), h2(1 << 20);
      CHECK(cudaMemcpy(h1.data(), aos, h1.size(), cudaMemcpyDeviceToHost));
      CHECK(cudaMemcpy(h2.data(), aos2, h2.size(), cudaMemcpyDeviceToHost));
      if (h1 != h2) {
        fprintf(stderr, "round trip mismatch for %s %s\n", s.name, v.name);
        return 1;
      }
      double g1 = 2.0 * bytes / to / 1e6, g2 = 2.0 * bytes / from / 1e6;
      printf("| %s | %s | AoS->layout | %.3f | %.0f | %.0f | %.2f |\n", s.name, v.name, to, g1, copy_gbs, g1 / copy_gbs);
      printf("| %s | %s | layout->AoS | %.3f | %.0f | %.0f | %.2f |\n", s.name, v.name, from, g2, copy_gbs, g2 / copy_gbs);
      CHECK(kdlg_free(&L, regions, 0, 0));
    }
    CHECK(cudaFree(aos));
    CHECK(cudaFree(aos2));
  }
  return 0;
}
