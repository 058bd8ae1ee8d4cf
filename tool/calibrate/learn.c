/* learn.c: the C5.0-style decision-tree learner for Select-Tilesize(σ(c),
 * σ_min, φ) (Kofler et al. 2015, Sect. 3.2; method-notes §4), with the
 * classes and access patterns it learns over and the tree read back as
 * boxes of the attribute space.  The learner follows C4.5 Release 8
 * (Quinlan's build.c, contin.c, info.c, prune.c, stats.c) with its
 * defaults, which C5.0 shares: MINOBJS 2, CF 0.25; docs/decision-tree.md
 * describes it.  The timings and the training set are timings.c's, the
 * validation validate.c's (learnInt.h). */
#include "tool/calibrate/learnInt.h"
#include "analysis/mem.h"
#include "analysis/usage.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// ---- classes ----

int kd_class_of(KdLayoutChoice c) {
  switch (c.kind) {
  case KD_LAYOUT_AOS:
    return c.tile == 1 ? KD_CLASS_AOS : -1;
  case KD_LAYOUT_SOA:
    return c.tile == 0 ? KD_CLASS_SOA : -1;
  case KD_LAYOUT_TILED:
    for (int k = 1; k <= 15; k++)
      if (c.tile == (1u << k))
        return 1 + k;
    return -1;
  }
  return -1;
}

KdLayoutChoice kd_class_choice(int cls) {
  assert(cls >= 0 && cls < KD_NCLASSES);
  if (cls == KD_CLASS_AOS)
    return (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
  if (cls == KD_CLASS_SOA)
    return (KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0};
  return (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 1u << (cls - 1)};
}

const char *kd_class_name(int cls) {
  static char names[KD_NCLASSES][16];  // each written on first use: "tiled:32768" at the longest
  if (cls < 0 || cls >= KD_NCLASSES)
    return "?";
  if (!names[cls][0])
    kd_layout_format(names[cls], sizeof names[cls], kd_class_choice(cls), KD_LAYOUT_STYLE_CLI);
  return names[cls];
}

// ---- access patterns ----

const char *kd_access_name(KdAccessPattern a) {
  switch (a) {
  case KD_ACCESS_RW:
    return "rw";
  case KD_ACCESS_SPLIT:
    return "split";
  case KD_ACCESS_ONE:
    return "one";
  case KD_ACCESS_REDUCE:
    return "reduce";
  case KD_NACCESS:
    break;
  }
  return "?";
}

uint32_t kd_access_used_permille(KdAccessPattern a, uint32_t m, uint32_t field_bytes) {
  double s = field_bytes, sigma = (double)m * s;
  uint32_t loads = a == KD_ACCESS_RW || a == KD_ACCESS_REDUCE ? m : a == KD_ACCESS_SPLIT ? (m + 1) / 2 : 1;
  uint32_t stores = a == KD_ACCESS_RW ? m : a == KD_ACCESS_SPLIT ? m / 2 : 1;
  KdUse u = {0, 0};  // usage.h's sum, N = 1 for each direction
  kd_use_add(&u, loads ? 1 : 0, loads * s, sigma);
  kd_use_add(&u, stores ? 1 : 0, stores * s, sigma);
  return kd_used_permille(u.used, u.moved);
}

// ---- the learner ----

/* C4.5's AddErrs (stats.c): the coefficient is the normal deviate for the
 * one-sided confidence CF, interpolated in C4.5's table, squared. */
static double add_errs_coeff(void) {
  static const double val[] = {0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00};
  static const double dev[] = {4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00};
  int i = 0;
  while (KD_LEARN_CF > val[i])
    i++;
  double d = dev[i - 1] + (dev[i] - dev[i - 1]) * (KD_LEARN_CF - val[i - 1]) / (val[i] - val[i - 1]);
  return d * d;
}

double kd_add_errs(double n, double e) {
  const double cf = KD_LEARN_CF;
  if (e < 1e-6)
    return n * (1 - exp(log(cf) / n));
  if (e < 0.9999) {
    double v0 = n * (1 - exp(log(cf) / n));
    return v0 + e * (kd_add_errs(n, 1.0) - v0);
  }
  if (e + 0.5 >= n)
    return 0.67 * (n - e);
  double coeff = add_errs_coeff();
  double pr = (e + 0.5 + coeff / 2 + sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n) + coeff / 4))) / (n + coeff);
  return n * pr - e;
}

