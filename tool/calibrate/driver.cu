/* driver.cu: kdlg-calibrate's measurement driver (Kofler et al. 2015,
 * Sect. 3.2 and Fig. 4, "device dependent part").  Embedded into
 * kdlg-calibrate and written next to the generated training kernels; built
 * by kd_cal_build with kd_cal_gen.cuh (the sweep, the generic init/check
 * kernels) and linked with the train_s*_m*.cu objects.
 *
 * On GPU 0 it runs the ε stride benchmark, then every (struct, access
 * pattern, n, layout) variant of the sweep: initialise (generic kernel,
 * runtime division), 1 warm-up and R timed launches (CUDA events around
 * each), check every field of every element on the GPU.  It writes the raw
 * timings CSV (format 2, docs/calibration.md) to standard output and
 * progress to standard error.
 *
 *   kdcal [--bytes B] [--repeats R] [--nvcc-version V] [--kdlg-version V]
 *         [--max-structs K] [--stride-only]
 *
 * Exit status: 0 every variant verified; 3 some did not (their rows have
 * verified 0); 1 a CUDA error (the message names the call); 2 usage.
 */
#include <cuda_runtime.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <vector>
#include <algorithm>

#include "kd_cal_gen.cuh"

#define CK(call)                                                                              \
  do {                                                                                        \
    cudaError_t err_ = (call);                                                                \
    if (err_ != cudaSuccess) {                                                                \
      fprintf(stderr, "kdcal: %s:%d: %s failed: %s (%s)\n", __FILE__, __LINE__, #call,        \
              cudaGetErrorString(err_), cudaGetErrorName(err_));                              \
      exit(1);                                                                                \
    }                                                                                         \
  } while (0)

