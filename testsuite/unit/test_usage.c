/* test_usage.c: φ(c), the used share of AoS's bytes (analysis/usage.h).
 *
 * Hand-computed cases on region trees built by hand: the BlackScholes shape
 * (load three fields, store two: φ = 1/2), a single field loaded and stored
 * (φ = 1/m of the struct), whole-struct accesses, loops weighting a kernel's
 * directions by their largest execution count, clusters that are a subset
 * of the struct, other structs and arrays ignored, several kernels summed,
 * and the rounding of kd_used_permille.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "analysis/region.h"
#include "analysis/usage.h"
#include "regions.h"

/* A struct of five 4-byte fields S, X, T, call, put (sid 0). */
static KdField fields5[] = {{"S", 4, 0, 4}, {"X", 4, 4, 4}, {"T", 4, 8, 4}, {"call", 4, 12, 4}, {"put", 4, 16, 4}};
static const KdStruct opt5 = {.name = "Option", .bytes = 20, .nfields = 5, .fields = fields5, .eligible = true};
static const int all5[] = {0, 1, 2, 3, 4};

static KdRegion *ld(KdArena *a, int field) { return kd_region_access(a, 0, field, field < 0 ? 20 : 4, false); }
static KdRegion *st(KdArena *a, int field) { return kd_region_access(a, 0, field, field < 0 ? 20 : 4, true); }

static KdRegion *loop(KdArena *a, int64_t trip, KdRegion *body) {
  KdLoop *lp = kd_arena_alloc(a, sizeof(KdLoop));
  lp->trip = trip;
  lp->rule = KD_RULE_CONST;
  return kd_region_loop(a, NULL, NULL, body, NULL, lp);
}

/* One kernel's terms for the cluster fields[0..n): kd_use_fields, then kd_use_cluster. */
static void accumulate(const KdRegion *body, const int *fields, int n, KdUse *u) {
  KdFieldUse t[5];
  kd_use_fields(body, &opt5, 0, t);
  kd_use_cluster(t, &opt5, fields, n, u);
}

static uint32_t phi(const KdRegion *body, const int *fields, int n) {
  KdUse u = {0, 0};
  accumulate(body, fields, n, &u);
  return kd_used_permille(u.used, u.moved);
}

/* Loads S, X, T and stores call, put: 12 + 8 bytes used of 2 × 20 moved. */
static void test_blackscholes(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  KdRegion *k = seq(a, ld(a, 0), ld(a, 1), ld(a, 2), st(a, 3), st(a, 4), NULL);
  KdUse u = {0, 0};
  accumulate(k, all5, 5, &u);
  assert_float_equal(u.used, 20, 0);
  assert_float_equal(u.moved, 40, 0);
  assert_int_equal(phi(k, all5, 5), 500);
  // a field accessed twice in one direction counts once
  k = seq(a, ld(a, 0), ld(a, 0), ld(a, 1), ld(a, 2), st(a, 3), st(a, 4), st(a, 3), NULL);
  assert_int_equal(phi(k, all5, 5), 500);
  kd_arena_free(a);
}

/* One field loaded and stored: 8 of 40 bytes; everything loaded and stored:
 * 1000; whole-struct accesses touch every field; loads only: 1000. */
static void test_patterns(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  assert_int_equal(phi(seq(a, ld(a, 0), st(a, 0), NULL), all5, 5), 200);
  KdRegion *rw = seq(a, ld(a, 0), ld(a, 1), ld(a, 2), ld(a, 3), ld(a, 4), st(a, 0), st(a, 1), st(a, 2), st(a, 3),
                     st(a, 4), NULL);
  assert_int_equal(phi(rw, all5, 5), 1000);
  assert_int_equal(phi(seq(a, ld(a, -1), st(a, -1), NULL), all5, 5), 1000);
  assert_int_equal(phi(seq(a, ld(a, -1), st(a, 3), NULL), all5, 5), 600);  // 20 + 4 of 40
  assert_int_equal(phi(seq(a, ld(a, 0), ld(a, 1), ld(a, 2), ld(a, 3), ld(a, 4), NULL), all5, 5), 1000);
  assert_int_equal(phi(seq(a, ld(a, 2), NULL), all5, 5), 200);
  assert_int_equal(phi(NULL, all5, 5), 1000);  // nothing moved: nothing wasted
  kd_arena_free(a);
}

/* A direction's weight is its largest execution count: loads of S in a
 * loop of 99 iterations, the store of put once: (99·4 + 4) / (99·20 + 20). */
