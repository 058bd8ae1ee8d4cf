/* cldiff.c: differential test of kdlg-opt's OpenCL rewriter.
 *
 * Runs kernels of the original .cl file and the same kernels of the rewritten
 * .cl file on the same random inputs, on the first OpenCL device (PoCL's CPU
 * device in CI), and compares every output byte: for struct buffers every
 * byte of every field of every element (padding excluded), for other buffers
 * every byte.  Linked per test with the generated wrapper cldiff_gen.c
 * (cldiff_test.py writes it and compiles it with kdlg-opt's OUT.cl.layout.h),
 * which brings the layouts: region sizes, pack/unpack, field lists and the
 * kernels' argument maps (the tables declared in cldiff.h).
 *
 *   cldiff --orig IN.cl --new OUT.cl [--seed S] [--corrupt] [--options "..."] [-v]
 *          --buf NAME=SPEC ...  --fill TARGET=T:LO:HI ...
 *          --kernel K --global G[,G,G] [--local L[,L,L]] --arg A ... [--kernel ...]
 *
 *   SPEC    struct:S:N (N elements of struct S) | TYPE:N, TYPE one of
 *           f32 f64 i8 u8 i16 u16 i32 u32 i64 u64
 *   --fill  S.field=T:LO:HI or BUF=T:LO:HI: every T-sized component of the
 *           field (of every element of every S buffer) or of the buffer is a
 *           random integer in [LO, HI) (T an integer type) or float in [LO, HI)
 *   A       a --buf name; an inline SPEC (an unnamed buffer); a scalar
 *           int:V uint:V long:V float:V; local:BYTES (a __local buffer)
 *   --corrupt  flips one byte the kernels wrote in the rewritten run's results
 *           before the comparison (self-check: the run must then fail)
 *
 * Default inputs (fixed seed): 8-byte-aligned struct fields are doubles in
 * [0.5, 2), other fields whose size is a multiple of 4 are floats in [0.5, 2)
 * word by word, 2-byte fields shorts in [1, 1000), byte fields in [1, 100);
 * f32/f64 buffers in [0.5, 2), integer buffers in [1, 1000) (u8/i8: [1, 100)).
 * Every buffer is followed by a guard zone that must stay untouched.
 *
 * Exit status: 0 identical, 1 a difference (the first one is printed), 2 usage
 * or OpenCL error (including a program that does not build).
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cldiff.h"


enum { GUARD = 256, MAXBUF = 64, MAXARG = 64, MAXLAUNCH = 32, MAXFILL = 64, MAXREG = 16 };
static const unsigned char PAD = 0xA5, GUARDBYTE = 0x5A;

static int verbose;
static const char *rewritten_path = "";  /* the rewritten program being compared */

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void die(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "cldiff: ");
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  exit(code);
}

#define CL_CHECK(call)                                                              \
  do {                                                                              \
    cl_int err_ = (call);                                                           \
    if (err_ != CL_SUCCESS)                                                         \
      die(2, "%s:%d: %s failed: OpenCL error %d", __FILE__, __LINE__, #call, err_); \
  } while (0)

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    die(2, "out of memory");
  return p;
}

/* ---- random numbers: splitmix64 ---- */

