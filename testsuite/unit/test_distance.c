/* test_distance.c: memory distance δ (analysis/distance.h,
 * docs/method-notes.md §1).
 *
 * Hand-computed cases (the paper's Fig. 2, branches, loops, break/continue/
 * return, switch, whole-struct and other-array accesses, saturation, the
 * nearest preceding neighbour) and a brute-force cross-check: random region
 * trees with small trip counts are unrolled literally into a DAG of
 * instructions and δ→ is computed straight from its definition (for every
 * access of f1 the shortest path to the next access of g, maximum over the
 * instances of that access that have one, lowered to the shortest path from
 * the nearest preceding access of g in the same block; maximum over the
 * accesses of f1).  Two bounds are checked on the same trees: δ→ is never
 * above the reading without the predecessor (the paper's Fig. 2 reading) and
 * never below the exact nearest-in-either-direction distance of every
 * instance.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/distance.h"
#include "analysis/region.h"
#include "regions.h"

#define NONE KD_DIST_NONE
#define MAXF 8

/* ---------------------------------------------------------------- helpers */

static KdRegion *ld(KdArena *a, int field, uint32_t bytes) { return kd_region_access(a, 0, field, bytes, false); }
static KdRegion *st(KdArena *a, int field, uint32_t bytes) { return kd_region_access(a, 0, field, bytes, true); }
static KdRegion *other(KdArena *a, uint32_t bytes) { return kd_region_access(a, -1, -1, bytes, true); }


static KdLoop *mkloop(KdArena *a, int64_t trip, bool do_while) {
  KdLoop *lp = kd_arena_alloc(a, sizeof(KdLoop));
  lp->trip = trip;
  lp->rule = KD_RULE_CONST;
  lp->do_while = do_while;
  lp->kernel = "k";
  lp->func = "k";
  return lp;
}

static KdRegion *loop(KdArena *a, int64_t trip, KdRegion *body) {
  return kd_region_loop(a, NULL, NULL, body, NULL, mkloop(a, trip, false));
}

static KdRegion *loop4(KdArena *a, int64_t trip, bool do_while, KdRegion *init, KdRegion *cond, KdRegion *body,
                       KdRegion *inc) {
  return kd_region_loop(a, init, cond, body, inc, mkloop(a, trip, do_while));
}

static KdRegion *brk(KdArena *a) { return kd_region_new(a, KR_BREAK); }
static KdRegion *cont(KdArena *a) { return kd_region_new(a, KR_CONTINUE); }
static KdRegion *ret(KdArena *a) { return kd_region_new(a, KR_RETURN); }

/* switch(cond) with segments seg..., NULL-terminated */
static KdRegion *sw(KdArena *a, bool has_default, KdRegion *cond, ...) {
  KdRegion *s = kd_region_new(a, KR_SWITCH);
  s->has_default = has_default;
  kd_region_add(a, s, cond);
  va_list ap;
  va_start(ap, cond);
  for (KdRegion *k; (k = va_arg(ap, KdRegion *)) != NULL;)
    kd_region_add(a, s, k);
  va_end(ap);
  return s;
}

static void dir_init(int64_t *dir, int F) {
  for (int i = 0; i < F * F; i++)
    dir[i] = NONE;
}

/* δ→ of struct 0 with F fields over one kernel */
static void run(const KdRegion *body, int F, int64_t *dir) {
  dir_init(dir, F);
  kd_distance_accumulate(body, 0, F, dir);
}

#define D(dir, F, f, g) ((dir)[(f) * (F) + (g)])

static void expect_i64(int64_t got, int64_t want, const char *what, int line) {
  if (got != want) {
    print_error("line %d: %s = %" PRId64 ", expected %" PRId64 "\n", line, what, got, want);
    fail();
  }
}
#define EXPECT(got, want) expect_i64((got), (want), #got, __LINE__)
#define DIR(f, g) D(dir, F, f, g)
#define SYM(f, g) kd_distance_symmetric(dir, F, f, g)

/* ------------------------------------------------------- brute force (DAG) */

typedef struct BNode {
  bool is_acc;
  KdAccess acc;
  const KdRegion *src;  // the access region this instance unrolls
  int block;            // straight-line block instance: loop parts, switch parts and calls open new ones
  int nsucc;
  int succ[8];
} BNode;

typedef struct Dag {
  int n, cap;
  BNode *nodes;
  int blocks;  // block ids handed out
  int blk;     // the block nodes are added to now
} Dag;

static int dag_add(Dag *g, const KdRegion *acc_r, int nsucc, const int *succ) {
  if (g->n == g->cap) {
    g->cap = g->cap ? 2 * g->cap : 256;
    g->nodes = realloc(g->nodes, (size_t)g->cap * sizeof(BNode));
    assert_non_null(g->nodes);
  }
  BNode *b = &g->nodes[g->n];
  memset(b, 0, sizeof *b);
  b->block = g->blk;
  if (acc_r) {
    b->is_acc = true;
    b->acc = acc_r->acc;
    b->src = acc_r;
  }
  assert_true(nsucc <= 8);
  b->nsucc = nsucc;
  for (int i = 0; i < nsucc; i++) {
    assert_true(succ[i] >= 0 && succ[i] < g->n);  // successors exist already: ids are reverse-topological
    b->succ[i] = succ[i];
  }
  return g->n++;
}

static int dag_nop(Dag *g, int nsucc, const int *succ) { return dag_add(g, NULL, nsucc, succ); }

static int unroll(Dag *g, const KdRegion *r, int next, int brk_t, int cont_t, int ret_t);

/* unroll in a block of its own */
static int unroll_blk(Dag *g, const KdRegion *r, int next, int brk_t, int cont_t, int ret_t) {
  int saved = g->blk;
  g->blk = ++g->blocks;
  int e = unroll(g, r, next, brk_t, cont_t, ret_t);
  g->blk = saved;
  return e;
}

/* a no-op in a block of its own: no in-block path runs through it */
static int barrier(Dag *g, int next) {
  int saved = g->blk;
  g->blk = ++g->blocks;
  int b = dag_nop(g, 1, &next);
  g->blk = saved;
  return b;
}

/* Literal unrolling: returns the node where control enters r, given where it
 * continues (next), and the targets of break / continue / return. */
static int unroll(Dag *g, const KdRegion *r, int next, int brk_t, int cont_t, int ret_t) {
  if (!r)
    return next;
  switch (r->kind) {
  case KR_ACCESS:
    return dag_add(g, r, 1, &next);
  case KR_SEQ:
    for (int i = r->n - 1; i >= 0; i--)
      next = unroll(g, r->kids[i], next, brk_t, cont_t, ret_t);
    return next;
  case KR_IF: {
    int s[2];
    s[0] = unroll(g, r->kids[1], next, brk_t, cont_t, ret_t);
    s[1] = unroll(g, r->kids[2], next, brk_t, cont_t, ret_t);
    int br = dag_nop(g, 2, s);
    return unroll(g, r->kids[0], br, brk_t, cont_t, ret_t);
  }
  case KR_LOOP: {
    const KdRegion *init = r->kids[0], *cond = r->kids[1], *body = r->kids[2], *inc = r->kids[3];
    int64_t n = r->loop->trip;
    int X = barrier(g, next), cur;
    if (!r->loop->do_while) {
      cur = unroll_blk(g, cond, X, brk_t, cont_t, ret_t);  // final condition test
      for (int64_t k = n; k >= 1; k--) {
        int inc_s = unroll_blk(g, inc, cur, brk_t, cont_t, ret_t);
        int body_s = unroll_blk(g, body, inc_s, X, inc_s, ret_t);
        cur = unroll_blk(g, cond, body_s, brk_t, cont_t, ret_t);
      }
    } else {
      cur = X;
      if (n == 0)
        cur = unroll_blk(g, cond, X, brk_t, cont_t, ret_t);
      for (int64_t k = n; k >= 1; k--) {
        int cond_s = unroll_blk(g, cond, cur, brk_t, cont_t, ret_t);
        cur = unroll_blk(g, body, cond_s, X, cond_s, ret_t);
      }
    }
    return unroll_blk(g, init, cur, brk_t, cont_t, ret_t);
  }
  case KR_SWITCH: {
    int X = next, cur = X, s[8], ns = 0;
    for (int i = r->n - 1; i >= 1; i--) {
      cur = unroll_blk(g, r->kids[i], cur, X, cont_t, ret_t);  // falls through into the next segment
      s[ns++] = cur;
    }
    if (!r->has_default)
      s[ns++] = X;
    int saved = g->blk;
    g->blk = ++g->blocks;  // the dispatch too: no in-block path crosses a switch
    int disp = dag_nop(g, ns, s);
    g->blk = saved;
    return unroll_blk(g, r->kids[0], disp, brk_t, cont_t, ret_t);
  }
  case KR_BREAK:
    assert_true(brk_t >= 0);
    return brk_t;
  case KR_CONTINUE:
    assert_true(cont_t >= 0);
    return cont_t;
  case KR_RETURN:
    return ret_t;
  case KR_CALL: {
    int x = barrier(g, next);
    return unroll_blk(g, r->kids[0], x, -1, -1, x);
  }
  }
  fail_msg("bad region kind");
  return -1;
}

