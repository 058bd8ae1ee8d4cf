/* host.c: the bundled OpenCL host example for kdlg-opt (README.md here).
 *
 * Runs the two kernels of particles.cl (simulate, fade) for a number of steps
 * on an array of struct Particle and writes the particles and the expired
 * count to a file.
 *
 * Built as it is, it runs the original particles.cl on one AoS buffer.  Built
 * with the header that kdlg-opt wrote next to its output,
 *
 *   build/kdlg-opt particles.cl -o particles_opt.cl      (also writes particles_opt.cl.layout.h)
 *   cc -std=c11 -DKDLG_LAYOUT_HEADER='"particles_opt.cl.layout.h"' host.c -o host_opt -lOpenCL
 *   ./host_opt particles_opt.cl out_opt.bin
 *
 * it runs the rewritten kernels on the new layout.  (The macro is not called
 * KDLG_LAYOUT_H: that name is the include guard of kdlg_layout.h, which the
 * header contains.)  The lines that differ are
 * the four places marked [kdlg 1/4] .. [kdlg 4/4]:
 *   1. include the header;
 *   2. one buffer per storage region instead of one AoS buffer: create region
 *      c with kdlg_Particle_region_bytes(c, n) bytes and fill the regions from
 *      the AoS array with kdlg_Particle_pack;
 *   3. kernel arguments: the struct argument becomes the regions followed by
 *      the element count (a cl_long), and argument i of kernel K is set at
 *      index kdlg_args_K[i];
 *   4. read the regions back and kdlg_Particle_unpack them into the AoS array.
 * Everything else (the host's AoS array, the kernels' names, the launches)
 * stays as it is.  Both builds produce the same output file, byte for byte.
 *
 * Usage: host KERNELS.cl OUTPUT [n] [steps]
 *   n      particles (default 100003: not a multiple of any tile)
 *   steps  simulate + fade launches (default 10)
 * Exit status 0 on success, 1 on a usage or I/O error, 2 on an OpenCL error.
 *
 * Plain C11 and the OpenCL 1.2 API (runs on OpenCL 1.2 to 3.0 platforms; the
 * first platform with a device is used, e.g. PoCL's CPU device).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef KDLG_LAYOUT_HEADER
#include KDLG_LAYOUT_HEADER /* [kdlg 1/4] the layout header written by kdlg-opt */
#endif

/* the host's view of particles.cl's struct: same fields, same OpenCL types,
 * so the same offsets and size (80 bytes) */
typedef struct {
  cl_float4 pos;
  cl_float4 vel;
  cl_float charge;
  cl_double birth;
  cl_float lifetime;
  cl_uchar4 color;
  cl_float size;
  cl_ushort flags;
  cl_uint id;
} Particle;
_Static_assert(sizeof(Particle) == 80 && offsetof(Particle, birth) == 40 && offsetof(Particle, id) == 64,
               "Particle differs from the OpenCL C layout");

#define CL_CHECK(call)                                                                  \
  do {                                                                                  \
    cl_int err_ = (call);                                                               \
    if (err_ != CL_SUCCESS) {                                                           \
      fprintf(stderr, "host: %s:%d: %s failed: OpenCL error %d\n", __FILE__, __LINE__, \
              #call, (int)err_);                                                        \
      exit(2);                                                                          \
    }                                                                                   \
  } while (0)

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p) {
    fprintf(stderr, "host: out of memory\n");
    exit(1);
  }
  return p;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "host: cannot read '%s'\n", path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = xcalloc((size_t)len + 1, 1);
  if (len < 0 || fread(text, 1, (size_t)len, f) != (size_t)len) {
    fprintf(stderr, "host: cannot read '%s'\n", path);
    exit(1);
  }
  fclose(f);
  return text;
}

