/* test_learn.c: the raw timings CSV, the training patterns, the C5.0-style
 * learner on σ(c) and σ_min, the model writer, the leave-one-σ-out
 * validation and the ceilings (tool/calibrate/learn.h, analysis/dtree.h;
 * Sect. 3.2, docs/decision-tree.md). */
#define _GNU_SOURCE /* open_memstream */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analysis/dtree.h"
#include "tool/calibrate/learn.h"

enum { AOS = KD_CLASS_AOS, SOA = KD_CLASS_SOA, T4 = 3, T16 = 5, T32 = 6, T64 = 7, T32768 = 16 };

#define SIGMA_C_ONLY KD_ATTR_BIT(KD_ATTR_SIGMA_C)

// ---- helpers ----

/* Patterns from a list of (sigma, class, count) triples ending with count
 * 0; σ_min is 0 for every case. */
typedef struct Spec {
  uint64_t sigma;
  int cls, count;
} Spec;

static int make_patterns(const Spec *spec, KdPattern *out) {
  int n = 0;
  for (; spec->count; spec++)
    for (int i = 0; i < spec->count; i++)
      out[n++] = (KdPattern){{[KD_ATTR_SIGMA_C] = spec->sigma}, spec->cls};
  return n;
}

/* Patterns from (sigma, sigma_min, class, count) ending with count 0. */
typedef struct Spec2 {
  uint64_t sigma, sigma_min;
  int cls, count;
} Spec2;

static int make_patterns2(const Spec2 *spec, KdPattern *out) {
  int n = 0;
  for (; spec->count; spec++)
    for (int i = 0; i < spec->count; i++)
      out[n++] = (KdPattern){
          {[KD_ATTR_SIGMA_C] = spec->sigma, [KD_ATTR_SIGMA_MIN] = spec->sigma_min, [KD_ATTR_USED] = 1000}, spec->cls};
  return n;
}

/* Learns from p[0..n) on the attributes; the learner's log goes into *log
 * (free it) when log != NULL. */
static KdDeviceModel *learn_patterns(const KdPattern *p, int n, unsigned attributes, char **log) {
  size_t len;
  FILE *f = log ? open_memstream(log, &len) : NULL;
  KdDeviceModel *m = kd_learn(p, n, attributes, f);
  if (f)
    fclose(f);
  assert_non_null(m);
  return m;
}

/* The paper's learner, on σ(c) alone. */
static KdDeviceModel *learn(const Spec *spec, char **log) {
  static KdPattern p[4096];
  return learn_patterns(p, make_patterns(spec, p), SIGMA_C_ONLY, log);
}

/* The learner on the attributes. */
static KdDeviceModel *learn2(const Spec2 *spec, unsigned attributes, char **log) {
  static KdPattern p[4096];
  return learn_patterns(p, make_patterns2(spec, p), attributes, log);
}

static void expect_class2(const KdDeviceModel *m, uint64_t sigma, uint64_t sigma_min, int cls) {
  int got = kd_class_of(kd_device_model_select(m, sigma, sigma_min, 1000));
  if (got != cls) {
    print_error("sigma %llu, sigma_min %llu: %s, expected %s\n", (unsigned long long)sigma,
                (unsigned long long)sigma_min, kd_class_name(got), kd_class_name(cls));
    fail();
  }
}

/* For a tree on σ(c) alone: whatever σ_min is. */
static void expect_class(const KdDeviceModel *m, uint64_t sigma, int cls) {
  expect_class2(m, sigma, 0, cls);
  expect_class2(m, sigma, sigma, cls);
}

/* The tree's leaf for a pattern. */
static int leaf_of(const KdDeviceModel *m, const KdPattern *p) {
  int k = 0;
  while (!m->nodes[k].leaf)
    k = p->x[m->nodes[k].attribute] <= m->nodes[k].threshold ? m->nodes[k].le : m->nodes[k].gt;
  return k;
}

/* Two models have the same tree, node by node. */
static void expect_same_tree(const KdDeviceModel *a, const KdDeviceModel *b) {
  assert_int_equal(a->nnodes, b->nnodes);
  for (int i = 0; i < a->nnodes; i++) {
    const KdTreeNode *x = &a->nodes[i], *y = &b->nodes[i];
    assert_int_equal(x->leaf, y->leaf);
    if (x->leaf) {
      assert_int_equal(kd_class_of(x->choice), kd_class_of(y->choice));
      continue;
    }
    assert_int_equal(x->attribute, y->attribute);
    assert_int_equal(x->threshold, y->threshold);
    assert_int_equal(x->le, y->le);
    assert_int_equal(x->gt, y->gt);
  }
}

static int nleaves(const KdDeviceModel *m) {
  int n = 0;
  for (int i = 0; i < m->nnodes; i++)
    n += m->nodes[i].leaf;
  return n;
}

/* The model's JSON with test metadata. */
static char *to_json(KdDeviceModel *m) {
  m->device = m->device ? m->device : strdup("Test GPU");
  m->compute_capability = m->compute_capability ? m->compute_capability : strdup("9.0");
  m->date = m->date ? m->date : strdup("2026-11-21");
  m->kdlg_opt_version = m->kdlg_opt_version ? m->kdlg_opt_version : strdup("0.1.0");
  m->epsilon = m->epsilon ? m->epsilon : 128;
  char *t = kd_device_model_to_json(m, NULL);
  assert_non_null(t);
  return t;
}

// ---- classes ----

static void test_classes(void **state) {
  (void)state;
  for (int c = 0; c < KD_NCLASSES; c++)
    assert_int_equal(kd_class_of(kd_class_choice(c)), c);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1}), AOS);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0}), SOA);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 2}), 2);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 32}), T32);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 32768}), T32768);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 1}), -1);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 48}), -1);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 65536}), -1);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 0}), -1);
  assert_int_equal(kd_class_of((KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 1}), -1);
  assert_string_equal(kd_class_name(AOS), "aos");
  assert_string_equal(kd_class_name(SOA), "soa");
  assert_string_equal(kd_class_name(T32), "tiled:32");
  assert_string_equal(kd_class_name(T32768), "tiled:32768");
  assert_string_equal(kd_class_name(17), "?");
}

// ---- AddErrs against hand-computed values ----

static void test_add_errs(void **state) {
  (void)state;
  // e = 0: N (1 - CF^(1/N))
  assert_float_equal(kd_add_errs(1, 0), 0.75, 1e-9);                       // 1 - 0.25
  assert_float_equal(kd_add_errs(2, 0), 1.0, 1e-9);                        // 2 (1 - 0.5)
  assert_float_equal(kd_add_errs(4, 0), 4 * (1 - sqrt(0.5)), 1e-9);        // 1.171573
  assert_float_equal(kd_add_errs(10, 0), 1.2944943670, 1e-6);
  // e >= 1: C4.5's normal approximation, coefficient (0.84 - 0.59/4)^2 = 0.6925^2 = 0.47955625
  // N=2, e=1: Pr = (1.5 + 0.239778 + sqrt(0.479556 (1.5 (1 - 0.75) + 0.119889))) / 2.479556
  //              = (1.739778 + 0.487164) / 2.479556 = 0.898122;  2 Pr - 1 = 0.796244
  assert_float_equal(kd_add_errs(2, 1), 0.7962411318, 1e-6);
  assert_float_equal(kd_add_errs(3, 1), 1.0568639530, 1e-6);
  assert_float_equal(kd_add_errs(12, 2), 1.5992436700, 1e-6);
  assert_float_equal(kd_add_errs(100, 10), 2.8147053185, 1e-6);
  // 0 < e < 1: linear between e = 0 and e = 1
  double v0 = kd_add_errs(6, 0), v1 = kd_add_errs(6, 1);
  assert_float_equal(kd_add_errs(6, 0.5), v0 + 0.5 * (v1 - v0), 1e-9);
  assert_float_equal(kd_add_errs(6, 0.5), 1.2821411396, 1e-6);
  // e + 0.5 >= N: 0.67 (N - e)
  assert_float_equal(kd_add_errs(3, 2.5), 0.335, 1e-9);
  assert_float_equal(kd_add_errs(5, 5), 0.0, 1e-12);
  // more cases, fewer extra errors per case
  assert_true(kd_add_errs(100, 0) / 100 < kd_add_errs(10, 0) / 10);
}

// ---- the learner ----

/* σ <= 16 → aos, 16 < σ <= 64 → tiled:32, σ > 64 → soa, five cases per σ */
static const Spec three_classes[] = {
    {4, AOS, 5},   {8, AOS, 5},   {12, AOS, 5},  {16, AOS, 5},  {24, T32, 5},  {32, T32, 5},  {48, T32, 5},
    {64, T32, 5},  {96, SOA, 5},  {128, SOA, 5}, {192, SOA, 5}, {256, SOA, 5}, {0, 0, 0},
};