#define BINF INT64_MAX

static bool bmoves(const KdAccess *a, int sid, int g) { return a->struct_id == sid && (a->field < 0 || a->field == g); }

/* From the definition on the literally unrolled DAG: `dir` (δ→ as
 * distance.h defines it), and where not NULL `plain` (the same without the
 * nearest preceding neighbour: the paper's Fig. 2 reading, an upper bound) and
 * `exact` (for every instance that has a following access of g, the nearer of
 * that and the shortest path from any preceding access of g: a lower bound). */
static void brute3(const KdRegion *body, int sid, int F, int64_t *dir, int64_t *plain, int64_t *exact) {
  Dag g = {0};
  int end = dag_nop(&g, 0, NULL);  // end of the kernel: no successor
  unroll(&g, body, end, -1, -1, end);
  size_t NF = (size_t)g.n * (size_t)F;
  int64_t *Dn = malloc(NF * sizeof(int64_t)), *Pre = malloc(NF * sizeof(int64_t)), *Loc = malloc(NF * sizeof(int64_t));
  assert_non_null(Dn);
  assert_non_null(Pre);
  assert_non_null(Loc);
  // Dn[v][f]: shortest distance from just after node v to the next access of f
  for (int v = 0; v < g.n; v++)
    for (int f = 0; f < F; f++) {
      int64_t best = BINF;
      for (int i = 0; i < g.nodes[v].nsucc; i++) {
        const BNode *s = &g.nodes[g.nodes[v].succ[i]];
        int64_t sig = s->is_acc ? s->acc.bytes : 0, c;
        if (s->is_acc && bmoves(&s->acc, sid, f))
          c = sig;
        else if (Dn[(size_t)g.nodes[v].succ[i] * F + f] == BINF)
          c = BINF;
        else
          c = sig + Dn[(size_t)g.nodes[v].succ[i] * F + f];
        if (c < best)
          best = c;
      }
      Dn[(size_t)v * F + f] = best;
    }
  // Pre[v][f]: shortest distance from any earlier access of f to just before v
  // (σ after that access); Loc: the same along edges inside one block.
  // Ids are reverse-topological, so predecessors come first in descending order.
  for (size_t i = 0; i < NF; i++)
    Pre[i] = Loc[i] = BINF;
  for (int v = g.n - 1; v >= 0; v--) {
    const BNode *b = &g.nodes[v];
    for (int f = 0; f < F; f++) {
      int64_t sig = b->is_acc ? b->acc.bytes : 0;
      bool hit = b->is_acc && bmoves(&b->acc, sid, f);
      int64_t pv = Pre[(size_t)v * F + f], lv = Loc[(size_t)v * F + f];
      int64_t pa = hit ? 0 : pv == BINF ? BINF : pv + sig, la = hit ? 0 : lv == BINF ? BINF : lv + sig;
      for (int i = 0; i < b->nsucc; i++) {
        int s = b->succ[i];
        if (pa < Pre[(size_t)s * F + f])
          Pre[(size_t)s * F + f] = pa;
        if (g.nodes[s].block == b->block && la < Loc[(size_t)s * F + f])
          Loc[(size_t)s * F + f] = la;
      }
    }
  }
  // per access region: the largest finite next distance over its instances,
  // and its in-block predecessor distance (the same in every instance)
  typedef struct { const KdRegion *r; int64_t N[MAXF], L[MAXF]; } Per;
  Per *per = calloc((size_t)g.n, sizeof(Per));
  assert_non_null(per);
  int nper = 0;
  for (int v = 0; v < g.n; v++) {
    const BNode *b = &g.nodes[v];
    if (!b->is_acc || b->acc.struct_id != sid)
      continue;
    int k = 0;
    while (k < nper && per[k].r != b->src)
      k++;
    if (k == nper) {
      per[nper].r = b->src;
      for (int f = 0; f < F; f++)
        per[nper].N[f] = -1, per[nper].L[f] = -2;
      nper++;
    }
    for (int f = 0; f < F; f++) {
      int64_t d = bmoves(&b->acc, sid, f) ? 0 : Dn[(size_t)v * F + f];
      int64_t lv = Loc[(size_t)v * F + f], l = lv == BINF ? BINF : lv + b->acc.bytes;
      if (d != BINF && d > per[k].N[f])
        per[k].N[f] = d;
      if (per[k].L[f] != -2 && per[k].L[f] != l)
        fail_msg("the in-block predecessor of one access differs between its instances");
      per[k].L[f] = l;
      if (exact && d != BINF) {
        int64_t pv = Pre[(size_t)v * F + f], p = pv == BINF ? BINF : pv + b->acc.bytes;
        int64_t m = p < d ? p : d;
        for (int f1 = 0; f1 < F; f1++)
          if (f1 != f && bmoves(&b->acc, sid, f1) && m > exact[f1 * F + f])
            exact[f1 * F + f] = m;
      }
    }
  }
  for (int k = 0; k < nper; k++) {
    const KdAccess *acc = &per[k].r->acc;
    for (int f1 = 0; f1 < F; f1++) {
      if (!bmoves(acc, sid, f1))
        continue;
      for (int f = 0; f < F; f++) {
        if (f == f1 || per[k].N[f] < 0)
          continue;
        int64_t n = per[k].N[f], m = per[k].L[f] < n ? per[k].L[f] : n;
        if (m > dir[f1 * F + f])
          dir[f1 * F + f] = m;
        if (plain && n > plain[f1 * F + f])
          plain[f1 * F + f] = n;
      }
    }
  }
  free(per);
  free(Dn);
  free(Pre);
  free(Loc);
  free(g.nodes);
}

static void brute(const KdRegion *body, int sid, int F, int64_t *dir) { brute3(body, sid, F, dir, NULL, NULL); }

/* library and brute force agree on every entry */
static void check_brute(const KdRegion *body, int F, const char *what) {
  int64_t got[MAXF * MAXF], want[MAXF * MAXF];
  run(body, F, got);
  dir_init(want, F);
  brute(body, 0, F, want);
  for (int f = 0; f < F; f++)
    for (int g = 0; g < F; g++)
      if (got[f * F + g] != want[f * F + g]) {
        print_error("%s: dir[%d][%d] = %" PRId64 ", brute force %" PRId64 "\n", what, f, g, got[f * F + g],
                    want[f * F + g]);
        fail();
      }
}

/* ------------------------------------------------------------------ tests */

/* Fig. 2: for 32 × {a; b}; then c; store other 4 B.  d is never accessed. */
static KdRegion *fig2(KdArena *a) {
  return seq(a, loop(a, 32, seq(a, ld(a, 0, 4), ld(a, 1, 4), NULL)), ld(a, 2, 4), other(a, 4), NULL);
}