#define GAIN_EPS 1e-9  // gains (or gain ratios) closer than this are equal: the earlier threshold (attribute) wins

typedef struct LNode {
  bool leaf;
  int cls;             // majority class of the node's cases (ties: class order)
  int ncases, errors;  // cases, and cases not of class cls
  KdAttribute attr;    // inner: the attribute tested
  uint64_t threshold;  // inner: x[attr] <= threshold goes to le
  struct LNode *le, *gt;
} LNode;

/* The best threshold test on one attribute at one node (C4.5
 * EvalContinuousAtt). */
typedef struct Test {
  bool ok;             // some threshold has a corrected gain > 0
  int tries;           // candidate thresholds (cuts leaving MINOBJS cases on each side)
  double cost;         // C4.5 R8's MDL charge log2(tries) / N, bits
  double gain;         // the best threshold's gain before the charge, bits
  double splitinfo;    // its split info, bits
  uint64_t threshold;  // the largest attribute value at or below the cut
  int nle;             // cases at or below the cut
} Test;

typedef struct Learner {
  KdPattern *cases;          // a node's cases are a contiguous range, sorted by the attribute last evaluated
  double *gain, *splitinfo;  // per cut point, scratch
  unsigned attrs;            // KD_ATTR_BIT()s the tree may test
  FILE *log;
} Learner;

static void free_lnode(LNode *n) {
  if (!n)
    return;
  free_lnode(n->le);
  free_lnode(n->gt);
  free(n);
}

/* Entropy (bits) of the class counts with total n. */
static double info(const int *counts, int n) {
  double h = 0;
  for (int c = 0; c < KD_NCLASSES; c++)
    if (counts[c] > 0) {
      double p = (double)counts[c] / n;
      h -= p * log2(p);
    }
  return h;
}

static void log_counts(FILE *f, const int *counts) {
  const char *sep = "";
  for (int c = 0; c < KD_NCLASSES; c++)
    if (counts[c]) {
      fprintf(f, "%s%s %d", sep, kd_class_name(c), counts[c]);
      sep = ", ";
    }
}

/* Case order for evaluating attribute a: (x[a], class, then every
 * attribute in order), a total order on the cases' contents, so that a
 * node's order does not depend on the order of the input. */
static int cmp_cases(const KdPattern *x, const KdPattern *y, int a) {
  if (x->x[a] != y->x[a])
    return x->x[a] < y->x[a] ? -1 : 1;
  if (x->cls != y->cls)
    return x->cls < y->cls ? -1 : 1;
  for (int b = 0; b < KD_NATTRS; b++)
    if (x->x[b] != y->x[b])
      return x->x[b] < y->x[b] ? -1 : 1;
  return 0;
}

static int cmp_sigma_c(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_SIGMA_C);
}

static int cmp_sigma_min(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_SIGMA_MIN);
}

static int cmp_used(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_USED);
}

static int (*const cmp_by[KD_NATTRS])(const void *, const void *) = {cmp_sigma_c, cmp_sigma_min, cmp_used};

/* Subtree training errors (C4.5: a subtree no better than a leaf on the
 * training cases is collapsed). */
static int tree_errors(const LNode *n) {
  return n->leaf ? n->errors : tree_errors(n->le) + tree_errors(n->gt);
}

/* The best threshold on attribute a for cases [lo, hi) with class counts
 * `counts` and entropy `base` (C4.5 R8 EvalContinuousAtt): every cut
 * between two adjacent distinct values leaving >= MINOBJS cases on each
 * side is a candidate; the one with the highest gain - log2(tries)/N, if
 * that is > 0, is the attribute's test (equal within GAIN_EPS: the
 * smallest threshold).  Leaves [lo, hi) sorted by a. */