static void test_three_classes(void **state) {
  (void)state;
  KdDeviceModel *m = learn(three_classes, NULL);
  assert_int_equal(m->nnodes, 5);
  assert_int_equal(nleaves(m), 3);
  assert_false(m->nodes[0].leaf);
  for (uint64_t s = 0; s <= 300; s++)
    expect_class(m, s, s <= 16 ? AOS : s <= 64 ? T32 : SOA);
  expect_class(m, UINT64_MAX, SOA);
  KdInterval iv[8];
  assert_int_equal(kd_device_model_intervals(m, iv, 8), 3);
  assert_int_equal(iv[0].lo, 0);
  assert_int_equal(iv[0].hi, 16);
  assert_int_equal(iv[0].cls, AOS);
  assert_int_equal(iv[1].lo, 17);
  assert_int_equal(iv[1].hi, 64);
  assert_int_equal(iv[1].cls, T32);
  assert_int_equal(iv[2].lo, 65);
  assert_true(iv[2].hi == UINT64_MAX);
  assert_int_equal(iv[2].cls, SOA);
  // too little room: the count is still exact
  assert_int_equal(kd_device_model_intervals(m, iv, 1), 3);
  assert_int_equal(iv[0].hi, 16);
  kd_device_model_free(m);
}

/* thresholds are σ values of the data: the largest σ on the "le" side */
static void test_threshold_is_data_value(void **state) {
  (void)state;
  const Spec spec[] = {{10, AOS, 4}, {30, SOA, 4}, {0, 0, 0}};
  KdDeviceModel *m = learn(spec, NULL);
  assert_int_equal(m->nnodes, 3);
  assert_int_equal(m->nodes[0].threshold, 10);
  expect_class(m, 10, AOS);
  expect_class(m, 11, SOA);
  kd_device_model_free(m);
}

static void test_single_class(void **state) {
  (void)state;
  const Spec spec[] = {{4, SOA, 3}, {16, SOA, 7}, {100, SOA, 2}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  assert_int_equal(m->nnodes, 1);
  assert_true(m->nodes[0].leaf);
  expect_class(m, 0, SOA);
  expect_class(m, 1000, SOA);
  assert_non_null(strstr(log, "pure"));
  free(log);
  kd_device_model_free(m);
  // no patterns at all: one AoS leaf
  KdDeviceModel *e = kd_learn(NULL, 0, KD_ATTRS_ALL, NULL);
  assert_non_null(e);
  assert_int_equal(e->nnodes, 1);
  expect_class(e, 64, AOS);
  kd_device_model_free(e);
}

/* contradicting patterns at one σ: the majority wins; a tie goes to the
 * class that comes first (aos, soa, tiles increasing) */
static void test_contradictions(void **state) {
  (void)state;
  const Spec majority[] = {{32, T32, 2}, {32, SOA, 3}, {32, AOS, 1}, {0, 0, 0}};
  KdDeviceModel *m = learn(majority, NULL);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 32, SOA);
  kd_device_model_free(m);
  const Spec tie[] = {{32, T32, 3}, {32, T4, 3}, {0, 0, 0}};
  m = learn(tie, NULL);
  expect_class(m, 32, T4);  // tiled:4 comes before tiled:32
  kd_device_model_free(m);
  const Spec tie2[] = {{32, T32, 3}, {32, SOA, 3}, {32, AOS, 3}, {0, 0, 0}};
  m = learn(tie2, NULL);
  expect_class(m, 32, AOS);
  kd_device_model_free(m);
  // contradictions at σ = 16 inside a clear structure: 16 goes with its majority
  const Spec mixed[] = {{4, AOS, 6},  {8, AOS, 6},  {16, AOS, 4}, {16, SOA, 2},
                        {32, SOA, 6}, {64, SOA, 6}, {64, AOS, 1}, {0, 0, 0}};
  m = learn(mixed, NULL);
  for (uint64_t s = 0; s <= 300; s++)
    expect_class(m, s, s <= 16 ? AOS : SOA);
  kd_device_model_free(m);
}

/* An island of two soa cases among aos grows two splits; pessimistic
 * pruning replaces the whole tree by an aos leaf:
 *   root (15 cases, 2 errors) as a leaf: 2 + AddErrs(15, 2)            = 3.6510
 *   subtree: 0 + AddErrs(8, 0) + [1 + AddErrs(3, 1) + 0 + AddErrs(4, 0)] = 4.5013 */
static void test_noise_pruned(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 4}, {8, AOS, 4}, {16, SOA, 2}, {16, AOS, 1}, {32, AOS, 4}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 16, AOS);
  assert_non_null(strstr(log, "split sigma_c <= 8"));
  assert_non_null(strstr(log, "split sigma_c <= 16"));
  assert_non_null(strstr(log, "prune sigma_c <= 8 (15 cases): as leaf aos 3.6510, subtree 4.5013: replaced by the leaf"));
  free(log);
  kd_device_model_free(m);
  // the same island, three times bigger, is no longer noise
  const Spec big[] = {{4, AOS, 12}, {8, AOS, 12}, {16, SOA, 6}, {16, AOS, 3}, {32, AOS, 12}, {0, 0, 0}};
  m = learn(big, NULL);
  assert_int_equal(nleaves(m), 3);
  expect_class(m, 8, AOS);
  expect_class(m, 16, SOA);
  expect_class(m, 32, AOS);
  kd_device_model_free(m);
}

/* the +0.1 in "leaf <= subtree + 0.1": 6.8358 <= 6.7873 + 0.1 prunes
 *   leaf 5 + AddErrs(15, 5) = 6.8358; subtree 2 + AddErrs(10, 2) + 2 + AddErrs(5, 2) = 6.7873 */
static void test_prune_margin(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 8}, {4, SOA, 2}, {16, SOA, 3}, {16, AOS, 2}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 16, AOS);
  assert_non_null(strstr(log, "as leaf aos 6.8358, subtree 6.7873: replaced by the leaf"));
  free(log);
  kd_device_model_free(m);
}

/* a split must leave MINOBJS = 2 cases on each side */
static void test_minobjs(void **state) {
  (void)state;
  const Spec one[] = {{4, AOS, 10}, {8, SOA, 1}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(one, &log);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 8, AOS);
  assert_non_null(strstr(log, "no threshold leaves 2 cases on both sides"));
  free(log);
  kd_device_model_free(m);
  const Spec two[] = {{4, AOS, 10}, {8, SOA, 2}, {0, 0, 0}};
  m = learn(two, NULL);
  assert_int_equal(m->nnodes, 3);
  assert_int_equal(m->nodes[0].threshold, 4);
  expect_class(m, 8, SOA);
  kd_device_model_free(m);
  // the left side needs MINOBJS cases too
  const Spec left[] = {{4, SOA, 1}, {8, AOS, 10}, {0, 0, 0}};
  m = learn(left, &log);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 4, AOS);
  assert_non_null(strstr(log, "no threshold leaves 2 cases on both sides"));
  free(log);
  kd_device_model_free(m);
  // fewer than 2 * MINOBJS cases: never split
  const Spec three[] = {{4, AOS, 2}, {8, SOA, 1}, {0, 0, 0}};
  m = learn(three, &log);
  assert_int_equal(m->nnodes, 1);
  assert_non_null(strstr(log, "fewer than 2*MINOBJS cases"));
  free(log);
  kd_device_model_free(m);
}

/* C4.5's MDL correction: the best threshold's gain (0.0305 bits, split
 * sigma <= 4: {aos 3, soa 1} | {aos 8, soa 8}) is below log2(4)/20 = 0.1 */
static void test_mdl_correction(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 3},  {4, SOA, 1},  {8, AOS, 2},  {8, SOA, 2},  {12, AOS, 2}, {12, SOA, 2},
                       {16, AOS, 2}, {16, SOA, 2}, {20, AOS, 2}, {20, SOA, 2}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  assert_int_equal(m->nnodes, 1);
  assert_non_null(strstr(log, "no threshold has gain > log2(4)/20 = 0.100000"));
  free(log);
  kd_device_model_free(m);
}

/* two thresholds with equal gain: the smaller one wins */
static void test_gain_tie(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 6}, {8, SOA, 6}, {12, AOS, 6}, {0, 0, 0}};
  KdDeviceModel *m = learn(spec, NULL);
  assert_int_equal(m->nnodes, 5);
  assert_int_equal(m->nodes[0].threshold, 4);  // not 8
  expect_class(m, 4, AOS);
  expect_class(m, 8, SOA);
  expect_class(m, 12, AOS);
  kd_device_model_free(m);
}

/* C4.5 collapses a grown subtree that makes no fewer training errors than a
 * leaf: σ <= 32 | σ > 32 gives aos | {aos 3, soa 3} (a tie: aos), 3 errors
 * either way */
static void test_collapse(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 5}, {8, AOS, 5}, {16, AOS, 5}, {32, AOS, 5}, {64, SOA, 3}, {64, AOS, 3}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  assert_int_equal(m->nnodes, 1);
  expect_class(m, 64, AOS);
  assert_non_null(strstr(log, "collapse sigma_c <= 32 to leaf aos: subtree makes 3 training errors, a leaf 3"));
  assert_null(strstr(log, "prune sigma"));  // nothing left to prune
  free(log);
  kd_device_model_free(m);
}