static void test_fig2(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 4;
  int64_t dir[16];
  run(fig2(a), F, dir);
  EXPECT(DIR(0, 1), 4);    // a_k -> b_k
  EXPECT(DIR(1, 0), 4);    // b_k -> a_(k+1)
  EXPECT(DIR(0, 2), 256);  // a_0 -> c = 4 + 31*8 + 4
  EXPECT(DIR(1, 2), 252);  // b_0 -> c = 31*8 + 4
  EXPECT(DIR(2, 0), NONE);
  EXPECT(DIR(2, 1), NONE);
  for (int f = 0; f < 4; f++) {
    EXPECT(DIR(3, f), NONE);
    EXPECT(DIR(f, 3), NONE);
    EXPECT(DIR(f, f), NONE);  // diagonal untouched
  }
  EXPECT(SYM(0, 1), 4);
  EXPECT(SYM(1, 2), 252);
  EXPECT(SYM(0, 2), 256);
  EXPECT(SYM(0, 3), NONE);
  EXPECT(SYM(2, 3), NONE);
  check_brute(fig2(a), F, "fig2");
  kd_arena_free(a);
}

static void test_symmetric(void **state) {
  (void)state;
  const int F = 3;
  int64_t dir[9];
  dir_init(dir, F);
  D(dir, F, 0, 1) = 7;
  D(dir, F, 1, 0) = 19;
  D(dir, F, 2, 0) = 5;  // only one direction exists
  for (int f = 0; f < F; f++)
    for (int g = 0; g < F; g++)
      EXPECT(kd_distance_symmetric(dir, F, f, g), kd_distance_symmetric(dir, F, g, f));
  EXPECT(SYM(0, 1), 19);
  EXPECT(SYM(1, 0), 19);
  EXPECT(SYM(0, 2), 5);
  EXPECT(SYM(1, 2), NONE);
}

/* accumulate raises entries to the maximum over kernels, never lowers them */
static void test_accumulate_max_over_kernels(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  dir_init(dir, F);
  KdRegion *k1 = seq(a, ld(a, 0, 4), other(a, 60), ld(a, 1, 4), NULL);  // a->b 64
  KdRegion *k2 = seq(a, ld(a, 0, 4), ld(a, 1, 4), ld(a, 0, 4), NULL);   // a->b 4, b->a 4
  kd_distance_accumulate(k1, 0, F, dir);
  EXPECT(DIR(0, 1), 64);
  EXPECT(DIR(1, 0), NONE);
  kd_distance_accumulate(k2, 0, F, dir);
  EXPECT(DIR(0, 1), 64);
  EXPECT(DIR(1, 0), 4);
  kd_distance_accumulate(NULL, 0, F, dir);  // empty kernel
  EXPECT(DIR(0, 1), 64);
  // a different struct id sees none of these accesses as fields
  int64_t d2[4];
  dir_init(d2, F);
  kd_distance_accumulate(k2, 1, F, d2);
  for (int i = 0; i < 4; i++)
    EXPECT(d2[i], NONE);
  kd_arena_free(a);
}

/* IN = min over predecessors: the shorter branch wins */
static void test_if_else_min(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // a; if { other 100; b } else { other 8; b }  => a->b = 12
  KdRegion *t1 = seq(a, ld(a, 0, 4),
                     kd_region_if(a, NULL, seq(a, other(a, 100), ld(a, 1, 4), NULL), seq(a, other(a, 8), ld(a, 1, 4), NULL)),
                     NULL);
  run(t1, F, dir);
  EXPECT(DIR(0, 1), 12);
  check_brute(t1, F, "if/else");
  // same with the branches swapped
  KdRegion *t1s = seq(a, ld(a, 0, 4),
                      kd_region_if(a, NULL, seq(a, other(a, 8), ld(a, 1, 4), NULL), seq(a, other(a, 100), ld(a, 1, 4), NULL)),
                      NULL);
  run(t1s, F, dir);
  EXPECT(DIR(0, 1), 12);
  // a; if { other 100 } (no else); b  => the empty else is shorter: 4
  KdRegion *t2 = seq(a, ld(a, 0, 4), kd_region_if(a, NULL, other(a, 100), NULL), ld(a, 1, 4), NULL);
  run(t2, F, dir);
  EXPECT(DIR(0, 1), 4);
  // a; if (cond: other 2) { b } else { other 8 }; other 16; b  => min(2+4, 2+8+16+4) = 6
  KdRegion *t3 = seq(a, ld(a, 0, 4), kd_region_if(a, other(a, 2), ld(a, 1, 4), other(a, 8)), other(a, 16), ld(a, 1, 4),
                     NULL);
  run(t3, F, dir);
  EXPECT(DIR(0, 1), 6);
  // c only on the long side: a; if { other 8; c } else { b }; b   => a->c = 12, a->b = 4
  KdRegion *t4 = seq(a, ld(a, 0, 4), kd_region_if(a, NULL, seq(a, other(a, 8), ld(a, 2, 4), NULL), ld(a, 1, 4)),
                     ld(a, 1, 4), NULL);
  run(t4, F, dir);
  EXPECT(DIR(0, 2), 12);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(2, 1), 4);
  EXPECT(DIR(1, 2), NONE);
  check_brute(t4, F, "if one-sided");
  kd_arena_free(a);
}

/* δ→ is the max over the accesses of f1 of their nearest distances */
static void test_max_over_accesses(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  // a b other64 a other64 b: a_1->b = 4, a_2->b = 68 and its nearest preceding b
  // is 68 away too => 68; b_1->a = 68 but a_1 is 4 before it => 4
  KdRegion *t = seq(a, ld(a, 0, 4), ld(a, 1, 4), other(a, 64), ld(a, 0, 4), other(a, 64), ld(a, 1, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), 68);
  EXPECT(DIR(1, 0), 4);
  EXPECT(SYM(0, 1), 68);
  check_brute(t, F, "max over accesses");
  // a b a other64 b: a_2->b = 68, but b_1 is 4 before a_2 => 4 (the Fig. 2
  // reading alone, without the predecessor, gives 68)
  KdRegion *t1 = seq(a, ld(a, 0, 4), ld(a, 1, 4), ld(a, 0, 4), other(a, 64), ld(a, 1, 4), NULL);
  run(t1, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(1, 0), 4);
  check_brute(t1, F, "predecessor");
  // nearest, not farthest: a other8 b other100 b => 12 (not 116)
  KdRegion *t2 = seq(a, ld(a, 0, 4), other(a, 8), ld(a, 1, 4), other(a, 100), ld(a, 1, 4), NULL);
  run(t2, F, dir);
  EXPECT(DIR(0, 1), 12);
  EXPECT(DIR(1, 0), NONE);
  // store and load count alike; bytes of the target access count, of the source not
  KdRegion *t3 = seq(a, st(a, 0, 32), st(a, 1, 2), NULL);
  run(t3, F, dir);
  EXPECT(DIR(0, 1), 2);
  kd_arena_free(a);
}

static void test_loop_trip0(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // a; for 0 × { other 1000; b }; c   => a->c = 4, no b at all
  KdRegion *t = seq(a, ld(a, 0, 4), loop(a, 0, seq(a, other(a, 1000), ld(a, 1, 4), NULL)), ld(a, 2, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 2), 4);
  EXPECT(DIR(0, 1), NONE);
  EXPECT(DIR(1, 2), NONE);
  EXPECT(DIR(1, 0), NONE);
  // the condition of a 0-trip loop still runs once
  KdRegion *t2 = seq(a, ld(a, 0, 4), loop4(a, 0, false, NULL, other(a, 8), ld(a, 1, 4), NULL), ld(a, 2, 4), NULL);
  run(t2, F, dir);
  EXPECT(DIR(0, 2), 12);
  EXPECT(DIR(0, 1), NONE);
  check_brute(t2, F, "trip 0 with cond");
  kd_arena_free(a);
}

