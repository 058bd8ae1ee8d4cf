/* distance.c: memory distance δ over the access model (Sect. 3.1, docs/method-notes.md §1).
 *
 * Three passes over the region tree of a kernel, for one struct with F fields:
 *
 * 0. local_block(r, cur): walks forward through straight-line code and
 *    branches carrying the distance from the nearest preceding access of
 *    every g, and stores it at every access of the struct (Prev).  Loops,
 *    switch segments and calls start a new block, jumps end one, so the value
 *    is the same in every iteration and every call site.
 *
 * 1. summary(r): what region r looks like from outside, for every target
 *    field g.  Every path through r either reaches an access of g (the
 *    cheapest such path costs C[g] bytes, counting σ up to and including the
 *    access), or leaves r normally (cheapest: wn bytes), by `break` (wb) or by
 *    `continue` (wc).  So the distance from r's entry to the next g is
 *    min(C[g], wn + x_next[g], wb + x_break[g], wc + x_cont[g]), for the
 *    distances x at the exits.  Summaries compose (seq, alternatives, loops)
 *    and loop summaries are memoised.
 *
 * 2. eval(r, state): walks r backwards carrying, for each context, the
 *    distance from the current point to the next access of every g.  At each
 *    access of a field f1 the distances after it are the candidates for
 *    δ→(f1,g) (their maximum over the contexts, lowered to pass 0's
 *    predecessor distance); then the access is stepped over (g = f1 becomes σ(i), the
 *    others grow by σ(i)).  A loop body is seen in many iterations; since
 *    distances are monotone in the continuation, the largest finite value over
 *    all iterations is reached in the first or in the last, so a body is
 *    evaluated under two contexts per enclosing context (first iteration:
 *    the rest of the loop follows; last iteration: the loop's exit follows).
 *
 * Invariants: distances are in bytes, KD_INF (INT64_MAX) means no path, finite
 * values never exceed KD_DIST_CAP (saturating arithmetic, 64-bit).
 */
#include "distance.h"
#include "mem.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#define KD_INF INT64_MAX

static int64_t sat_add(int64_t a, int64_t b) {
  if (a == KD_INF || b == KD_INF)
    return KD_INF;
  int64_t s = a + b;  // both ≤ KD_DIST_CAP = 2^60: no overflow
  return s > KD_DIST_CAP ? KD_DIST_CAP : s;
}