/* the log reports the corrected gain, the split info and the gain ratio */
static void test_log_gain_ratio(void **state) {
  (void)state;
  const Spec spec[] = {{10, AOS, 4}, {30, SOA, 4}, {0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn(spec, &log);
  // gain 1 bit, one threshold (log2(1) = 0), split info 1 bit
  assert_non_null(strstr(log, "  sigma_c <= 10: 4 | 4 cases, gain 1.000000 - log2(1)/8 = 1.000000, split info 1.000000, "
                              "gain ratio 1.000000\n"
                              "  split sigma_c <= 10 (gain ratio 1.000000; average gain 1.000000 of 1 test)\n"));
  assert_null(strstr(log, "sigma_min"));  // not an attribute of this learner
  free(log);
  kd_device_model_free(m);
}

// ---- two attributes (σ(c), σ_min) ----

/* Only σ_min separates the classes: at every σ, 1-byte fields want
 * tiled:64 and 4-byte fields aos, in equal numbers, so no σ threshold has
 * any gain.  The tree is σ_min <= 1 → tiled:64, else aos; on σ(c) alone
 * the learner can only make one leaf (aos: the tie goes to the earlier
 * class). */
static void test_sigma_min_separates(void **state) {
  (void)state;
  const Spec2 spec[] = {{8, 1, T64, 4},  {8, 4, AOS, 4},  {16, 1, T64, 4}, {16, 4, AOS, 4},
                        {32, 1, T64, 4}, {32, 4, AOS, 4}, {0, 0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn2(spec, KD_ATTRS_ALL, &log);
  assert_int_equal(m->nnodes, 3);
  assert_false(m->nodes[0].leaf);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_MIN);
  assert_int_equal(m->nodes[0].threshold, 1);  // the largest σ_min at or below the cut
  assert_int_equal(kd_device_model_attributes(m), KD_ATTR_BIT(KD_ATTR_SIGMA_MIN));
  for (uint64_t s = 1; s <= 64; s++) {
    expect_class2(m, s, 1, T64);
    expect_class2(m, s, 2, AOS);
    expect_class2(m, s, 4, AOS);
  }
  // σ(c): 2 thresholds, no gain at either; σ_min: 1 threshold, 1 bit
  assert_non_null(strstr(log, "  sigma_c: no threshold has gain > log2(2)/24 = 0.041667\n"));
  assert_non_null(strstr(log, "  sigma_min <= 1: 12 | 12 cases, gain 1.000000 - log2(1)/24 = 1.000000, split info 1.000000, "
                              "gain ratio 1.000000\n"
                              "  used_permille: no threshold leaves 2 cases on both sides\n"
                              "  split sigma_min <= 1 (gain ratio 1.000000; average gain 1.000000 of 1 test)\n"));
  free(log);
  // the boxes: σ_min <= 1 every σ tiled:64; σ_min >= 2 (so σ(c) >= 2) aos
  KdInterval iv[4];
  assert_int_equal(kd_device_model_intervals(m, iv, 4), 2);
  assert_int_equal(iv[0].min_lo, 0);
  assert_int_equal(iv[0].min_hi, 1);
  assert_int_equal(iv[0].lo, 0);
  assert_true(iv[0].hi == UINT64_MAX);
  assert_int_equal(iv[0].cls, T64);
  assert_int_equal(iv[1].min_lo, 2);
  assert_true(iv[1].min_hi == UINT64_MAX);
  assert_int_equal(iv[1].lo, 2);
  assert_true(iv[1].hi == UINT64_MAX);
  assert_int_equal(iv[1].cls, AOS);
  kd_device_model_free(m);
  // the paper's learner cannot see it
  m = learn2(spec, SIGMA_C_ONLY, NULL);
  assert_int_equal(m->nnodes, 1);
  expect_class2(m, 8, 1, AOS);
  kd_device_model_free(m);
}

/* C4.5 R8 takes the highest gain ratio among the tests whose gain is at
 * least the average (less 10^-3), not the highest gain.  One cut each
 * (no MDL charge), 27 cases of two classes:
 *
 *                 σ_min 1          σ_min 2
 *   σ(c)  8    aos 6            t64 4, aos 4
 *   σ(c) 16    t64 1, aos 1     t64 10, aos 1
 *
 *   σ(c) <= 8:    14 | 13 cases, gain 0.245311, split info 0.999010, gain ratio 0.245554
 *   σ_min <= 1:    8 | 19 cases, gain 0.244908, split info 0.876716, gain ratio 0.279347
 *
 * σ(c) has the higher gain (by 0.0004: both are above the average less
 * 10^-3), σ_min the higher gain ratio: the root tests σ_min. */
static void test_gain_ratio_not_gain(void **state) {
  (void)state;
  const Spec2 spec[] = {{8, 1, AOS, 6}, {8, 2, T64, 4}, {8, 2, AOS, 4}, {16, 1, T64, 1},
                        {16, 1, AOS, 1}, {16, 2, T64, 10}, {16, 2, AOS, 1}, {0, 0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn2(spec, KD_ATTRS_ALL, &log);
  assert_non_null(strstr(log, "  sigma_c <= 8: 14 | 13 cases, gain 0.245311 - log2(1)/27 = 0.245311, split info 0.999010, "
                              "gain ratio 0.245554\n"));
  assert_non_null(strstr(log, "  sigma_min <= 1: 8 | 19 cases, gain 0.244908 - log2(1)/27 = 0.244908, split info 0.876716, "
                              "gain ratio 0.279347\n"));
  assert_non_null(strstr(log, "  split sigma_min <= 1 (gain ratio 0.279347; average gain 0.245110 of 2 tests)\n"));
  free(log);
  assert_false(m->nodes[0].leaf);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_MIN);
  assert_int_equal(m->nodes[0].threshold, 1);
  kd_device_model_free(m);
}

/* ... but a test whose gain is below the average (less 10^-3) is not a
 * candidate, whatever its gain ratio:
 *
 *                 σ_min 1          σ_min 4
 *   σ(c)  4    t64 3            t64 1, soa 1
 *   σ(c) 32    -                soa 10
 *
 *   σ(c) <= 4:     5 | 10 cases, gain 0.595998, split info 0.918296, gain ratio 0.649026
 *   σ_min <= 1:    3 | 12 cases, gain 0.505587, split info 0.721928, gain ratio 0.700329
 *
 * The average gain is 0.550793: σ_min's gain is below it, so the root
 * tests σ(c) (by the gain ratio alone it would test σ_min). */
static void test_average_gain_filter(void **state) {
  (void)state;
  const Spec2 spec[] = {{4, 1, T64, 3}, {4, 4, T64, 1}, {4, 4, SOA, 1}, {32, 4, SOA, 10}, {0, 0, 0, 0}};
  char *log;
  KdDeviceModel *m = learn2(spec, KD_ATTRS_ALL, &log);
  assert_non_null(strstr(log, "  sigma_c <= 4: 5 | 10 cases, gain 0.595998 - log2(1)/15 = 0.595998, split info 0.918296, "
                              "gain ratio 0.649026\n"));
  assert_non_null(strstr(log, "  sigma_min <= 1: 3 | 12 cases, gain 0.505587 - log2(1)/15 = 0.505587, split info 0.721928, "
                              "gain ratio 0.700329\n"));
  assert_non_null(strstr(log, "  split sigma_c <= 4 (gain ratio 0.649026; average gain 0.550793 of 2 tests)\n"));
  free(log);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_C);
  assert_int_equal(m->nodes[0].threshold, 4);
  expect_class2(m, 32, 4, SOA);
  kd_device_model_free(m);
}

/* Two attributes that divide the cases alike have equal gains and gain
 * ratios: the tie goes to σ(c), the attribute that comes first. */
static void test_attribute_tie(void **state) {
  (void)state;
  const Spec2 spec[] = {{4, 1, AOS, 6}, {64, 16, SOA, 6}, {0, 0, 0, 0}};
  KdDeviceModel *m = learn2(spec, KD_ATTRS_ALL, NULL);
  assert_int_equal(m->nnodes, 3);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_C);
  assert_int_equal(m->nodes[0].threshold, 4);
  kd_device_model_free(m);
  // with σ_min alone the same split is on σ_min
  m = learn2(spec, KD_ATTR_BIT(KD_ATTR_SIGMA_MIN), NULL);
  assert_int_equal(m->nnodes, 3);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_MIN);
  assert_int_equal(m->nodes[0].threshold, 1);
  kd_device_model_free(m);
}

/* A split on one attribute, then on the other below it: the children are
 * grown on their own cases, sorted by the attribute they test.
 *   σ(c) <= 16:  σ_min <= 1 → tiled:64, else aos;  σ(c) > 16: soa */
static void test_nested_attributes(void **state) {
  (void)state;
  const Spec2 spec[] = {{8, 1, T64, 5},  {8, 4, AOS, 5},  {16, 1, T64, 5}, {16, 4, AOS, 5},
                        {32, 1, SOA, 5}, {32, 4, SOA, 5}, {64, 1, SOA, 5}, {64, 4, SOA, 5},
                        {0, 0, 0, 0}};
  KdDeviceModel *m = learn2(spec, KD_ATTRS_ALL, NULL);
  assert_int_equal(m->nnodes, 5);
  for (uint64_t s = 1; s <= 128; s++)
    for (uint64_t smin = 1; smin <= 8; smin++)
      expect_class2(m, s, smin, s > 16 ? SOA : smin <= 1 ? T64 : AOS);
  // boxes: σ_min <= 1: σ <= 16 tiled:64, σ > 16 soa; σ_min >= 2: σ <= 16 aos, σ > 16 soa
  KdInterval iv[8];
  assert_int_equal(kd_device_model_intervals(m, iv, 8), 4);
  const KdInterval want[] = {{0, 16, 0, 1, 0, UINT64_MAX, T64},
                             {17, UINT64_MAX, 0, 1, 0, UINT64_MAX, SOA},
                             {2, 16, 2, UINT64_MAX, 0, UINT64_MAX, AOS},
                             {17, UINT64_MAX, 2, UINT64_MAX, 0, UINT64_MAX, SOA}};
  for (int i = 0; i < 4; i++) {
    assert_true(iv[i].lo == want[i].lo && iv[i].hi == want[i].hi);
    assert_true(iv[i].min_lo == want[i].min_lo && iv[i].min_hi == want[i].min_hi);
    assert_true(iv[i].used_lo == want[i].used_lo && iv[i].used_hi == want[i].used_hi);
    assert_int_equal(iv[i].cls, want[i].cls);
  }
  kd_device_model_free(m);
}

/* Bands of σ_min whose σ(c) intervals agree where both can occur
 * (σ(c) >= the later band's σ_min) are one band */
static void test_intervals_bands(void **state) {
  (void)state;
  // σ_min <= 2: σ(c) <= 1 soa, else aos;  σ_min > 2: aos  →  the same above σ(c) = 3: one band
  const char *j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":128,"
                  "\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":2,"
                  "\"le\":{\"attribute\":\"sigma_c\",\"threshold\":1,\"le\":{\"layout\":\"soa\"},\"gt\":{\"layout\":\"aos\"}},"
                  "\"gt\":{\"layout\":\"aos\"}}}";
  KdDeviceModel *m;
  char err[256];
  assert_int_equal(kd_device_model_parse(j, "t", &m, err, sizeof err), 0);
  KdInterval iv[4];
  assert_int_equal(kd_device_model_intervals(m, iv, 4), 2);
  assert_int_equal(iv[0].lo, 0);
  assert_int_equal(iv[0].hi, 1);
  assert_int_equal(iv[0].cls, SOA);
  assert_int_equal(iv[1].lo, 2);
  assert_true(iv[1].hi == UINT64_MAX);
  assert_int_equal(iv[1].cls, AOS);
  for (int i = 0; i < 2; i++) {
    assert_int_equal(iv[i].min_lo, 0);
    assert_true(iv[i].min_hi == UINT64_MAX);
  }
  kd_device_model_free(m);
  // the same σ_min threshold twice, and three bands of which the last two differ
  j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":128,"
      "\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":2,"
      "\"le\":{\"attribute\":\"sigma_min\",\"threshold\":2,\"le\":{\"layout\":\"soa\"},\"gt\":{\"layout\":\"aos\"}},"
      "\"gt\":{\"attribute\":\"sigma_min\",\"threshold\":8,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"tiled\",\"tile\":4}}}}";
  assert_int_equal(kd_device_model_parse(j, "t", &m, err, sizeof err), 0);
  assert_int_equal(kd_device_model_intervals(m, iv, 4), 3);
  assert_int_equal(iv[0].min_hi, 2);
  assert_int_equal(iv[0].cls, SOA);
  assert_int_equal(iv[1].min_lo, 3);
  assert_int_equal(iv[1].min_hi, 8);
  assert_int_equal(iv[1].lo, 3);
  assert_int_equal(iv[1].cls, AOS);
  assert_int_equal(iv[2].min_lo, 9);
  assert_int_equal(iv[2].cls, T4);
  assert_int_equal(kd_device_model_intervals(m, iv, 1), 3);  // too little room: the count is still exact
  kd_device_model_free(m);
}

/* The properties of one learned tree a on the patterns p[0..n): every
 * threshold is a value of its attribute in the data, only allowed
 * attributes are tested, no split has two leaves of one class (merged
 * after pruning), every leaf of a split tree holds MINOBJS cases. */
static void check_tree(const KdDeviceModel *a, const KdPattern *p, int n, unsigned attributes, int it) {
  for (int i = 0; i < a->nnodes; i++) {
    const KdTreeNode *x = &a->nodes[i];
    if (x->leaf)
      continue;
    assert_true(attributes & KD_ATTR_BIT(x->attribute));
    bool in_data = false;
    for (int j = 0; j < n; j++)
      in_data |= p[j].x[x->attribute] == x->threshold;
    assert_true(in_data);
    if (a->nodes[x->le].leaf && a->nodes[x->gt].leaf)
      assert_int_not_equal(kd_class_of(a->nodes[x->le].choice), kd_class_of(a->nodes[x->gt].choice));
  }
  if (a->nnodes > 1) {
    int reach[512] = {0};
    assert_true(a->nnodes <= 512);
    for (int j = 0; j < n; j++)
      reach[leaf_of(a, &p[j])]++;
    for (int k = 0; k < a->nnodes; k++)
      if (a->nodes[k].leaf && reach[k] < KD_LEARN_MINOBJS) {
        print_error("data set %d: leaf %d holds %d cases\n", it, k, reach[k]);
        fail();
      }
  }
}

/* Properties over 3000 pseudo-random data sets (a fixed LCG), for the
 * learner on σ(c) and on both attributes: check_tree's, and the tree does
 * not depend on the order of the patterns; the σ-only learner ignores
 * σ_min (the same tree as with every σ_min 0 and both attributes). */
static void test_properties(void **state) {
  (void)state;
  static KdPattern p[256], q[256], r[256], z[256];
  uint32_t seed = 12345;
  int split_on_min = 0;
#define NEXT() (seed = seed * 1103515245u + 12345u, (seed >> 16) & 0x7fff)
  for (int it = 0; it < 3000; it++) {
    int n = 0, ns = 2 + NEXT() % 7;
    for (int s = 0; s < ns; s++) {
      int k = 1 + NEXT() % 12;
      for (int j = 0; j < k; j++) {
        int lmin = NEXT() % 3;  // σ_min 1, 2 or 4 bytes (<= σ = 4 << s)
        // mostly a step function of σ, for half the data sets also of σ_min, some noise
        int cls = NEXT() % 4 == 0 ? (int)(NEXT() % 4) : (s * 4 / ns + (it % 2 ? lmin : 0)) % 4;
        p[n++] = (KdPattern){{[KD_ATTR_SIGMA_C] = 4u << s, [KD_ATTR_SIGMA_MIN] = 1u << lmin}, cls};
      }
    }
    for (int i = 0; i < n; i++) {
      q[i] = p[n - 1 - i];
      r[i] = p[(i * 7 + 3) % n];  // a permutation when 7 does not divide n
      z[i] = p[i];
      z[i].x[KD_ATTR_SIGMA_MIN] = 0;
    }
    for (int pass = 0; pass < 2; pass++) {
      unsigned attrs = pass == 0 ? SIGMA_C_ONLY : KD_ATTRS_ALL;
      KdDeviceModel *a = kd_learn(p, n, attrs, NULL), *b = kd_learn(q, n, attrs, NULL);
      expect_same_tree(a, b);
      if (n % 7) {
        KdDeviceModel *c = kd_learn(r, n, attrs, NULL);
        expect_same_tree(a, c);
        kd_device_model_free(c);
      }
      check_tree(a, p, n, attrs, it);
      if (pass == 0) {
        KdDeviceModel *c = kd_learn(z, n, KD_ATTRS_ALL, NULL);
        expect_same_tree(a, c);
        kd_device_model_free(c);
      } else {
        split_on_min += (kd_device_model_attributes(a) & KD_ATTR_BIT(KD_ATTR_SIGMA_MIN)) != 0;
      }
      kd_device_model_free(a);
      kd_device_model_free(b);
    }
  }
  assert_true(split_on_min > 300);  // the data exercise σ_min splits
#undef NEXT
}

// ---- intervals ----

static void test_intervals_merge(void **state) {
  (void)state;
  // σ <= 16 aos, 16 < σ <= 64 aos, σ > 64 soa: two intervals
  const char *j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":128,"
                  "\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":64,"
                  "\"le\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"aos\"}},"
                  "\"gt\":{\"layout\":\"soa\"}}}";
  KdDeviceModel *m;
  char err[256];
  assert_int_equal(kd_device_model_parse(j, "t", &m, err, sizeof err), 0);
  KdInterval iv[4];
  assert_int_equal(kd_device_model_intervals(m, iv, 4), 2);
  assert_int_equal(iv[0].lo, 0);
  assert_int_equal(iv[0].hi, 64);
  assert_int_equal(iv[0].cls, AOS);
  assert_int_equal(iv[1].lo, 65);
  assert_int_equal(iv[1].cls, SOA);
  kd_device_model_free(m);
  // a single leaf: one interval over everything
  KdDeviceModel *e = kd_learn(NULL, 0, SIGMA_C_ONLY, NULL);
  assert_int_equal(kd_device_model_intervals(e, iv, 4), 1);
  assert_int_equal(iv[0].lo, 0);
  assert_true(iv[0].hi == UINT64_MAX);
  kd_device_model_free(e);
}

// ---- model file ----

static void test_round_trip(void **state) {
  (void)state;
  const Spec spec[] = {{4, AOS, 5},   {8, AOS, 5},    {12, T4, 5},    {16, T4, 5},  {24, T32, 5},
                       {32, T32, 5},  {48, T32, 5},   {64, T32768, 5}, {96, T32768, 5},
                       {128, SOA, 5}, {192, SOA, 5},  {256, SOA, 5},  {0, 0, 0}};
  KdDeviceModel *m = learn(spec, NULL);
  assert_true(nleaves(m) >= 4);
  // metadata missing: written as null
  char *text = kd_device_model_to_json(m, NULL);
  assert_non_null(strstr(text, "\"device\": null"));
  free(text);
  m->training_hash = strdup("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef");
  m->device = strdup("Test GPU");
  m->compute_capability = strdup("9.0");
  m->date = strdup("2026-11-21");
  m->kdlg_opt_version = strdup("0.1.0");
  m->epsilon = 64;
  json_t *training = json_pack("{s:i, s:s}", "rows", 60, "learner", "test");
  text = kd_device_model_to_json(m, training);
  json_decref(training);
  assert_non_null(text);
  assert_int_equal(text[strlen(text) - 1], '\n');
  // fixed key order
  const char *keys[] = {"\"format\": \"kdlg-opt-model\"", "\"format_version\": 1", "\"provisional\": false",
                        "\"device\": \"Test GPU\"", "\"compute_capability\": \"9.0\"", "\"epsilon\": 64",
                        "\"date\": \"2026-11-21\"", "\"kdlg_opt_version\": \"0.1.0\"", "\"training_data_sha256\": \"0123",
                        "\"training\": {", "\"tree\": {"};
  const char *at = text;
  for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
    const char *p = strstr(at, keys[i]);
    if (!p) {
      print_error("key %s missing or out of order in\n%s", keys[i], text);
      fail();
    }
    at = p;
  }
  assert_non_null(strstr(text, "\n  \"format\""));  // two-space indentation
  KdDeviceModel *back;
  char err[256];
  assert_int_equal(kd_device_model_parse(text, "rt.json", &back, err, sizeof err), 0);
  assert_false(back->provisional);
  assert_int_equal(back->epsilon, 64);
  assert_string_equal(back->device, "Test GPU");
  assert_string_equal(back->training_hash, m->training_hash);
  assert_int_equal(back->nnodes, m->nnodes);
  for (uint64_t s = 1; s <= 300; s++) {
    KdLayoutChoice a = kd_device_model_select(m, s, s, 1000), b = kd_device_model_select(back, s, s, 1000);
    assert_int_equal(a.kind, b.kind);
    assert_int_equal(a.tile, b.tile);
  }
  // written again from what was read: the same bytes
  training = json_pack("{s:i, s:s}", "rows", 60, "learner", "test");
  char *again = kd_device_model_to_json(back, training);
  json_decref(training);
  assert_string_equal(again, text);
  free(again);
  // without training object and without hash: the key is absent / null
  free(back->training_hash);
  back->training_hash = NULL;
  again = kd_device_model_to_json(back, NULL);
  assert_null(strstr(again, "\"training\""));
  assert_non_null(strstr(again, "\"training_data_sha256\": null"));
  KdDeviceModel *back2;
  assert_int_equal(kd_device_model_parse(again, "rt2.json", &back2, err, sizeof err), 0);
  assert_null(back2->training_hash);
  kd_device_model_free(back2);
  free(again);
  kd_device_model_free(back);
  free(text);
  kd_device_model_free(m);
}