/* trip 1: only the last-iteration context; trip 2: the first one too */
static void test_trip1_vs_trip2(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // n × { a 4; b 4 }; c 4
  KdRegion *t1 = seq(a, loop(a, 1, seq(a, ld(a, 0, 4), ld(a, 1, 4), NULL)), st(a, 2, 4), NULL);
  run(t1, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(1, 0), NONE);  // no second iteration
  EXPECT(DIR(0, 2), 8);
  EXPECT(DIR(1, 2), 4);
  KdRegion *t2 = seq(a, loop(a, 2, seq(a, ld(a, 0, 4), ld(a, 1, 4), NULL)), st(a, 2, 4), NULL);
  run(t2, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(1, 0), 4);
  EXPECT(DIR(0, 2), 16);  // a_1 -> b a b c
  EXPECT(DIR(1, 2), 12);  // b_1 -> a b c
  KdRegion *t5 = seq(a, loop(a, 5, seq(a, ld(a, 0, 4), ld(a, 1, 4), NULL)), st(a, 2, 4), NULL);
  run(t5, F, dir);
  EXPECT(DIR(0, 2), 4 + 4 * 8 + 4);
  EXPECT(DIR(1, 2), 4 * 8 + 4);
  check_brute(t1, F, "trip 1");
  check_brute(t2, F, "trip 2");
  check_brute(t5, F, "trip 5");
  // a access after the loop that the first iteration reaches only through the others:
  // a; n × { b } ; a  => b_1 -> a = (n-1)*4 + 4
  KdRegion *t3 = seq(a, ld(a, 0, 4), loop(a, 3, ld(a, 1, 4)), ld(a, 0, 4), NULL);
  run(t3, F, dir);
  EXPECT(DIR(1, 0), 12);
  EXPECT(DIR(0, 1), 4);
  kd_arena_free(a);
}

/* the condition runs n+1 times in a for loop, n times (after the body) in a do loop */
static void test_loop_cond_for_vs_do(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;  // a, b, d(=field 2)
  int64_t dir[9];
  // for: d a d a d a d b
  KdRegion *f = seq(a, loop4(a, 3, false, NULL, ld(a, 2, 4), ld(a, 0, 4), NULL), ld(a, 1, 4), NULL);
  run(f, F, dir);
  EXPECT(DIR(0, 1), 24);
  EXPECT(DIR(2, 1), 28);
  EXPECT(DIR(2, 0), 4);
  EXPECT(DIR(0, 2), 4);
  check_brute(f, F, "for cond");
  // do: a d a d a d b
  KdRegion *d = seq(a, loop4(a, 3, true, NULL, ld(a, 2, 4), ld(a, 0, 4), NULL), ld(a, 1, 4), NULL);
  run(d, F, dir);
  EXPECT(DIR(0, 1), 24);
  EXPECT(DIR(2, 1), 20);
  EXPECT(DIR(2, 0), 4);
  EXPECT(DIR(0, 2), 4);
  check_brute(d, F, "do cond");
  // init and increment: init other 2; for 2 × { a } inc other 1; b  => init a i a i b
  KdRegion *i = seq(a, ld(a, 1, 8), loop4(a, 2, false, other(a, 2), NULL, ld(a, 0, 4), other(a, 1)), ld(a, 1, 4), NULL);
  run(i, F, dir);
  EXPECT(DIR(1, 0), 6);       // b -> init 2, a 4
  EXPECT(DIR(0, 1), 1 + 4 + 1 + 4);  // a_1 -> i a i b
  check_brute(i, F, "init/inc");
  kd_arena_free(a);
}

static void test_nested_loops(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // 3 × { 2 × { a 4 }; b 8 }: a a b a a b a a b
  KdRegion *t = loop(a, 3, seq(a, loop(a, 2, ld(a, 0, 4)), ld(a, 1, 8), NULL));
  run(t, F, dir);
  EXPECT(DIR(0, 1), 12);
  EXPECT(DIR(1, 0), 4);
  check_brute(t, F, "nested 1");
  // 2 × { b 8; 3 × { a 4; other 2 } }; c 4: b a o a o a o b a o a o a o c
  KdRegion *u = seq(a, loop(a, 2, seq(a, ld(a, 1, 8), loop(a, 3, seq(a, ld(a, 0, 4), other(a, 2), NULL)), NULL)),
                    ld(a, 2, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), 22);
  EXPECT(DIR(1, 0), 4);
  EXPECT(DIR(0, 2), 44);
  EXPECT(DIR(1, 2), 48);
  EXPECT(DIR(2, 0), NONE);
  check_brute(u, F, "nested 2");
  // three levels, trip 4 each: 4 × { a 1; 4 × { b 2; 4 × { c 4 } } }
  KdRegion *v = loop(a, 4, seq(a, ld(a, 0, 1), loop(a, 4, seq(a, ld(a, 1, 2), loop(a, 4, ld(a, 2, 4)), NULL)), NULL));
  run(v, F, dir);
  // c -> a: max over the c's: the first c of an outer iteration, ccc + 3 × (b + cccc) + a = 67
  EXPECT(DIR(2, 0), 67);
  // a -> c: b 2, c 4 = 6
  EXPECT(DIR(0, 2), 6);
  // c -> b: the first c of the last middle iteration: ccc + a 1 + b 2 = 15
  EXPECT(DIR(2, 1), 15);
  // b -> a: b_1 of a middle loop -> 4 c, 3 × (b + 4 c), a: 16 + 3*18 + 1 = 71
  EXPECT(DIR(1, 0), 71);
  check_brute(v, F, "nested 3");
  kd_arena_free(a);
}

