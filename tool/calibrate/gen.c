/* gen.c: kdlg-calibrate's training-kernel generator (Kofler et al. 2015,
 * Sect. 3.2), one generator for CUDA and OpenCL C.  See gen.h for the memory
 * formulas and docs/calibration.md for the kernels and the sweep.
 *
 * Every source is built as text with fprintf into a memory stream and written
 * to disk only when it changed, so an unchanged sweep recompiles nothing.
 */
#include "tool/calibrate/gen.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "analysis/layoutname.h"

/* ---- the sweep ---- */

static const int all_sizes[KD_CAL_NSIZES] = {1, 2, 4, 8, 16};
static const int quick_m[] = {1, 2, 3, 4, 6, 8, 12, 16};
static const uint32_t quick_n[] = {128, 1024, 16384};
/* split, one and reduce, full and quick alike: the m of --quick that have two fields
 * or more, both ends and the middle of n */
static const int access_m[] = {2, 3, 4, 6, 8, 12, 16};
static const uint32_t access_n[] = {128, 1024, 16384};

void kd_cal_sweep(const KdCalConfig *cfg, KdCalSweep *sw) {
  memset(sw, 0, sizeof *sw);
  sw->quick = cfg->quick;
  sw->nsizes = KD_CAL_NSIZES;
  memcpy(sw->sizes, all_sizes, sizeof all_sizes);
  if (cfg->quick) {
    sw->nm = (int)(sizeof quick_m / sizeof quick_m[0]);
    memcpy(sw->m, quick_m, sizeof quick_m);
    sw->nn = (int)(sizeof quick_n / sizeof quick_n[0]);
    memcpy(sw->n, quick_n, sizeof quick_n);
  } else {
    sw->nm = KD_CAL_MAXM;
    for (int i = 0; i < KD_CAL_MAXM; i++)
      sw->m[i] = i + 1;
    sw->nn = KD_CAL_MAXN;
    for (int i = 0; i < KD_CAL_MAXN; i++)
      sw->n[i] = 128u << i;  /* 128 … 16384 */
  }
  sw->nam = (int)(sizeof access_m / sizeof access_m[0]);
  memcpy(sw->am, access_m, sizeof access_m);
  sw->nan = (int)(sizeof access_n / sizeof access_n[0]);
  memcpy(sw->an, access_n, sizeof access_n);
  sw->bytes = cfg->bytes ? cfg->bytes : cfg->quick ? KD_CAL_BYTES_QUICK : KD_CAL_BYTES_FULL;
  sw->repeats = cfg->repeats > 0 ? cfg->repeats : KD_CAL_REPEATS;
}

unsigned kd_cal_sweep_access(const KdCalSweep *sw, int m) {
  unsigned mask = 0;
  for (int i = 0; i < sw->nm; i++)
    if (sw->m[i] == m)
      mask |= 1u << KD_CAL_RW;
  for (int i = 0; i < sw->nam; i++)
    if (sw->am[i] == m && mask)
      mask |= 1u << KD_CAL_SPLIT | 1u << KD_CAL_ONE | 1u << KD_CAL_REDUCE;
  return mask;
}

const char *kd_cal_access_name(int a) {
  assert(a >= 0 && a < KD_CAL_NACCESS);
  return a == KD_CAL_RW ? "rw" : a == KD_CAL_SPLIT ? "split" : a == KD_CAL_ONE ? "one" : "reduce";
}

uint32_t kd_cal_layout_tile(int l) {
  assert(l >= 0 && l < KD_CAL_NLAYOUTS);
  if (l == 0)
    return 1;
  if (l == 1)
    return 0;
  return 1u << (l - 1);  /* 2 … 32768 */
}

const char *kd_cal_layout_name(int l) {
  assert(l >= 0 && l < KD_CAL_NLAYOUTS);
  return kd_layout_word(l == 0 ? KD_LAYOUT_AOS : l == 1 ? KD_LAYOUT_SOA : KD_LAYOUT_TILED, KD_LAYOUT_STYLE_FILE);
}

/* ---- the two languages ---- */