static uint64_t rng_next(uint64_t *s) {
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static double rng_unit(uint64_t *s) { return (double)(rng_next(s) >> 11) * (1.0 / 9007199254740992.0); }
static uint64_t hash_str(const char *t) {
  uint64_t h = 1469598103934665603ull;
  for (; *t; t++)
    h = (h ^ (unsigned char)*t) * 1099511628211ull;
  return h;
}

/* ---- element types ---- */

typedef enum { T_F32, T_F64, T_I8, T_U8, T_I16, T_U16, T_I32, T_U32, T_I64, T_U64, T_NONE } Type;
static const struct { const char *name; int bytes, is_float; } types[] = {
    {"f32", 4, 1}, {"f64", 8, 1}, {"i8", 1, 0},  {"u8", 1, 0},  {"i16", 2, 0},
    {"u16", 2, 0}, {"i32", 4, 0}, {"u32", 4, 0}, {"i64", 8, 0}, {"u64", 8, 0},
};
static Type type_of(const char *s, size_t len) {
  for (int t = 0; t < T_NONE; t++)
    if (strlen(types[t].name) == len && !strncmp(s, types[t].name, len))
      return (Type)t;
  return T_NONE;
}

/* writes a value of type t drawn from [lo, hi) */
static void put_random(unsigned char *dst, Type t, double lo, double hi, uint64_t *s) {
  if (types[t].is_float) {
    double v = lo + (hi - lo) * rng_unit(s);
    if (t == T_F32) {
      float f = (float)v;
      if (f >= (float)hi)
        f = (float)lo;
      memcpy(dst, &f, 4);
    } else
      memcpy(dst, &v, 8);
    return;
  }
  int64_t span = (int64_t)hi - (int64_t)lo;
  int64_t v = (int64_t)lo + (span > 0 ? (int64_t)(rng_next(s) % (uint64_t)span) : 0);
  switch (types[t].bytes) {
  case 1: { int8_t x = (int8_t)v; memcpy(dst, &x, 1); break; }
  case 2: { int16_t x = (int16_t)v; memcpy(dst, &x, 2); break; }
  case 4: { int32_t x = (int32_t)v; memcpy(dst, &x, 4); break; }
  default: memcpy(dst, &v, 8); break;
  }
}

/* ---- fills ---- */

typedef struct Fill {
  char target[128]; /* "S.field" or a buffer name */
  Type t;
  double lo, hi;
} Fill;
static Fill fills[MAXFILL];
static int nfills;

static const Fill *find_fill(const char *target) {
  for (int k = 0; k < nfills; k++)
    if (!strcmp(fills[k].target, target))
      return &fills[k];
  return NULL;
}

/* ---- buffers ---- */

typedef struct Buf {
  char name[160];
  const cldiff_struct *st; /* NULL: a plain buffer */
  Type t;                  /* plain: element type */
  size_t n;                /* elements */
  size_t elem;             /* bytes per element (AoS bytes for a struct) */
  size_t bytes;            /* n * elem */
  unsigned char *init;     /* the input, AoS */
  unsigned char *out[2];   /* results of run 0 (original) and 1 (rewritten), AoS */
  cl_mem mem[2][MAXREG];   /* run 0: mem[0][0]; run 1: one per region (or mem[1][0]) */
  size_t memsize[2][MAXREG];
  int nmem[2];
  unsigned char *raw[MAXREG]; /* run 1: the regions as read back */
} Buf;
static Buf bufs[MAXBUF];
static int nbufs;

/* alignment of every field's type (__alignof__(__typeof__(s.f)): not the
 * member's, which packed or aligned(N) change; the layout header's
 * kd_layout_field.align means the same), measured on the device (the probe) */
static uint32_t *field_align[256];

static uint32_t align_of(const cldiff_struct *S, uint32_t f) { return field_align[S - cldiff_structs][f]; }

static const cldiff_struct *find_struct(const char *name) {
  for (int k = 0; k < cldiff_nstructs; k++)
    if (!strcmp(cldiff_structs[k].name, name))
      return &cldiff_structs[k];
  return NULL;
}

static int find_buf(const char *name) {
  for (int k = 0; k < nbufs; k++)
    if (!strcmp(bufs[k].name, name))
      return k;
  return -1;
}

/* SPEC: struct:S:N | TYPE:N; returns 0 if it is not a buffer spec */
static int parse_buf_spec(const char *name, const char *spec) {
  Buf b;
  memset(&b, 0, sizeof b);
  snprintf(b.name, sizeof b.name, "%s", name);
  char *end;
  if (!strncmp(spec, "struct:", 7)) {
    const char *s = spec + 7, *colon = strrchr(s, ':');
    if (!colon || colon == s)
      die(2, "bad struct buffer '%s' (struct:S:N)", spec);
    char sname[128];
    snprintf(sname, sizeof sname, "%.*s", (int)(colon - s), s);
    b.st = find_struct(sname);
    if (!b.st)
      die(2, "struct '%s' is not in the plan of this file", sname);
    b.n = strtoull(colon + 1, &end, 10);
    if (*end || !b.n)
      die(2, "bad element count in '%s'", spec);
    b.elem = b.st->plan->aos_bytes;
    b.t = T_NONE;
  } else {
    const char *colon = strchr(spec, ':');
    if (!colon)
      return 0;
    b.t = type_of(spec, (size_t)(colon - spec));
    if (b.t == T_NONE)
      return 0;
    b.n = strtoull(colon + 1, &end, 10);
    if (*end || !b.n)
      die(2, "bad element count in '%s'", spec);
    b.elem = (size_t)types[b.t].bytes;
  }
  if (find_buf(name) >= 0)
    die(2, "buffer '%s' defined twice", name);
  if (nbufs == MAXBUF)
    die(2, "too many buffers");
  b.bytes = b.n * b.elem;
  bufs[nbufs++] = b;
  return 1;
}

/* fills one field (or plain element) of `bytes` bytes with alignment `align` */
static void fill_default(unsigned char *dst, size_t bytes, size_t align, uint64_t *s) {
  size_t k = 0;
  if (align == 8 && bytes % 8 == 0)
    for (; k < bytes; k += 8)
      put_random(dst + k, T_F64, 0.5, 2.0, s);
  else if (bytes % 4 == 0 && align >= 4)
    for (; k < bytes; k += 4)
      put_random(dst + k, T_F32, 0.5, 2.0, s);
  else if (bytes % 2 == 0 && align >= 2)
    for (; k < bytes; k += 2)
      put_random(dst + k, T_I16, 1, 1000, s);
  else
    for (; k < bytes; k++)
      put_random(dst + k, T_U8, 1, 100, s);
}

static void fill_with(unsigned char *dst, size_t bytes, const Fill *f, uint64_t *s) {
  size_t c = (size_t)types[f->t].bytes;
  if (bytes % c)
    die(2, "--fill %s: %zu bytes are not a whole number of %s", f->target, bytes, types[f->t].name);
  for (size_t k = 0; k < bytes; k += c)
    put_random(dst + k, f->t, f->lo, f->hi, s);
}

static void make_input(Buf *b, uint64_t seed) {
  uint64_t s = seed ^ hash_str(b->name);
  b->init = xmalloc(b->bytes);
  for (size_t k = 0; k < b->bytes; k++) /* padding: random bytes too */
    b->init[k] = (unsigned char)rng_next(&s);
  if (b->st) {
    const kd_layout *L = b->st->plan;
    for (size_t i = 0; i < b->n; i++)
      for (uint32_t f = 0; f < L->nfields; f++) {
        const kd_layout_field *F = &L->fields[f];
        char key[160];
        snprintf(key, sizeof key, "%s.%s", b->st->name, F->name);
        const Fill *fl = find_fill(key);
        unsigned char *dst = b->init + i * b->elem + F->aos_offset;
        if (fl)
          fill_with(dst, F->bytes, fl, &s);
        else
          fill_default(dst, F->bytes, align_of(b->st, f), &s);
      }
  } else {
    const Fill *fl = find_fill(b->name);
    for (size_t i = 0; i < b->n; i++) {
      unsigned char *dst = b->init + i * b->elem;
      if (fl)
        fill_with(dst, b->elem, fl, &s);
      else if (types[b->t].is_float)
        put_random(dst, b->t, 0.5, 2.0, &s);
      else
        put_random(dst, b->t, 1, b->elem == 1 ? 100 : 1000, &s);
    }
  }
}

/* ---- kernel launches ---- */

typedef enum { A_BUF, A_INT, A_UINT, A_LONG, A_FLOAT, A_LOCAL } ArgKind;
typedef struct Arg {
  ArgKind kind;
  int buf;
  int32_t i;
  uint32_t u;
  int64_t l;
  float f;
  size_t local;
} Arg;
typedef struct Launch {
  char name[128];
  cl_uint dims;
  size_t global[3], local[3];
  int has_local;
  int nargs;
  Arg args[MAXARG];
} Launch;
static Launch launches[MAXLAUNCH];
static int nlaunches;

static cl_uint parse_dims(const char *s, size_t *v, const char *what) {
  cl_uint d = 0;
  char *end;
  for (;;) {
    if (d == 3)
      die(2, "%s '%s': at most 3 dimensions", what, s);
    v[d++] = strtoull(s, &end, 10);
    if (end == s || !v[d - 1])
      die(2, "bad %s '%s'", what, s);
    if (!*end)
      return d;
    if (*end != ',')
      die(2, "bad %s '%s'", what, s);
    s = end + 1;
  }
}

static void parse_arg(Launch *L, const char *a) {
  if (L->nargs == MAXARG)
    die(2, "too many arguments");
  Arg *A = &L->args[L->nargs++];
  memset(A, 0, sizeof *A);
  char *end;
  if (!strncmp(a, "int:", 4)) {
    A->kind = A_INT;
    A->i = (int32_t)strtol(a + 4, &end, 0);
  } else if (!strncmp(a, "uint:", 5)) {
    A->kind = A_UINT;
    A->u = (uint32_t)strtoul(a + 5, &end, 0);
  } else if (!strncmp(a, "long:", 5)) {
    A->kind = A_LONG;
    A->l = strtoll(a + 5, &end, 0);
  } else if (!strncmp(a, "float:", 6)) {
    A->kind = A_FLOAT;
    A->f = strtof(a + 6, &end);
  } else if (!strncmp(a, "local:", 6)) {
    A->kind = A_LOCAL;
    A->local = strtoull(a + 6, &end, 0);
  } else {
    A->kind = A_BUF;
    A->buf = find_buf(a);
    if (A->buf < 0) {
      char name[160];
      snprintf(name, sizeof name, "%s#%d", L->name, L->nargs - 1);
      if (!parse_buf_spec(name, a))
        die(2, "argument '%s' is neither a buffer, a buffer spec nor a scalar", a);
      A->buf = nbufs - 1;
    }
    return;
  }
  if (*end)
    die(2, "bad scalar argument '%s'", a);
}

/* ---- OpenCL ---- */

static cl_context ctx;
static cl_command_queue queue;
static cl_device_id dev;

static void cl_init(void) {
  cl_uint np = 0;
  CL_CHECK(clGetPlatformIDs(0, NULL, &np));
  if (!np)
    die(2, "no OpenCL platform (install pocl-opencl-icd)");
  cl_platform_id *ps = xmalloc(np * sizeof *ps);
  CL_CHECK(clGetPlatformIDs(np, ps, NULL));
  cl_platform_id pf = NULL;
  for (cl_uint k = 0; k < np && !pf; k++) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(ps[k], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) == CL_SUCCESS && nd)
      pf = ps[k];
  }
  free(ps);
  if (!pf)
    die(2, "no OpenCL device");
  if (verbose) {
    char name[256] = "";
    clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
    fprintf(stderr, "cldiff: device %s\n", name);
  }
  cl_int err;
  ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
  CL_CHECK(err);
  queue = clCreateCommandQueue(ctx, dev, 0, &err);
  CL_CHECK(err);
}

