/* gen.h: the training kernels of kdlg-calibrate (Kofler et al. 2015,
 * Sect. 3.2; docs/method-notes.md §4; docs/calibration.md "Training kernels").
 *
 * One struct (= one cluster) of m fields of one size s bytes, m = 1..16,
 * s ∈ {1, 2, 4, 8, 16}: σ(c) = m·s.  For every struct and access pattern
 * (which fields a kernel loads and stores: rw, split, one) the generator
 * writes 17 layout kernels (AoS, SoA, tiled-AoS with t = 2^1 … 2^15, the tile
 * a compile-time constant) from one description, in CUDA or OpenCL C, plus
 * the generic initialisation and check kernels that verify every variant.  This
 * header also declares the sweep (which m, s, n: gen.c) and the build with
 * nvcc and the measurement with generator switches (measure.c), which the
 * tests and kdlg-calibrate-measure use besides measure.h's fixed API.
 *
 * Memory in T units (T = the field type, all fields of one struct share it),
 * for E elements, element e, field f:
 *   AoS   (tile 1)  e·m + f            (a struct of m fields, no padding)
 *   SoA   (tile 0)  f·E + e            (one array of E elements per field)
 *   tiled (tile t)  (e/t)·t·m + f·t + e%t   (t values of field 0, then of field 1, …;
 *                                        allocations padded to whole tiles)
 */
#ifndef KDLG_CAL_GEN_H
#define KDLG_CAL_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "tool/calibrate/measure.h"

enum {
  KD_CAL_NLAYOUTS = 17,  /* aos, soa, tiled 2 … 32768 */
  KD_CAL_NACCESS = 4,    /* access patterns rw, split, one, reduce */
  KD_CAL_MAXM = 16,      /* fields per struct */
  KD_CAL_NSIZES = 5,     /* field sizes 1, 2, 4, 8, 16 bytes */
  KD_CAL_MAXN = 8,       /* loop trip counts 128 … 16384 */
};

#define KD_CAL_BYTES_FULL (UINT64_C(1) << 30)   /* default bytes per kernel, full sweep */
#define KD_CAL_BYTES_QUICK (UINT64_C(1) << 28)  /* default bytes per kernel, --quick */
#define KD_CAL_REPEATS 5                        /* default timed launches per variant */

/* Access patterns: which fields of its element a timed kernel loads and
 * stores (m fields f = 0 … m-1, a = (u32)e; unsigned, wrapping, per component
 * for uint4).  Fields a pattern does not name are not accessed at all.
 *   rw     loads fields 0 … m-1, then stores every field f := v_f·3 + (a + f + 1)
 *   split  r = ⌈m/2⌉, w = m - r: loads fields 0 … r-1, then stores field r+i
 *          := v_i·3 + (a + r + i + 1), i = 0 … w-1; for odd m the last store
 *          also adds v_{r-1} (else nothing would use that load and the
 *          compiler would drop it); m ≥ 2
 *   one    loads field 0 and stores it := v_0·3 + (a + 1); m ≥ 2
 *   reduce loads fields 0 … m-1, then stores field 0 := v_0·3 + v_1 + … +
 *          v_{m-1} + (a + 1) and no other; m ≥ 2 */
typedef enum KdCalAccess { KD_CAL_RW, KD_CAL_SPLIT, KD_CAL_ONE, KD_CAL_REDUCE } KdCalAccess;

/* The sweep: which structs, trip counts and sizes (docs/calibration.md). */
typedef struct KdCalSweep {
  bool quick;
  int nsizes;
  int sizes[KD_CAL_NSIZES];  /* field bytes, increasing */
  int nm;
  int m[KD_CAL_MAXM];        /* fields per struct, increasing (pattern rw) */
  int nam;
  int am[KD_CAL_MAXM];       /* fields per struct with patterns split, one and reduce, increasing */
  int nn;
  uint32_t n[KD_CAL_MAXN];   /* loop trip counts of pattern rw, increasing */
  int nan;
  uint32_t an[KD_CAL_MAXN];  /* loop trip counts of split, one and reduce, increasing */
  uint64_t bytes;            /* struct bytes per training kernel */
  int repeats;               /* timed launches per variant */
} KdCalSweep;

/* Fills *sw from cfg (cfg->quick, cfg->bytes, cfg->repeats; 0 = default). */
void kd_cal_sweep(const KdCalConfig *cfg, KdCalSweep *sw);

/* The access patterns the sweep has for structs of m fields: bit a set for
 * pattern a (KdCalAccess); 0 when m is not in the sweep. */
unsigned kd_cal_sweep_access(const KdCalSweep *sw, int m);

/* "rw", "split", "one" or "reduce" (the CSV's access column). */
const char *kd_cal_access_name(int a);

/* Layout l ∈ [0, KD_CAL_NLAYOUTS): 0 = AoS (tile 1), 1 = SoA (tile 0),
 * l ≥ 2 = tiled-AoS with tile 2^(l-1).  Returns the CSV's tile column. */
uint32_t kd_cal_layout_tile(int l);

