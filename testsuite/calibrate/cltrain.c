/* cltrain.c: tests kdlg-calibrate's training kernels on the CPU through
 * OpenCL (PoCL in CI; docs/calibration.md "Tests").
 *
 * Emits the OpenCL kernels of the quick sweep (kd_cal_emit_opts), then, for
 * the structs s ∈ {1, 2, 4, 8, 16} × m ∈ {1, 3, 16}, the access patterns
 * (rw for every m, split, one and reduce for m ∈ {3, 16}), every layout and several
 * trip counts n, with E = 1003 elements (not a multiple of any tile ≥ 2):
 *   1. fills the buffer with a pad byte and runs the generic kd_init kernel;
 *      every field of every element must hold the initial value at the
 *      address this file computes (its own layout formula, below), every
 *      other byte must keep the pad byte;
 *   2. runs the timed kernel k = 2 times; every value must equal the CPU
 *      reference (its own formulas of the patterns, below: the fields a
 *      pattern does not store keep their initial values), the padding and a
 *      guard zone after the region must be untouched;
 *   3. runs the generic kd_check kernel; it must count exactly the
 *      mismatches the CPU found (none).
 * With --plant-bug the kernels are generated with the planted bug (element
 * e^1 addressed instead of e): then every variant (m = 3, every pattern)
 * must show mismatches, and kd_check must count exactly as many as the CPU
 * (the self-check that the verification of the GPU run can fail).
 *
 *   cltrain --work DIR [--plant-bug] [-v]
 *
 * Exit status: 0 pass, 1 a check failed (the first few are printed), 2 setup
 * or OpenCL error.
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tool/calibrate/gen.h"

enum { E_ELEMS = 1003, K_LAUNCHES = 2, GUARD = 4096, LOCAL = 64, MAXREPORT = 10 };
static const unsigned char PAD = 0xA5;

static int verbose, failures;

static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "cltrain: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(2);
}

static void fail(const char *fmt, ...) {
  if (failures++ < MAXREPORT) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "cltrain: FAIL: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
  }
}

#define CL_CHECK(call)                                                               \
  do {                                                                               \
    cl_int err_ = (call);                                                            \
    if (err_ != CL_SUCCESS)                                                          \
      die("%s:%d: %s failed: OpenCL error %d", __FILE__, __LINE__, #call, err_);     \
  } while (0)

/* ---- the reference, written independently of the generator ---- */

/* byte offset of field f of element e (E elements, m fields of s bytes; tile
 * 1 AoS, 0 SoA, t ≥ 2 tiled-AoS: t values of field 0, then of field 1, …) */
static uint64_t ref_offset(uint64_t e, unsigned f, uint64_t E, unsigned m, unsigned s, unsigned tile) {
  uint64_t sigma = (uint64_t)m * s;
  if (tile == 1)
    return e * sigma + (uint64_t)f * s;
  if (tile == 0)
    return (uint64_t)f * E * s + e * s;
  return (e / tile) * tile * sigma + (uint64_t)f * tile * s + (e % tile) * s;
}

/* bytes of the region: tiled regions are padded to whole tiles */
static uint64_t ref_region(uint64_t E, unsigned m, unsigned s, unsigned tile) {
  uint64_t sigma = (uint64_t)m * s;
  if (tile <= 1)
    return E * sigma;
  return (E + tile - 1) / tile * tile * sigma;
}