/* break leaves the innermost loop: distance goes to the loop's exit */
static void test_break(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // 4 × { a 4; if { break }; b 4 }; other 16; c 4
  KdRegion *t = seq(a, loop(a, 4, seq(a, ld(a, 0, 4), kd_region_if(a, NULL, brk(a), NULL), ld(a, 1, 4), NULL)),
                    other(a, 16), ld(a, 2, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(0, 2), 20);  // a -> break -> other 16, c 4
  EXPECT(DIR(1, 2), 24);  // b_k -> a 4 -> break -> 20
  EXPECT(DIR(1, 0), 4);
  check_brute(t, F, "break");
  // break skips the final condition test and the increment
  // for 3 (cond other 100) { a 4; break } inc other 50; b 4  => a -> b = 4
  KdRegion *u = seq(a, loop4(a, 3, false, NULL, other(a, 100), seq(a, ld(a, 0, 4), brk(a), NULL), other(a, 50)),
                    ld(a, 1, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), 4);
  check_brute(u, F, "break skips cond");
  // break in an inner loop leaves only the inner loop
  // 2 × { 3 × { a 4; break }; b 8 }; c 4
  KdRegion *v = seq(a, loop(a, 2, seq(a, loop(a, 3, seq(a, ld(a, 0, 4), brk(a), NULL)), ld(a, 1, 8), NULL)),
                    ld(a, 2, 4), NULL);
  run(v, F, dir);
  EXPECT(DIR(0, 1), 8);
  EXPECT(DIR(1, 0), 4);
  EXPECT(DIR(0, 2), 8 + 4 + 8 + 4);  // a_1 -> b, a, b, c
  EXPECT(DIR(1, 2), 16);              // max over the b's: b_1 -> a 4, b 8, c 4 (b_2 -> c is only 4)
  check_brute(v, F, "break in inner loop");
  kd_arena_free(a);
}

/* continue goes to the increment (for) */
static void test_continue(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // for 3 { a 4; if { continue }; b 8 } inc other 2; c 4
  KdRegion *t = seq(a, loop4(a, 3, false, NULL, NULL, seq(a, ld(a, 0, 4), kd_region_if(a, NULL, cont(a), NULL), ld(a, 1, 8), NULL),
                             other(a, 2)),
                    ld(a, 2, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), 8);
  EXPECT(DIR(0, 2), 18);  // a_1 -> i a i a i c, skipping every b
  EXPECT(DIR(1, 2), 18);  // b_1 -> i a i a i c
  EXPECT(DIR(1, 0), 6);
  check_brute(t, F, "continue");
  // continue in a do loop goes to the condition: do { a 4; continue; b 100 } while (cond other 2) × 2; c 4
  KdRegion *u = seq(a, loop4(a, 2, true, NULL, other(a, 2), seq(a, ld(a, 0, 4), cont(a), ld(a, 1, 100), NULL), NULL),
                    ld(a, 2, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), NONE);  // b is unreachable
  EXPECT(DIR(0, 2), 2 + 4 + 2 + 4);
  check_brute(u, F, "continue in do");
  kd_arena_free(a);
}

/* return: leaves the innermost call, or ends the path in the kernel */
static void test_return(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // kernel: a 4; return; b 4  => no path from a to b
  KdRegion *k = seq(a, ld(a, 0, 4), ret(a), ld(a, 1, 4), NULL);
  run(k, F, dir);
  EXPECT(DIR(0, 1), NONE);
  EXPECT(DIR(1, 0), NONE);
  EXPECT(SYM(0, 1), NONE);
  check_brute(k, F, "return in kernel");
  // call { a 4; return; c 4 }; b 4  => a -> b = 4, c unreachable
  KdRegion *c = seq(a, kd_region_call(a, seq(a, ld(a, 0, 4), ret(a), ld(a, 2, 4), NULL)), ld(a, 1, 4), NULL);
  run(c, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(0, 2), NONE);
  check_brute(c, F, "return in call");
  // call { a 4; if { return }; other 100; c 4 }; b 4  => a -> b = 4 via the return, a -> c = 104
  KdRegion *c2 = seq(a, kd_region_call(a, seq(a, ld(a, 0, 4), kd_region_if(a, NULL, ret(a), NULL), other(a, 100), ld(a, 2, 4), NULL)),
                     ld(a, 1, 4), NULL);
  run(c2, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(0, 2), 104);
  EXPECT(DIR(2, 1), 4);
  // the same at kernel level: the return ends the path, only the long path reaches b
  KdRegion *k2 = seq(a, ld(a, 0, 4), kd_region_if(a, NULL, ret(a), NULL), other(a, 100), ld(a, 2, 4), ld(a, 1, 4), NULL);
  run(k2, F, dir);
  EXPECT(DIR(0, 1), 108);
  // return inside a loop inside a call leaves the call (not only the loop)
  // call { 3 × { a 4; if { return } ; other 8 }; other 50 }; b 4 => a -> b = 4
  KdRegion *c3 = seq(a,
                     kd_region_call(a, seq(a, loop(a, 3, seq(a, ld(a, 0, 4), kd_region_if(a, NULL, ret(a), NULL), other(a, 8), NULL)),
                                           other(a, 50), NULL)),
                     ld(a, 1, 4), NULL);
  run(c3, F, dir);
  EXPECT(DIR(0, 1), 4);
  check_brute(c3, F, "return in loop in call");
  // a call inside a loop is seen through its summary: its returns reach the call's exit
  // c 4; 2 × { call { other 2; return; other 100 }; a 4 }  => c -> a = 6
  KdRegion *c5 = seq(a, ld(a, 2, 4),
                     loop(a, 2, seq(a, kd_region_call(a, seq(a, other(a, 2), ret(a), other(a, 100), NULL)), ld(a, 0, 4), NULL)),
                     NULL);
  run(c5, F, dir);
  EXPECT(DIR(2, 0), 6);
  EXPECT(DIR(0, 2), NONE);
  check_brute(c5, F, "call summary in loop");
  // a return in a later iteration of a loop inside a call:
  // call { 3 × { if { return }; a 4; other 100 }; other 50 }; b 4
  //   a_1 -> other 100, return (iteration 2), b 4 = 104; a_3 -> other 100, other 50, b 4 = 154
  KdRegion *c6 = seq(a,
                     kd_region_call(a, seq(a, loop(a, 3, seq(a, kd_region_if(a, NULL, ret(a), NULL), ld(a, 0, 4), other(a, 100), NULL)),
                                           other(a, 50), NULL)),
                     ld(a, 1, 4), NULL);
  run(c6, F, dir);
  EXPECT(DIR(0, 1), 154);
  check_brute(c6, F, "return in a later iteration");
  // an empty call is a no-op
  KdRegion *c4 = seq(a, ld(a, 0, 4), kd_region_call(a, NULL), ld(a, 1, 4), NULL);
  run(c4, F, dir);
  EXPECT(DIR(0, 1), 4);
  kd_arena_free(a);
}

static void test_switch(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  // switch { seg1: a 4; other 16  (falls through) | seg2: c 4; break | seg3: other 1; b 2 }; other 50; b 4
  KdRegion *t = seq(a,
                    sw(a, false, NULL, seq(a, ld(a, 0, 4), other(a, 16), NULL), seq(a, ld(a, 2, 4), brk(a), NULL),
                       seq(a, other(a, 1), ld(a, 1, 2), NULL), NULL),
                    other(a, 50), ld(a, 1, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 2), 20);  // fallthrough into seg2
  EXPECT(DIR(0, 1), 74);  // a, other 16, c 4, break, other 50, b 4
  EXPECT(DIR(2, 1), 54);
  EXPECT(DIR(1, 0), NONE);
  check_brute(t, F, "switch fallthrough/break");
  // default: without one, a path skips every case
  KdRegion *nd = seq(a, ld(a, 0, 4), sw(a, false, NULL, other(a, 100), NULL), ld(a, 1, 4), NULL);
  run(nd, F, dir);
  EXPECT(DIR(0, 1), 4);
  KdRegion *wd = seq(a, ld(a, 0, 4), sw(a, true, NULL, other(a, 100), NULL), ld(a, 1, 4), NULL);
  run(wd, F, dir);
  EXPECT(DIR(0, 1), 104);
  check_brute(wd, F, "switch default");
  // any case label can be entered: the cheapest segment wins; the condition runs first
  // a; switch (cond other 2) { other 30; b 4 | other 8 ; b 4 ... default }
  KdRegion *m = seq(a, ld(a, 0, 4),
                    sw(a, true, other(a, 2), seq(a, other(a, 30), ld(a, 1, 4), brk(a), NULL),
                       seq(a, other(a, 8), ld(a, 1, 4), brk(a), NULL), NULL),
                    NULL);
  run(m, F, dir);
  EXPECT(DIR(0, 1), 14);
  // continue inside a switch inside a loop goes to the loop's increment
  KdRegion *c = seq(a,
                    loop4(a, 2, false, NULL, NULL,
                          seq(a, ld(a, 0, 4), sw(a, true, NULL, cont(a), NULL), ld(a, 1, 4), NULL), other(a, 1)),
                    ld(a, 2, 4), NULL);
  run(c, F, dir);
  EXPECT(DIR(0, 1), NONE);
  EXPECT(DIR(0, 2), 1 + 4 + 1 + 4);
  check_brute(c, F, "continue in switch");
  // a switch inside a loop is seen through its summary: break leaves the switch normally
  // c 4; 3 × { switch (default) { other 100 | other 2; break }; a 4 }  => c -> a = 2 + 4
  KdRegion *s2 = seq(a, ld(a, 2, 4),
                     loop(a, 3, seq(a, sw(a, true, NULL, other(a, 100), seq(a, other(a, 2), brk(a), NULL), NULL),
                                    ld(a, 0, 4), NULL)),
                     NULL);
  run(s2, F, dir);
  EXPECT(DIR(2, 0), 6);
  check_brute(s2, F, "switch summary");
  kd_arena_free(a);
}

/* whole-struct access (field -1): every field at once, distance 0 between them */
static void test_whole_struct(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 4;
  int64_t dir[16];
  KdRegion *t = seq(a, ld(a, -1, 16), NULL);
  run(t, F, dir);
  for (int f = 0; f < F; f++)
    for (int g = 0; g < F; g++)
      EXPECT(DIR(f, g), f == g ? NONE : 0);
  // a 4; whole 16 => a -> b = 16 (the whole copy is the next access of b), b -> a = 0
  KdRegion *u = seq(a, ld(a, 0, 4), st(a, -1, 16), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), 16);
  EXPECT(DIR(1, 0), 0);
  EXPECT(SYM(0, 1), 16);
  EXPECT(DIR(1, 2), 0);
  // a 4; other 8; whole 16 => a reaches every other field in 24; the whole copy itself gives 0
  KdRegion *v = seq(a, ld(a, 0, 4), other(a, 8), ld(a, -1, 16), NULL);
  run(v, F, dir);
  EXPECT(DIR(0, 1), 24);
  EXPECT(DIR(0, 3), 24);
  EXPECT(DIR(2, 0), 0);
  EXPECT(DIR(3, 1), 0);
  // the same instruction is the nearest: whole 16; other 8; c 4 => a -> c = 0, not 12
  KdRegion *v2 = seq(a, ld(a, -1, 16), other(a, 8), ld(a, 2, 4), NULL);
  run(v2, F, dir);
  EXPECT(DIR(0, 2), 0);
  EXPECT(DIR(2, 0), 0);
  check_brute(v2, F, "whole then c");
  check_brute(v, F, "whole");
  kd_arena_free(a);
}