static char *read_text(const char *path, size_t extra) {
  FILE *f = fopen(path, "rb");
  if (!f)
    die(2, "cannot read '%s'", path);
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *t = xmalloc((size_t)len + extra + 1);
  if (fread(t, 1, (size_t)len, f) != (size_t)len)
    die(2, "cannot read '%s'", path);
  fclose(f);
  t[len] = 0;
  return t;
}

static cl_program build(const char *path, const char *append, const char *options, const char *what) {
  size_t extra = append ? strlen(append) + 2 : 0;
  char *src = read_text(path, extra);
  if (append) {
    strcat(src, "\n");
    strcat(src, append);
  }
  cl_int err;
  const char *srcs[1] = {src};
  cl_program p = clCreateProgramWithSource(ctx, 1, srcs, NULL, &err);
  CL_CHECK(err);
  err = clBuildProgram(p, 1, &dev, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = xmalloc(n + 1);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    log[n] = 0;
    fprintf(stderr, "cldiff: BUILD FAILED: the %s program (%s) does not compile (OpenCL error %d):\n%s\n",
            what, path, err, log);
    exit(2);
  }
  free(src);
  return p;
}

static cl_mem make_mem(size_t payload, const unsigned char *content) {
  cl_int err;
  unsigned char *tmp = xmalloc(payload + GUARD);
  memset(tmp, GUARDBYTE, payload + GUARD);
  memcpy(tmp, content, payload);
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, payload + GUARD, tmp, &err);
  CL_CHECK(err);
  free(tmp);
  return m;
}