static void test_determinism(void **state) {
  (void)state;
  static KdPattern p[512], q[512];
  int n = make_patterns(three_classes, p);
  // the same patterns in another order (a fixed permutation)
  for (int i = 0; i < n; i++)
    q[i] = p[(i * 7 + 3) % n];  // 7 and n = 60 are coprime
  KdDeviceModel *a = kd_learn(p, n, KD_ATTRS_ALL, NULL), *b = kd_learn(p, n, KD_ATTRS_ALL, NULL), *c = kd_learn(q, n, KD_ATTRS_ALL, NULL);
  char *ta = to_json(a), *tb = to_json(b), *tc = to_json(c);
  assert_string_equal(ta, tb);
  assert_string_equal(ta, tc);
  free(ta);
  free(tb);
  free(tc);
  kd_device_model_free(a);
  kd_device_model_free(b);
  kd_device_model_free(c);
}

// ---- raw timings CSV ----

/* the header keys after the first line, one test GPU's */
#define CSV_KEYS                                                                                                       \
  "# device: Test GPU\n"                                                                                               \
  "# compute_capability: 9.0\n"                                                                                        \
  "# driver: 580.159.04\n"                                                                                             \
  "# date: 2026-11-21\n"                                                                                               \
  "# kdlg_opt_version: 0.1.0\n"                                                                                        \
  "# epsilon: 128\n"                                                                                                   \
  "# epsilon_note: a: b, c\n"