/* accesses of other arrays and of other structs add distance */
static void test_other_arrays(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  KdRegion *t = seq(a, ld(a, 0, 4), kd_region_access(a, -1, -1, 12, false), ld(a, 1, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), 16);
  KdRegion *u = seq(a, ld(a, 0, 4), kd_region_access(a, 1, 0, 8, false), kd_region_access(a, 1, -1, 32, true),
                    ld(a, 1, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), 44);
  // and for struct 1, struct 0's accesses are "other" bytes
  int64_t d1[4];
  dir_init(d1, F);
  KdRegion *w = seq(a, kd_region_access(a, 1, 0, 8, false), ld(a, 0, 4), ld(a, 1, 4), kd_region_access(a, 1, 1, 2, false), NULL);
  kd_distance_accumulate(w, 1, F, d1);
  EXPECT(D(d1, F, 0, 1), 10);
  EXPECT(D(d1, F, 1, 0), NONE);
  kd_arena_free(a);
}

/* Accesses that are not of the analysed struct are never sources of δ→: an
 * other-array access (field -1) is not a whole-struct access of struct 0, and
 * a field index of another struct says nothing about struct 0's fields (it
 * may even be out of range for them: the matrix must not be written outside). */
static void test_foreign_accesses_are_not_sources(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  // store other 8; load b 4  => a is never accessed: nothing into row a
  KdRegion *t = seq(a, other(a, 8), ld(a, 1, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), NONE);
  EXPECT(DIR(1, 0), NONE);
  // load T.g0 (struct 1, field 0) 8; load b 4  => still nothing from a
  KdRegion *u = seq(a, kd_region_access(a, 1, 0, 8, false), ld(a, 1, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), NONE);
  // a 4; b 4; 2 × { other 100; a 4; b 4 }  => a -> b = 4 (other, 8 before b, is
  // not a source); b -> a = 104 but a is 4 before every b => 4
  KdRegion *v = seq(a, ld(a, 0, 4), ld(a, 1, 4), loop(a, 2, seq(a, other(a, 100), ld(a, 0, 4), ld(a, 1, 4), NULL)), NULL);
  run(v, F, dir);
  EXPECT(DIR(0, 1), 4);
  EXPECT(DIR(1, 0), 4);
  check_brute(v, F, "other arrays in a loop");
  // a field index of struct 1 beyond struct 0's fields: guard cells after the matrix stay intact
  int64_t buf[4 + 16];
  for (int i = 0; i < 20; i++)
    buf[i] = i < 4 ? NONE : 777;
  KdRegion *w = seq(a, kd_region_access(a, 1, 5, 8, false), ld(a, 0, 4), ld(a, 1, 4), NULL);
  kd_distance_accumulate(w, 0, F, buf);
  for (int i = 4; i < 20; i++)
    EXPECT(buf[i], 777);
  EXPECT(buf[0 * F + 1], 4);
  EXPECT(buf[1 * F + 0], NONE);
  kd_arena_free(a);
}

/* The nearest preceding access in the same block lowers δ→ (method-notes §1):
 * a pair written together whose next pair lies past a long loop (HeCBench
 * rsmt's edge {src, dst}: the Fig. 2 reading alone split it). */
static void test_nearest_predecessor(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 3;
  int64_t dir[9];
  const int64_t U = KD_TRIP_UNKNOWN;
  // U × { U × { other 16 }; if { a 2; b 2 } }: b -> a = 16·U + 2 past the inner
  // loop, but a is 2 before every b => 2
  KdRegion *t = loop(a, U, seq(a, loop(a, U, other(a, 16)),
                               kd_region_if(a, NULL, seq(a, st(a, 0, 2), st(a, 1, 2), NULL), NULL), NULL));
  run(t, F, dir);
  EXPECT(DIR(0, 1), 2);
  EXPECT(DIR(1, 0), 2);
  EXPECT(SYM(0, 1), 2);
  // the same with trip 3 against the brute force
  KdRegion *t3 = loop(a, 3, seq(a, loop(a, 3, other(a, 16)),
                                kd_region_if(a, NULL, seq(a, st(a, 0, 2), st(a, 1, 2), NULL), NULL), NULL));
  check_brute(t3, F, "pair past a loop");
  // a predecessor beyond a loop does not count: b; 3 × { other 8 }; a; other 100; b
  // => a -> b = 104; a's preceding b is behind the loop: still 104
  KdRegion *u = seq(a, ld(a, 1, 4), loop(a, 3, other(a, 8)), ld(a, 0, 4), other(a, 100), ld(a, 1, 4), NULL);
  run(u, F, dir);
  EXPECT(DIR(0, 1), 104);
  check_brute(u, F, "not across a loop");
  // nor beyond a call: b; call { other 8 }; a; other 100; b => 104
  KdRegion *c = seq(a, ld(a, 1, 4), kd_region_call(a, other(a, 8)), ld(a, 0, 4), other(a, 100), ld(a, 1, 4), NULL);
  run(c, F, dir);
  EXPECT(DIR(0, 1), 104);
  check_brute(c, F, "not across a call");
  // branches join with min: b; if { other 40 } else { other 8 }; a; other 100; b
  // => a's preceding b is min(44, 12) = 12 away: 12
  KdRegion *j = seq(a, ld(a, 1, 4), kd_region_if(a, NULL, other(a, 40), other(a, 8)), ld(a, 0, 4), other(a, 100),
                    ld(a, 1, 4), NULL);
  run(j, F, dir);
  EXPECT(DIR(0, 1), 12);
  check_brute(j, F, "join");
  // a jump ends the block: 2 × { b; if { continue; } ; a; other 100; b }: the
  // path b -> a skips the continue: 4 ... and only that path reaches a => 4;
  // with the b before the branch moved into it (if { b; continue; }) a has no
  // in-block predecessor: a -> b = 104 stays
  KdRegion *k1 = loop(a, 2, seq(a, ld(a, 1, 4), kd_region_if(a, NULL, cont(a), NULL), ld(a, 0, 4), other(a, 100),
                                ld(a, 1, 4), NULL));
  run(k1, F, dir);
  EXPECT(DIR(0, 1), 4);
  check_brute(k1, F, "jump skipped");
  KdRegion *k2 = loop(a, 2, seq(a, kd_region_if(a, NULL, seq(a, ld(a, 1, 4), cont(a), NULL), NULL), ld(a, 0, 4),
                                other(a, 100), ld(a, 1, 4), NULL));
  run(k2, F, dir);
  EXPECT(DIR(0, 1), 104);
  check_brute(k2, F, "jump taken");
  // never raised: a field with no following access gains no entry from its predecessor
  KdRegion *n = seq(a, ld(a, 0, 4), ld(a, 2, 4), NULL);
  run(n, F, dir);
  EXPECT(DIR(0, 2), 4);
  EXPECT(DIR(2, 0), NONE);
  kd_arena_free(a);
}

