/* learn.h: training Select-Tilesize(σ(c), σ_min(c), φ(c)) from measured timings
 * (Kofler et al. 2015, Sect. 3.2 and Fig. 4, the device-dependent part;
 * docs/method-notes.md §4; docs/decision-tree.md).
 *
 * Three steps, one section each:
 *
 *   raw timings CSV ──kd_timings_parse──▶ rows (docs/calibration.md, formats 1 and 2)
 *                   ──kd_training_build──▶ kernels and training patterns (σ(c), σ_min, φ, class)
 *                   ──kd_learn──▶ decision tree (a KdDeviceModel, analysis/dtree.h)
 *
 * and the leave-one-σ-out validation of the learner (kd_validate) with the
 * in-sample ceilings it is measured against (kd_ceiling).
 *
 * Attributes: the paper learns from σ(c) alone; kdlg-opt adds σ_min, the
 * bytes of the cluster's smallest field (for the training structs, whose
 * fields are all field_bytes wide, σ_min = field_bytes), and φ, the
 * per-mille of the bytes AoS moves that the kernel uses (analysis/usage.h;
 * for a training kernel, a function of its access pattern and m).  Which
 * attributes the learner may test is a set of KD_ATTR_BIT()s
 * (analysis/dtree.h): KD_ATTRS_ALL, or KD_ATTR_BIT(KD_ATTR_SIGMA_C) for the
 * paper's tree.
 *
 * Classes: the paper's 17 target classes AoS, SoA and tiled-AoS with a tile
 * of 2^1 .. 2^15 elements, always in this order (KD_CLASS_AOS, KD_CLASS_SOA,
 * then tiles 2, 4, ..., 32768); every tie between classes goes to the one
 * that comes first.
 *
 * Everything here is deterministic: no randomness, stable orders, fixed
 * tie-breaks; the same input gives the same tree on every machine that has
 * IEEE double arithmetic.
 */
#ifndef KDLG_LEARN_H
#define KDLG_LEARN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/dtree.h"

// ---- classes ----

enum {
  KD_CLASS_AOS = 0,  // AoS (tile 1)
  KD_CLASS_SOA = 1,  // SoA (tile 0)
  // 2 .. 16: tiled-AoS with a tile of 2^(class - 1) elements
  KD_NCLASSES = 17,
};

/* The class of a layout choice, or -1 when it is not one of the 17 classes
 * (aos with a tile other than 1, soa with a tile other than 0, a tile that
 * is not a power of two in 2..32768). */
int kd_class_of(KdLayoutChoice c);

/* The layout choice of class `cls` (0 .. KD_NCLASSES-1). */
KdLayoutChoice kd_class_choice(int cls);

/* A short, static name: "aos", "soa", "tiled:2" .. "tiled:32768" (the
 * spelling of kdlg-opt --layout, KD_LAYOUT_STYLE_CLI of
 * analysis/layoutname.h); "?" for an invalid class.  Each name is written on
 * its first use (not thread-safe then; the learner runs in one thread). */
const char *kd_class_name(int cls);

// ---- raw timings (docs/calibration.md, "Raw timings CSV") ----

/* Which fields of its element a training kernel loads and stores
 * (docs/calibration.md, "Access patterns"); m fields 0 .. m-1. */
typedef enum KdAccessPattern {
  KD_ACCESS_RW = 0,     // "rw": loads every field, stores every field (format 1's only pattern)
  KD_ACCESS_SPLIT = 1,  // "split": loads fields 0 .. ceil(m/2)-1, stores the others (m >= 2)
  KD_ACCESS_ONE = 2,    // "one": loads and stores field 0, touches no other (m >= 2)
  KD_ACCESS_REDUCE = 3, // "reduce": loads every field, stores field 0 only (m >= 2)
  KD_NACCESS = 4,
} KdAccessPattern;

/* "rw", "split", "one" or "reduce" (the CSV spelling); "?" otherwise. */
const char *kd_access_name(KdAccessPattern a);