#define CSV_HEAD "# kdlg-calibrate raw timings, format 1\n" CSV_KEYS
#define CSV_COLS "m,field_bytes,sigma,n,elements,threads,layout,tile,median_ms,min_ms,max_ms,verified\n"
#define CSV_HEAD2 "# kdlg-calibrate raw timings, format 2\n" CSV_KEYS
#define CSV_COLS2 "m,field_bytes,sigma,access,n,elements,threads,layout,tile,median_ms,min_ms,max_ms,verified\n"

static KdTimings *parse_ok(const char *text) {
  KdTimings *t = NULL;
  int line = -7;
  char err[256] = "";
  int rc = kd_timings_parse(text, strlen(text), &t, &line, err, sizeof err);
  if (rc != 0) {
    print_error("line %d: %s\n", line, err);
    fail();
  }
  return t;
}

static void test_csv_good(void **state) {
  (void)state;
  const char *csv = CSV_HEAD CSV_COLS
      "2,4,8,128,1000,100,aos,1,1.0000,0.9,1.1,1\n"
      "2,4,8,128,1000,100,soa,0,1.0100,1.0,1.1,1\n"      // exactly 1 % slower: a pattern
      "2,4,8,128,1000,100,tiled,32,1.0102,1.0,1.1,1\n"   // more than 1 % slower: none
      "2,4,8,128,1000,100,tiled,2,1.5,1.4,1.6,1\r\n"     // CRLF is fine
      "\n"
      "1,8,8,128,1000,100,soa,0,2.0,2.0,2.0,1\n"         // another kernel of the same σ
      "1,8,8,128,1000,100,aos,1,2.0,2.0,2.0,1\n"         // tie: both are patterns, aos is "fastest"
      "4,4,16,256,1000,100,tiled,32768,3e-1,0.2,0.4,1\n";
  KdTimings *t = parse_ok(csv);
  assert_string_equal(t->device, "Test GPU");
  assert_string_equal(t->compute_capability, "9.0");
  assert_string_equal(t->date, "2026-11-21");
  assert_string_equal(t->kdlg_opt_version, "0.1.0");
  assert_int_equal(t->epsilon, 128);
  assert_int_equal(t->nrows, 7);
  assert_int_equal(t->rows[0].line, 10);
  assert_int_equal(t->rows[4].line, 15);  // the blank line counts
  assert_int_equal(t->rows[6].cls, T32768);
  assert_float_equal(t->rows[6].median_ms, 0.3, 1e-12);
  KdTrainingSet *s = kd_training_build(t, 1.0);
  assert_non_null(s);
  assert_int_equal(s->nrows, 7);
  assert_int_equal(s->nkernels, 3);
  assert_int_equal(s->nsigmas, 2);
  // kernels sorted by (σ, m, field_bytes, n): (1,8,128), (2,4,128), (4,4,256)
  assert_int_equal(s->kernels[0].m, 1);
  assert_int_equal(s->kernels[0].fastest, AOS);
  assert_int_equal(s->kernels[1].m, 2);
  assert_int_equal(s->kernels[1].fastest, AOS);
  assert_true(s->kernels[1].ms[T4] < 0);  // not measured
  assert_float_equal(s->kernels[1].ms[2], 1.5, 1e-12);
  assert_int_equal(s->kernels[2].sigma, 16);
  assert_int_equal(s->ngroups, 3);
  assert_int_equal(s->npatterns, 5);
  // (σ, σ_min = field_bytes, class)
  const KdPattern want[] = {{{8, 8}, AOS}, {{8, 8}, SOA}, {{8, 4}, AOS}, {{8, 4}, SOA}, {{16, 4}, T32768}};
  for (int i = 0; i < 5; i++) {
    assert_int_equal(s->patterns[i].x[KD_ATTR_SIGMA_C], want[i].x[KD_ATTR_SIGMA_C]);
    assert_int_equal(s->patterns[i].x[KD_ATTR_SIGMA_MIN], want[i].x[KD_ATTR_SIGMA_MIN]);
    assert_int_equal(s->patterns[i].cls, want[i].cls);
  }
  kd_training_free(s);
  kd_timings_free(t);
  // no trailing newline, header keys in another order
  t = parse_ok("# kdlg-calibrate raw timings, format 1\n# epsilon: 64\n# date: d\n# device: x\n"
               "# kdlg_opt_version: v\n# compute_capability: 8.0\n" CSV_COLS "1,4,4,128,1,1,aos,1,1,1,1,1");
  assert_int_equal(t->nrows, 1);
  assert_int_equal(t->epsilon, 64);
  kd_timings_free(t);
}