static void cl_setup(void) {
  cl_uint np = 0;
  CL_CHECK(clGetPlatformIDs(0, NULL, &np));
  cl_platform_id *ps = xcalloc(np, sizeof *ps);
  CL_CHECK(clGetPlatformIDs(np, ps, NULL));
  int found = 0;
  for (cl_uint k = 0; k < np && !found; k++) {
    cl_uint nd = 0;
    found = clGetDeviceIDs(ps[k], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) == CL_SUCCESS && nd > 0;
  }
  free(ps);
  if (!found) {
    fprintf(stderr, "host: no OpenCL device\n");
    exit(2);
  }
  cl_int err;
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CL_CHECK(err);
  queue = clCreateCommandQueue(ctx, dev, 0, &err);
  CL_CHECK(err);
}

static cl_program build_program(const char *path) {
  char *src = read_file(path);
  const char *srcs[1] = {src};
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
  CL_CHECK(err);
  err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t len = 0;
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &len);
    char *log = xcalloc(len + 1, 1);
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, len, log, NULL);
    fprintf(stderr, "host: %s does not build (OpenCL error %d):\n%s\n", path, (int)err, log);
    exit(2);
  }
  free(src);
  return prog;
}

/* ---- the particle array on the device ---- */

#ifdef KDLG_LAYOUT_HEADER
/* [kdlg 2/4] one buffer per storage region, filled from the AoS array */
typedef struct {
  cl_mem region[KDLG_Particle_NREGIONS];
  void *staging[KDLG_Particle_NREGIONS];
  size_t n;
} DeviceParticles;

/* (optional) the header describes the struct as the OpenCL compiler laid it
 * out: check that the host's Particle agrees, field by field */
static void check_layout(void) {
  static const struct {
    const char *name;
    size_t offset;
  } host[] = {{"pos", offsetof(Particle, pos)},           {"vel", offsetof(Particle, vel)},
              {"charge", offsetof(Particle, charge)},     {"birth", offsetof(Particle, birth)},
              {"lifetime", offsetof(Particle, lifetime)}, {"color", offsetof(Particle, color)},
              {"size", offsetof(Particle, size)},         {"flags", offsetof(Particle, flags)},
              {"id", offsetof(Particle, id)}};
  int ok = kdlg_Particle_layout.aos_bytes == sizeof(Particle) &&
           kdlg_Particle_layout.nfields == sizeof host / sizeof host[0];
  for (uint32_t f = 0; ok && f < kdlg_Particle_layout.nfields; f++)
    ok = !strcmp(kdlg_Particle_layout.fields[f].name, host[f].name) &&
         kdlg_Particle_layout.fields[f].aos_offset == host[f].offset;
  if (!ok) {
    fprintf(stderr, "host: struct Particle differs from the layout header's description\n");
    exit(1);
  }
}

static void upload(DeviceParticles *d, const Particle *h, size_t n) {
  cl_int err;
  check_layout();
  d->n = n;
  for (unsigned c = 0; c < KDLG_Particle_NREGIONS; c++) {
    size_t bytes = kdlg_Particle_region_bytes(c, n);
    d->staging[c] = xcalloc(bytes, 1);
    d->region[c] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CL_CHECK(err);
  }
  kdlg_Particle_pack(h, n, d->staging);
  for (unsigned c = 0; c < KDLG_Particle_NREGIONS; c++)
    CL_CHECK(clEnqueueWriteBuffer(queue, d->region[c], CL_TRUE, 0, kdlg_Particle_region_bytes(c, n),
                                  d->staging[c], 0, NULL, NULL));
}
#else
typedef struct {
  cl_mem aos;
  size_t n;
} DeviceParticles;

static void upload(DeviceParticles *d, const Particle *h, size_t n) {
  cl_int err;
  d->n = n;
  d->aos = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * sizeof(Particle), NULL, &err);
  CL_CHECK(err);
  CL_CHECK(clEnqueueWriteBuffer(queue, d->aos, CL_TRUE, 0, n * sizeof(Particle), h, 0, NULL, NULL));
}
#endif

#ifdef KDLG_LAYOUT_HEADER
/* [kdlg 3/4] the struct argument: the regions, then the element count;
 * argument i of kernel K moves to kdlg_args_K[i] */