/* reads payload bytes into dst and checks the guard zone behind them */
static void read_mem(cl_mem m, size_t payload, unsigned char *dst, const char *run, const char *buf, int region) {
  unsigned char *tmp = xmalloc(payload + GUARD);
  CL_CHECK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, payload + GUARD, tmp, 0, NULL, NULL));
  for (size_t k = payload; k < payload + GUARD; k++)
    if (tmp[k] != GUARDBYTE) {
      fprintf(stderr, "cldiff: MISMATCH: the %s run wrote past the end of buffer '%s'", run, buf);
      if (region >= 0)
        fprintf(stderr, " region %d", region);
      fprintf(stderr, " (%zu bytes): byte %zu is 0x%02x\n", payload, k, tmp[k]);
      exit(1);
    }
  memcpy(dst, tmp, payload);
  free(tmp);
}

static const cldiff_kernel *find_kernel_map(const char *name) {
  for (int k = 0; k < cldiff_nkernels; k++)
    if (!strcmp(cldiff_kernels[k].name, name))
      return &cldiff_kernels[k];
  return NULL;
}

static int is_rewritten_buf(int run, const Arg *A) {
  return run == 1 && A->kind == A_BUF && bufs[A->buf].st && bufs[A->buf].st->nregions > 0;
}

static void set_args(cl_kernel k, const Launch *L, int run) {
  cl_uint have = 0;
  CL_CHECK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof have, &have, NULL));
  const cldiff_kernel *map = run == 1 ? find_kernel_map(L->name) : NULL;
  int expect = 0;
  for (int a = 0; a < L->nargs; a++)
    expect += is_rewritten_buf(run, &L->args[a]) ? bufs[L->args[a].buf].st->nregions + 1 : 1;
  if ((int)have != expect) {
    if (run == 0)
      die(2, "kernel '%s' of the original program takes %u arguments, %d given", L->name, have, L->nargs);
    die(1, "MISMATCH: kernel '%s' of the rewritten program %s takes %u arguments; the layout header says %d", L->name,
        rewritten_path, have, expect);
  }
  if (map && map->nargs != L->nargs)
    die(1, "MISMATCH: kdlg_args_%s has %d entries; the original kernel takes %d arguments", L->name, map->nargs,
        L->nargs);
  cl_uint at = 0;
  for (int a = 0; a < L->nargs; a++) {
    const Arg *A = &L->args[a];
    if (map && map->args[a] != (int)at)
      die(1, "MISMATCH: kdlg_args_%s[%d] = %d, but the arguments before it take %u slots", L->name, a, map->args[a],
          at);
    switch (A->kind) {
    case A_INT: CL_CHECK(clSetKernelArg(k, at++, sizeof A->i, &A->i)); break;
    case A_UINT: CL_CHECK(clSetKernelArg(k, at++, sizeof A->u, &A->u)); break;
    case A_LONG: CL_CHECK(clSetKernelArg(k, at++, sizeof A->l, &A->l)); break;
    case A_FLOAT: CL_CHECK(clSetKernelArg(k, at++, sizeof A->f, &A->f)); break;
    case A_LOCAL: CL_CHECK(clSetKernelArg(k, at++, A->local, NULL)); break;
    case A_BUF: {
      const Buf *b = &bufs[A->buf];
      if (is_rewritten_buf(run, A)) {
        for (int r = 0; r < b->st->nregions; r++)
          CL_CHECK(clSetKernelArg(k, at++, sizeof(cl_mem), &b->mem[1][r]));
        cl_long n = (cl_long)b->n;
        CL_CHECK(clSetKernelArg(k, at++, sizeof n, &n));
      } else
        CL_CHECK(clSetKernelArg(k, at++, sizeof(cl_mem), &b->mem[run][0]));
      break;
    }
    }
  }
  if (!map && run == 1 && (int)at != L->nargs)
    die(1, "MISMATCH: kernel '%s' has rewritten struct arguments but no kdlg_args_%s", L->name, L->name);
}