static int64_t sat_mul(int64_t n, int64_t w) {
  if (n == 0)
    return 0;
  if (w == KD_INF)
    return KD_INF;
  if (w != 0 && n > KD_DIST_CAP / w)
    return KD_DIST_CAP;
  return n * w;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* ---- pass 1: summaries ---- */

typedef struct Sum {
  int64_t *C;            // F entries: cheapest path from entry to an access of g
  int64_t wn, wb, wc, wr;  // cheapest path to the normal exit / a break / a continue / a return
} Sum;

typedef struct Memo {
  const KdRegion *key;   // a KR_LOOP region
  Sum iter;              // one iteration: cond; body; inc (or body; cond)
  Sum whole;             // the whole loop statement, init included
  UT_hash_handle hh;
} Memo;

typedef struct Prev {
  const KdRegion *key;   // a KR_ACCESS region of the struct under analysis
  int64_t *P;            // F entries: distance from the nearest preceding access of g in its block, or KD_INF
  UT_hash_handle hh;
} Prev;

typedef struct Dist {
  int F;                 // fields of the struct under analysis
  int sid;               // its struct id
  int64_t *dir;          // F×F directed distances (output)
  Memo *memo;            // loop summaries
  Prev *prev;            // pass 0's result, one entry per access of the struct
} Dist;

static void sum_init(Dist *d, Sum *s) {
  s->C = kd_xmalloc((size_t)d->F * sizeof(int64_t));
  for (int g = 0; g < d->F; g++)
    s->C[g] = KD_INF;
  s->wn = 0;  // identity: leaves at once
  s->wb = s->wc = s->wr = KD_INF;
}

static void sum_free(Sum *s) {
  free(s->C);
  s->C = NULL;
}

/* a := a ; b */
static void sum_seq(Dist *d, Sum *a, const Sum *b) {
  for (int g = 0; g < d->F; g++)
    a->C[g] = min64(a->C[g], sat_add(a->wn, b->C[g]));
  a->wb = min64(a->wb, sat_add(a->wn, b->wb));
  a->wc = min64(a->wc, sat_add(a->wn, b->wc));
  a->wr = min64(a->wr, sat_add(a->wn, b->wr));
  a->wn = sat_add(a->wn, b->wn);
}

/* a := a | b (either path may be taken) */
static void sum_alt(Dist *d, Sum *a, const Sum *b) {
  for (int g = 0; g < d->F; g++)
    a->C[g] = min64(a->C[g], b->C[g]);
  a->wn = min64(a->wn, b->wn);
  a->wb = min64(a->wb, b->wb);
  a->wc = min64(a->wc, b->wc);
  a->wr = min64(a->wr, b->wr);
}

static void sum_copy(Dist *d, Sum *dst, const Sum *src) {
  memcpy(dst->C, src->C, (size_t)d->F * sizeof(int64_t));
  dst->wn = src->wn;
  dst->wb = src->wb;
  dst->wc = src->wc;
  dst->wr = src->wr;
}

/* Does access `a` move field g of the struct under analysis? */
static bool moves(const Dist *d, const KdAccess *a, int g) {
  return a->struct_id == d->sid && (a->field < 0 || a->field == g);
}

static void summary(Dist *d, const KdRegion *r, Sum *out);

/* out := a ; b for two optional regions (NULL = empty) */
static void summary_opt(Dist *d, const KdRegion *r, Sum *out) {
  if (!r)
    sum_init(d, out);
  else
    summary(d, r, out);
}

static Memo *loop_memo(Dist *d, const KdRegion *r);

/* out := first ; rest, where out was initialised by the caller; frees rest. */
static void prefix(Dist *d, const KdRegion *first, Sum *rest, Sum *out) {
  Sum c = {0};
  summary_opt(d, first, &c);
  sum_seq(d, &c, rest);
  sum_copy(d, out, &c);
  sum_free(&c);
  sum_free(rest);
}

/* Summary of one region into a fresh `out` (caller frees out->C). */
static void summary(Dist *d, const KdRegion *r, Sum *out) {
  sum_init(d, out);
  Sum t = {0};
  switch (r->kind) {
  case KR_ACCESS:
    for (int g = 0; g < d->F; g++)
      out->C[g] = moves(d, &r->acc, g) ? r->acc.bytes : KD_INF;
    out->wn = r->acc.bytes;
    return;
  case KR_SEQ:
    for (int i = r->n - 1; i >= 0; i--) {
      summary(d, r->kids[i], &t);
      sum_seq(d, &t, out);
      sum_copy(d, out, &t);
      sum_free(&t);
    }
    return;
  case KR_IF: {
    Sum e = {0};
    summary_opt(d, r->kids[1], &t);
    summary_opt(d, r->kids[2], &e);
    sum_alt(d, &t, &e);
    sum_free(&e);
    prefix(d, r->kids[0], &t, out);
    return;
  }
  case KR_LOOP:
    sum_copy(d, out, &loop_memo(d, r)->whole);
    return;
  case KR_SWITCH: {
    // Entering at any case label runs that segment and falls through the rest.
    Sum alt, suffix;
    sum_init(d, &alt);
    sum_init(d, &suffix);
    if (r->has_default)  // no path skips every case
      alt.wn = KD_INF;
    for (int i = r->n - 1; i >= 1; i--) {
      summary(d, r->kids[i], &t);
      sum_seq(d, &t, &suffix);
      sum_copy(d, &suffix, &t);
      sum_free(&t);
      sum_alt(d, &alt, &suffix);
    }
    alt.wn = min64(alt.wn, alt.wb);  // `break` leaves the switch normally
    alt.wb = KD_INF;
    sum_free(&suffix);
    prefix(d, r->kids[0], &alt, out);
    return;
  }
  case KR_BREAK:
    out->wn = KD_INF;
    out->wb = 0;
    return;
  case KR_CONTINUE:
    out->wn = KD_INF;
    out->wc = 0;
    return;
  case KR_RETURN:
    out->wn = KD_INF;
    out->wr = 0;
    return;
  case KR_CALL:
    summary_opt(d, r->kids[0], &t);
    sum_copy(d, out, &t);
    sum_free(&t);
    out->wn = min64(out->wn, out->wr);  // a return reaches the call's exit
    out->wr = KD_INF;
    return;
  }
}

/* Loop summaries: `iter` = one iteration with continue resolved to the
 * increment, `whole` = init; n iterations (or a break); final condition. */
static Memo *loop_memo(Dist *d, const KdRegion *r) {
  Memo *m;
  HASH_FIND_PTR(d->memo, &r, m);
  if (m)
    return m;
  m = kd_xcalloc(1, sizeof(Memo));
  m->key = r;
  const KdRegion *init = r->kids[0], *cond = r->kids[1], *body = r->kids[2], *inc = r->kids[3];
  const KdLoop *lp = r->loop;
  Sum sc = {0}, sb = {0}, si = {0}, t = {0};
  summary_opt(d, cond, &sc);
  summary_opt(d, body, &sb);
  summary_opt(d, inc, &si);
  sum_init(d, &m->iter);
  sum_init(d, &m->whole);
  sum_init(d, &t);
  // continue jumps to the increment (for) or the condition (do): a normal end of the body
  sb.wn = min64(sb.wn, sb.wc);
  sb.wc = KD_INF;
  if (lp->do_while) {  // iter = body; cond
    sum_copy(d, &m->iter, &sb);
    sum_seq(d, &m->iter, &sc);
  } else {  // iter = cond; body; inc
    sum_copy(d, &m->iter, &sc);
    sum_seq(d, &m->iter, &sb);
    sum_seq(d, &m->iter, &si);
  }
  int64_t n = lp->trip;
  // core = n iterations then the final condition test; a break leaves at once
  if (n == 0) {
    sum_copy(d, &t, &sc);  // only the condition runs
  } else {
    int64_t nw = sat_mul(n, m->iter.wn);
    for (int g = 0; g < d->F; g++)
      t.C[g] = min64(m->iter.C[g], lp->do_while ? KD_INF : sat_add(nw, sc.C[g]));
    t.wn = min64(m->iter.wb, lp->do_while ? nw : sat_add(nw, sc.wn));
  }
  t.wb = t.wc = KD_INF;
  t.wr = n == 0 ? sc.wr : min64(m->iter.wr, lp->do_while ? KD_INF : sat_add(sat_mul(n, m->iter.wn), sc.wr));
  if (init) {
    Sum s0 = {0};
    summary(d, init, &s0);
    sum_copy(d, &m->whole, &s0);
    sum_free(&s0);
  }
  sum_seq(d, &m->whole, &t);
  sum_free(&sc);
  sum_free(&sb);
  sum_free(&si);
  sum_free(&t);
  HASH_ADD_PTR(d->memo, key, m);
  return m;
}

/* ---- pass 0: the nearest preceding access within a block ---- */

/* cur[g] := the distance from the nearest preceding access of g to the
 * current point (σ of the instructions after that access), walking forward
 * through straight-line code and branches (IN = min over the two sides).
 * Every loop, switch segment and inlined call starts a new block (cur = ∞ at
 * its entry and after it), and a jump ends one, so the value at an access is
 * the same in every iteration and at every call site: it is a bound on the
 * access's true nearest predecessor in every instance (docs/method-notes.md
 * §1, "nearest neighbour in either direction"). */
static void local_block(Dist *d, const KdRegion *r, int64_t *cur);

static void local_fresh(Dist *d, const KdRegion *r) {
  if (!r)
    return;
  int64_t *v = kd_xmalloc((size_t)d->F * sizeof(int64_t));
  for (int g = 0; g < d->F; g++)
    v[g] = KD_INF;
  local_block(d, r, v);
  free(v);
}

static void local_kill(Dist *d, int64_t *cur) {
  for (int g = 0; g < d->F; g++)
    cur[g] = KD_INF;
}

static void local_block(Dist *d, const KdRegion *r, int64_t *cur) {
  const int F = d->F;
  if (!r)
    return;
  switch (r->kind) {
  case KR_ACCESS:
    if (r->acc.struct_id == d->sid) {
      Prev *p;
      HASH_FIND_PTR(d->prev, &r, p);
      if (!p) {  // a callee shared by several call sites is walked once per site, alike
        p = kd_xcalloc(1, sizeof(Prev));
        p->key = r;
        p->P = kd_xmalloc((size_t)F * sizeof(int64_t));
        HASH_ADD_PTR(d->prev, key, p);
      }
      for (int g = 0; g < F; g++)
        p->P[g] = sat_add(cur[g], r->acc.bytes);
    }
    for (int g = 0; g < F; g++)
      cur[g] = moves(d, &r->acc, g) ? 0 : sat_add(cur[g], r->acc.bytes);
    return;
  case KR_SEQ:
    for (int i = 0; i < r->n; i++)
      local_block(d, r->kids[i], cur);
    return;
  case KR_IF: {
    local_block(d, r->kids[0], cur);
    int64_t *e = kd_xmalloc((size_t)F * sizeof(int64_t));
    memcpy(e, cur, (size_t)F * sizeof(int64_t));
    local_block(d, r->kids[1], cur);
    local_block(d, r->kids[2], e);
    for (int g = 0; g < F; g++)
      cur[g] = min64(cur[g], e[g]);
    free(e);
    return;
  }
  case KR_LOOP:
  case KR_SWITCH:
  case KR_CALL:
    for (int i = 0; i < r->n; i++)
      local_fresh(d, r->kids[i]);
    local_kill(d, cur);
    return;
  case KR_BREAK:
  case KR_CONTINUE:
  case KR_RETURN:
    local_kill(d, cur);  // what follows in this block is dead: no predecessor
    return;
  }
}

/* ---- pass 2: evaluation under contexts ---- */

/* R contexts, each a vector of F distances from the current point to the next
 * access of every field; brk/cont: the same at the innermost break / continue
 * target (NULL outside a loop or switch). */
typedef struct State {
  int R;
  int64_t *cur;   // R×F
  int64_t *brk;   // R×F or NULL
  int64_t *cont;  // R×F or NULL
  int64_t *ret;   // R×F: after the innermost inlined call; NULL in the kernel (end of path)
} State;

static int64_t *mat_new(Dist *d, int R) { return kd_xmalloc((size_t)R * (size_t)d->F * sizeof(int64_t)); }

static int64_t *mat_dup(Dist *d, int R, const int64_t *src) {
  int64_t *m = mat_new(d, R);
  memcpy(m, src, (size_t)R * (size_t)d->F * sizeof(int64_t));
  return m;
}

static void mat_min(Dist *d, int R, int64_t *a, const int64_t *b) {
  size_t n = (size_t)R * (size_t)d->F;
  for (size_t i = 0; i < n; i++)
    a[i] = min64(a[i], b[i]);
}

static void eval(Dist *d, const KdRegion *r, State *s);

static void eval_opt(Dist *d, const KdRegion *r, State *s) {
  if (r)
    eval(d, r, s);
}

static void record(Dist *d, const KdRegion *r, const State *s) {
  const int F = d->F;
  const KdAccess *a = &r->acc;
  if (a->struct_id != d->sid)
    return;  // other data only adds distance
  Prev *p;
  HASH_FIND_PTR(d->prev, &r, p);
  assert(p);  // pass 0 reached every access that pass 2 reaches
  for (int g = 0; g < F; g++) {
    int64_t best = KD_DIST_NONE;
    if (moves(d, a, g)) {
      best = 0;  // the same instruction moves g as well
    } else {
      for (int k = 0; k < s->R; k++) {
        int64_t v = s->cur[(size_t)k * F + g];
        if (v != KD_INF)
          best = max64(best, v);
      }
    }
    if (best == KD_DIST_NONE)
      continue;
    best = min64(best, p->P[g]);  // a neighbour just before it is as near (method-notes §1)
    if (a->field >= 0) {
      if (a->field != g)
        d->dir[(size_t)a->field * F + g] = max64(d->dir[(size_t)a->field * F + g], best);
    } else {
      for (int f1 = 0; f1 < F; f1++)
        if (f1 != g)
          d->dir[(size_t)f1 * F + g] = max64(d->dir[(size_t)f1 * F + g], best);
    }
  }
}

static void step(Dist *d, const KdAccess *a, State *s) {
  const int F = d->F;
  for (int g = 0; g < F; g++) {
    bool hit = moves(d, a, g);
    for (int k = 0; k < s->R; k++) {
      int64_t *v = &s->cur[(size_t)k * F + g];
      *v = hit ? (int64_t)a->bytes : sat_add(*v, a->bytes);
    }
  }
}

static void set_all(Dist *d, State *s, const int64_t *src) {
  size_t n = (size_t)s->R * (size_t)d->F;
  if (src) {
    memcpy(s->cur, src, n * sizeof(int64_t));
  } else {
    for (size_t i = 0; i < n; i++)
      s->cur[i] = KD_INF;
  }
}

/* Bounds the number of contexts: for each field g independently, contexts
 * whose (cur, brk, ret) distances are infinite in the same components are
 * merged into their component-wise maximum.  Distances are monotone in every
 * component and finiteness is preserved, so the merged context bounds every
 * merged one from above and reaches a following access exactly when they do:
 * the δ→ computed stays an upper bound of the exact value, never loses an
 * edge.  Leaves at most 8 contexts (cont is derived later from cur).  Only
 * needed beyond KD_MAX_CONTEXTS, i.e. loop nests deeper than six. */
enum { PATTERNS = 8 };
static void merge_contexts(Dist *d, State *b) {
  const int F = d->F;
  int64_t *cur = mat_new(d, PATTERNS), *brk = mat_new(d, PATTERNS), *ret = b->ret ? mat_new(d, PATTERNS) : NULL;
  for (int g = 0; g < F; g++) {
    bool used[PATTERNS] = {false};
    for (int k = 0; k < b->R; k++) {
      size_t i = (size_t)k * F + g;
      int64_t rv = b->ret ? b->ret[i] : KD_INF;
      int p = (b->cur[i] == KD_INF) | (b->brk[i] == KD_INF) << 1 | (rv == KD_INF) << 2;
      size_t o = (size_t)p * F + g;
      if (!used[p]) {
        used[p] = true;
        cur[o] = b->cur[i];
        brk[o] = b->brk[i];
        if (ret)
          ret[o] = rv;
      } else {
        cur[o] = max64(cur[o], b->cur[i]);
        brk[o] = max64(brk[o], b->brk[i]);
        if (ret)
          ret[o] = max64(ret[o], rv);
      }
    }
    int first = 0;
    while (!used[first])
      first++;
    for (int p = 0; p < PATTERNS; p++)
      if (!used[p]) {  // a duplicate of an existing context changes nothing
        cur[(size_t)p * F + g] = cur[(size_t)first * F + g];
        brk[(size_t)p * F + g] = brk[(size_t)first * F + g];
        if (ret)
          ret[(size_t)p * F + g] = ret[(size_t)first * F + g];
      }
  }
  free(b->cur);
  free(b->brk);
  free(b->ret);
  b->cur = cur;
  b->brk = brk;
  b->ret = ret;
  b->R = PATTERNS;
}

static void eval_loop(Dist *d, const KdRegion *r, State *s) {
  const int F = d->F;
  const KdRegion *init = r->kids[0], *cond = r->kids[1], *body = r->kids[2], *inc = r->kids[3];
  const KdLoop *lp = r->loop;
  const int64_t n = lp->trip;
  Memo *m = loop_memo(d, r);
  if (n == 0) {  // the body never runs: only the condition is tested
    eval_opt(d, cond, s);
    eval_opt(d, init, s);
    return;
  }
  const int R = s->R;
  int64_t *X = mat_dup(d, R, s->cur);  // after the loop (also the break target)
  int64_t *Ef = mat_dup(d, R, s->cur); // before the final condition test
  if (!lp->do_while && cond) {
    State t = {R, Ef, s->brk, s->cont, s->ret};
    eval(d, cond, &t);
  }
  {
    // Contexts at the end of an iteration: the last iteration is followed by
    // the exit (Ef); the first by the remaining n-1 iterations, whose
    // distance is D2 = min(C, (n-1)·wn + Ef, wb + X).
    const Sum *it = &m->iter;
    int64_t nw1 = sat_mul(n - 1, it->wn);
    bool two = n >= 2;
    int R2 = two ? 2 * R : R;
    State b = {R2, mat_new(d, R2), mat_new(d, R2), NULL, s->ret ? mat_new(d, R2) : NULL};
    for (int k = 0; k < R; k++) {
      const int64_t *ef = Ef + (size_t)k * F, *x = X + (size_t)k * F;
      const int64_t *rt = s->ret ? s->ret + (size_t)k * F : NULL;
      for (int c = 0; c < (two ? 2 : 1); c++) {
        size_t row = (size_t)(c * R + k) * F;
        memcpy(b.brk + row, x, (size_t)F * sizeof(int64_t));
        if (rt)
          memcpy(b.ret + row, rt, (size_t)F * sizeof(int64_t));
      }
      memcpy(b.cur + (size_t)k * F, ef, (size_t)F * sizeof(int64_t));  // last iteration
      if (!two)
        continue;
      int64_t *first = b.cur + (size_t)(R + k) * F;  // first iteration
      for (int g = 0; g < F; g++) {
        int64_t d2 = min64(it->C[g], min64(sat_add(nw1, ef[g]), sat_add(it->wb, x[g])));
        if (rt)
          d2 = min64(d2, sat_add(it->wr, rt[g]));
        first[g] = d2;
      }
    }
    if (b.R > KD_MAX_CONTEXTS)
      merge_contexts(d, &b);
    if (lp->do_while) {
      eval_opt(d, cond, &b);
      b.cont = mat_dup(d, b.R, b.cur);
      eval_opt(d, body, &b);
    } else {
      eval_opt(d, inc, &b);
      b.cont = mat_dup(d, b.R, b.cur);
      eval_opt(d, body, &b);
      eval_opt(d, cond, &b);
    }
    free(b.cur);
    free(b.brk);
    free(b.cont);
    free(b.ret);
    // Entry of the loop: D1 = min(C, n·wn + Ef, wb + X) for each outer context.
    int64_t nw = sat_mul(n, it->wn);
    for (int k = 0; k < R; k++) {
      const int64_t *ef = Ef + (size_t)k * F, *x = X + (size_t)k * F;
      int64_t *v = s->cur + (size_t)k * F;
      const int64_t *rt = s->ret ? s->ret + (size_t)k * F : NULL;
      for (int g = 0; g < F; g++) {
        v[g] = min64(it->C[g], min64(sat_add(nw, ef[g]), sat_add(it->wb, x[g])));
        if (rt)
          v[g] = min64(v[g], sat_add(it->wr, rt[g]));
      }
    }
  }
  eval_opt(d, init, s);
  free(X);
  free(Ef);
}

static void eval(Dist *d, const KdRegion *r, State *s) {
  switch (r->kind) {
  case KR_ACCESS:
    record(d, r, s);
    step(d, &r->acc, s);
    return;
  case KR_SEQ:
    for (int i = r->n - 1; i >= 0; i--)
      eval(d, r->kids[i], s);
    return;
  case KR_IF: {
    int64_t *e = mat_dup(d, s->R, s->cur);
    State se = {s->R, e, s->brk, s->cont, s->ret};
    eval_opt(d, r->kids[2], &se);
    eval_opt(d, r->kids[1], s);
    mat_min(d, s->R, s->cur, e);  // IN = min over the two predecessors
    free(e);
    eval_opt(d, r->kids[0], s);
    return;
  }
  case KR_LOOP:
    eval_loop(d, r, s);
    return;
  case KR_SWITCH: {
    int64_t *x = mat_dup(d, s->R, s->cur);
    int64_t *acc = mat_dup(d, s->R, s->cur);
    if (r->has_default) {
      size_t nn = (size_t)s->R * (size_t)d->F;
      for (size_t i = 0; i < nn; i++)
        acc[i] = INT64_MAX;
    }
    State t = {s->R, s->cur, x, s->cont, s->ret};  // break leaves the switch
    for (int i = r->n - 1; i >= 1; i--) {
      eval(d, r->kids[i], &t);  // falls through into the next segment
      mat_min(d, s->R, acc, s->cur);
    }
    memcpy(s->cur, acc, (size_t)s->R * (size_t)d->F * sizeof(int64_t));
    free(x);
    free(acc);
    eval_opt(d, r->kids[0], s);
    return;
  }
  case KR_BREAK:
    set_all(d, s, s->brk);
    return;
  case KR_CONTINUE:
    set_all(d, s, s->cont);
    return;
  case KR_RETURN:
    set_all(d, s, s->ret);
    return;
  case KR_CALL: {
    if (!r->kids[0])
      return;
    int64_t *exit = mat_dup(d, s->R, s->cur);  // where the callee's returns go
    int64_t *saved = s->ret;
    s->ret = exit;
    eval(d, r->kids[0], s);
    s->ret = saved;
    free(exit);
    return;
  }
  }
}

void kd_distance_accumulate(const KdRegion *body, int struct_id, int nfields, int64_t *dir) {
  if (!body || nfields <= 0)
    return;
  Dist d = {.F = nfields, .sid = struct_id, .dir = dir};
  local_fresh(&d, body);
  State s = {1, mat_new(&d, 1), NULL, NULL, NULL};
  set_all(&d, &s, NULL);  // nothing follows the end of the kernel
  eval(&d, body, &s);
  free(s.cur);
  Memo *m, *tmp;
  HASH_ITER(hh, d.memo, m, tmp) {
    HASH_DEL(d.memo, m);
    sum_free(&m->iter);
    sum_free(&m->whole);
    free(m);
  }
  Prev *p, *ptmp;
  HASH_ITER(hh, d.prev, p, ptmp) {
    HASH_DEL(d.prev, p);
    free(p->P);
    free(p);
  }
}

int64_t kd_distance_symmetric(const int64_t *dir, int nfields, int a, int b) {
  return max64(dir[(size_t)a * nfields + b], dir[(size_t)b * nfields + a]);
}