typedef struct Lang {
  const char *ext;       /* file extension */
  const char *kernel;    /* qualifiers before a kernel's return type */
  const char *func;      /* qualifiers of a device helper function */
  const char *global;    /* address space of a kernel's pointer */
  const char *u32, *u64; /* unsigned 32- and 64-bit types */
  const char *sfx64;     /* suffix of a 64-bit literal */
  const char *gid;       /* global work-item index (u32) */
  const char *gsize;     /* global work size (u64) */
  const char *atomic_add;
  const char *types[KD_CAL_NSIZES]; /* field types for 1, 2, 4, 8, 16 bytes */
} Lang;

static const Lang cuda = {
    ".cu",
    "extern \"C\" __global__ void",
    "static __device__ __forceinline__",
    "",
    "unsigned int",
    "unsigned long long",
    "ULL",
    "(blockIdx.x * blockDim.x + threadIdx.x)",
    "((unsigned long long)gridDim.x * blockDim.x)",
    "atomicAdd",
    {"unsigned char", "unsigned short", "unsigned int", "unsigned long long", "uint4"},
};

static const Lang opencl = {
    ".cl",
    "__kernel void",
    "static inline",
    "__global ",
    "uint",
    "ulong",
    "UL",
    "(uint)get_global_id(0)",
    "(ulong)get_global_size(0)",
    "atomic_add",
    {"uchar", "ushort", "uint", "ulong", "uint4"},
};

static const Lang *lang_of(KdCalLang lang) { return lang == KD_CAL_CUDA ? &cuda : &opencl; }

static int size_index(int s) {
  for (int i = 0; i < KD_CAL_NSIZES; i++)
    if (all_sizes[i] == s)
      return i;
  assert(!"field size not 1, 2, 4, 8 or 16");
  return 0;
}

const char *kd_cal_type_name(KdCalLang lang, int s) { return lang_of(lang)->types[size_index(s)]; }

/* "" for rw (its names predate the patterns), else "_split", "_one", "_reduce" */
static const char *access_infix(int a) {
  return a == KD_CAL_RW ? "" : a == KD_CAL_SPLIT ? "_split" : a == KD_CAL_ONE ? "_one" : "_reduce";
}

void kd_cal_kernel_name(char *buf, size_t len, int s, int m, int access, int l) {
  const char *x = access_infix(access);
  if (l == 0)
    snprintf(buf, len, "kd_train_s%d_m%d%s_aos", s, m, x);
  else if (l == 1)
    snprintf(buf, len, "kd_train_s%d_m%d%s_soa", s, m, x);
  else
    snprintf(buf, len, "kd_train_s%d_m%d%s_t%u", s, m, x, kd_cal_layout_tile(l));
}

void kd_cal_file_name(char *buf, size_t len, KdCalLang lang, int s, int m) {
  snprintf(buf, len, "train_s%d_m%02d%s", s, m, lang_of(lang)->ext);
}

/* ---- the timed kernels ---- */

/* Field f's load into v<f> from the lvalue `ref` (field type of s bytes). */
static void gen_load(FILE *o, const Lang *L, int s, const char *ref, int f) {
  fprintf(o, "      %s v%d = %s;\n", L->types[size_index(s)], f, ref);
}

/* Field f's store to `ref` of v<i>·3 (+ v<x> for x in xs[0 .. nx)) + (a + f + 1),
 * updating v<i> (uint4: per component).  `a` is (u32)e: the addend depends
 * on the element so that verification sees an element written at another's
 * address (with a position-independent update any permutation of the
 * elements would go unnoticed). */