/* "aos", "soa" or "tiled" (the CSV's layout column: KD_LAYOUT_STYLE_FILE of
 * analysis/layoutname.h, which the learner reads back). */
const char *kd_cal_layout_name(int l);

/* The C type of a field of s bytes in lang ("unsigned int" / "uint", …). */
const char *kd_cal_type_name(KdCalLang lang, int s);

/* Names, written into buf (NUL-terminated, truncated to len):
 *   kernel  kd_train_s4_m3_aos | _soa | _t32   (struct s=4 bytes, m=3 fields, layout;
 *           kd_train_s4_m3_split_t32, kd_train_s4_m3_one_soa: the other patterns)
 *   file    train_s4_m03.cu | .cl             (one file per struct, every pattern) */
void kd_cal_kernel_name(char *buf, size_t len, int s, int m, int access, int l);
void kd_cal_file_name(char *buf, size_t len, KdCalLang lang, int s, int m);

/* Generator switches. */
typedef struct KdCalGenOptions {
  bool plant_bug;  /* self-check only: every timed kernel addresses element e^1
                      instead of e (neighbouring lanes swapped); verification
                      must then report mismatches */
} KdCalGenOptions;

/* Writes the source of one struct (s bytes per field, m fields) to out:
 * the AoS struct type, for every access pattern a in the mask `access` (bit
 * a; rw must be among them, split and one need m ≥ 2) the 17 timed kernels
 * kd_train_s*_m*_* with the signature (T *p, u64 E, u32 n, u32 T), the
 * patterns in KdCalAccess order, and, for
 *   CUDA:   extern "C" void kd_cal_table_sS_mM(const void **k) (rw) and
 *           kd_cal_table_sS_mM_split, kd_cal_table_sS_mM_one, which store a
 *           pattern's 17 kernels in layout order (the driver launches them
 *           through cudaLaunchKernel);
 *   OpenCL: the generic kernels of kd_cal_gen_common for size s, so every .cl
 *           file builds alone.
 * The rw kernels and table are the same text whatever the mask. */
void kd_cal_gen_struct(FILE *out, KdCalLang lang, int s, int m, unsigned access, const KdCalGenOptions *opt);

/* Writes the generic (layout given at run time, addresses by runtime
 * division) kernels for field size s:
 *   kd_init_sS(T *p, u64 E, u32 m, u32 tile)
 *       field f of element e (every component c) := low bits of kd_hash(e, f, c)
 *   kd_check_sS(const T *p, u64 E, u32 m, u32 tile, u32 access, u32 k, u32 *cnt)
 *       compares every field of every element with its value after k
 *       launches of a timed kernel of pattern `access` (KdCalAccess): rw,
 *       every field f after k updates v = v·3 + ((u32)e + f + 1); split,
 *       fields < r initial, field r+i = (initial field i)·3 + ((u32)e + r+i+1)
 *       (+ initial field r-1 for the last of odd m) once k ≥ 1; one, field 0
 *       as rw's, the others initial.  cnt[0] += mismatches, cnt[1] = 1 if any.
 * For CUDA the helper functions (kd_hash, kd_index) are written once by
 * kd_cal_gen_driver_header; for OpenCL each call writes them (static use). */
void kd_cal_gen_common(FILE *out, KdCalLang lang, int s);

/* Writes kd_cal_gen.cuh, included by the driver (driver.cu): the sweep's
 * defaults, the table of structs, the generic kernels of every size. */
void kd_cal_gen_driver_header(FILE *out, const KdCalSweep *sw);

/* The CUDA driver's source (tool/calibrate/driver.cu, embedded at build time). */
extern const char kd_cal_driver_source[];

/* kd_cal_emit with generator switches (opt may be NULL).  Files whose content
 * is unchanged are not rewritten (their timestamps stay), so kd_cal_build
 * recompiles only what changed.  Returns 0, or -1 with a message in err. */
int kd_cal_emit_opts(const KdCalConfig *cfg, KdCalLang lang, const KdCalGenOptions *opt, char *err,
                     size_t errlen);

/* Emits the CUDA sources (kd_cal_emit) and builds the driver with nvcc:
 * cfg->jobs parallel compilations (0: online CPUs), one object per source in
 * WORKDIR/obj-ARCH/ (reused while newer than its source), linked into
 * WORKDIR/kdcal-ARCH.  Every nvcc's output goes to a .log next to its object.
 * Writes the executable's path to exe (exelen bytes) and the nvcc release
 * ("13.0", "" if unknown) to nvcc_version (verlen bytes).  Progress to log
 * (may be NULL).  Returns 0, or -1 with a one-line message in err (nvcc not
 * found, a compilation failing: the message names its log). */
int kd_cal_build(const KdCalConfig *cfg, const KdCalGenOptions *opt, char *exe, size_t exelen,
                 char *nvcc_version, size_t verlen, FILE *log, char *err, size_t errlen);

/* kd_cal_measure with generator switches (opt may be NULL; with
 * opt->plant_bug every row must come out verified 0 and it returns -1). */
int kd_cal_measure_opts(const KdCalConfig *cfg, const KdCalGenOptions *opt, FILE *csv, FILE *log, char *err,
                        size_t errlen);

#endif