static void set_particles_arg(cl_kernel k, cl_uint at, const DeviceParticles *d) {
  for (cl_uint c = 0; c < KDLG_Particle_NREGIONS; c++)
    CL_CHECK(clSetKernelArg(k, at + c, sizeof(cl_mem), &d->region[c]));
  cl_long n = (cl_long)d->n;
  CL_CHECK(clSetKernelArg(k, at + KDLG_Particle_NREGIONS, sizeof n, &n));
}
#define ARG(kernel, i) ((cl_uint)kdlg_args_##kernel[i])
#else
static void set_particles_arg(cl_kernel k, cl_uint at, const DeviceParticles *d) {
  CL_CHECK(clSetKernelArg(k, at, sizeof(cl_mem), &d->aos));
}
#define ARG(kernel, i) ((cl_uint)(i))
#endif

#ifdef KDLG_LAYOUT_HEADER
/* [kdlg 4/4] read the regions back into the AoS array */
static void download(DeviceParticles *d, Particle *h) {
  for (unsigned c = 0; c < KDLG_Particle_NREGIONS; c++)
    CL_CHECK(clEnqueueReadBuffer(queue, d->region[c], CL_TRUE, 0, kdlg_Particle_region_bytes(c, d->n),
                                 d->staging[c], 0, NULL, NULL));
  kdlg_Particle_unpack(d->staging, d->n, h);
  for (unsigned c = 0; c < KDLG_Particle_NREGIONS; c++) {
    CL_CHECK(clReleaseMemObject(d->region[c]));
    free(d->staging[c]);
  }
}
#else
static void download(DeviceParticles *d, Particle *h) {
  CL_CHECK(clEnqueueReadBuffer(queue, d->aos, CL_TRUE, 0, d->n * sizeof(Particle), h, 0, NULL, NULL));
  CL_CHECK(clReleaseMemObject(d->aos));
}
#endif

/* ---- input ---- */

static unsigned long long rng_state = 0x853C49E6748FEA9BULL;

static double rng_unit(void) { /* [0, 1), 64-bit LCG, fixed seed */
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(rng_state >> 11) * (1.0 / 9007199254740992.0);
}

static float rng_range(float lo, float hi) { /* [lo, hi), never 0 */
  float v = lo + (hi - lo) * (float)rng_unit();
  return v == 0.0f ? 0.125f : v;
}

static void init_particles(Particle *p, size_t n) {
  memset(p, 0, n * sizeof *p); /* padding bytes: 0 in both builds' output */
  for (size_t i = 0; i < n; i++) {
    for (int k = 0; k < 3; k++) {
      p[i].pos.s[k] = rng_range(0.5f, 9.5f);
      p[i].vel.s[k] = rng_range(-2.0f, 2.0f);
    }
    p[i].pos.s[3] = rng_range(0.5f, 2.0f); /* mass */
    p[i].vel.s[3] = 1.0f;
    p[i].charge = rng_range(-1.0f, 1.0f);
    p[i].birth = -2.0 * rng_unit() - 0.01;
    p[i].lifetime = rng_range(0.5f, 4.0f);
    for (int k = 0; k < 4; k++)
      p[i].color.s[k] = (cl_uchar)(1 + rng_unit() * 254.0);
    p[i].size = rng_range(0.5f, 1.5f);
    p[i].flags = (cl_ushort)(2 + ((unsigned)(rng_unit() * 65535.0) & 0xFFFEu)); /* EXPIRED (bit 0) clear */
    p[i].id = (cl_uint)(i + 1);
  }
}