/* splitmix64's finaliser over (e, f, c): the initial value's low bits */
static uint64_t ref_hash(uint64_t e, unsigned f, unsigned c) {
  uint64_t z = e * 0x9E3779B97F4A7C15ull + (uint64_t)(f * 4u + c + 1u) * 0xD1B54A32D192ED03ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* component c of field f (of m) after k launches of a kernel of access
 * pattern `access`, in w bytes (docs/calibration.md):
 *   rw     every field: k updates v = v·3 + ((u32)e + f + 1)
 *   split  r = ⌈m/2⌉: field r+i = (initial field i)·3 + ((u32)e + r+i+1) once
 *          k ≥ 1, plus (initial field r-1) for the last field of odd m;
 *          fields < r initial
 *   one    field 0 as rw's, the others initial
 *   reduce field 0: k updates v = v·3 + (the other fields' initial values)
 *          + ((u32)e + 1), the others initial */
static uint64_t ref_value(uint64_t e, unsigned f, unsigned c, unsigned k, unsigned w, unsigned m, int access) {
  uint32_t a = (uint32_t)e + f + 1u;
  unsigned r = (m + 1) / 2;
  uint64_t v;
  if (access == KD_CAL_RW || (access == KD_CAL_ONE && f == 0)) {
    v = ref_hash(e, f, c);
    for (unsigned j = 0; j < k; j++)
      v = v * 3u + a;
  } else if (access == KD_CAL_REDUCE && f == 0) {
    uint64_t others = 0;
    for (unsigned g = 1; g < m; g++)
      others += ref_hash(e, g, c);  /* (wrapping; the result is masked to w bytes below) */
    v = ref_hash(e, 0, c);
    for (unsigned j = 0; j < k; j++)
      v = v * 3u + others + a;
  } else if (access == KD_CAL_SPLIT && f >= r && k >= 1) {
    v = ref_hash(e, f - r, c) * 3u + a;
    if (m % 2 == 1 && f == m - 1)
      v += ref_hash(e, r - 1, c);
  } else {
    v = ref_hash(e, f, c);
  }
  return w == 8 ? v : v & ((UINT64_C(1) << (8 * w)) - 1);
}

static uint64_t load(const unsigned char *p, unsigned w) {
  uint64_t v = 0;
  memcpy(&v, p, w);  /* little-endian host, as the device */
  return v;
}

/* Compares buf (region + guard bytes) with the values after k launches of
 * pattern `access`; returns the number of mismatching values and adds stray
 * bytes to *stray. */
static long compare(const unsigned char *buf, uint64_t E, unsigned m, unsigned s, unsigned tile, int access,
                    unsigned k, const char *what, long *stray) {
  uint64_t region = ref_region(E, m, s, tile);
  unsigned char *covered = calloc(region + GUARD, 1);
  unsigned ncomp = s == 16 ? 4 : 1, w = s == 16 ? 4 : s;
  long bad = 0;
  for (uint64_t e = 0; e < E; e++)
    for (unsigned f = 0; f < m; f++) {
      uint64_t off = ref_offset(e, f, E, m, s, tile);
      if (off + s > region)
        die("reference formula out of its region (%s)", what);
      memset(covered + off, 1, s);
      for (unsigned c = 0; c < ncomp; c++) {
        uint64_t want = ref_value(e, f, c, k, w, m, access), got = load(buf + off + c * w, w);
        if (want != got) {
          if (bad == 0 && verbose)
            fprintf(stderr, "cltrain: %s: element %llu field %u component %u: %llx, expected %llx\n", what,
                    (unsigned long long)e, f, c, (unsigned long long)got, (unsigned long long)want);
          bad++;
        }
      }
    }
  for (uint64_t i = 0; i < region + GUARD; i++)
    if (!covered[i] && buf[i] != PAD)
      ++*stray;
  free(covered);
  return bad;
}

/* ---- OpenCL ---- */

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;

static void setup(void) {
  cl_platform_id plat;
  cl_uint n;
  CL_CHECK(clGetPlatformIDs(1, &plat, &n));
  CL_CHECK(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, &n));
  cl_int err;
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CL_CHECK(err);
  queue = clCreateCommandQueue(ctx, dev, 0, &err);
  CL_CHECK(err);
}

static cl_program build(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die("cannot open %s (not emitted?)", path);
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *src = malloc((size_t)len + 1);
  if (fread(src, 1, (size_t)len, f) != (size_t)len)
    die("cannot read %s", path);
  src[len] = '\0';
  fclose(f);
  cl_int err;
  const char *srcs[] = {src};
  cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
  CL_CHECK(err);
  if (clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
    char log[16384];
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    die("%s does not build:\n%s", path, log);
  }
  free(src);
  return prog;
}

static void run(cl_kernel k, size_t items) {
  size_t local = LOCAL, global = (items + LOCAL - 1) / LOCAL * LOCAL;
  CL_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
}

/* One variant: init, k timed launches, check.  Returns the CPU's mismatch
 * count; fails on any disagreement (see the file comment). */
static long variant(cl_program prog, unsigned s, unsigned m, int access, int l, unsigned n, bool bug,
                    cl_kernel init, cl_kernel check) {
  unsigned tile = kd_cal_layout_tile(l);
  cl_ulong E = E_ELEMS;
  char name[64], what[128];
  kd_cal_kernel_name(name, sizeof name, (int)s, (int)m, access, l);
  snprintf(what, sizeof what, "%s n=%u", name, n);
  uint64_t bytes = ref_region(E, m, s, tile) + GUARD;
  unsigned char *host = malloc(bytes);
  memset(host, PAD, bytes);
  cl_int err;
  cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, host, &err);
  CL_CHECK(err);
  cl_uint cm = m, ct = tile, cn = n, cT = (cl_uint)((E + n - 1) / n), ck = K_LAUNCHES, ca = (cl_uint)access;

  /* 1. init */
  CL_CHECK(clSetKernelArg(init, 0, sizeof buf, &buf));
  CL_CHECK(clSetKernelArg(init, 1, sizeof E, &E));
  CL_CHECK(clSetKernelArg(init, 2, sizeof cm, &cm));
  CL_CHECK(clSetKernelArg(init, 3, sizeof ct, &ct));
  run(init, 256);
  CL_CHECK(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
  long stray = 0;
  long bad = compare(host, E, m, s, tile, access, 0, what, &stray);
  if (bad || stray)
    fail("%s: kd_init_s%u: %ld wrong initial values, %ld bytes outside the fields written", what, s, bad, stray);

  /* 2. k timed launches */
  cl_kernel k = clCreateKernel(prog, name, &err);
  if (err != CL_SUCCESS)
    die("kernel %s not found (OpenCL error %d)", name, err);
  CL_CHECK(clSetKernelArg(k, 0, sizeof buf, &buf));
  CL_CHECK(clSetKernelArg(k, 1, sizeof E, &E));
  CL_CHECK(clSetKernelArg(k, 2, sizeof cn, &cn));
  CL_CHECK(clSetKernelArg(k, 3, sizeof cT, &cT));
  for (int r = 0; r < K_LAUNCHES; r++)
    run(k, cT);
  CL_CHECK(clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, bytes, host, 0, NULL, NULL));
  stray = 0;
  bad = compare(host, E, m, s, tile, access, K_LAUNCHES, what, &stray);
  if (!bug && (bad || stray))
    fail("%s: %ld values differ from the CPU reference, %ld bytes outside the fields changed", what, bad, stray);
  if (bug && bad == 0)
    fail("%s: the planted bug went unnoticed by the CPU reference", what);

  /* 3. the generic check kernel must agree with the CPU */
  cl_uint cnt[2] = {0, 0};
  cl_mem cbuf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof cnt, cnt, &err);
  CL_CHECK(err);
  CL_CHECK(clSetKernelArg(check, 0, sizeof buf, &buf));
  CL_CHECK(clSetKernelArg(check, 1, sizeof E, &E));
  CL_CHECK(clSetKernelArg(check, 2, sizeof cm, &cm));
  CL_CHECK(clSetKernelArg(check, 3, sizeof ct, &ct));
  CL_CHECK(clSetKernelArg(check, 4, sizeof ca, &ca));
  CL_CHECK(clSetKernelArg(check, 5, sizeof ck, &ck));
  CL_CHECK(clSetKernelArg(check, 6, sizeof cbuf, &cbuf));
  run(check, 256);
  CL_CHECK(clEnqueueReadBuffer(queue, cbuf, CL_TRUE, 0, sizeof cnt, cnt, 0, NULL, NULL));
  if (cnt[0] != (cl_uint)bad || (cnt[1] != 0) != (bad != 0))
    fail("%s: kd_check_s%u counted %u mismatches (flag %u), the CPU %ld", what, s, cnt[0], cnt[1], bad);
  if (verbose)
    fprintf(stderr, "cltrain: %s: %ld mismatches, kd_check %u\n", what, bad, cnt[0]);

  clReleaseMemObject(cbuf);
  clReleaseKernel(k);
  clReleaseMemObject(buf);
  free(host);
  return bad;
}