static void gen_store(FILE *o, const Lang *L, int s, const char *ref, int f, int i, const int *xs, int nx) {
  const char *t = L->types[size_index(s)];
  char plus[KD_CAL_MAXM * 16] = "";
  if (s == 16) {
    static const char comp[] = "xyzw";
    for (int c = 0; c < 4; c++) {
      plus[0] = 0;
      for (int j = 0; j < nx; j++)
        snprintf(plus + strlen(plus), sizeof plus - strlen(plus), " + v%d.%c", xs[j], comp[c]);
      fprintf(o, "      v%d.%c = v%d.%c * 3u%s + (a + %du);\n", i, comp[c], i, comp[c], plus, f + 1);
    }
    fprintf(o, "      %s = v%d;\n", ref, i);
    return;
  }
  for (int j = 0; j < nx; j++)
    snprintf(plus + strlen(plus), sizeof plus - strlen(plus), " + v%d", xs[j]);
  if (s == 8)
    fprintf(o, "      %s = v%d * 3u%s + (%s)(a + %du);\n", ref, i, plus, t, f + 1);
  else
    fprintf(o, "      %s = (%s)(v%d * 3u%s + (a + %du));\n", ref, t, i, plus, f + 1);
}

/* Field f's lvalue for layout tile (1 AoS, 0 SoA, t tiled) through q. */
static void field_ref(char *buf, size_t len, uint32_t tile, int f) {
  if (tile == 1)
    snprintf(buf, len, "q->f%d", f);
  else if (tile == 0 && f == 0)
    snprintf(buf, len, "q[0]");
  else if (tile == 0)
    snprintf(buf, len, "q[%d * E]", f);
  else
    snprintf(buf, len, "q[%u]", (uint32_t)f * tile);
}

/* Writes the timed kernel of access pattern a and layout l for the struct
 * (s, m).  Work-item g of T, iteration j of n, touches element e = j·T + g
 * when e < E: loads the pattern's fields and stores its fields once (gen.h). */
static void gen_train(FILE *o, const Lang *L, int s, int m, int a, int l, const KdCalGenOptions *opt) {
  const char *t = L->types[size_index(s)];
  uint32_t tile = kd_cal_layout_tile(l);
  char name[64];
  kd_cal_kernel_name(name, sizeof name, s, m, a, l);

  fprintf(o, "%s %s(%s%s *p, %s E, %s n, %s T)\n{\n", L->kernel, name, L->global, t, L->u64, L->u32,
          L->u32);
  fprintf(o, "  %s g = %s;\n", L->u32, L->gid);
  fprintf(o, "  if (g >= T)\n    return;\n");
  fprintf(o, "  for (%s j = 0; j < n; j++) {\n", L->u32);
  fprintf(o, "    %s e = (%s)j * T + g;\n", L->u64, L->u64);
  fprintf(o, "    if (e < E) {\n");
  fprintf(o, "      %s a = (%s)e;\n", L->u32, L->u32);
  if (opt && opt->plant_bug)
    fprintf(o, "      %s x = e ^ 1;  /* PLANTED BUG (self-check): neighbouring lanes swapped */\n", L->u64);
  else
    fprintf(o, "      %s x = e;\n", L->u64);

  if (tile == 1) {  /* AoS: a struct of m fields */
    fprintf(o, "      %skd_s%d_m%d *q = (%skd_s%d_m%d *)p + x;\n", L->global, s, m, L->global, s, m);
  } else if (tile == 0) {  /* SoA: field f is the array p + f·E */
    fprintf(o, "      %s%s *q = p + x;\n", L->global, t);
  } else {  /* tiled: tile x >> log2(t) of t·m values, lane x & (t-1), field f at f·t */
    int shift = 0;
    while ((1u << shift) < tile)
      shift++;
    fprintf(o, "      %s%s *q = p + (x >> %d) * %u%s + (x & %u);\n", L->global, t, shift,
            tile * (uint32_t)m, L->sfx64, tile - 1);
  }
  /* the pattern's fields loaded first (0 … nload-1), then its fields stored
   * (first … m-1 for rw and split, 0 for one and reduce): the loads of one element are
   * independent in every layout (a store between them would order the next
   * load after it wherever the compiler cannot prove that the addresses
   * differ, as for SoA's f·E with a runtime E) */
  int nload = a == KD_CAL_RW || a == KD_CAL_REDUCE ? m : a == KD_CAL_SPLIT ? (m + 1) / 2 : 1;
  int first = a == KD_CAL_SPLIT ? nload : 0, last = a == KD_CAL_ONE || a == KD_CAL_REDUCE ? 0 : m - 1;
  assert(a == KD_CAL_RW || m >= 2);
  char ref[96];
  for (int f = 0; f < nload; f++) {
    field_ref(ref, sizeof ref, tile, f);
    gen_load(o, L, s, ref, f);
  }
  for (int f = first; f <= last; f++) {
    /* split with odd m: the last store also uses v<r-1>, which no other
     * store reads (r = w + 1), so that its load stays in the kernel */
    int xs[KD_CAL_MAXM], nx = 0;
    if (a == KD_CAL_SPLIT && m % 2 && f == m - 1)
      xs[nx++] = nload - 1;
    for (int g = 1; a == KD_CAL_REDUCE && g < m; g++)  /* reduce: every other field's value */
      xs[nx++] = g;
    field_ref(ref, sizeof ref, tile, f);
    gen_store(o, L, s, ref, f, f - first, xs, nx);
  }
  fprintf(o, "    }\n  }\n}\n\n");
}