/* run 0: the original program on AoS buffers; run 1: the rewritten one on regions */
static void run_program(cl_program prog, int run) {
  char what[512];
  snprintf(what, sizeof what, run ? "rewritten (%s)" : "original", rewritten_path);
  for (int k = 0; k < nbufs; k++) {
    Buf *b = &bufs[k];
    if (run == 1 && b->st && b->st->nregions > 0) {
      int nr = b->st->nregions;
      if (nr > MAXREG)
        die(2, "struct %s: %d regions", b->st->name, nr);
      void *host[MAXREG];
      for (int r = 0; r < nr; r++) {
        b->memsize[1][r] = b->st->region_bytes((unsigned)r, b->n);
        b->raw[r] = xmalloc(b->memsize[1][r]);
        memset(b->raw[r], PAD, b->memsize[1][r]);
        host[r] = b->raw[r];
      }
      b->st->pack(b->init, b->n, host);
      for (int r = 0; r < nr; r++)
        b->mem[1][r] = make_mem(b->memsize[1][r], b->raw[r]);
      b->nmem[1] = nr;
    } else {
      b->memsize[run][0] = b->bytes;
      b->mem[run][0] = make_mem(b->bytes, b->init);
      b->nmem[run] = 1;
    }
  }
  for (int l = 0; l < nlaunches; l++) {
    const Launch *L = &launches[l];
    cl_int err;
    cl_kernel k = clCreateKernel(prog, L->name, &err);
    if (err != CL_SUCCESS) {
      char names[4096] = "";
      clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL);
      die(run ? 1 : 2, "%skernel '%s' not found in the %s program (OpenCL error %d; it has: %s)",
          run ? "MISMATCH: " : "", L->name, what, err, names);
    }
    set_args(k, L, run);
    /* without --local, one-work-item groups: PoCL compiles a kernel per work-group
     * size, so a fixed size compiles it once for every global size */
    size_t one[3] = {1, 1, 1};
    const size_t *local = L->has_local ? L->local : getenv("CLDIFF_LOCAL_NULL") ? NULL : one;
    err = clEnqueueNDRangeKernel(queue, k, L->dims, NULL, L->global, local, 0, NULL, NULL);
    if (err != CL_SUCCESS)
      die(2, "%s run: launching kernel '%s' failed: OpenCL error %d", what, L->name, err);
    err = clFinish(queue);
    if (err != CL_SUCCESS)
      die(2, "%s run: kernel '%s' failed: OpenCL error %d", what, L->name, err);
    clReleaseKernel(k);
  }
  for (int k = 0; k < nbufs; k++) {
    Buf *b = &bufs[k];
    b->out[run] = xmalloc(b->bytes);
    memcpy(b->out[run], b->init, b->bytes); /* padding of unpacked structs: the input's */
    if (run == 1 && b->st && b->st->nregions > 0) {
      for (int r = 0; r < b->nmem[1]; r++)
        read_mem(b->mem[1][r], b->memsize[1][r], b->raw[r], what, b->name, r);
    } else
      read_mem(b->mem[run][0], b->bytes, b->out[run], what, b->name, -1);
    for (int r = 0; r < b->nmem[run]; r++)
      clReleaseMemObject(b->mem[run][r]);
  }
}

static void unpack_run1(void) {
  for (int k = 0; k < nbufs; k++) {
    Buf *b = &bufs[k];
    if (b->st && b->st->nregions > 0)
      b->st->unpack((void *const *)b->raw, b->n, b->out[1]);
  }
}

/* ---- checks ---- */