/* 64-bit, saturating: never overflow, never negative */
static void test_huge_trips(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  const int64_t T = INT64_C(1000000000000);  // 10^12
  // T × { a 16 }; b 4  => a_1 -> b = (T-1)*16 + 4, exact
  KdRegion *t = seq(a, loop(a, T, ld(a, 0, 16)), ld(a, 1, 4), NULL);
  run(t, F, dir);
  EXPECT(DIR(0, 1), (T - 1) * 16 + 4);
  EXPECT(DIR(1, 0), NONE);
  // a; T × { T × { other 16 } }; b  => 1.6e25 bytes: saturates at KD_DIST_CAP
  KdRegion *u = seq(a, ld(a, 0, 4), loop(a, T, loop(a, T, other(a, 16))), ld(a, 1, 4), NULL);
  run(u, F, dir);
  assert_true(DIR(0, 1) > 0);
  assert_true(DIR(0, 1) <= KD_DIST_CAP);
  EXPECT(DIR(0, 1), KD_DIST_CAP);
  // b inside the nest: the first b of the outer loop reaches a after the rest
  // T × { b 4; T × { other 16 } } ; a 4 ; and also a -> b wraps around nothing
  KdRegion *v = seq(a, loop(a, T, seq(a, ld(a, 1, 4), loop(a, T, other(a, UINT32_MAX)), NULL)), ld(a, 0, 4), NULL);
  run(v, F, dir);
  EXPECT(DIR(1, 0), KD_DIST_CAP);
  EXPECT(DIR(0, 1), NONE);
  // the maximum trip (2^40) with the largest σ, three deep: still capped, still positive
  KdRegion *w = seq(a, ld(a, 0, 4),
                    loop(a, KD_TRIP_MAX, loop(a, KD_TRIP_MAX, loop(a, KD_TRIP_MAX, other(a, UINT32_MAX)))),
                    ld(a, 1, 4), ld(a, 0, 4), NULL);
  run(w, F, dir);
  EXPECT(DIR(0, 1), KD_DIST_CAP);
  EXPECT(DIR(1, 0), 4);
  // a huge loop with the accesses inside: contexts first/last, values exact
  KdRegion *x = loop(a, T, seq(a, ld(a, 0, 8), other(a, 8), ld(a, 1, 8), NULL));
  run(x, F, dir);
  EXPECT(DIR(0, 1), 16);
  EXPECT(DIR(1, 0), 8);
  kd_arena_free(a);
}

/* -------------------------------------------- random trees vs brute force */

static uint64_t rng_state;
static uint32_t rnd(uint32_t n) {
  rng_state = rng_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
  return (uint32_t)((rng_state >> 33) % n);
}

static const uint32_t sizes[] = {1, 2, 4, 8, 16, 32};

static KdRegion *gen_access(KdArena *a, int F) {
  uint32_t bytes = sizes[rnd(6)];
  uint32_t k = rnd(20);
  if (k < 2)
    return kd_region_access(a, -1, -1, bytes, rnd(2));
  if (k < 4)
    return kd_region_access(a, 1, (int)rnd(2), bytes, rnd(2));
  if (k < 5)
    return kd_region_access(a, 0, -1, bytes, rnd(2));
  return kd_region_access(a, 0, (int)rnd((uint32_t)F), bytes, rnd(2));
}

static KdRegion *gen_opt_access(KdArena *a, int F) { return rnd(3) == 0 ? gen_access(a, F) : NULL; }

/* Weights (cumulative, out of 100) of the region kinds: a plain mix and a
 * control-heavy one (more switch / break / continue / call / return). */
typedef struct Mix {
  int access, seq, ifs, loop, sw, call, brk, cont, ret;
} Mix;
static const Mix plain_mix = {35, 55, 67, 79, 85, 89, 93, 96, 98};
static const Mix heavy_mix = {26, 38, 48, 62, 74, 84, 90, 94, 100};
static const Mix *mix = &plain_mix;

/* depth: nesting budget; loops: loop nesting so far; in_loop: continue allowed;
 * in_brk: break allowed */
static KdRegion *gen(KdArena *a, int F, int depth, int loops, bool in_loop, bool in_brk) {
  uint32_t k = depth <= 0 ? 0 : rnd(100);
  if (k < (uint32_t)mix->access)
    return gen_access(a, F);
  if (k < (uint32_t)mix->seq) {
    KdRegion *s = kd_region_new(a, KR_SEQ);
    int n = 1 + (int)rnd(4);
    for (int i = 0; i < n; i++)
      kd_region_add(a, s, gen(a, F, depth - 1, loops, in_loop, in_brk));
    return s;
  }
  if (k < (uint32_t)mix->ifs)
    return kd_region_if(a, gen_opt_access(a, F), rnd(5) ? gen(a, F, depth - 1, loops, in_loop, in_brk) : NULL,
                        rnd(2) ? gen(a, F, depth - 1, loops, in_loop, in_brk) : NULL);
  if (k < (uint32_t)mix->loop && loops < 3) {
    bool dw = rnd(4) == 0;
    int64_t trip = dw ? 1 + rnd(5) : rnd(6);  // do loops run at least once
    return loop4(a, trip, dw, gen_opt_access(a, F), gen_opt_access(a, F), gen(a, F, depth - 1, loops + 1, true, true),
                 gen_opt_access(a, F));
  }
  if (k < (uint32_t)mix->sw) {
    KdRegion *s = kd_region_new(a, KR_SWITCH);
    s->has_default = rnd(2);
    kd_region_add(a, s, gen_opt_access(a, F));
    int n = 1 + (int)rnd(3);
    for (int i = 0; i < n; i++)
      kd_region_add(a, s, gen(a, F, depth - 1, loops, in_loop, true));
    return s;
  }
  if (k < (uint32_t)mix->call)
    return kd_region_call(a, rnd(6) ? gen(a, F, depth - 1, loops, false, false) : NULL);
  if (k < (uint32_t)mix->brk && in_brk)
    return kd_region_new(a, KR_BREAK);
  if (k < (uint32_t)mix->cont && in_loop)
    return kd_region_new(a, KR_CONTINUE);
  if (k < (uint32_t)mix->ret)
    return kd_region_new(a, KR_RETURN);
  return gen_access(a, F);
}

static void dump_tree(const KdRegion *r) {
  static const char *const f0[] = {"f0", "f1", "f2", "f3", "f4"};
  static const char *const f1[] = {"g0", "g1"};
  const char *const names[] = {"S", "T"};
  const char *const *const fields[] = {f0, f1};
  kd_region_dump(stderr, r, names, fields, 0);
}

/* a kernel: a sequence of 2..5 random statements */
static KdRegion *gen_kernel(KdArena *a, int F, int depth) {
  KdRegion *s = kd_region_new(a, KR_SEQ);
  int n = 2 + (int)rnd(4);
  for (int i = 0; i < n; i++)
    kd_region_add(a, s, gen(a, F, depth, 0, false, false));
  return s;
}