/* ---- the generic kernels (verification, not timed) ---- */

/* kd_hash (splitmix64's finaliser over e, f, c) and kd_index (the memory
 * formulas of gen.h, with runtime division). */
static void gen_helpers(FILE *o, const Lang *L) {
  const char *u32 = L->u32, *u64 = L->u64, *x = L->sfx64;
  fprintf(o, "/* initial value of component c of field f of element e (low bits used) */\n");
  fprintf(o, "%s %s kd_hash(%s e, %s f, %s c)\n{\n", L->func, u64, u64, u32, u32);
  fprintf(o, "  %s z = e * 0x9E3779B97F4A7C15%s + (%s)(f * 4u + c + 1u) * 0xD1B54A32D192ED03%s;\n", u64, x,
          u64, x);
  fprintf(o, "  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9%s;\n", x);
  fprintf(o, "  z = (z ^ (z >> 27)) * 0x94D049BB133111EB%s;\n", x);
  fprintf(o, "  return z ^ (z >> 31);\n}\n\n");
  fprintf(o, "/* index (in field-type units) of field f of element e of E; tile 1 AoS, 0 SoA, t tiled */\n");
  fprintf(o, "%s %s kd_index(%s e, %s f, %s E, %s m, %s tile)\n{\n", L->func, u64, u64, u32, u64, u32, u32);
  fprintf(o, "  if (tile == 1)\n    return e * m + f;\n");
  fprintf(o, "  if (tile == 0)\n    return (%s)f * E + e;\n", u64);
  fprintf(o, "  return e / tile * tile * m + (%s)f * tile + e %% tile;\n}\n\n", u64);
}