/* the layout header and the probe agree with the plan */
static void check_layouts(cl_program orig) {
  /* the header's field list is the plan's */
  for (int s = 0; s < cldiff_nstructs; s++) {
    const cldiff_struct *S = &cldiff_structs[s];
    if (!S->layout)
      continue;
    const kd_layout *P = S->plan, *L = S->layout;
    if (L->aos_bytes != P->aos_bytes || L->nfields != P->nfields || (int)L->nclusters != S->nregions)
      die(1, "MISMATCH: kdlg_%s_layout (%u bytes, %u fields, %u clusters) disagrees with the plan (%u bytes, %u fields) "
          "or KDLG_%s_NREGIONS (%d)",
          S->name, L->aos_bytes, L->nfields, L->nclusters, P->aos_bytes, P->nfields, S->name, S->nregions);
    for (uint32_t f = 0; f < L->nfields; f++)
      if (strcmp(L->fields[f].name, P->fields[f].name) || L->fields[f].aos_offset != P->fields[f].aos_offset ||
          L->fields[f].bytes != P->fields[f].bytes)
        die(1, "MISMATCH: kdlg_%s_layout field %u is %s (offset %u, %u bytes); the plan says %s (offset %u, %u bytes)",
            S->name, f, L->fields[f].name, L->fields[f].aos_offset, L->fields[f].bytes, P->fields[f].name,
            P->fields[f].aos_offset, P->fields[f].bytes);
  }
  /* the probe: sizeof, offsetof and alignment of every struct, measured on the device */
  int nv = 0;
  for (int s = 0; s < cldiff_nstructs; s++)
    nv += 1 + 2 * (int)cldiff_structs[s].plan->nfields;
  if (nv) {
    cl_int err;
    cl_kernel k = clCreateKernel(orig, "cldiff_probe", &err);
    CL_CHECK(err);
    cl_mem m = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, (size_t)nv * sizeof(cl_long), NULL, &err);
    CL_CHECK(err);
    CL_CHECK(clSetKernelArg(k, 0, sizeof m, &m));
    size_t one = 1;
    CL_CHECK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &one, &one, 0, NULL, NULL));
    cl_long *v = xmalloc((size_t)nv * sizeof *v);
    CL_CHECK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, (size_t)nv * sizeof *v, v, 0, NULL, NULL));
    int at = 0;
    for (int s = 0; s < cldiff_nstructs; s++) {
      const cldiff_struct *S = &cldiff_structs[s];
      if (v[at] != (cl_long)S->plan->aos_bytes)
        die(1, "MISMATCH: sizeof(%s) is %ld on the device, the plan says %u", S->name, (long)v[at],
            S->plan->aos_bytes);
      at++;
      field_align[s] = xmalloc(S->plan->nfields * sizeof(uint32_t));
      for (uint32_t f = 0; f < S->plan->nfields; f++, at += 2) {
        if (v[at] != (cl_long)S->plan->fields[f].aos_offset)
          die(1, "MISMATCH: offsetof(%s, %s) is %ld on the device, the plan says %u", S->name,
              S->plan->fields[f].name, (long)v[at], S->plan->fields[f].aos_offset);
        field_align[s][f] = (uint32_t)v[at + 1];
        if (S->layout && S->layout->fields[f].align != field_align[s][f])
          die(1, "MISMATCH: kdlg_%s_layout gives field %s alignment %u; on the device it is %u", S->name,
              S->plan->fields[f].name, S->layout->fields[f].align, field_align[s][f]);
      }
    }
    free(v);
    clReleaseMemObject(m);
    clReleaseKernel(k);
  }
}

/* prints a field's or element's bytes, and as numbers: 8-byte-aligned data as
 * doubles and longs, other data of a multiple of 4 bytes as floats and ints,
 * word by word (vector and array fields show their components) */
static void print_bytes(const char *label, const unsigned char *p, size_t n, size_t align) {
  fprintf(stderr, "  %s:", label);
  for (size_t k = 0; k < n && k < 64; k++)
    fprintf(stderr, " %02x", p[k]);
  if (n > 64)
    fprintf(stderr, " ...");
  if (align == 8 && n % 8 == 0) {
    fprintf(stderr, "   (double/long");
    for (size_t k = 0; k < n && k < 32; k += 8) {
      double d;
      int64_t i;
      memcpy(&d, p + k, 8);
      memcpy(&i, p + k, 8);
      fprintf(stderr, " %.17g/%" PRId64, d, i);
    }
    fprintf(stderr, ")");
  } else if (n % 4 == 0 && align >= 4) {
    fprintf(stderr, "   (float/int");
    for (size_t k = 0; k < n && k < 32; k += 4) {
      float f;
      int32_t i;
      memcpy(&f, p + k, 4);
      memcpy(&i, p + k, 4);
      fprintf(stderr, " %.9g/%" PRId32, f, i);
    }
    fprintf(stderr, ")");
  }
  fprintf(stderr, "\n");
}

/* the field of b covering AoS byte `off` of an element, or -1 (padding) */
static int field_at(const Buf *b, size_t off) {
  const kd_layout *L = b->st->plan;
  for (uint32_t f = 0; f < L->nfields; f++)
    if (off >= L->fields[f].aos_offset && off < L->fields[f].aos_offset + L->fields[f].bytes)
      return (int)f;
  return -1;
}

/* returns the number of differing fields / elements; prints the first few */
static size_t compare(void) {
  size_t bad = 0;
  for (int k = 0; k < nbufs; k++) {
    const Buf *b = &bufs[k];
    size_t badbuf = 0;
    if (b->st) {
      const kd_layout *L = b->st->plan;
      for (size_t i = 0; i < b->n; i++)
        for (uint32_t f = 0; f < L->nfields; f++) {
          const kd_layout_field *F = &L->fields[f];
          size_t off = i * b->elem + F->aos_offset;
          if (!memcmp(b->out[0] + off, b->out[1] + off, F->bytes))
            continue;
          if (bad + badbuf < 3) {
            size_t first = 0;
            while (b->out[0][off + first] == b->out[1][off + first])
              first++;
            fprintf(stderr,
                    "cldiff: MISMATCH: buffer '%s' (struct %s, %zu elements, %s): element %zu, field '%s' "
                    "(offset %u, %u bytes), first differing byte %zu\n",
                    b->name, b->st->name, b->n, b->st->nregions ? "rewritten" : "kept AoS", i, F->name,
                    F->aos_offset, F->bytes, first);
            uint32_t al = align_of(b->st, f);
            print_bytes("original ", b->out[0] + off, F->bytes, al);
            print_bytes("rewritten", b->out[1] + off, F->bytes, al);
            print_bytes("input    ", b->init + off, F->bytes, al);
          }
          badbuf++;
        }
    } else {
      for (size_t i = 0; i < b->n; i++) {
        size_t off = i * b->elem;
        if (!memcmp(b->out[0] + off, b->out[1] + off, b->elem))
          continue;
        if (bad + badbuf < 3) {
          fprintf(stderr, "cldiff: MISMATCH: buffer '%s' (%s, %zu elements): element %zu\n", b->name,
                  types[b->t].name, b->n, i);
          print_bytes("original ", b->out[0] + off, b->elem, b->elem);
          print_bytes("rewritten", b->out[1] + off, b->elem, b->elem);
          print_bytes("input    ", b->init + off, b->elem, b->elem);
        }
        badbuf++;
      }
    }
    if (badbuf)
      fprintf(stderr, "cldiff: buffer '%s': %zu differing %s\n", b->name, badbuf, b->st ? "fields" : "elements");
    bad += badbuf;
  }
  return bad;
}