/* φ separates what σ(c) and σ_min cannot: one (σ, σ_min) whose kernels
 * use all, half or a quarter of AoS's bytes want aos, tiled:32 and soa.
 * The tree tests only φ, selects by it, and its boxes are φ bands; without
 * φ among the attributes the tree is a single leaf. */
static void test_used_separates(void **state) {
  (void)state;
  KdPattern p[30];
  int n = 0;
  const struct {
    uint64_t used;
    int cls;
  } spec[] = {{1000, AOS}, {500, T32}, {250, SOA}};
  for (int i = 0; i < 3; i++)
    for (int k = 0; k < 10; k++)
      p[n++] = (KdPattern){{[KD_ATTR_SIGMA_C] = 20, [KD_ATTR_SIGMA_MIN] = 4, [KD_ATTR_USED] = spec[i].used}, spec[i].cls};
  KdDeviceModel *m = learn_patterns(p, n, KD_ATTRS_ALL, NULL);
  assert_int_equal(kd_device_model_attributes(m), KD_ATTR_BIT(KD_ATTR_USED));
  for (uint64_t u = 0; u <= 1000; u++) {
    int want = u <= 250 ? SOA : u <= 500 ? T32 : AOS;
    assert_int_equal(kd_class_of(kd_device_model_select(m, 20, 4, u)), want);
    assert_int_equal(kd_class_of(kd_device_model_select(m, 1000, 1, u)), want);  // σ(c), σ_min not tested
  }
  KdInterval iv[8];
  assert_int_equal(kd_device_model_intervals(m, iv, 8), 3);
  const uint64_t lo[] = {0, 251, 501}, hi[] = {250, 500, UINT64_MAX};
  const int cls[] = {SOA, T32, AOS};
  for (int i = 0; i < 3; i++) {
    assert_true(iv[i].used_lo == lo[i] && iv[i].used_hi == hi[i]);
    assert_true(iv[i].lo == 0 && iv[i].hi == UINT64_MAX && iv[i].min_lo == 0 && iv[i].min_hi == UINT64_MAX);
    assert_int_equal(iv[i].cls, cls[i]);
  }
  kd_device_model_free(m);
  m = learn_patterns(p, n, KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_SIGMA_MIN), NULL);
  assert_int_equal(m->nnodes, 1);
  kd_device_model_free(m);
}

/* φ of the training kernels' access patterns: rw 1000, split 500 (also
 * for odd m: ceil(m/2) loads and floor(m/2) stores of field_bytes each,
 * against 2σ), one round(1000/m); usage.h's rounding (halves up). */
static void test_access_used(void **state) {
  (void)state;
  for (uint32_t m = 1; m <= 16; m++)
    for (uint32_t fb = 1; fb <= 16; fb *= 2) {
      assert_int_equal(kd_access_used_permille(KD_ACCESS_RW, m, fb), 1000);
      if (m >= 2) {
        assert_int_equal(kd_access_used_permille(KD_ACCESS_SPLIT, m, fb), 500);
        assert_int_equal(kd_access_used_permille(KD_ACCESS_ONE, m, fb), (2000 / m + 1) / 2);
      }
    }
  assert_int_equal(kd_access_used_permille(KD_ACCESS_ONE, 3, 4), 333);
  assert_int_equal(kd_access_used_permille(KD_ACCESS_ONE, 6, 4), 167);
  assert_int_equal(kd_access_used_permille(KD_ACCESS_ONE, 16, 1), 63);  // 62.5 rounds up
  // reduce: loads all m fields, stores one: (m + 1) / 2m
  assert_int_equal(kd_access_used_permille(KD_ACCESS_REDUCE, 2, 4), 750);
  assert_int_equal(kd_access_used_permille(KD_ACCESS_REDUCE, 3, 1), 667);
  assert_int_equal(kd_access_used_permille(KD_ACCESS_REDUCE, 16, 8), 531);  // 531.25
  assert_string_equal(kd_access_name(KD_ACCESS_REDUCE), "reduce");
  assert_string_equal(kd_access_name(KD_ACCESS_RW), "rw");
  assert_string_equal(kd_access_name(KD_ACCESS_SPLIT), "split");
  assert_string_equal(kd_access_name(KD_ACCESS_ONE), "one");
  assert_string_equal(kd_access_name(KD_NACCESS), "?");
}

/* Format 2: the access column gives each row its pattern and φ; kernels are
 * (m, field_bytes, access, n), sorted rw, split, one within (σ, m); the
 * patterns carry φ; groups are (σ, σ_min, φ) (m = 2's split and one share
 * φ = 500); format 1 rows are rw. */
static void test_csv_format2(void **state) {
  (void)state;
  const char *csv = CSV_HEAD2 CSV_COLS2
      "2,4,8,one,128,1,1,aos,1,2.0,2.0,2.0,1\n"
      "2,4,8,one,128,1,1,soa,0,1.0,1.0,1.0,1\n"
      "2,4,8,rw,128,1,1,aos,1,1.0,1.0,1.0,1\n"
      "2,4,8,rw,128,1,1,soa,0,1.5,1.5,1.5,1\n"
      "2,4,8,split,128,1,1,aos,1,3.0,3.0,3.0,1\n"
      "2,4,8,split,128,1,1,tiled,32,1.0,1.0,1.0,1\n"
      "3,4,12,one,128,1,1,tiled,16,1.0,1.0,1.0,1\n"
      "2,4,8,reduce,128,1,1,tiled,64,1.0,1.0,1.0,1\n";
  KdTimings *t = parse_ok(csv);
  assert_int_equal(t->nrows, 8);
  assert_int_equal(t->rows[7].access, KD_ACCESS_REDUCE);
  assert_int_equal(t->rows[7].used, 750);
  assert_int_equal(t->rows[0].access, KD_ACCESS_ONE);
  assert_int_equal(t->rows[0].used, 500);
  assert_int_equal(t->rows[2].access, KD_ACCESS_RW);
  assert_int_equal(t->rows[2].used, 1000);
  assert_int_equal(t->rows[4].access, KD_ACCESS_SPLIT);
  assert_int_equal(t->rows[6].used, 333);
  KdTrainingSet *s = kd_training_build(t, 1.0);
  assert_non_null(s);
  assert_int_equal(s->nkernels, 5);
  assert_int_equal(s->nsigmas, 2);
  assert_int_equal(s->ngroups, 4);  // (8, 4, 1000), (8, 4, 750), (8, 4, 500), (12, 4, 333)
  // within (σ, m) by φ descending: rw 1000, reduce 750, split and one 500
  const KdAccessPattern order[] = {KD_ACCESS_RW, KD_ACCESS_REDUCE, KD_ACCESS_SPLIT, KD_ACCESS_ONE, KD_ACCESS_ONE};
  const uint32_t used[] = {1000, 750, 500, 500, 333};
  const int fastest[] = {AOS, T64, T32, SOA, T16};
  for (int k = 0; k < 5; k++) {
    assert_int_equal(s->kernels[k].access, order[k]);
    assert_int_equal(s->kernels[k].used, used[k]);
    assert_int_equal(s->kernels[k].fastest, fastest[k]);
    assert_int_equal(s->patterns[k].x[KD_ATTR_USED], used[k]);  // one pattern per kernel here
    assert_int_equal(s->patterns[k].cls, fastest[k]);
  }
  // in-sample ceilings: per σ the 8-byte kernels want aos, tiled:64, tiled:32 and soa: one of four;
  // per (σ, σ_min, φ): rw aos, reduce tiled:64, and split / one (φ 500) one of two
  assert_int_equal(kd_ceiling(s, KD_ATTR_BIT(KD_ATTR_SIGMA_C)), 2);
  assert_int_equal(kd_ceiling(s, KD_ATTRS_ALL), 4);
  assert_int_equal(kd_ceiling(s, KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_USED)), 4);
  kd_training_free(s);
  kd_timings_free(t);
  // format 1 rows are rw
  t = parse_ok(CSV_HEAD CSV_COLS "2,4,8,128,1,1,aos,1,1,1,1,1\n");
  assert_int_equal(t->rows[0].access, KD_ACCESS_RW);
  assert_int_equal(t->rows[0].used, 1000);
  kd_timings_free(t);
}

/* The profitability margin: AoS within min_gain of the fastest gives the
 * single pattern AoS; a bigger win, or min_gain = 1, gives the paper's
 * patterns; a kernel without an AoS timing is untouched. */