static int compare_random(uint64_t seed, int F, int depth, bool verbose) {
  rng_state = seed;
  KdArena *a = kd_arena_new();
  KdRegion *body = gen_kernel(a, F, depth);
  int64_t got[MAXF * MAXF], want[MAXF * MAXF];
  dir_init(got, F);
  dir_init(want, F);
  kd_distance_accumulate(body, 0, F, got);
  int64_t plain[MAXF * MAXF], exact[MAXF * MAXF];
  dir_init(plain, F);
  dir_init(exact, F);
  brute3(body, 0, F, want, plain, exact);
  int bad = 0;
  for (int i = 0; i < F * F; i++)  // exact ≤ δ→ ≤ plain, and all three have the same edges
    if ((plain[i] == NONE) != (exact[i] == NONE) || (plain[i] == NONE) != (want[i] == NONE) || exact[i] > want[i] ||
        want[i] > plain[i]) {
      if (verbose && bad == 0) {
        print_error("seed %" PRIu64 ": dir[%d][%d]: exact %" PRId64 ", definition %" PRId64 ", without predecessors %" PRId64
                    "\n", seed, i / F, i % F, exact[i], want[i], plain[i]);
        dump_tree(body);
      }
      bad++;
    }
  for (int i = 0; i < F * F; i++)
    if (got[i] != want[i]) {
      if (verbose && bad == 0) {
        print_error("seed %" PRIu64 ": dir[%d][%d] = %" PRId64 ", brute force %" PRId64 "\n", seed, i / F, i % F,
                    got[i], want[i]);
        dump_tree(body);
      }
      bad++;
    }
  // struct 1 (two fields) is analysed the same way
  int64_t g1[4], w1[4];
  dir_init(g1, 2);
  dir_init(w1, 2);
  kd_distance_accumulate(body, 1, 2, g1);
  brute(body, 1, 2, w1);
  for (int i = 0; i < 4; i++)
    if (g1[i] != w1[i]) {
      if (verbose && bad == 0) {
        print_error("seed %" PRIu64 " (struct 1): dir[%d][%d] = %" PRId64 ", brute force %" PRId64 "\n", seed, i / 2,
                    i % 2, g1[i], w1[i]);
        dump_tree(body);
      }
      bad++;
    }
  kd_arena_free(a);
  return bad;
}

static void test_random_vs_brute_force(void **state) {
  (void)state;
  int failures = 0, nonempty = 0;
  for (uint64_t seed = 1; seed <= 20000; seed++) {
    int F = 2 + (int)(seed % 4);
    int depth = 3 + (int)(seed % 5);
    mix = seed % 2 ? &plain_mix : &heavy_mix;
    int bad = compare_random(seed, F, depth, failures < 3);
    if (bad)
      failures++;
  }
  mix = &plain_mix;
  // make sure the generator produces real work: most trees have some edge
  for (uint64_t seed = 1; seed <= 200; seed++) {
    rng_state = seed;
    KdArena *a = kd_arena_new();
    KdRegion *body = gen_kernel(a, 3, 4);
    int64_t d[9];
    dir_init(d, 3);
    kd_distance_accumulate(body, 0, 3, d);
    for (int i = 0; i < 9; i++)
      if (d[i] > 0) {
        nonempty++;
        break;
      }
    kd_arena_free(a);
  }
  if (failures)
    print_error("%d of 20000 random trees disagree with the brute force\n", failures);
  assert_int_equal(failures, 0);
  assert_true(nonempty >= 50);
}

/* Past KD_MAX_CONTEXTS (64) contexts, two contexts are merged into their
 * component-wise maximum: distance.h promises an upper bound.  So for loop
 * nests deeper than 6: every finite δ→ of the definition is reported finite
 * and at least as large, and nothing is reported where the definition has no
 * path. */
static bool check_upper_bound(const KdRegion *body, int F, const char *what, uint64_t seed, bool verbose) {
  int64_t got[MAXF * MAXF], want[MAXF * MAXF];
  run(body, F, got);
  dir_init(want, F);
  brute(body, 0, F, want);
  for (int i = 0; i < F * F; i++) {
    bool ok = want[i] == NONE ? got[i] == NONE : (got[i] != NONE && got[i] >= want[i] && got[i] <= KD_DIST_CAP);
    if (!ok) {
      if (verbose) {
        print_error("%s (seed %" PRIu64 "): dir[%d][%d] = %" PRId64 ", definition %" PRId64
                    " (must be an upper bound)\n",
                    what, seed, i / F, i % F, got[i], want[i]);
        if (seed)
          dump_tree(body);
      }
      return false;
    }
  }
  return true;
}

/* 7 loops of trip 2, the innermost { a 4; b 4 }; a return right after the
 * innermost loop.  b_1 -> a_2 inside the innermost loop is 4. */
static void test_context_merge_deep_nest(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int F = 2;
  int64_t dir[4];
  for (int with_ret = 0; with_ret <= 1; with_ret++)
    for (int depth = 5; depth <= 8; depth++) {
      KdRegion *r = loop(a, 2, seq(a, ld(a, 0, 4), ld(a, 1, 4), NULL));
      for (int d = 1; d < depth; d++)
        r = loop(a, 2, seq(a, r, with_ret && d == 1 ? ret(a) : NULL, NULL));
      run(r, F, dir);
      EXPECT(DIR(0, 1), 4);
      if (DIR(1, 0) == NONE)
        print_error("depth %d, return after the innermost loop: b -> a reported as no path\n", depth);
      assert_true(DIR(1, 0) != NONE);
      assert_true(DIR(1, 0) >= 4);
      if (depth <= 6) {
        EXPECT(DIR(1, 0), 4);  // within the context limit: exact
        check_brute(r, F, "deep nest");
      } else {
        assert_true(check_upper_bound(r, F, "deep nest", 0, true));
      }
    }
  kd_arena_free(a);
}

/* random nests 7 or 8 deep, random statements around each level */
static void test_random_deep_nests_upper_bound(void **state) {
  (void)state;
  int failures = 0;
  for (uint64_t seed = 1; seed <= 5000; seed++) {
    mix = seed % 2 ? &plain_mix : &heavy_mix;
    rng_state = seed * 7919;
    KdArena *a = kd_arena_new();
    const int F = 3;
    int depth = 7 + (int)rnd(2);
    KdRegion *r = gen(a, F, 2, 3, true, true);
    for (int d = 0; d < depth; d++) {
      KdRegion *s = kd_region_new(a, KR_SEQ);
      kd_region_add(a, s, gen(a, F, 1, 3, true, true));  // loops = 3: no further loops
      kd_region_add(a, s, r);
      kd_region_add(a, s, gen(a, F, 1, 3, true, true));
      r = loop4(a, 1 + rnd(3), false, NULL, gen_opt_access(a, F), s, NULL);
    }
    KdRegion *k = seq(a, gen_access(a, F), r, gen_access(a, F), NULL);
    if (!check_upper_bound(k, F, "random deep nest", seed, failures < 1))
      failures++;
    kd_arena_free(a);
  }
  mix = &plain_mix;
  if (failures)
    print_error("%d of 5000 deep nests break the upper bound\n", failures);
  assert_int_equal(failures, 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fig2),
      cmocka_unit_test(test_symmetric),
      cmocka_unit_test(test_accumulate_max_over_kernels),
      cmocka_unit_test(test_if_else_min),
      cmocka_unit_test(test_max_over_accesses),
      cmocka_unit_test(test_loop_trip0),
      cmocka_unit_test(test_trip1_vs_trip2),
      cmocka_unit_test(test_loop_cond_for_vs_do),
      cmocka_unit_test(test_nested_loops),
      cmocka_unit_test(test_break),
      cmocka_unit_test(test_continue),
      cmocka_unit_test(test_return),
      cmocka_unit_test(test_switch),
      cmocka_unit_test(test_whole_struct),
      cmocka_unit_test(test_other_arrays),
      cmocka_unit_test(test_foreign_accesses_are_not_sources),
      cmocka_unit_test(test_nearest_predecessor),
      cmocka_unit_test(test_huge_trips),
      cmocka_unit_test(test_random_vs_brute_force),
      cmocka_unit_test(test_context_merge_deep_nest),
      cmocka_unit_test(test_random_deep_nests_upper_bound),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