/* flips the last byte the original run wrote, in the rewritten run's raw
 * results (a region byte for a rewritten struct).  Returns 0 if nothing was written. */
static int corrupt(void) {
  for (int k = 0; k < nbufs; k++) {
    Buf *b = &bufs[k];
    for (size_t off = b->bytes; off-- > 0;) {
      if (b->out[0][off] == b->init[off])
        continue;
      if (b->st && field_at(b, off % b->elem) < 0)
        continue; /* padding */
      size_t i = off / b->elem;
      if (b->st && b->st->nregions > 0) {
        int f = field_at(b, off % b->elem);
        const kd_layout *L = b->st->layout;
        uint64_t at = kd_layout_address(L, (uint32_t)f, i, b->n) + (off % b->elem - L->fields[f].aos_offset);
        b->raw[L->fields[f].cluster][at] ^= 0x01;
        fprintf(stderr, "cldiff: --corrupt: flipped a bit of '%s' element %zu field '%s' (region %u, byte %" PRIu64 ")\n",
                b->name, i, L->fields[f].name, L->fields[f].cluster, at);
      } else {
        b->out[1][off] ^= 0x01;
        fprintf(stderr, "cldiff: --corrupt: flipped a bit of '%s' element %zu (byte %zu)\n", b->name, i, off);
      }
      return 1;
    }
  }
  return 0;
}

/* the original run changed some field or element: the test is not vacuous */
static int wrote_something(void) {
  for (int k = 0; k < nbufs; k++) {
    const Buf *b = &bufs[k];
    for (size_t off = 0; off < b->bytes; off++)
      if (b->out[0][off] != b->init[off] && (!b->st || field_at(b, off % b->elem) >= 0))
        return 1;
  }
  return 0;
}

/* ---- main ---- */

static void usage(void) {
  fprintf(stderr, "usage: cldiff --orig IN.cl --new OUT.cl [--new OUT2.cl]... [--seed S] [--corrupt] [--options OPTS] [-v]\n"
                  "              RUN [--then RUN]...\n"
                  "  RUN: [--buf NAME=SPEC]... [--fill TARGET=T:LO:HI]...\n"
                  "       (--kernel K --global G[,G,G] [--local L[,L,L]] [--arg A]...)...\n");
  exit(2);
}

/* one comparison configuration: argv[from, to) */
static void parse_run(char **argv, int from, int to) {
  nbufs = nfills = nlaunches = 0;
  Launch *cur = NULL;
  for (int k = from; k < to; k++) {
    const char *a = argv[k];
#define NEXT() (k + 1 < to ? argv[++k] : (usage(), ""))
    if (!strcmp(a, "--buf")) {
      const char *v = NEXT(), *eq = strchr(v, '=');
      if (!eq || eq == v)
        die(2, "--buf NAME=SPEC, not '%s'", v);
      char name[160];
      snprintf(name, sizeof name, "%.*s", (int)(eq - v), v);
      if (!parse_buf_spec(name, eq + 1))
        die(2, "bad buffer spec '%s'", eq + 1);
    } else if (!strcmp(a, "--fill")) {
      const char *v = NEXT(), *eq = strchr(v, '=');
      if (!eq || nfills == MAXFILL)
        die(2, "--fill TARGET=T:LO:HI, not '%s'", v);
      Fill *f = &fills[nfills++];
      snprintf(f->target, sizeof f->target, "%.*s", (int)(eq - v), v);
      const char *c1 = strchr(eq + 1, ':');
      char *end;
      if (!c1 || (f->t = type_of(eq + 1, (size_t)(c1 - eq - 1))) == T_NONE)
        die(2, "bad --fill '%s'", v);
      f->lo = strtod(c1 + 1, &end);
      if (*end != ':')
        die(2, "bad --fill '%s'", v);
      f->hi = strtod(end + 1, &end);
      if (*end || !(f->hi > f->lo))
        die(2, "bad --fill '%s'", v);
    } else if (!strcmp(a, "--kernel")) {
      if (nlaunches == MAXLAUNCH)
        die(2, "too many kernels");
      cur = &launches[nlaunches++];
      memset(cur, 0, sizeof *cur);
      snprintf(cur->name, sizeof cur->name, "%s", NEXT());
    } else if (!strcmp(a, "--global") && cur)
      cur->dims = parse_dims(NEXT(), cur->global, "--global");
    else if (!strcmp(a, "--local") && cur) {
      cl_uint d = parse_dims(NEXT(), cur->local, "--local");
      cur->has_local = 1;
      if (cur->dims && d != cur->dims)
        die(2, "--local and --global of kernel '%s' differ in dimensions", cur->name);
    } else if (!strcmp(a, "--arg") && cur)
      parse_arg(cur, NEXT());
    else
      usage();
#undef NEXT
  }
  if (!nlaunches)
    usage();
  for (int l = 0; l < nlaunches; l++)
    if (!launches[l].dims)
      die(2, "kernel '%s' has no --global", launches[l].name);
  for (int f = 0; f < nfills; f++) {
    const char *dot = strchr(fills[f].target, '.');
    if (!dot) {
      if (find_buf(fills[f].target) < 0)
        die(2, "--fill %s: no such buffer", fills[f].target);
      continue;
    }
    char sname[128];
    snprintf(sname, sizeof sname, "%.*s", (int)(dot - fills[f].target), fills[f].target);
    const cldiff_struct *S = find_struct(sname);
    int found = 0;
    for (uint32_t k = 0; S && k < S->plan->nfields; k++)
      found |= !strcmp(S->plan->fields[k].name, dot + 1);
    if (!found)
      die(2, "--fill %s: no such struct field in the plan", fills[f].target);
  }
}