static Test evaluate(Learner *L, KdAttribute a, int lo, int hi, double base, const int *counts) {
  KdPattern *x = L->cases;
  int N = hi - lo;
  Test t = {0};
  qsort(x + lo, (size_t)N, sizeof *x, cmp_by[a]);
  int left[KD_NCLASSES] = {0}, right[KD_NCLASSES];
  memcpy(right, counts, sizeof right);
  for (int i = lo; i < hi - 1; i++)
    L->gain[i] = -1;  // not a candidate (the scratch array holds other nodes' gains)
  for (int i = lo; i < hi - 1; i++) {
    left[x[i].cls]++;
    right[x[i].cls]--;
    int nl = i - lo + 1, nr = N - nl;
    if (nl < KD_LEARN_MINOBJS)
      continue;
    if (nr < KD_LEARN_MINOBJS)
      break;
    if (x[i].x[a] == x[i + 1].x[a])
      continue;
    L->gain[i] = base - ((double)nl * info(left, nl) + (double)nr * info(right, nr)) / N;
    int sizes[KD_NCLASSES] = {nl, nr};  // the two branches as two "classes"
    L->splitinfo[i] = info(sizes, N);
    t.tries++;
  }
  if (t.tries == 0)
    return t;
  // C4.5 Release 8: the threshold's cost log2(tries)/N is charged to its gain (MDL)
  t.cost = log2((double)t.tries) / N;
  double best = 0;
  int best_i = -1;
  for (int i = lo; i < hi - 1; i++)
    if (L->gain[i] >= 0 && L->gain[i] - t.cost > best + GAIN_EPS) {
      best = L->gain[i] - t.cost;
      best_i = i;
    }
  if (best_i < 0)
    return t;
  t.ok = true;
  t.gain = L->gain[best_i];
  t.splitinfo = L->splitinfo[best_i];
  t.threshold = x[best_i].x[a];  // the largest value at or below the cut (C4.5's GreatestValueBelow)
  t.nle = best_i + 1 - lo;
  return t;
}

static void log_test(FILE *f, int depth, KdAttribute a, const Test *t, int N) {
  const char *name = kd_attribute_name(a);
  if (t->tries == 0)
    fprintf(f, "%*s  %s: no threshold leaves %d cases on both sides\n", 2 * depth, "", name, KD_LEARN_MINOBJS);
  else if (!t->ok)
    fprintf(f, "%*s  %s: no threshold has gain > log2(%d)/%d = %.6f\n", 2 * depth, "", name, t->tries, N, t->cost);
  else
    fprintf(f, "%*s  %s <= %llu: %d | %d cases, gain %.6f - log2(%d)/%d = %.6f, split info %.6f, gain ratio %.6f\n",
            2 * depth, "", name, (unsigned long long)t->threshold, t->nle, N - t->nle, t->gain, t->tries, N,
            t->gain - t->cost, t->splitinfo, (t->gain - t->cost) / t->splitinfo);
}

/* Grows the tree on cases [lo, hi) (C4.5 R8 FormTree with
 * EvalContinuousAtt per attribute). */