/* φ of a training kernel of pattern a on m fields of field_bytes bytes
 * (analysis/usage.h's formula with one execution per direction): rw 1000,
 * split 500, one round(1000 / m), reduce round(1000 (m + 1) / 2m).  Pure. */
uint32_t kd_access_used_permille(KdAccessPattern a, uint32_t m, uint32_t field_bytes);

typedef struct KdTimingRow {
  int line;              // line number in the CSV (1-based)
  uint32_t m;            // fields in the struct
  uint32_t field_bytes;  // bytes per field
  uint64_t sigma;        // σ(c) = m × field_bytes, bytes
  KdAccessPattern access;  // format 1: KD_ACCESS_RW
  uint32_t used;         // φ of the kernel, per-mille (kd_access_used_permille)
  uint64_t n;            // the kernel's loop trip count
  uint64_t elements;     // launch: struct elements
  uint64_t threads;      // launch: threads
  int cls;               // layout class (KD_CLASS_*)
  double median_ms;      // median kernel time, milliseconds (> 0)
  double min_ms, max_ms; // fastest and slowest repeat, milliseconds
} KdTimingRow;

typedef struct KdTimings {
  char *device;              // header "device"
  char *compute_capability;  // header "compute_capability"
  char *date;                // header "date": date of the measurement
  char *kdlg_opt_version;    // header "kdlg_opt_version": the version that measured
  int64_t epsilon;           // header "epsilon": ε, bytes (> 0)
  int nrows;
  KdTimingRow *rows;         // in file order
} KdTimings;

/* Parses a raw timings CSV (format 1 or 2) held in text[0..len).  Checks
 * everything docs/calibration.md specifies: the first line, the required
 * header keys (device, compute_capability, date, kdlg_opt_version,
 * epsilon), the format's column line, 12 (format 2: 13) numeric/known
 * fields per row, sigma = m × field_bytes, the access pattern (format 2;
 * split, one and reduce need m >= 2), the layout and its tile, verified = 1, no
 * two rows for the same variant (m, field_bytes, access, n, layout, tile),
 * at least one row.
 * Blank lines are skipped.
 *
 * On success returns 0 and *out (free with kd_timings_free).  On error
 * returns -1, *out = NULL, *errline = the 1-based line at fault and a
 * one-line message (without file name or line) in err. */
int kd_timings_parse(const char *text, size_t len, KdTimings **out, int *errline, char *err, size_t errlen);

void kd_timings_free(KdTimings *t);

// ---- training set (Sect. 3.2) ----

/* One training pattern: the attribute values and the class, the target. */
typedef struct KdPattern {
  uint64_t x[KD_NATTRS];  // x[KD_ATTR_SIGMA_C] = σ(c), x[KD_ATTR_SIGMA_MIN] = σ_min (bytes), x[KD_ATTR_USED] = φ (‰)
  int cls;                // KD_CLASS_*
} KdPattern;

/* One training kernel, the paper's unit: one struct (m fields of
 * field_bytes), one access pattern and one trip count n, timed in several
 * layouts. */
typedef struct KdKernel {
  uint32_t m, field_bytes;      // field_bytes is also σ_min, bytes
  uint64_t sigma;               // m × field_bytes, bytes
  KdAccessPattern access;
  uint32_t used;                // φ, per-mille
  uint64_t n;
  double ms[KD_NCLASSES];       // median_ms per class; < 0: not measured
  int fastest;                  // class with the smallest median (ties: class order)
} KdKernel;

#define KD_PATTERN_TOLERANCE 1.01  // a pattern for every variant within 1 % of the fastest
#define KD_MIN_GAIN 1.03           // kdlg-calibrate's default: a new layout must beat AoS by 3 %