enum { MAXNEW = 8, MAXRUN = 64 };

int main(int argc, char **argv) {
  const char *orig = NULL, *news[MAXNEW], *options = "";
  int nnew = 0, nruns = 0, run_from[MAXRUN], run_to[MAXRUN];
  uint64_t seed = 1;
  int do_corrupt = 0;
  /* global options first, then the runs separated by --then */
  int k = 1;
  for (; k < argc; k++) {
    const char *a = argv[k];
    if (!strcmp(a, "--orig") && k + 1 < argc)
      orig = argv[++k];
    else if (!strcmp(a, "--new") && k + 1 < argc && nnew < MAXNEW)
      news[nnew++] = argv[++k];
    else if (!strcmp(a, "--seed") && k + 1 < argc)
      seed = strtoull(argv[++k], NULL, 0);
    else if (!strcmp(a, "--corrupt"))
      do_corrupt = 1;
    else if (!strcmp(a, "--options") && k + 1 < argc)
      options = argv[++k];
    else if (!strcmp(a, "-v"))
      verbose = 1;
    else
      break;
  }
  while (k < argc) {
    if (nruns == MAXRUN)
      die(2, "too many runs");
    run_from[nruns] = k;
    while (k < argc && strcmp(argv[k], "--then"))
      k++;
    run_to[nruns++] = k;
    k++; /* past --then */
  }
  if (!orig || !nnew || !nruns)
    usage();
  for (int r = 0; r < nruns; r++)
    parse_run(argv, run_from[r], run_to[r]); /* usage errors before any OpenCL work */
  if (cldiff_nstructs > 256)
    die(2, "too many structs");

  double t0 = now();
  cl_init();
  cl_program p0 = build(orig, cldiff_probe_src, options, "original");
  cl_program pn[MAXNEW];
  for (int n = 0; n < nnew; n++)
    pn[n] = build(news[n], NULL, options, "rewritten");
  double t1 = now();
  check_layouts(p0);
  if (verbose)
    fprintf(stderr, "cldiff: %.2f s to build %d programs\n", t1 - t0, 1 + nnew);

  int failed = 0;
  for (int r = 0; r < nruns; r++) {
    double t2 = now();
    parse_run(argv, run_from[r], run_to[r]);
    for (int b = 0; b < nbufs; b++)
      make_input(&bufs[b], seed);
    run_program(p0, 0);
    if (!wrote_something())
      die(2, "run %d: the original kernels wrote nothing: the test is vacuous", r + 1);
    for (int n = 0; n < nnew; n++) {
      rewritten_path = news[n];
      run_program(pn[n], 1);
      if (do_corrupt && !corrupt())
        die(2, "--corrupt: nothing to corrupt");
      unpack_run1();
      size_t bad = compare();
      size_t total = 0;
      for (int b = 0; b < nbufs; b++)
        total += bufs[b].bytes;
      if (bad) {
        fprintf(stderr, "cldiff: FAIL: run %d: %zu difference(s) between %s and %s\n", r + 1, bad, orig, news[n]);
        failed = 1;
      } else if (verbose)
        fprintf(stderr, "cldiff: run %d: %s identical (%d buffer(s), %zu bytes, %d kernel launch(es))\n", r + 1,
                news[n], nbufs, total, nlaunches);
    }
    if (verbose)
      fprintf(stderr, "cldiff: run %d: %.2f s\n", r + 1, now() - t2);
  }
  clReleaseProgram(p0);
  for (int n = 0; n < nnew; n++)
    clReleaseProgram(pn[n]);
  clReleaseCommandQueue(queue);
  clReleaseContext(ctx);
  return failed;
}