static LNode *grow(Learner *L, int lo, int hi, int depth) {
  LNode *node = kd_xcalloc(1, sizeof *node);
  const KdPattern *x = L->cases;
  int N = hi - lo;
  int counts[KD_NCLASSES] = {0};
  for (int i = lo; i < hi; i++)
    counts[x[i].cls]++;
  node->leaf = true;
  node->ncases = N;
  node->cls = 0;
  for (int c = 1; c < KD_NCLASSES; c++)
    if (counts[c] > counts[node->cls])
      node->cls = c;
  node->errors = N - counts[node->cls];
  if (L->log) {
    fprintf(L->log, "%*snode: %d cases", 2 * depth, "", N);
    for (int a = 0; a < KD_NATTRS; a++)
      if (L->attrs & KD_ATTR_BIT(a)) {
        uint64_t vmin = x[lo].x[a], vmax = x[lo].x[a];
        for (int i = lo; i < hi; i++) {
          vmin = x[i].x[a] < vmin ? x[i].x[a] : vmin;
          vmax = x[i].x[a] > vmax ? x[i].x[a] : vmax;
        }
        fprintf(L->log, ", %s %llu..%llu", kd_attribute_name((KdAttribute)a), (unsigned long long)vmin,
                (unsigned long long)vmax);
      }
    fprintf(L->log, ": ");
    log_counts(L->log, counts);
    fprintf(L->log, "; majority %s, %d errors\n", kd_class_name(node->cls), node->errors);
  }
  if (N < 2 * KD_LEARN_MINOBJS || node->errors == 0) {
    if (L->log)
      fprintf(L->log, "%*s  leaf %s (%s)\n", 2 * depth, "", kd_class_name(node->cls),
              node->errors == 0 ? "pure" : "fewer than 2*MINOBJS cases");
    return node;
  }
  // every attribute's best threshold, and their average corrected gain (C4.5 R8 FormTree)
  double base = info(counts, N);
  Test tests[KD_NATTRS] = {{0}};
  int possible = 0, sorted_by = -1;
  double avg = 0;
  for (int a = 0; a < KD_NATTRS; a++) {
    if (!(L->attrs & KD_ATTR_BIT(a)))
      continue;
    tests[a] = evaluate(L, (KdAttribute)a, lo, hi, base, counts);
    sorted_by = a;
    if (L->log)
      log_test(L->log, depth, (KdAttribute)a, &tests[a], N);
    if (tests[a].ok) {
      possible++;
      avg += tests[a].gain - tests[a].cost;
    }
  }
  // among the tests with at least the average gain (less C4.5's Epsilon), the highest gain ratio
  int best = -1;
  double best_ratio = 0;
  if (possible > 0) {
    avg /= possible;
    for (int a = 0; a < KD_NATTRS; a++) {
      const Test *t = &tests[a];
      if (!t->ok || t->gain - t->cost < avg - KD_LEARN_EPSILON || t->splitinfo <= KD_LEARN_EPSILON)
        continue;
      double ratio = (t->gain - t->cost) / t->splitinfo;
      if (best < 0 || ratio > best_ratio + GAIN_EPS) {
        best = a;
        best_ratio = ratio;
      }
    }
  }
  if (best < 0) {
    if (L->log)
      fprintf(L->log, "%*s  leaf %s (no test has a positive gain)\n", 2 * depth, "", kd_class_name(node->cls));
    return node;
  }
  const Test *t = &tests[best];
  if (sorted_by != best)
    qsort(L->cases + lo, (size_t)N, sizeof *L->cases, cmp_by[best]);
  node->attr = (KdAttribute)best;
  node->threshold = t->threshold;
  if (L->log)
    fprintf(L->log, "%*s  split %s <= %llu (gain ratio %.6f; average gain %.6f of %d test%s)\n", 2 * depth, "",
            kd_attribute_name(node->attr), (unsigned long long)node->threshold, best_ratio, avg, possible,
            possible == 1 ? "" : "s");
  node->leaf = false;
  int cut = lo + t->nle;
  node->le = grow(L, lo, cut, depth + 1);
  node->gt = grow(L, cut, hi, depth + 1);
  int sub = tree_errors(node);
  if (sub >= node->errors) {
    if (L->log)
      fprintf(L->log, "%*s  collapse %s <= %llu to leaf %s: subtree makes %d training errors, a leaf %d\n",
              2 * depth, "", kd_attribute_name(node->attr), (unsigned long long)node->threshold,
              kd_class_name(node->cls), sub, node->errors);
    free_lnode(node->le);
    free_lnode(node->gt);
    node->le = node->gt = NULL;
    node->leaf = true;
  }
  return node;
}

/* C4.5's pessimistic pruning (prune.c EstimateErrors, without subtree
 * raising), bottom-up; returns the node's estimated errors. */
static double prune(Learner *L, LNode *n, int depth) {
  double as_leaf = n->errors + kd_add_errs(n->ncases, n->errors);
  if (n->leaf)
    return as_leaf;
  double sub = prune(L, n->le, depth + 1) + prune(L, n->gt, depth + 1);
  bool cut = as_leaf <= sub + 0.1;
  if (L->log)
    fprintf(L->log, "%*sprune %s <= %llu (%d cases): as leaf %s %.4f, subtree %.4f: %s\n", 2 * depth, "",
            kd_attribute_name(n->attr), (unsigned long long)n->threshold, n->ncases, kd_class_name(n->cls), as_leaf,
            sub, cut ? "replaced by the leaf" : "kept");
  if (!cut)
    return sub;
  free_lnode(n->le);
  free_lnode(n->gt);
  n->le = n->gt = NULL;
  n->leaf = true;
  return as_leaf;
}

/* Bottom-up: a split whose two branches are leaves of one class becomes
 * that leaf. */
static void merge(Learner *L, LNode *n) {
  if (n->leaf)
    return;
  merge(L, n->le);
  merge(L, n->gt);
  if (n->le->leaf && n->gt->leaf && n->le->cls == n->gt->cls) {
    if (L->log)
      fprintf(L->log, "merge %s <= %llu: both sides %s\n", kd_attribute_name(n->attr),
              (unsigned long long)n->threshold, kd_class_name(n->le->cls));
    n->cls = n->le->cls;
    free_lnode(n->le);
    free_lnode(n->gt);
    n->le = n->gt = NULL;
    n->leaf = true;
  }
}

static int count_nodes(const LNode *n) {
  return n->leaf ? 1 : 1 + count_nodes(n->le) + count_nodes(n->gt);
}