void kd_cal_gen_common(FILE *o, KdCalLang lang, int s) {
  const Lang *L = lang_of(lang);
  const char *t = L->types[size_index(s)], *u32 = L->u32, *u64 = L->u64;
  int ncomp = s == 16 ? 4 : 1;
  static const char comp[] = "xyzw";
  if (lang == KD_CAL_OPENCL)
    gen_helpers(o, L);

  /* init */
  fprintf(o, "%s kd_init_s%d(%s%s *p, %s E, %s m, %s tile)\n{\n", L->kernel, s, L->global, t, u64, u32, u32);
  fprintf(o, "  for (%s e = %s; e < E; e += %s)\n", u64, L->gid, L->gsize);
  fprintf(o, "    for (%s f = 0; f < m; f++) {\n", u32);
  fprintf(o, "      %s i = kd_index(e, f, E, m, tile);\n", u64);
  if (ncomp == 1)
    fprintf(o, "      p[i] = (%s)kd_hash(e, f, 0);\n", t);
  else
    for (int c = 0; c < 4; c++)
      fprintf(o, "      p[i].%c = (%s)kd_hash(e, f, %d);\n", comp[c], u32, c);
  fprintf(o, "    }\n}\n\n");

  /* check: the expected value of field f is that of field src after upd
   * updates v·3 + a (+ the sum of the other fields' initial values for
   * reduce's field 0), plus the initial value of field x when x < m (gen.h) */
  fprintf(o, "%s kd_check_s%d(%sconst %s *p, %s E, %s m, %s tile, %s access, %s k, %s%s *cnt)\n{\n", L->kernel,
          s, L->global, t, u64, u32, u32, u32, u32, L->global, u32);
  fprintf(o, "  %s bad = 0;\n", u32);
  fprintf(o, "  %s nr = (m + 1u) / 2u;  /* split: fields nr ... m-1 are stored */\n", u32);
  fprintf(o, "  for (%s e = %s; e < E; e += %s)\n", u64, L->gid, L->gsize);
  fprintf(o, "    for (%s f = 0; f < m; f++) {\n", u32);
  fprintf(o, "      %s i = kd_index(e, f, E, m, tile);\n", u64);
  fprintf(o, "      %s a = (%s)e + f + 1u;\n", u32, u32);
  fprintf(o, "      %s src = f, upd = k, x = m;  /* rw: field f after k updates */\n", u32);
  fprintf(o, "      if (access == %du) {  /* split: field f >= nr from field f - nr, once */\n", KD_CAL_SPLIT);
  fprintf(o, "        src = f < nr ? f : f - nr;\n");
  fprintf(o, "        upd = f < nr || k == 0u ? 0u : 1u;\n");
  fprintf(o, "        if (upd && (m & 1u) && f == m - 1u)\n");
  fprintf(o, "          x = nr - 1u;  /* odd m: the last also adds field nr - 1 */\n");
  fprintf(o, "      } else if ((access == %du || access == %du) && f > 0u) {  /* one, reduce: fields >= 1 untouched */\n",
          KD_CAL_ONE, KD_CAL_REDUCE);
  fprintf(o, "        upd = 0u;\n");
  fprintf(o, "      }\n");
  for (int c = 0; c < ncomp; c++) {
    fprintf(o, "      {\n");
    fprintf(o, "        %s v = kd_hash(e, src, %d), add = 0;\n", u64, c);
    fprintf(o, "        if (access == %du && f == 0u)  /* reduce: field 0 adds the others, which never change */\n",
            KD_CAL_REDUCE);
    fprintf(o, "          for (%s g = 1; g < m; g++)\n", u32);
    fprintf(o, "            add += kd_hash(e, g, %d);\n", c);
    fprintf(o, "        for (%s r = 0; r < upd; r++)\n", u32);
    fprintf(o, "          v = v * 3u + a + add;\n");
    fprintf(o, "        if (x < m)\n");
    fprintf(o, "          v += kd_hash(e, x, %d);\n", c);
    if (ncomp == 1)
      fprintf(o, "        if (p[i] != (%s)v)\n", t);
    else
      fprintf(o, "        if (p[i].%c != (%s)v)\n", comp[c], u32);
    fprintf(o, "          bad++;\n");
    fprintf(o, "      }\n");
  }
  fprintf(o, "    }\n");
  fprintf(o, "  if (bad) {\n    %s(&cnt[0], bad);\n    cnt[1] = 1u;\n  }\n}\n\n", L->atomic_add);
}