static void test_min_gain(void **state) {
  (void)state;
  const char *csv = CSV_HEAD CSV_COLS
      // σ 8: tiled:32 wins by 2 % -> aos alone with the 3 % margin
      "2,4,8,128,1,1,aos,1,1.02,1.02,1.02,1\n"
      "2,4,8,128,1,1,tiled,32,1.0,1.0,1.0,1\n"
      // σ 16: soa wins by 10 % -> soa either way
      "4,4,16,128,1,1,aos,1,1.10,1.10,1.10,1\n"
      "4,4,16,128,1,1,soa,0,1.0,1.0,1.0,1\n"
      // σ 32: aos fastest, soa within 1 % -> aos alone (paper: aos and soa)
      "8,4,32,128,1,1,aos,1,1.0,1.0,1.0,1\n"
      "8,4,32,128,1,1,soa,0,1.005,1.005,1.005,1\n"
      // σ 64: no aos timing -> the paper's patterns
      "16,4,64,128,1,1,soa,0,1.0,1.0,1.0,1\n"
      "16,4,64,128,1,1,tiled,4,1.001,1.001,1.001,1\n";
  KdTimings *t = parse_ok(csv);
  const struct {
    double min_gain;
    int npatterns, aos_by_gain;
    KdPattern want[6];
  } cases[] = {
      {1.0, 6, 0, {{{8, 4}, T32}, {{16, 4}, SOA}, {{32, 4}, AOS}, {{32, 4}, SOA}, {{64, 4}, SOA}, {{64, 4}, T4}}},
      {KD_MIN_GAIN, 5, 2, {{{8, 4}, AOS}, {{16, 4}, SOA}, {{32, 4}, AOS}, {{64, 4}, SOA}, {{64, 4}, T4}}},
      // a 1 % margin: the 2 % win counts
      {1.01, 5, 1, {{{8, 4}, T32}, {{16, 4}, SOA}, {{32, 4}, AOS}, {{64, 4}, SOA}, {{64, 4}, T4}}},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    KdTrainingSet *s = kd_training_build(t, cases[c].min_gain);
    assert_non_null(s);
    assert_float_equal(s->min_gain, cases[c].min_gain, 0);
    assert_int_equal(s->npatterns, cases[c].npatterns);
    assert_int_equal(s->aos_by_gain, cases[c].aos_by_gain);
    for (int i = 0; i < s->npatterns; i++) {
      assert_int_equal(s->patterns[i].x[KD_ATTR_SIGMA_C], cases[c].want[i].x[KD_ATTR_SIGMA_C]);
      assert_int_equal(s->patterns[i].cls, cases[c].want[i].cls);
    }
    kd_training_free(s);
  }
  kd_timings_free(t);
}

#define ROW "1,4,4,128,1000,100,aos,1,1.0,0.9,1.1,1\n"
#define ROW2 "1,4,4,rw,128,1000,100,aos,1,1.0,0.9,1.1,1\n"