typedef struct KdTrainingSet {
  int nrows;          // timing rows read
  int nkernels;
  KdKernel *kernels;  // sorted by (sigma, m, field_bytes, φ descending, access, n)
  int npatterns;
  KdPattern *patterns;  // by kernel, then class order
  int nsigmas;        // distinct σ among the kernels
  int ngroups;        // distinct (σ, σ_min, φ) among the kernels
  double min_gain;    // the profitability margin the patterns were built with (>= 1)
  int aos_by_gain;    // kernels given the single pattern AoS by min_gain (AoS within it of the fastest)
} KdTrainingSet;

/* Groups the rows into kernels and derives the training patterns: for each
 * kernel, (σ, σ_min, φ, class) for the fastest variant and for every variant whose
 * median_ms <= KD_PATTERN_TOLERANCE × the fastest one's (Sect. 3.2).
 *
 * min_gain (>= 1; kdlg-opt's addition, docs/decision-tree.md "Profitability
 * margin"): a kernel whose AoS median_ms <= min_gain × the fastest one's
 * gives the single pattern (σ, σ_min, φ, AoS) instead: a layout change must
 * win by more than the margin in the microbenchmark, which has none of a
 * real program's conversion, index arithmetic or lost vector loads.
 * min_gain = 1 (or a kernel without an AoS timing) gives the paper's
 * patterns unchanged.
 *
 * Never fails (out of memory aborts: analysis/mem.h, as everywhere in this
 * module).  Free with kd_training_free. */
KdTrainingSet *kd_training_build(const KdTimings *t, double min_gain);

void kd_training_free(KdTrainingSet *s);

// ---- the learner (C4.5 Release 8 / C5.0 defaults, numeric attributes) ----

#define KD_LEARN_MINOBJS 2     // minimum cases on each side of a split
#define KD_LEARN_CF 0.25       // confidence level of the pessimistic error estimate
#define KD_LEARN_EPSILON 1e-3  // C4.5's Epsilon: a test is a candidate when its gain >= average gain - this

/* C4.5's pessimistic estimate of the extra errors of a leaf that covers n
 * cases (n > 0) with e of them misclassified, at confidence CF = 0.25
 * (the upper limit of the binomial confidence interval, normal
 * approximation with C4.5's interpolated coefficient).  The leaf's
 * estimated errors are e + kd_add_errs(n, e).  Pure function. */
double kd_add_errs(double n, double e);

/* Learns a decision tree from the patterns (any order; the input is not
 * modified; Sect. 3.2 with C4.5 Release 8's FormTree): binary splits
 * "a <= v" on an attribute a of the set `attributes` (KD_ATTR_BIT()s; 0
 * counts as KD_ATTR_BIT(KD_ATTR_SIGMA_C)), v a value of a among the node's
 * cases.  Per attribute the threshold with the highest information gain
 * after C4.5's MDL correction is its test; among the tests whose corrected
 * gain is at least their average - KD_LEARN_EPSILON, the one with the
 * highest gain ratio is taken (ties: σ(c), then σ_min, then φ).  At least
 * KD_LEARN_MINOBJS cases per branch; then C4.5's pessimistic pruning
 * (CF 0.25) and merging of sibling leaves of one class.  With only σ(c) the
 * tree is the paper's, the same as before σ_min existed.  Every step and tie
 * rule is in docs/decision-tree.md.
 *
 * With log != NULL each node's class counts, every attribute's test (gain,
 * correction, split info, gain ratio), the split chosen and each pruning
 * decision are written to it.
 *
 * Returns a model that has only its tree (nodes[0] the root, thresholds
 * in bytes; npatterns == 0 gives a single AoS leaf); the caller fills in
 * device, ε and the other metadata.  Never NULL.  Free with
 * kd_device_model_free. */
KdDeviceModel *kd_learn(const KdPattern *patterns, int npatterns, unsigned attributes, FILE *log);

/* One box of the attribute space mapped to a layout: lo <= σ(c) <= hi,
 * min_lo <= σ_min <= min_hi (bytes) and used_lo <= φ <= used_hi (‰)
 * (UINT64_MAX: no upper limit). */