void kd_cal_gen_struct(FILE *o, KdCalLang lang, int s, int m, unsigned access, const KdCalGenOptions *opt) {
  const Lang *L = lang_of(lang);
  const char *t = L->types[size_index(s)];
  assert(m >= 1 && m <= KD_CAL_MAXM);
  assert((access & 1u << KD_CAL_RW) && access < 1u << KD_CAL_NACCESS && (m >= 2 || access == 1u << KD_CAL_RW));
  fprintf(o, "/* kdlg-calibrate training kernels (Kofler et al. 2015, Sect. 3.2): generated, do not edit.\n");
  fprintf(o, " * One struct of %d field%s of %d byte%s (%s), sigma = %d B; layouts AoS, SoA,\n", m,
          m > 1 ? "s" : "", s, s > 1 ? "s" : "", t, m * s);
  if (access == 1u << KD_CAL_RW) {
    fprintf(o, " * tiled-AoS t = 2 ... 32768 (docs/calibration.md). */\n");
  } else {
    fprintf(o, " * tiled-AoS t = 2 ... 32768; access patterns");
    for (int a = 0, n = 0; a < KD_CAL_NACCESS; a++)
      if (access & 1u << a)
        fprintf(o, "%s %s", n++ ? "," : "", kd_cal_access_name(a));
    fprintf(o, " (docs/calibration.md). */\n");
  }
  if (opt && opt->plant_bug)
    fprintf(o, "/* PLANTED BUG (self-check build): every kernel swaps neighbouring elements. */\n");
  fprintf(o, "\n");
  if (lang == KD_CAL_OPENCL)
    fprintf(o, "#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable\n\n");
  fprintf(o, "typedef struct {\n");
  for (int f = 0; f < m; f++)
    fprintf(o, "  %s f%d;\n", t, f);
  fprintf(o, "} kd_s%d_m%d;\n\n", s, m);

  for (int a = 0; a < KD_CAL_NACCESS; a++)
    if (access & 1u << a)
      for (int l = 0; l < KD_CAL_NLAYOUTS; l++)
        gen_train(o, L, s, m, a, l, opt);

  if (lang == KD_CAL_CUDA) {
    for (int a = 0; a < KD_CAL_NACCESS; a++) {
      if (!(access & 1u << a))
        continue;
      if (a == KD_CAL_RW)
        fprintf(o, "/* the %d kernels in layout order: aos, soa, t2 ... t32768 */\n", KD_CAL_NLAYOUTS);
      else
        fprintf(o, "\n/* the %d %s kernels in layout order */\n", KD_CAL_NLAYOUTS, kd_cal_access_name(a));
      fprintf(o, "extern \"C\" void kd_cal_table_s%d_m%d%s(const void **k)\n{\n", s, m, access_infix(a));
      for (int l = 0; l < KD_CAL_NLAYOUTS; l++) {
        char name[64];
        kd_cal_kernel_name(name, sizeof name, s, m, a, l);
        fprintf(o, "  k[%d] = (const void *)%s;\n", l, name);
      }
      fprintf(o, "}\n");
    }
  } else {
    kd_cal_gen_common(o, lang, s);
  }
}