/* Writes n and its subtree into m->nodes in preorder; returns n's index. */
static int flatten(const LNode *n, KdDeviceModel *m) {
  int idx = m->nnodes++;
  KdTreeNode *t = &m->nodes[idx];
  t->leaf = n->leaf;
  if (n->leaf) {
    t->choice = kd_class_choice(n->cls);
    return idx;
  }
  t->attribute = n->attr;
  t->threshold = n->threshold;
  int le = flatten(n->le, m);
  int gt = flatten(n->gt, m);
  m->nodes[idx].le = le;
  m->nodes[idx].gt = gt;
  return idx;
}

KdDeviceModel *kd_learn(const KdPattern *patterns, int npatterns, unsigned attributes, FILE *log) {
  KdDeviceModel *m = kd_xcalloc(1, sizeof *m);
  m->source = kd_xstrdup("trained");
  attributes &= KD_ATTRS_ALL;
  if (!attributes)
    attributes = KD_ATTR_BIT(KD_ATTR_SIGMA_C);
  if (npatterns <= 0) {
    m->nodes = kd_xcalloc(1, sizeof(KdTreeNode));
    m->nnodes = 1;
    m->nodes[0] = (KdTreeNode){.leaf = true, .choice = kd_class_choice(KD_CLASS_AOS)};
    if (log)
      fprintf(log, "no training patterns: a single aos leaf\n");
    return m;
  }
  KdPattern *cases = kd_xmalloc((size_t)npatterns * sizeof *cases);
  Learner L = {cases, kd_xmalloc((size_t)npatterns * sizeof(double)), kd_xmalloc((size_t)npatterns * sizeof(double)),
               attributes, log};
  memcpy(cases, patterns, (size_t)npatterns * sizeof *cases);
  if (log) {
    fprintf(log, "growing (MINOBJS %d) on %d patterns, attributes", KD_LEARN_MINOBJS, npatterns);
    for (int a = 0; a < KD_NATTRS; a++)
      if (attributes & KD_ATTR_BIT(a))
        fprintf(log, " %s", kd_attribute_name((KdAttribute)a));
    fprintf(log, "\n");
  }
  LNode *root = grow(&L, 0, npatterns, 0);
  if (log)
    fprintf(log, "pruning (CF %.2f)\n", KD_LEARN_CF);
  prune(&L, root, 0);
  merge(&L, root);
  m->nodes = kd_xcalloc((size_t)count_nodes(root), sizeof(KdTreeNode));
  flatten(root, m);
  free_lnode(root);
  free(cases);
  free(L.gain);
  free(L.splitinfo);
  return m;
}

// ---- intervals ----

typedef KD_VEC(KdInterval) BoxList;

/* Appends a box, or extends the last one when it is of the same band and
 * class (the walk visits a band's σ(c) intervals in order, contiguously). */
static void push_box(BoxList *l, KdInterval b) {
  if (l->n > 0) {
    KdInterval *last = &l->v[l->n - 1];
    if (last->min_lo == b.min_lo && last->used_lo == b.used_lo && last->cls == b.cls) {
      last->hi = b.hi;
      return;
    }
  }
  kd_vec_push(l, b);
}

/* In-order walk of node i for σ_min = band.min_lo and φ = band.used_lo
 * (every σ_min and φ test is the same over the band) restricted to
 * lo <= σ(c) <= hi. */