static const struct {
  const char *what, *csv;
  int line;
  const char *msg;
} bad_csvs[] = {
    {"empty file", "", 1, "first line must be"},
    {"wrong first line", "# kdlg-calibrate raw timings, format 3\n", 1, "first line must be"},
    {"header first line missing", "# device: x\n" CSV_COLS ROW, 1, "first line must be"},
    {"missing device", "# kdlg-calibrate raw timings, format 1\n# compute_capability: 9.0\n# date: d\n"
                       "# kdlg_opt_version: v\n# epsilon: 128\n" CSV_COLS ROW,
     6, "missing required header line '# device: ...'"},
    {"missing epsilon", "# kdlg-calibrate raw timings, format 1\n# device: x\n# compute_capability: 9.0\n# date: d\n"
                        "# kdlg_opt_version: v\n" CSV_COLS ROW,
     6, "'# epsilon: ...'"},
    {"missing date, no column line", "# kdlg-calibrate raw timings, format 1\n# device: x\n", 3, "'# compute_capability"},
    {"duplicate epsilon", CSV_HEAD "# epsilon: 12x\n" CSV_COLS ROW, 9, "duplicate header key 'epsilon'"},
    {"epsilon not a number", "# kdlg-calibrate raw timings, format 1\n# epsilon: 12x\n", 2, "positive integer"},
    {"epsilon zero", "# kdlg-calibrate raw timings, format 1\n# epsilon: 0\n", 2, "positive integer"},
    {"empty value", "# kdlg-calibrate raw timings, format 1\n# device:\n", 2, "has no value"},
    {"bad header line", "# kdlg-calibrate raw timings, format 1\n# device x\n", 2, "is not '# key: value'"},
    {"no column line", CSV_HEAD, 9, "expected the column line"},
    {"wrong column line", CSV_HEAD "m,field_bytes,sigma,n,elements,threads,layout,tile,median_ms,min_ms,max_ms\n" ROW, 9,
     "expected the column line"},
    {"no rows", CSV_HEAD CSV_COLS, 9, "no timing rows"},
    {"no rows, blank lines", CSV_HEAD CSV_COLS "\n\n", 9, "no timing rows"},
    {"too few fields", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,1.0,0.9,1.1\n", 10, "expected 12 comma-separated fields, found 11"},
    {"too many fields", CSV_HEAD CSV_COLS ROW "1,4,4,128,1000,100,soa,0,1.0,0.9,1.1,1,1\n", 11, "found 13"},
    {"non-numeric m", CSV_HEAD CSV_COLS "x,4,4,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10, "field 'm' is not a non-negative integer: 'x'"},
    {"negative n", CSV_HEAD CSV_COLS "1,4,4,-128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10, "field 'n'"},
    {"space in a field", CSV_HEAD CSV_COLS "1, 4,4,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10, "field 'field_bytes'"},
    {"empty field", CSV_HEAD CSV_COLS "1,4,4,128,,100,aos,1,1.0,0.9,1.1,1\n", 10, "field 'elements'"},
    {"non-numeric time", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,fast,0.9,1.1,1\n", 10, "field 'median_ms' is not a number"},
    {"nan time", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,nan,0.9,1.1,1\n", 10, "median_ms"},
    {"inf time", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,1.0,0.9,1e999,1\n", 10, "max_ms"},
    {"zero time", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,0,0,0,1\n", 10, "median_ms must be positive"},
    {"min above median", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,1.0,1.2,1.3,1\n", 10, "min_ms <= median_ms"},
    {"sigma wrong", CSV_HEAD CSV_COLS ROW "3,4,16,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 11, "sigma 16 is not m x field_bytes = 3 x 4"},
    {"m zero", CSV_HEAD CSV_COLS "0,4,0,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10, "m must be at least 1"},
    {"unknown layout", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,hybrid,1,1.0,0.9,1.1,1\n", 10, "unknown layout 'hybrid'"},
    {"aos tile 2", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,2,1.0,0.9,1.1,1\n", 10, "layout aos needs tile 1, not 2"},
    {"soa tile 1", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,soa,1,1.0,0.9,1.1,1\n", 10, "layout soa needs tile 0, not 1"},
    {"tile 3", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,tiled,3,1.0,0.9,1.1,1\n", 10, "power of two from 2 to 32768, not 3"},
    {"tile 1", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,tiled,1,1.0,0.9,1.1,1\n", 10, "not 1"},
    {"tile 65536", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,tiled,65536,1.0,0.9,1.1,1\n", 10, "not 65536"},
    {"unverified", CSV_HEAD CSV_COLS ROW "1,4,4,128,1000,100,soa,0,1.0,0.9,1.1,0\n", 11, "verified = 0"},
    {"verified 2", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,1.0,0.9,1.1,2\n", 10, "verified must be 0 or 1"},
    {"duplicate variant", CSV_HEAD CSV_COLS ROW "1,4,4,128,1000,100,soa,0,1.0,0.9,1.1,1\n"
                                            "1,4,4,128,2000,100,aos,1,1.5,0.9,1.6,1\n",
     12, "duplicate row for m=1 field_bytes=4 access rw n=128 layout aos (first at line 10)"},
    {"NUL byte", CSV_HEAD CSV_COLS "1,4,4,128,1000,100,aos,1,1.0,0.9,1.1,1\0\n", 10, "NUL"},
    // format 2: the access column
    {"format 2, format 1's columns", CSV_HEAD2 CSV_COLS ROW, 9, "expected the column line 'm,field_bytes,sigma,access,n"},
    {"format 1, format 2's columns", CSV_HEAD CSV_COLS2, 9, "expected the column line 'm,field_bytes,sigma,n,"},
    {"format 2, a format 1 row", CSV_HEAD2 CSV_COLS2 ROW, 10, "expected 13 comma-separated fields, found 12"},
    {"format 1, a format 2 row", CSV_HEAD CSV_COLS ROW2, 10, "expected 12 comma-separated fields, found 13"},
    {"unknown access", CSV_HEAD2 CSV_COLS2 "2,4,8,all,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10,
     "unknown access pattern 'all' (expected rw, split, one or reduce)"},
    {"split of one field", CSV_HEAD2 CSV_COLS2 "1,4,4,split,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10,
     "access pattern split needs m >= 2, not 1"},
    {"one of one field", CSV_HEAD2 CSV_COLS2 "1,4,4,one,128,1000,100,aos,1,1.0,0.9,1.1,1\n", 10,
     "access pattern one needs m >= 2"},
    {"format 2 duplicate", CSV_HEAD2 CSV_COLS2 "2,4,8,one,128,1000,100,aos,1,1.0,0.9,1.1,1\n"
                                              "2,4,8,split,128,1000,100,aos,1,1.0,0.9,1.1,1\n"
                                              "2,4,8,one,128,1000,100,aos,1,1.0,0.9,1.1,1\n",
     12, "duplicate row for m=2 field_bytes=4 access one n=128 layout aos (first at line 10)"},
};

static void test_csv_bad(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof bad_csvs / sizeof bad_csvs[0]; i++) {
    const char *csv = bad_csvs[i].csv;
    size_t len = strlen(csv);
    if (!strcmp(bad_csvs[i].what, "NUL byte"))
      len += 2;  // the NUL and the newline after it
    KdTimings *t = (KdTimings *)0x1;
    int line = -7;
    char err[256] = "";
    int rc = kd_timings_parse(csv, len, &t, &line, err, sizeof err);
    if (rc != -1 || t != NULL || line != bad_csvs[i].line || !strstr(err, bad_csvs[i].msg) || strchr(err, '\n')) {
      print_error("%s: rc %d, line %d (expected %d), message \"%s\" (expected \"%s\")\n", bad_csvs[i].what, rc, line,
                  bad_csvs[i].line, err, bad_csvs[i].msg);
      fail();
    }
  }
}

// ---- validation ----

static void test_validate(void **state) {
  (void)state;
  // σ 4, 8: aos fastest; σ 32, 64: soa fastest; two kernels per σ, one
  // pattern per kernel (the soa variant of (2,4,128) is 2 % slower: no pattern).
  const char *csv = CSV_HEAD CSV_COLS
      "1,4,4,128,1,1,aos,1,1.0,1.0,1.0,1\n"
      "1,4,4,128,1,1,soa,0,2.0,2.0,2.0,1\n"
      "1,4,4,256,1,1,aos,1,1.0,1.0,1.0,1\n"
      "1,4,4,256,1,1,soa,0,2.0,2.0,2.0,1\n"
      "2,4,8,128,1,1,aos,1,1.0,1.0,1.0,1\n"
      "2,4,8,128,1,1,soa,0,1.02,1.0,1.1,1\n"
      "2,4,8,256,1,1,aos,1,1.0,1.0,1.0,1\n"
      "2,4,8,256,1,1,soa,0,2.0,2.0,2.0,1\n"
      "8,4,32,128,1,1,aos,1,1.5,1.5,1.5,1\n"
      "8,4,32,128,1,1,soa,0,1.0,1.0,1.0,1\n"
      "8,4,32,256,1,1,aos,1,1.5,1.5,1.5,1\n"
      "8,4,32,256,1,1,soa,0,1.0,1.0,1.0,1\n"
      "16,4,64,128,1,1,aos,1,3.0,3.0,3.0,1\n"
      "16,4,64,128,1,1,soa,0,1.0,1.0,1.0,1\n"
      "16,4,64,256,1,1,aos,1,3.0,3.0,3.0,1\n"
      "16,4,64,256,1,1,soa,0,1.0,1.0,1.0,1\n";
  KdTimings *t = parse_ok(csv);
  KdTrainingSet *s = kd_training_build(t, 1.0);
  assert_int_equal(s->nkernels, 8);
  assert_int_equal(s->nsigmas, 4);
  bool enough = false;
  KdValidation *v = kd_validate(s, KD_ATTRS_ALL, &enough);
  assert_true(enough);
  assert_non_null(v);
  assert_int_equal(v->nsigmas, 4);
  assert_int_equal(v->nheld, 4);  // one field size: (σ, σ_min) = σ
  assert_int_equal(v->held[0].sigma_min, 4);
  assert_int_equal(v->nkernels, 8);
  // held out 4: trained on 8 aos ×2, 32/64 soa ×2 each → aos (right)
  assert_int_equal(v->held[0].sigma, 4);
  assert_int_equal(v->held[0].predicted, AOS);
  assert_int_equal(v->held[0].ok, 2);
  // held out 8: trained on 4 aos ×2 and 32/64 soa ×4: split at 4 → 8 is soa:
  // the kernel with soa 1.02× counts as right, the one with 2.0× does not
  assert_int_equal(v->held[1].sigma, 8);
  assert_int_equal(v->held[1].predicted, SOA);
  assert_int_equal(v->held[1].ok, 1);
  assert_float_equal(v->held[1].worst, 2.0, 1e-12);
  assert_int_equal(v->held[2].predicted, SOA);
  assert_int_equal(v->held[3].predicted, SOA);
  assert_int_equal(v->ok, 7);
  assert_int_equal(v->unmeasured, 0);
  assert_float_equal(v->worst, 2.0, 1e-12);
  assert_int_equal(v->worst_kernel, 3);  // kernel (2,4,256)
  assert_int_equal(s->kernels[3].n, 256);
  assert_float_equal(v->slowdown[2], 1.02, 1e-12);
  kd_validation_free(v);
  kd_training_free(s);
  kd_timings_free(t);
  // one σ only: not enough
  t = parse_ok(CSV_HEAD CSV_COLS ROW);
  s = kd_training_build(t, 1.0);
  assert_null(kd_validate(s, KD_ATTRS_ALL, &enough));
  assert_false(enough);
  kd_training_free(s);
  kd_timings_free(t);
}

/* Leave-one-σ-out with two field sizes per σ: 1-byte fields want tiled:64,
 * 4-byte fields aos (the other one is 2x slower).  Each (σ, σ_min) gets its
 * own prediction; the tree on both attributes gets every kernel right, the
 * σ-only tree half of them, and the ceilings are 50 % (per σ) and 100 %
 * (per (σ, σ_min)). */
static void test_validate_sigma_min(void **state) {
  (void)state;
  char csv[8192];
  size_t len = (size_t)snprintf(csv, sizeof csv, "%s", CSV_HEAD CSV_COLS);
  for (int sigma = 8; sigma <= 64; sigma *= 2)
    for (int fb = 1; fb <= 4; fb *= 4)
      len += (size_t)snprintf(csv + len, sizeof csv - len,
                              "%d,%d,%d,128,1,1,aos,1,%s\n%d,%d,%d,128,1,1,tiled,64,%s\n", sigma / fb, fb, sigma,
                              fb == 1 ? "2.0,2.0,2.0,1" : "1.0,1.0,1.0,1", sigma / fb, fb, sigma,
                              fb == 1 ? "1.0,1.0,1.0,1" : "2.0,2.0,2.0,1");
  KdTimings *t = parse_ok(csv);
  KdTrainingSet *s = kd_training_build(t, 1.0);
  assert_int_equal(s->nkernels, 8);
  assert_int_equal(s->nsigmas, 4);
  assert_int_equal(s->ngroups, 8);
  assert_int_equal(kd_ceiling(s, KD_ATTR_BIT(KD_ATTR_SIGMA_C)), 4);
  assert_int_equal(kd_ceiling(s, KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_SIGMA_MIN)), 8);
  bool enough;
  KdValidation *v = kd_validate(s, KD_ATTRS_ALL, &enough);
  assert_non_null(v);
  assert_int_equal(v->nsigmas, 4);
  assert_int_equal(v->nheld, 8);
  for (int i = 0; i < 8; i++) {
    const KdHeldOut *h = &v->held[i];
    assert_int_equal(h->sigma, 8u << (i / 2));                 // increasing σ
    assert_int_equal(h->sigma_min, i % 2 ? 4 : 1);            // then increasing σ_min
    assert_int_equal(h->count, 1);
    assert_int_equal(h->predicted, h->sigma_min == 1 ? T64 : AOS);
    assert_int_equal(h->ok, 1);
    assert_int_equal(s->kernels[h->first].field_bytes, h->sigma_min);
  }
  assert_int_equal(v->ok, 8);
  assert_float_equal(v->worst, 1.0, 1e-12);
  kd_validation_free(v);
  v = kd_validate(s, SIGMA_C_ONLY, &enough);
  assert_int_equal(v->ok, 4);  // one leaf, aos
  assert_float_equal(v->worst, 2.0, 1e-12);
  assert_int_equal(s->kernels[v->worst_kernel].field_bytes, 1);
  assert_int_equal(s->kernels[v->worst_kernel].sigma, 8);  // ties: the first kernel
  kd_validation_free(v);
  kd_training_free(s);
  kd_timings_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_classes),
      cmocka_unit_test(test_add_errs),
      cmocka_unit_test(test_three_classes),
      cmocka_unit_test(test_threshold_is_data_value),
      cmocka_unit_test(test_single_class),
      cmocka_unit_test(test_contradictions),
      cmocka_unit_test(test_noise_pruned),
      cmocka_unit_test(test_prune_margin),
      cmocka_unit_test(test_minobjs),
      cmocka_unit_test(test_mdl_correction),
      cmocka_unit_test(test_log_gain_ratio),
      cmocka_unit_test(test_gain_tie),
      cmocka_unit_test(test_collapse),
      cmocka_unit_test(test_properties),
      cmocka_unit_test(test_sigma_min_separates),
      cmocka_unit_test(test_gain_ratio_not_gain),
      cmocka_unit_test(test_average_gain_filter),
      cmocka_unit_test(test_attribute_tie),
      cmocka_unit_test(test_nested_attributes),
      cmocka_unit_test(test_intervals_bands),
      cmocka_unit_test(test_intervals_merge),
      cmocka_unit_test(test_round_trip),
      cmocka_unit_test(test_determinism),
      cmocka_unit_test(test_csv_good),
      cmocka_unit_test(test_csv_format2),
      cmocka_unit_test(test_access_used),
      cmocka_unit_test(test_used_separates),
      cmocka_unit_test(test_min_gain),
      cmocka_unit_test(test_csv_bad),
      cmocka_unit_test(test_validate),
      cmocka_unit_test(test_validate_sigma_min),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