void kd_cal_gen_driver_header(FILE *o, const KdCalSweep *sw) {
  fprintf(o, "/* kd_cal_gen.cuh: the sweep of kdlg-calibrate's driver (driver.cu): generated, do not edit. */\n\n");
  fprintf(o, "#define KD_SWEEP_NAME \"%s\"\n", sw->quick ? "quick" : "full");
  fprintf(o, "#define KD_DEFAULT_BYTES %lluULL\n", (unsigned long long)sw->bytes);
  fprintf(o, "#define KD_DEFAULT_REPEATS %d\n", sw->repeats);
  fprintf(o, "#define KD_NLAYOUTS %d\n", KD_CAL_NLAYOUTS);
  fprintf(o, "#define KD_NACCESS %d\n\n", KD_CAL_NACCESS);

  fprintf(o, "static const unsigned kd_sweep_n[] = {");
  for (int i = 0; i < sw->nn; i++)
    fprintf(o, "%s%u", i ? ", " : "", sw->n[i]);
  fprintf(o, "};\n#define KD_NN %d\n", sw->nn);
  fprintf(o, "static const unsigned kd_sweep_access_n[] = {");
  for (int i = 0; i < sw->nan; i++)
    fprintf(o, "%s%u", i ? ", " : "", sw->an[i]);
  fprintf(o, "};\n#define KD_NAN %d\n\n", sw->nan);

  fprintf(o, "/* access patterns (KdCalAccess order) and their trip counts */\n");
  fprintf(o, "static const char *const kd_access_name[KD_NACCESS] = {");
  for (int a = 0; a < KD_CAL_NACCESS; a++)
    fprintf(o, "%s\"%s\"", a ? ", " : "", kd_cal_access_name(a));
  fprintf(o, "};\n");
  fprintf(o, "static const unsigned *const kd_access_n[KD_NACCESS] = {");
  for (int a = 0; a < KD_CAL_NACCESS; a++)
    fprintf(o, "%s%s", a ? ", " : "", a == KD_CAL_RW ? "kd_sweep_n" : "kd_sweep_access_n");
  fprintf(o, "};\n");
  fprintf(o, "static const int kd_access_nn[KD_NACCESS] = {");
  for (int a = 0; a < KD_CAL_NACCESS; a++)
    fprintf(o, "%s%s", a ? ", " : "", a == KD_CAL_RW ? "KD_NN" : "KD_NAN");
  fprintf(o, "};\n\n");

  fprintf(o, "static const unsigned kd_layout_tile[KD_NLAYOUTS] = {");
  for (int l = 0; l < KD_CAL_NLAYOUTS; l++)
    fprintf(o, "%s%u", l ? ", " : "", kd_cal_layout_tile(l));
  fprintf(o, "};\n");
  fprintf(o, "static const char *const kd_layout_name[KD_NLAYOUTS] = {");
  for (int l = 0; l < KD_CAL_NLAYOUTS; l++)
    fprintf(o, "%s\"%s\"", l ? ", " : "", kd_cal_layout_name(l));
  fprintf(o, "};\n\n");

  for (int i = 0; i < sw->nsizes; i++)
    for (int j = 0; j < sw->nm; j++) {
      unsigned mask = kd_cal_sweep_access(sw, sw->m[j]);
      for (int a = 0; a < KD_CAL_NACCESS; a++)
        if (mask & 1u << a)
          fprintf(o, "extern \"C\" void kd_cal_table_s%d_m%d%s(const void **k);\n", sw->sizes[i], sw->m[j],
                  access_infix(a));
    }
  fprintf(o, "\nstruct KdStruct {\n  int s, m;\n");
  fprintf(o, "  void (*table[KD_NACCESS])(const void **k);  /* by access pattern; 0: not in the sweep */\n};\n");
  fprintf(o, "static const KdStruct kd_structs[] = {\n");
  for (int i = 0; i < sw->nsizes; i++)
    for (int j = 0; j < sw->nm; j++) {
      unsigned mask = kd_cal_sweep_access(sw, sw->m[j]);
      fprintf(o, "  {%d, %d, {", sw->sizes[i], sw->m[j]);
      for (int a = 0; a < KD_CAL_NACCESS; a++) {
        if (mask & 1u << a)
          fprintf(o, "%skd_cal_table_s%d_m%d%s", a ? ", " : "", sw->sizes[i], sw->m[j], access_infix(a));
        else
          fprintf(o, "%s0", a ? ", " : "");
      }
      fprintf(o, "}},\n");
    }
  fprintf(o, "};\n#define KD_NSTRUCTS %d\n\n", sw->nsizes * sw->nm);

  gen_helpers(o, &cuda);
  for (int i = 0; i < KD_CAL_NSIZES; i++)
    kd_cal_gen_common(o, KD_CAL_CUDA, all_sizes[i]);
  fprintf(o, "/* generic kernels by field size 1, 2, 4, 8, 16 */\n");
  fprintf(o, "static const int kd_sizes[%d] = {1, 2, 4, 8, 16};\n", KD_CAL_NSIZES);
  fprintf(o, "static const void *const kd_init_kernels[%d] = {", KD_CAL_NSIZES);
  for (int i = 0; i < KD_CAL_NSIZES; i++)
    fprintf(o, "%s(const void *)kd_init_s%d", i ? ", " : "", all_sizes[i]);
  fprintf(o, "};\nstatic const void *const kd_check_kernels[%d] = {", KD_CAL_NSIZES);
  for (int i = 0; i < KD_CAL_NSIZES; i++)
    fprintf(o, "%s(const void *)kd_check_s%d", i ? ", " : "", all_sizes[i]);
  fprintf(o, "};\n");
}

/* ---- writing the files ---- */