static void walk_band(const KdDeviceModel *m, int i, uint64_t lo, uint64_t hi, KdInterval band, BoxList *l) {
  const KdTreeNode *n = &m->nodes[i];
  if (n->leaf) {
    push_box(l, (KdInterval){lo, hi, band.min_lo, band.min_hi, band.used_lo, band.used_hi, kd_class_of(n->choice)});
    return;
  }
  uint64_t t = n->threshold;
  if (n->attribute == KD_ATTR_SIGMA_MIN) {
    walk_band(m, band.min_lo <= t ? n->le : n->gt, lo, hi, band, l);
    return;
  }
  if (n->attribute == KD_ATTR_USED) {
    walk_band(m, band.used_lo <= t ? n->le : n->gt, lo, hi, band, l);
    return;
  }
  if (lo <= t)
    walk_band(m, n->le, lo, t < hi ? t : hi, band, l);
  if (t < hi)
    walk_band(m, n->gt, t + 1 > lo ? t + 1 : lo, hi, band, l);
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Whether the boxes p[0..np) of the previous band say the same as the
 * boxes c[0..nc) of the band that starts at σ_min = from, over σ(c) >= from. */
static bool same_above(const KdInterval *p, int np, const KdInterval *c, int nc, uint64_t from) {
  while (np > 0 && p->hi < from) {
    p++;
    np--;
  }
  if (np != nc)
    return false;
  for (int j = 0; j < nc; j++)
    if (p[j].cls != c[j].cls || p[j].hi != c[j].hi || (j > 0 && p[j].lo != c[j].lo))
      return false;
  return true;
}

/* The bands the tests of m's tree on attribute a cut that attribute's axis
 * into, in increasing order: band b is lo[b] <= a <= hi[b] (UINT64_MAX: no
 * upper limit); one band, 0 .. UINT64_MAX, for an attribute no node tests.
 * cuts, lo and hi have room for m->nnodes + 1 entries; returns the number
 * of bands. */
static int tree_bands(const KdDeviceModel *m, KdAttribute a, uint64_t *cuts, uint64_t *lo, uint64_t *hi) {
  int ncuts = 0;
  for (int i = 0; i < m->nnodes; i++)
    if (!m->nodes[i].leaf && m->nodes[i].attribute == a)
      cuts[ncuts++] = m->nodes[i].threshold;
  qsort(cuts, (size_t)ncuts, sizeof *cuts, cmp_u64);
  int n = 0;
  for (int b = 0; b <= ncuts; b++) {
    if (b > 0 && (cuts[b - 1] == UINT64_MAX || (b < ncuts && cuts[b] == cuts[b - 1])))
      continue;  // a repeated cut, or nothing above the last one
    lo[n] = b > 0 ? cuts[b - 1] + 1 : 0;
    hi[n++] = b < ncuts ? cuts[b] : UINT64_MAX;
  }
  return n;
}

/* Whether boxes p[0..n) and c[0..n) agree in everything but their φ band. */
static bool same_boxes(const KdInterval *p, const KdInterval *c, int n) {
  for (int j = 0; j < n; j++)
    if (p[j].lo != c[j].lo || p[j].hi != c[j].hi || p[j].min_lo != c[j].min_lo || p[j].min_hi != c[j].min_hi ||
        p[j].cls != c[j].cls)
      return false;
  return true;
}

/* The σ_min bands (lo[0..n), hi[0..n)) of the φ band [used_lo, used_hi], appended to l. */
static void used_band(const KdDeviceModel *m, const uint64_t *lo, const uint64_t *hi, int n, uint64_t used_lo,
                      uint64_t used_hi, BoxList *l) {
  int prev = -1;  // index in l of the previous σ_min band's first box
  for (int b = 0; b < n; b++) {
    KdInterval band = {0, 0, lo[b], hi[b], used_lo, used_hi, -1};
    int first = l->n;
    walk_band(m, 0, band.min_lo, UINT64_MAX, band, l);
    if (prev >= 0 && same_above(l->v + prev, first - prev, l->v + first, l->n - first, band.min_lo)) {
      for (int j = prev; j < first; j++)
        l->v[j].min_hi = band.min_hi;
      l->n = first;
      continue;
    }
    prev = first;
  }
}

int kd_device_model_intervals(const KdDeviceModel *m, KdInterval *out, int max) {
  size_t room = (size_t)m->nnodes + 1;
  uint64_t *buf = kd_xmalloc(5 * room * sizeof *buf);  // cuts, then σ_min's bands, then φ's
  BoxList l = {0};
  uint64_t *cuts = buf, *mlo = buf + room, *mhi = buf + 2 * room, *ulo = buf + 3 * room, *uhi = buf + 4 * room;
  int nm = tree_bands(m, KD_ATTR_SIGMA_MIN, cuts, mlo, mhi), nu = tree_bands(m, KD_ATTR_USED, cuts, ulo, uhi);
  int prev = -1;  // index in l of the previous φ band's first box
  for (int b = 0; b < nu; b++) {
    int first = l.n;
    used_band(m, mlo, mhi, nm, ulo[b], uhi[b], &l);
    if (prev >= 0 && first - prev == l.n - first && same_boxes(l.v + prev, l.v + first, first - prev)) {
      for (int j = prev; j < first; j++)
        l.v[j].used_hi = uhi[b];
      l.n = first;
      continue;
    }
    prev = first;
  }
  free(buf);
  for (int j = 0; j < l.n && j < max; j++)
    out[j] = l.v[j];
  free(l.v);
  return l.n;
}