/* a kernel launch through its function pointer, checked at once and by cudaGetLastError */
static void launch(const void *kernel, unsigned grid, unsigned block, void **args, const char *what) {
  cudaError_t err = cudaLaunchKernel(kernel, dim3(grid), dim3(block), args, 0, 0);
  if (err == cudaSuccess)
    err = cudaGetLastError();
  if (err != cudaSuccess) {
    fprintf(stderr, "kdcal: launching %s (grid %u, block %u) failed: %s (%s)\n", what, grid, block,
            cudaGetErrorString(err), cudaGetErrorName(err));
    exit(1);
  }
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---- ε: the stride benchmark ----
 *
 * A warp reads 32 four-byte words, lane l at byte l·s, for s = 4 … 512.  The
 * cost of one warp-wide access (ns per access per SM: time × SMs / accesses)
 * rises with s while more lines (L1) or sectors (DRAM) are touched and stops
 * rising at the granule size.  L1-resident: every warp walks a 32 KiB array
 * over and over; DRAM-resident: the warps sweep a 1 GiB array (far beyond
 * the 50-60 MB L2), each wrap-around shifted by one 32-B sector so that no
 * sector is read twice within one pass of the array. */

enum { KD_NSTRIDES = 8 };
static const unsigned kd_strides[KD_NSTRIDES] = {4, 8, 16, 32, 64, 128, 256, 512};

__global__ void kd_stride_l1(const unsigned *__restrict__ a, unsigned stride_words, unsigned mask,
                             unsigned iters, unsigned *out) {
  unsigned lane = threadIdx.x & 31;
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  unsigned step = 32u * stride_words;
  unsigned pos = warp * step + lane * stride_words;
  unsigned sum = 0;
  for (unsigned i = 0; i < iters; i++) {
    sum += a[pos & mask];
    pos += step;
  }
  if (sum == 0x9E3779B9u)  /* never in practice; keeps the loads */
    out[0] = sum;
}

__global__ void kd_stride_dram(const unsigned *__restrict__ a, unsigned stride_words, unsigned log_words,
                               unsigned iters, unsigned *out) {
  unsigned lane = threadIdx.x & 31;
  unsigned long long warps = ((unsigned long long)gridDim.x * blockDim.x) >> 5;
  unsigned long long warp = ((unsigned long long)blockIdx.x * blockDim.x + threadIdx.x) >> 5;
  unsigned long long mask = (1ULL << log_words) - 1;
  unsigned sum = 0;
  for (unsigned i = 0; i < iters; i++) {
    unsigned long long k = (unsigned long long)i * warps + warp;
    unsigned long long w = (k * 32 + lane) * stride_words;
    w += (w >> log_words) * 8;  /* each pass over the array shifted by one sector */
    sum += a[w & mask];
  }
  if (sum == 0x9E3779B9u)
    out[0] = sum;
}

struct StrideResult {
  double l1_ns[KD_NSTRIDES], dram_ns[KD_NSTRIDES];
  unsigned epsilon, dram_knee;     /* where the cost stops rising (knee) */
  unsigned l1_granule, dram_granule; /* where it stops doubling (granule) */
};

/* the times of `reps` launches of a kernel after one warm-up launch, ms,
 * each between two CUDA events */
static std::vector<double> launch_times(const void *kernel, unsigned grid, unsigned block, void **args, int reps,
                                        cudaEvent_t e0, cudaEvent_t e1, const char *what) {
  std::vector<double> t;
  for (int r = 0; r <= reps; r++) {  /* r = 0: warm-up */
    CK(cudaEventRecord(e0));
    launch(kernel, grid, block, args, what);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (r > 0)
      t.push_back(ms);
  }
  return t;
}

/* median over `reps` launches (after one warm-up) of a stride kernel, ms */
static double time_kernel(const void *kernel, unsigned grid, unsigned block, void **args, int reps,
                          cudaEvent_t e0, cudaEvent_t e1, const char *what) {
  return median(launch_times(kernel, grid, block, args, reps, e0, e1, what));
}

/* the smallest stride beyond which the cost stops rising: every larger
 * stride costs at most 5 % more */
static unsigned knee(const double *cost) {
  for (int i = 0; i < KD_NSTRIDES; i++) {
    bool flat = true;
    for (int j = i + 1; j < KD_NSTRIDES; j++)
      if (cost[j] > 1.05 * cost[i])
        flat = false;
    if (flat)
      return kd_strides[i];
  }
  return kd_strides[KD_NSTRIDES - 1];
}

/* the largest stride whose cost is at least 1.5 × that of half the stride:
 * up to it, doubling the stride doubles the granules touched */
static unsigned granule(const double *cost) {
  unsigned g = kd_strides[0];
  for (int i = 1; i < KD_NSTRIDES; i++)
    if (cost[i] >= 1.5 * cost[i - 1])
      g = kd_strides[i];
  return g;
}

static void stride_benchmark(int sms, cudaEvent_t e0, cudaEvent_t e1, StrideResult *res) {
  const unsigned log_words = 28;  /* 1 GiB of 4-byte words */
  const size_t words = (size_t)1 << log_words;
  unsigned *a, *out;
  CK(cudaMalloc(&a, words * sizeof(unsigned)));
  CK(cudaMalloc(&out, sizeof(unsigned)));
  CK(cudaMemset(a, 1, words * sizeof(unsigned)));
  unsigned block = 256, grid = (unsigned)sms * 8;  /* 64 warps per SM */
  double warps = (double)grid * block / 32;
  for (int i = 0; i < KD_NSTRIDES; i++) {
    unsigned sw = kd_strides[i] / 4, mask = (32u << 10) / 4 - 1, iters = 4096;
    void *args[] = {&a, &sw, &mask, &iters, &out};
    double ms = time_kernel((const void *)kd_stride_l1, grid, block, args, 5, e0, e1, "kd_stride_l1");
    res->l1_ns[i] = ms * 1e6 * sms / (warps * iters);
    unsigned diters = 1024, lw = log_words;
    void *dargs[] = {&a, &sw, &lw, &diters, &out};
    ms = time_kernel((const void *)kd_stride_dram, grid, block, dargs, 5, e0, e1, "kd_stride_dram");
    res->dram_ns[i] = ms * 1e6 * sms / (warps * diters);
    fprintf(stderr, "kdcal: stride %3u B: L1 %.3f ns, DRAM %.3f ns per warp access per SM\n", kd_strides[i],
            res->l1_ns[i], res->dram_ns[i]);
  }
  CK(cudaFree(a));
  CK(cudaFree(out));
  res->epsilon = knee(res->l1_ns);
  res->dram_knee = knee(res->dram_ns);
  res->l1_granule = granule(res->l1_ns);
  res->dram_granule = granule(res->dram_ns);
}

/* ---- the header ---- */

/* "580.159.04" from /proc/driver/nvidia/version ("NVRM version: NVIDIA UNIX
 * Open Kernel Module for x86_64  580.159.04  Release Build ..."): the first
 * word made of digits and at least one dot; "" if none */
static void kernel_driver_version(char *buf, size_t len) {
  buf[0] = '\0';
  FILE *f = fopen("/proc/driver/nvidia/version", "r");
  if (!f)
    return;
  char line[512];
  if (fgets(line, sizeof line, f)) {
    for (char *w = strtok(line, " \t\n"); w; w = strtok(NULL, " \t\n")) {
      size_t n = strlen(w);
      if (n >= len || strspn(w, "0123456789.") != n || !strchr(w, '.') || w[0] == '.')
        continue;
      memcpy(buf, w, n + 1);
      break;
    }
  }
  fclose(f);
}

/* ---- the sweep ---- */

static unsigned round_up(unsigned x, unsigned a) { return (x + a - 1) / a * a; }

static void usage(void) {
  fprintf(stderr, "usage: kdcal [--bytes B] [--repeats R] [--nvcc-version V] [--kdlg-version V]\n"
                  "             [--max-structs K] [--access LIST] [--stride-only]\n");
  exit(2);
}

int main(int argc, char **argv) {
  unsigned long long bytes = KD_DEFAULT_BYTES;
  int repeats = KD_DEFAULT_REPEATS, max_structs = KD_NSTRUCTS, stride_only = 0;
  unsigned only = ~0u;  /* --access: the patterns to run (bit per KD_NACCESS index), default all */
  const char *nvcc_version = "", *kdlg_version = "";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--stride-only")) {
      stride_only = 1;
      continue;
    }
    if (i + 1 >= argc)
      usage();
    const char *v = argv[++i];
    if (!strcmp(a, "--bytes"))
      bytes = strtoull(v, NULL, 10);
    else if (!strcmp(a, "--repeats"))
      repeats = atoi(v);
    else if (!strcmp(a, "--nvcc-version"))
      nvcc_version = v;
    else if (!strcmp(a, "--kdlg-version"))
      kdlg_version = v;
    else if (!strcmp(a, "--max-structs"))
      max_structs = atoi(v);
    else if (!strcmp(a, "--access")) {  /* comma-separated pattern names */
      only = 0;
      for (const char *p = v; *p;) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int x = 0; x < KD_NACCESS; x++)
          if (strlen(kd_access_name[x]) == len && !strncmp(p, kd_access_name[x], len))
            found = x;
        if (found < 0)
          usage();
        only |= 1u << found;
        p += len + (p[len] == ',');
      }
    } else
      usage();
  }
  if (bytes < 256 || repeats < 1 || max_structs < 0)
    usage();
  if (max_structs > KD_NSTRUCTS)
    max_structs = KD_NSTRUCTS;

  double t_start = now_s();
  int ndev = 0;
  CK(cudaGetDeviceCount(&ndev));
  if (ndev < 1) {
    fprintf(stderr, "kdcal: no CUDA device\n");
    return 1;
  }
  CK(cudaSetDevice(0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  CK(cudaDriverGetVersion(&driver));
  int sms = prop.multiProcessorCount;
  fprintf(stderr, "kdcal: %s, compute capability %d.%d, %d SMs, %.0f MB L2; sweep %s, %llu bytes, %d repeats\n",
          prop.name, prop.major, prop.minor, sms, prop.l2CacheSize / 1e6, KD_SWEEP_NAME, bytes, repeats);

  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));

  StrideResult st;
  stride_benchmark(sms, e0, e1, &st);

  /* header (docs/calibration.md, format 2) */
  char kdrv[64], date[32];
  kernel_driver_version(kdrv, sizeof kdrv);
  time_t now = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
  printf("# kdlg-calibrate raw timings, format 2\n");
  printf("# device: %s\n", prop.name);
  printf("# compute_capability: %d.%d\n", prop.major, prop.minor);
  if (kdrv[0])
    printf("# driver: %s (CUDA %d.%d)\n", kdrv, driver / 1000, driver % 1000 / 10);
  else
    printf("# driver: CUDA %d.%d\n", driver / 1000, driver % 1000 / 10);
  printf("# nvcc: %s\n", nvcc_version[0] ? nvcc_version : "unknown");
  printf("# date: %s\n", date);
  printf("# kdlg_opt_version: %s\n", kdlg_version[0] ? kdlg_version : "unknown");
  printf("# epsilon: %u\n", st.epsilon);
  if (st.epsilon != 128 || st.dram_knee != st.epsilon || st.l1_granule != st.epsilon) {
    printf("# epsilon_note: L1-resident: the cost of a warp-wide access stops rising at %u B", st.epsilon);
    if (st.epsilon != 128)
      printf(" (not the expected 128-B line)");
    if (st.l1_granule != st.epsilon)
      printf(" and doubles with the stride up to %u B", st.l1_granule);
    printf("; DRAM-resident: it doubles with the stride up to %u B (%s) and stops rising at %u B\n",
           st.dram_granule,
           st.dram_granule == 32 ? "32-B sectors" : st.dram_granule == 64 ? "64-B DRAM access granule" : "DRAM granule",
           st.dram_knee);
  }
  printf("# bytes: %llu\n", bytes);
  printf("# repeats: %d\n", repeats);
  printf("# sweep: %s\n", KD_SWEEP_NAME);
  printf("# epsilon_dram: %u\n", st.dram_knee);
  printf("# granule_dram: %u\n", st.dram_granule);
  printf("# stride_columns: stride_bytes,l1_ns,dram_ns (ns per warp-wide access per SM)\n");
  for (int i = 0; i < KD_NSTRIDES; i++)
    printf("# stride: %u,%.4f,%.4f\n", kd_strides[i], st.l1_ns[i], st.dram_ns[i]);
  printf("m,field_bytes,sigma,access,n,elements,threads,layout,tile,median_ms,min_ms,max_ms,verified\n");
  fflush(stdout);
  if (stride_only)
    return 0;

  /* one buffer for every variant: the largest region is a tiled one padded
   * to whole tiles (≤ bytes + 32768 · 256); the slack also absorbs the
   * planted-bug self-check's one-element overrun */
  size_t cap = (size_t)bytes + (size_t)32768 * 256 + 4096;
  void *buf;
  unsigned *cnt;
  CK(cudaMalloc(&buf, cap));
  CK(cudaMalloc(&cnt, 2 * sizeof(unsigned)));

  /* the variants to run, for the progress line's estimate */
  long failed = 0, rows = 0, total = 0;
  for (int si = 0; si < max_structs; si++)
    for (int a = 0; a < KD_NACCESS; a++)
      if (kd_structs[si].table[a] && (only & 1u << a))
        total += (long)kd_access_nn[a] * KD_NLAYOUTS;

  /* per struct: every access pattern it has (rw, split, one), every n of
   * that pattern, every layout; the CSV rows come in this order */
  for (int si = 0; si < max_structs; si++) {
    const KdStruct *S = &kd_structs[si];
    double t_struct = now_s();
    int z = 0;
    while (kd_sizes[z] != S->s)
      z++;
    unsigned m = (unsigned)S->m;
    unsigned sigma = (unsigned)(S->m * S->s);
    unsigned long long E = bytes / sigma;
    unsigned gen_grid = (unsigned)std::min<unsigned long long>((E + 255) / 256, (unsigned long long)sms * 32);
    for (unsigned access = 0; access < KD_NACCESS; access++) {
      if (!S->table[access] || !(only & 1u << access))
        continue;
      const void *k[KD_NLAYOUTS];
      S->table[access](k);
      for (int ni = 0; ni < kd_access_nn[access]; ni++) {
        unsigned n = kd_access_n[access][ni];
        unsigned long long T64 = (E + n - 1) / n;
        if (T64 > 0xFFFFFFFFull) {
          fprintf(stderr, "kdcal: %llu work-items do not fit in 32 bits (--bytes too large)\n", T64);
          return 1;
        }
        unsigned T = (unsigned)T64;
        /* blocks of 256, or fewer (down to one warp) so that the grid covers every SM */
        unsigned block = T >= 256u * (unsigned)sms ? 256 : round_up((T + sms - 1) / sms, 32);
        if (block > 256)
          block = 256;
        unsigned grid = (T + block - 1) / block;
        for (int l = 0; l < KD_NLAYOUTS; l++) {
          unsigned tile = kd_layout_tile[l];
          char what[128];
          snprintf(what, sizeof what, "s=%d m=%d %s n=%u %s tile %u", S->s, S->m, kd_access_name[access], n,
                   kd_layout_name[l], tile);

          void *iargs[] = {&buf, &E, &m, &tile};
          launch(kd_init_kernels[z], gen_grid, 256, iargs, "init");

          void *targs[] = {&buf, &E, &n, &T};
          std::vector<double> t = launch_times(k[l], grid, block, targs, repeats, e0, e1, what);

          unsigned applied = (unsigned)repeats + 1, host_cnt[2];
          CK(cudaMemset(cnt, 0, 2 * sizeof(unsigned)));
          void *cargs[] = {&buf, &E, &m, &tile, &access, &applied, &cnt};
          launch(kd_check_kernels[z], gen_grid, 256, cargs, "check");
          CK(cudaMemcpy(host_cnt, cnt, sizeof host_cnt, cudaMemcpyDeviceToHost));
          int verified = host_cnt[1] == 0;
          if (!verified) {
            failed++;
            fprintf(stderr, "kdcal: %s: %u mismatching values (NOT VERIFIED)\n", what, host_cnt[0]);
          }
          printf("%d,%d,%u,%s,%u,%llu,%u,%s,%u,%.4f,%.4f,%.4f,%d\n", S->m, S->s, sigma, kd_access_name[access], n,
                 E, T, kd_layout_name[l], tile, median(t), *std::min_element(t.begin(), t.end()),
                 *std::max_element(t.begin(), t.end()), verified);
          rows++;
        }
      }
    }
    fflush(stdout);
    double el = now_s() - t_start;
    fprintf(stderr, "kdcal: struct %d/%d (s=%d m=%d sigma=%u) %.1f s, total %.0f s, about %.0f s left\n", si + 1,
            max_structs, S->s, S->m, sigma, now_s() - t_struct, el, el / rows * (total - rows));
  }
  CK(cudaFree(buf));
  CK(cudaFree(cnt));
  fprintf(stderr, "kdcal: %ld rows in %.0f s, %ld not verified\n", rows, now_s() - t_start, failed);
  if (failed) {
    fprintf(stderr, "kdcal: %ld variants did not verify\n", failed);
    return 3;
  }
  return 0;
}