/* mkdir -p; returns 0 or -1 with errno set. */
static int make_dirs(const char *path) {
  char buf[4096];
  size_t len = strlen(path);
  if (len == 0 || len >= sizeof buf) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(buf, path, len + 1);
  for (size_t i = 1; i <= len; i++) {
    if (buf[i] != '/' && buf[i] != '\0')
      continue;
    char saved = buf[i];
    buf[i] = '\0';
    if (mkdir(buf, 0777) != 0 && errno != EEXIST)
      return -1;
    buf[i] = saved;
  }
  struct stat st;
  if (stat(path, &st) != 0)
    return -1;
  if (!S_ISDIR(st.st_mode)) {
    errno = ENOTDIR;
    return -1;
  }
  return 0;
}

/* Writes text (len bytes) to dir/name unless the file already holds exactly
 * that (through a temporary file and rename).  Returns 0 or -1 with err. */
static int write_if_changed(const char *dir, const char *name, const char *text, size_t len, char *err,
                            size_t errlen) {
  char path[4096], tmp[4200];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (f) {
    bool same = true;
    size_t i = 0;
    int c;
    while ((c = getc(f)) != EOF) {
      if (i >= len || (unsigned char)text[i] != (unsigned char)c) {
        same = false;
        break;
      }
      i++;
    }
    fclose(f);
    if (same && i == len)
      return 0;
  }
  snprintf(tmp, sizeof tmp, "%s.kdlg-tmp-%ld", path, (long)getpid());
  f = fopen(tmp, "wb");
  if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
    snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
    return -1;
  }
  if (rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
    remove(tmp);
    return -1;
  }
  return 0;
}

/* Builds one source in memory with gen(out, a, b) and writes it to dir/name. */
typedef struct Emit {
  const KdCalConfig *cfg;
  char *err;
  size_t errlen;
} Emit;

static FILE *open_text(char **buf, size_t *len, Emit *em) {
  FILE *o = open_memstream(buf, len);
  if (!o)
    snprintf(em->err, em->errlen, "out of memory");
  return o;
}

static int close_text(FILE *o, char **buf, size_t *len, const char *name, Emit *em) {
  if (fclose(o) != 0) {
    snprintf(em->err, em->errlen, "out of memory");
    free(*buf);
    return -1;
  }
  int rc = write_if_changed(em->cfg->workdir, name, *buf, *len, em->err, em->errlen);
  free(*buf);
  return rc;
}

int kd_cal_emit_opts(const KdCalConfig *cfg, KdCalLang lang, const KdCalGenOptions *opt, char *err,
                     size_t errlen) {
  if (!cfg->workdir || !*cfg->workdir) {
    snprintf(err, errlen, "no work directory given");
    return -1;
  }
  if (make_dirs(cfg->workdir) != 0) {
    snprintf(err, errlen, "cannot create %s: %s", cfg->workdir, strerror(errno));
    return -1;
  }
  KdCalSweep sw;
  kd_cal_sweep(cfg, &sw);
  Emit em = {cfg, err, errlen};
  char *buf;
  size_t len;
  FILE *o;
  for (int i = 0; i < sw.nsizes; i++)
    for (int j = 0; j < sw.nm; j++) {
      char name[64];
      kd_cal_file_name(name, sizeof name, lang, sw.sizes[i], sw.m[j]);
      if (!(o = open_text(&buf, &len, &em)))
        return -1;
      kd_cal_gen_struct(o, lang, sw.sizes[i], sw.m[j], kd_cal_sweep_access(&sw, sw.m[j]), opt);
      if (close_text(o, &buf, &len, name, &em) != 0)
        return -1;
    }
  if (lang == KD_CAL_CUDA) {
    if (!(o = open_text(&buf, &len, &em)))
      return -1;
    kd_cal_gen_driver_header(o, &sw);
    if (close_text(o, &buf, &len, "kd_cal_gen.cuh", &em) != 0)
      return -1;
    if (write_if_changed(cfg->workdir, "driver.cu", kd_cal_driver_source, strlen(kd_cal_driver_source), err,
                         errlen) != 0)
      return -1;
  }
  return 0;
}

int kd_cal_emit(const KdCalConfig *cfg, KdCalLang lang, char *err, size_t errlen) {
  return kd_cal_emit_opts(cfg, lang, NULL, err, errlen);
}