static void test_loops(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  KdRegion *k = seq(a, loop(a, 99, ld(a, 0)), st(a, 4), NULL);
  KdUse u = {0, 0};
  accumulate(k, all5, 5, &u);
  assert_float_equal(u.used, 99 * 4 + 4, 0);
  assert_float_equal(u.moved, 99 * 20 + 20, 0);
  // a load of X once beside the loop adds X's bytes at the loop's weight: (99·8 + 4) / (100·20)
  k = seq(a, loop(a, 99, ld(a, 0)), ld(a, 1), st(a, 4), NULL);
  u = (KdUse){0, 0};
  accumulate(k, all5, 5, &u);
  assert_float_equal(u.used, 99 * 8 + 4, 0);
  // nested loops multiply; a loop of 0 iterations runs nothing
  k = loop(a, 3, loop(a, 5, seq(a, ld(a, 0), st(a, 0), NULL)));
  u = (KdUse){0, 0};
  accumulate(k, all5, 5, &u);
  assert_float_equal(u.used, 15 * 8, 0);
  assert_float_equal(u.moved, 15 * 40, 0);
  u = (KdUse){0, 0};
  accumulate(loop(a, 0, ld(a, 0)), all5, 5, &u);
  assert_float_equal(u.moved, 0, 0);
  // both arms of a branch count
  k = kd_region_if(a, NULL, ld(a, 0), ld(a, 1));
  assert_int_equal(phi(k, all5, 5), 400);
  kd_arena_free(a);
}

/* A cluster is a subset of the struct: only its fields count, σ(c) its
 * bytes; a kernel that touches none of them adds nothing. */
static void test_cluster_subset(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  const int sxt[] = {0, 1, 2}, cp[] = {3, 4};
  KdRegion *k = seq(a, ld(a, 0), ld(a, 1), ld(a, 2), st(a, 3), st(a, 4), NULL);
  assert_int_equal(phi(k, sxt, 3), 1000);
  assert_int_equal(phi(k, cp, 2), 1000);
  KdRegion *one = seq(a, ld(a, 0), st(a, 3), NULL);
  assert_int_equal(phi(one, sxt, 3), 333);
  assert_int_equal(phi(one, cp, 2), 500);
  KdUse u = {0, 0};
  accumulate(seq(a, ld(a, 0), NULL), cp, 2, &u);
  assert_float_equal(u.moved, 0, 0);
  kd_arena_free(a);
}

/* Accesses of another struct (sid 1) and of other arrays (sid -1) are
 * ignored; two kernels' terms add up. */
static void test_others_and_kernels(void **state) {
  (void)state;
  KdArena *a = kd_arena_new();
  KdRegion *k = seq(a, kd_region_access(a, 1, 0, 4, false), kd_region_access(a, -1, -1, 64, true), ld(a, 0),
                    st(a, 0), NULL);
  assert_int_equal(phi(k, all5, 5), 200);
  // kernel 1: S loaded and stored (8 of 40); kernel 2: every field loaded and stored (40 of 40)
  KdUse u = {0, 0};
  accumulate(seq(a, ld(a, 0), st(a, 0), NULL), all5, 5, &u);
  accumulate(seq(a, ld(a, -1), st(a, -1), NULL), all5, 5, &u);
  assert_float_equal(u.used, 48, 0);
  assert_float_equal(u.moved, 80, 0);
  assert_int_equal(kd_used_permille(u.used, u.moved), 600);
  kd_arena_free(a);
}

static void test_rounding(void **state) {
  (void)state;
  assert_int_equal(kd_used_permille(1, 3), 333);
  assert_int_equal(kd_used_permille(2, 3), 667);
  assert_int_equal(kd_used_permille(1, 16), 63);  // 62.5: halves up
  assert_int_equal(kd_used_permille(1, 2000), 1);  // 0.5
  assert_int_equal(kd_used_permille(1, 2001), 0);
  assert_int_equal(kd_used_permille(0, 5), 0);
  assert_int_equal(kd_used_permille(5, 5), 1000);
  assert_int_equal(kd_used_permille(6, 5), 1000);
  assert_int_equal(kd_used_permille(0, 0), 1000);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_blackscholes),    cmocka_unit_test(test_patterns),
      cmocka_unit_test(test_loops),           cmocka_unit_test(test_cluster_subset),
      cmocka_unit_test(test_others_and_kernels), cmocka_unit_test(test_rounding),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
