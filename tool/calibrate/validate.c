/* validate.c: leave-one-σ-out cross-validation of the learner and the
 * in-sample ceilings it is measured against (Sect. 3.2's goal;
 * docs/decision-tree.md; see learn.h, learnInt.h). */
#include "tool/calibrate/learnInt.h"
#include "analysis/mem.h"

#include <assert.h>
#include <stdlib.h>

// ---- validation ----

KdValidation *kd_validate(const KdTrainingSet *s, unsigned attributes, bool *enough) {
  *enough = s->nsigmas >= 2;
  if (!*enough)
    return NULL;
  KdValidation *v = kd_xcalloc(1, sizeof *v);
  KdPattern *train = kd_xmalloc(((size_t)s->nkernels * KD_NCLASSES) * sizeof *train);
  v->held = kd_xcalloc((size_t)s->ngroups, sizeof *v->held);
  v->slowdown = kd_xcalloc((size_t)s->nkernels, sizeof *v->slowdown);
  v->predicted = kd_xcalloc((size_t)s->nkernels, sizeof *v->predicted);
  v->nkernels = s->nkernels;
  v->worst = 1;
  v->worst_kernel = -1;
  for (int first = 0; first < s->nkernels;) {
    uint64_t sigma = s->kernels[first].sigma;
    int end = first;
    while (end < s->nkernels && s->kernels[end].sigma == sigma)
      end++;
    v->nsigmas++;
    int ntrain = 0;
    for (int k = 0; k < s->nkernels; k++)
      if (s->kernels[k].sigma != sigma)
        ntrain += kd_cal_kernel_patterns(&s->kernels[k], s->min_gain, train + ntrain);
    KdDeviceModel *m = kd_learn(train, ntrain, attributes, NULL);
    // σ's kernels come by increasing m, so by decreasing σ_min, and within one m by
    // non-increasing φ: the groups from the last one
    int at = end;
    while (at > first) {
      KdHeldOut *h = &v->held[v->nheld++];
      const KdKernel *last = &s->kernels[at - 1];
      int k0 = at - 1;
      while (k0 > first && s->kernels[k0 - 1].field_bytes == last->field_bytes && s->kernels[k0 - 1].used == last->used)
        k0--;
      h->sigma = sigma;
      h->sigma_min = last->field_bytes;
      h->used = last->used;
      h->first = k0;
      h->count = at - k0;
      h->predicted = kd_class_of(kd_device_model_select(m, sigma, h->sigma_min, h->used));
      h->worst = 1;
      for (int k = k0; k < at; k++) {
        const KdKernel *kk = &s->kernels[k];
        v->predicted[k] = h->predicted;
        double t = kk->ms[h->predicted], best = kk->ms[kk->fastest];
        if (t < 0) {
          v->slowdown[k] = -1;
          h->unmeasured++;
          continue;
        }
        v->slowdown[k] = t / best;
        if (t <= KD_VALIDATE_TOLERANCE * best)
          h->ok++;
        if (v->slowdown[k] > h->worst)
          h->worst = v->slowdown[k];
        if (v->slowdown[k] > v->worst || (v->slowdown[k] == v->worst && v->worst_kernel > k && v->worst > 1)) {
          v->worst = v->slowdown[k];
          v->worst_kernel = k;
        }
      }
      v->ok += h->ok;
      v->unmeasured += h->unmeasured;
      at = k0;
    }
    kd_device_model_free(m);
    first = end;
  }
  assert(v->nsigmas == s->nsigmas && v->nheld == s->ngroups);
  free(train);
  return v;
}

void kd_validation_free(KdValidation *v) {
  if (!v)
    return;
  free(v->held);
  free(v->slowdown);
  free(v->predicted);
  free(v);
}

/* Whether kernels a and b have the same values of the attributes (σ(c)
 * always). */
static bool same_group(const KdKernel *a, const KdKernel *b, unsigned attributes) {
  return a->sigma == b->sigma && (!(attributes & KD_ATTR_BIT(KD_ATTR_SIGMA_MIN)) || a->field_bytes == b->field_bytes) &&
         (!(attributes & KD_ATTR_BIT(KD_ATTR_USED)) || a->used == b->used);
}

int kd_ceiling(const KdTrainingSet *s, unsigned attributes) {
  int total = 0;
  // kernels of one σ are adjacent: each group lies within its σ's range [lo, hi)
  for (int lo = 0, hi; lo < s->nkernels; lo = hi) {
    for (hi = lo; hi < s->nkernels && s->kernels[hi].sigma == s->kernels[lo].sigma; hi++)
      ;
    for (int g = lo; g < hi; g++) {
      const KdKernel *k0 = &s->kernels[g];
      bool seen = false;  // g is not the first kernel of its group
      for (int k = lo; k < g && !seen; k++)
        seen = same_group(&s->kernels[k], k0, attributes);
      if (seen)
        continue;
      int best = 0;
      for (int c = 0; c < KD_NCLASSES; c++) {
        int ok = 0;
        for (int k = g; k < hi; k++) {
          const KdKernel *kk = &s->kernels[k];
          if (same_group(kk, k0, attributes))
            ok += kk->ms[c] >= 0 && kk->ms[c] <= KD_VALIDATE_TOLERANCE * kk->ms[kk->fastest];
        }
        best = ok > best ? ok : best;
      }
      total += best;
    }
  }
  return total;
}