typedef struct KdInterval {
  uint64_t lo, hi;            // σ(c), bytes
  uint64_t min_lo, min_hi;    // σ_min, bytes
  uint64_t used_lo, used_hi;  // φ, per-mille
  int cls;
} KdInterval;

/* The tree of m as boxes: the φ axis cut into bands at the tree's φ
 * thresholds, and within each the σ_min axis cut into bands at the tree's
 * σ_min thresholds (one band, 0 .. UINT64_MAX, for an axis the tree does
 * not test), in increasing order; within a σ_min band its σ(c) intervals
 * in increasing order, adjacent intervals of one class merged.  Since
 * σ(c) >= σ_min, a band's σ(c) intervals start at the band's min_lo (so
 * the first interval of the first band starts at 0); adjacent σ_min bands
 * whose intervals agree over the later band's σ(c) >= min_lo are merged,
 * and so are adjacent φ bands whose boxes all agree.  Writes at most max
 * entries into out and returns the number of boxes (which may exceed max:
 * call again with more room). */
int kd_device_model_intervals(const KdDeviceModel *m, KdInterval *out, int max);

// ---- validation ----

#define KD_VALIDATE_TOLERANCE 1.03  // a prediction counts as right within 3 % of the fastest

/* The held-out kernels of one (σ, σ_min, φ). */
typedef struct KdHeldOut {
  uint64_t sigma;      // σ(c), bytes
  uint32_t sigma_min;  // σ_min (the kernels' field_bytes), bytes
  uint32_t used;       // φ, per-mille
  int predicted;     // class the tree trained without this σ predicts for (σ, σ_min, φ)
  int first, count;  // its kernels: set->kernels[first .. first+count)
  int ok;            // kernels whose predicted variant is within 3 % of their fastest
  int unmeasured;    // kernels without a timing for the predicted variant (count as wrong)
  double worst;      // largest slowdown (predicted / fastest) among measured kernels; 1 if none
} KdHeldOut;

typedef struct KdValidation {
  int nsigmas;          // distinct σ: trees trained
  int nheld;            // distinct (σ, σ_min, φ)
  KdHeldOut *held;      // one per distinct (σ, σ_min, φ), by increasing σ, then σ_min, then φ
  int nkernels;         // all kernels
  int ok;               // kernels predicted within 3 %
  int unmeasured;
  double worst;         // largest slowdown over all kernels (1 if none measured)
  int worst_kernel;     // index into set->kernels of the worst one (ties: the first), -1 if none is > 1
  double *slowdown;     // per kernel: predicted / fastest, or -1 when not measured
  int *predicted;       // per kernel: predicted class
} KdValidation;

/* Leave-one-σ-out cross-validation of kd_learn on `attributes` (as
 * kd_learn): for every distinct σ, trains on the patterns of the kernels
 * with another σ, predicts the class of each (σ, σ_min, φ) of σ's kernels and
 * compares, for each kernel, the predicted variant's median time with the
 * kernel's fastest.  Needs at least two distinct σ: otherwise returns NULL
 * with *enough = false; otherwise returns the validation, *enough = true.
 * Free with kd_validation_free. */
KdValidation *kd_validate(const KdTrainingSet *s, unsigned attributes, bool *enough);

void kd_validation_free(KdValidation *v);

/* An in-sample ceiling for any classifier on the attributes `attributes`
 * (KD_ATTR_BIT()s; σ(c) is always one of them), to set kd_validate's
 * accuracy against (Sect. 3.2's goal, docs/decision-tree.md): the number
 * of kernels within KD_VALIDATE_TOLERANCE of their fastest when every group
 * of kernels with the same values of those attributes gets the one class
 * that is within
 * the tolerance for most of them (in-sample: chosen knowing the group's own
 * timings; no tree on those attributes can do better on these kernels,
 * held out or not).  A kernel without a timing for the class counts as
 * wrong.  Pure; never fails. */
int kd_ceiling(const KdTrainingSet *s, unsigned attributes);

#endif