int main(int argc, char **argv) {
  const char *work = NULL;
  bool bug = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--work") && i + 1 < argc)
      work = argv[++i];
    else if (!strcmp(argv[i], "--plant-bug"))
      bug = true;
    else if (!strcmp(argv[i], "-v"))
      verbose = 1;
    else
      die("usage: cltrain --work DIR [--plant-bug] [-v]");
  }
  if (!work)
    die("usage: cltrain --work DIR [--plant-bug] [-v]");

  KdCalConfig cfg = {.quick = true, .workdir = work};
  KdCalGenOptions opt = {.plant_bug = bug};
  char err[512];
  if (kd_cal_emit_opts(&cfg, KD_CAL_OPENCL, &opt, err, sizeof err) != 0)
    die("%s", err);
  KdCalSweep sw;
  kd_cal_sweep(&cfg, &sw);
  setup();

  static const unsigned sizes[] = {1, 2, 4, 8, 16}, ms_all[] = {1, 3, 16}, ms_bug[] = {3};
  static const unsigned ns_all[] = {1, 7, 128, 1024, 16384}, ns_bug[] = {7, 1024};
  const unsigned *ms = bug ? ms_bug : ms_all, *ns = bug ? ns_bug : ns_all;
  int nm = bug ? 1 : 3, nn = bug ? 2 : 5;
  long variants = 0, flagged = 0;
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < nm; j++) {
      unsigned s = sizes[i], m = ms[j];
      char file[64], path[4200], kname[32];
      kd_cal_file_name(file, sizeof file, KD_CAL_OPENCL, (int)s, (int)m);
      snprintf(path, sizeof path, "%s/%s", work, file);
      cl_program prog = build(path);
      cl_int e;
      snprintf(kname, sizeof kname, "kd_init_s%u", s);
      cl_kernel init = clCreateKernel(prog, kname, &e);
      CL_CHECK(e);
      snprintf(kname, sizeof kname, "kd_check_s%u", s);
      cl_kernel check = clCreateKernel(prog, kname, &e);
      CL_CHECK(e);
      /* the patterns the quick sweep has for m: rw; split, one and reduce too for m ≥ 2 */
      unsigned access = kd_cal_sweep_access(&sw, (int)m);
      unsigned all = 1u << KD_CAL_RW | 1u << KD_CAL_SPLIT | 1u << KD_CAL_ONE | 1u << KD_CAL_REDUCE;
      if (access != (m >= 2 ? all : 1u << KD_CAL_RW))
        die("the quick sweep's access patterns for m = %u are not the ones this test expects", m);
      for (int a = 0; a < KD_CAL_NACCESS; a++) {
        if (!(access & 1u << a))
          continue;
        for (int l = 0; l < KD_CAL_NLAYOUTS; l++)
          for (int t = 0; t < nn; t++) {
            variants++;
            if (variant(prog, s, m, a, l, ns[t], bug, init, check) > 0)
              flagged++;
          }
      }
      clReleaseKernel(init);
      clReleaseKernel(check);
      clReleaseProgram(prog);
    }
  printf("cltrain: %ld variants%s, %ld with mismatches, %d failed checks\n", variants,
         bug ? " with the planted bug" : "", flagged, failures);
  return failures ? 1 : 0;
}