int main(int argc, char **argv) {
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: %s KERNELS.cl OUTPUT [n] [steps]\n", argv[0]);
    return 1;
  }
  const char *cl_path = argv[1], *out_path = argv[2];
  long nl = argc > 3 ? atol(argv[3]) : 100003;
  int steps = argc > 4 ? atoi(argv[4]) : 10;
  if (nl <= 0 || nl > 0x7fffffffL || steps < 0) {
    fprintf(stderr, "usage: %s KERNELS.cl OUTPUT [n > 0] [steps >= 0]\n", argv[0]);
    return 1;
  }
  cl_int n = (cl_int)nl;
  const cl_float dt = 0.01f;
  const cl_int substeps = 8;

  Particle *h = xcalloc((size_t)n, sizeof *h);
  init_particles(h, (size_t)n);

  cl_setup();
  cl_program prog = build_program(cl_path);
  cl_int err;
  cl_kernel k_simulate = clCreateKernel(prog, "simulate", &err);
  CL_CHECK(err);
  cl_kernel k_fade = clCreateKernel(prog, "fade", &err);
  CL_CHECK(err);

  DeviceParticles d;
  upload(&d, h, (size_t)n);
  cl_uint zero = 0, expired = 0;
  cl_mem d_expired = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
  CL_CHECK(err);

  /* simulate(__global Particle *p, int n, float dt, int substeps) */
  set_particles_arg(k_simulate, ARG(simulate, 0), &d);
  CL_CHECK(clSetKernelArg(k_simulate, ARG(simulate, 1), sizeof n, &n));
  CL_CHECK(clSetKernelArg(k_simulate, ARG(simulate, 2), sizeof dt, &dt));
  CL_CHECK(clSetKernelArg(k_simulate, ARG(simulate, 3), sizeof substeps, &substeps));
  /* fade(__global Particle *p, __global uint *expired, int n, double now) */
  set_particles_arg(k_fade, ARG(fade, 0), &d);
  CL_CHECK(clSetKernelArg(k_fade, ARG(fade, 1), sizeof d_expired, &d_expired));
  CL_CHECK(clSetKernelArg(k_fade, ARG(fade, 2), sizeof n, &n));

  size_t global = (size_t)n;
  for (int s = 0; s < steps; s++) {
    cl_double now = (double)(s + 1) * substeps * dt;
    CL_CHECK(clEnqueueNDRangeKernel(queue, k_simulate, 1, NULL, &global, NULL, 0, NULL, NULL));
    CL_CHECK(clSetKernelArg(k_fade, ARG(fade, 3), sizeof now, &now));
    CL_CHECK(clEnqueueNDRangeKernel(queue, k_fade, 1, NULL, &global, NULL, 0, NULL, NULL));
  }
  CL_CHECK(clFinish(queue));

  download(&d, h);
  CL_CHECK(clEnqueueReadBuffer(queue, d_expired, CL_TRUE, 0, sizeof expired, &expired, 0, NULL, NULL));

  FILE *f = fopen(out_path, "wb");
  if (!f || fwrite(h, sizeof *h, (size_t)n, f) != (size_t)n || fwrite(&expired, sizeof expired, 1, f) != 1 ||
      fclose(f) != 0) {
    fprintf(stderr, "host: cannot write '%s'\n", out_path);
    return 1;
  }
  double sum = 0.0;
  for (cl_int i = 0; i < n; i++)
    sum += (double)h[i].pos.s[0] + h[i].pos.s[1] + h[i].pos.s[2] + h[i].size;
#ifdef KDLG_LAYOUT_HEADER
  printf("host: %s (%d regions): %d particles, %d steps, %u expired, checksum %.9e\n", cl_path,
         KDLG_Particle_NREGIONS, n, steps, expired, sum);
#else
  printf("host: %s (AoS): %d particles, %d steps, %u expired, checksum %.9e\n", cl_path, n, steps, expired, sum);
#endif

  CL_CHECK(clReleaseMemObject(d_expired));
  CL_CHECK(clReleaseKernel(k_simulate));
  CL_CHECK(clReleaseKernel(k_fade));
  CL_CHECK(clReleaseProgram(prog));
  CL_CHECK(clReleaseCommandQueue(queue));
  CL_CHECK(clReleaseContext(ctx));
  free(h);
  return 0;
}
