/* test_partition.c: KDLG edges and the ε-Kruskal partition (analysis/kdlg.h,
 * docs/method-notes.md §3, the paper's Fig. 3). */
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
#include "analysis/kdlg.h"
#include "analysis/region.h"
#include "regions.h"

#define NONE KD_DIST_NONE

static KdField fig_fields[4] = {{"a", 4, 0, 4}, {"b", 4, 4, 4}, {"c", 4, 8, 4}, {"d", 4, 12, 4}};
static KdStruct fig_struct = {.name = "S", .bytes = 16, .nfields = 4, .fields = fig_fields, .eligible = true};


/* Fig. 2's kernel: for 32 × {a; b}; c; store other 4 B */
static Kdlg *fig2_graph(void) {
  KdArena *a = kd_arena_new();
  KdLoop *lp = kd_arena_alloc(a, sizeof(KdLoop));
  lp->trip = 32;
  lp->rule = KD_RULE_CONST;
  KdRegion *body = seq(a,
                       kd_region_loop(a, NULL, NULL,
                                      seq(a, kd_region_access(a, 0, 0, 4, false), kd_region_access(a, 0, 1, 4, false), NULL),
                                      NULL, lp),
                       kd_region_access(a, 0, 2, 4, false), kd_region_access(a, -1, -1, 4, true), NULL);
  Kdlg *g = kdlg_new(&fig_struct);
  assert_non_null(g);
  kd_distance_accumulate(body, 0, 4, g->dir);
  kdlg_finish_edges(g);
  kd_arena_free(a);
  return g;
}

/* Fig. 2's graph set directly from its δ values */
static Kdlg *graph_from(const KdStruct *st, const int64_t *dir) {
  Kdlg *g = kdlg_new(st);
  assert_non_null(g);
  int F = st->nfields;
  for (int i = 0; i < F * F; i++)
    assert_int_equal(g->dir[i], NONE);  // a new KDLG has no edges
  memcpy(g->dir, dir, (size_t)F * (size_t)F * sizeof(int64_t));
  kdlg_finish_edges(g);
  return g;
}

/* Structural invariants of any partition: disjoint, covering, ascending fields,
 * ordered by first field, σ(c) = Σ σ(f). */
static void check_invariants(const Kdlg *g) {
  int F = g->st->nfields;
  int seen[64] = {0};
  assert_true(F <= 64);
  assert_true(g->nclusters >= (F > 0 ? 1 : 0));
  assert_true(g->nclusters <= F);
  int prev_first = -1;
  for (int c = 0; c < g->nclusters; c++) {
    const KdCluster *cl = &g->clusters[c];
    assert_true(cl->nfields >= 1);
    assert_true(cl->fields[0] > prev_first);
    prev_first = cl->fields[0];
    uint32_t bytes = 0;
    for (int i = 0; i < cl->nfields; i++) {
      int f = cl->fields[i];
      assert_true(f >= 0 && f < F);
      if (i)
        assert_true(f > cl->fields[i - 1]);
      seen[f]++;
      bytes += g->st->fields[f].bytes;
    }
    assert_int_equal(cl->bytes, bytes);
  }
  for (int f = 0; f < F; f++)
    assert_int_equal(seen[f], 1);
}

/* expect e.g. "0 1|2|3": clusters separated by '|', field indices by ' ' */
static void expect_clusters(const Kdlg *g, const char *spec) {
  check_invariants(g);
  char buf[512] = "";
  for (int c = 0; c < g->nclusters; c++) {
    if (c)
      strcat(buf, "|");
    for (int i = 0; i < g->clusters[c].nfields; i++) {
      char t[16];
      snprintf(t, sizeof t, i ? " %d" : "%d", g->clusters[c].fields[i]);
      strcat(buf, t);
    }
  }
  if (strcmp(buf, spec)) {
    print_error("epsilon %" PRId64 ": clusters \"%s\", expected \"%s\"\n", g->epsilon, buf, spec);
    fail();
  }
}

static void test_fig2_edges(void **state) {
  (void)state;
  Kdlg *g = fig2_graph();
  assert_int_equal(kdlg_delta(g, 0, 1), 4);
  assert_int_equal(kdlg_delta(g, 1, 0), 4);
  assert_int_equal(kdlg_delta(g, 1, 2), 252);
  assert_int_equal(kdlg_delta(g, 0, 2), 256);
  assert_int_equal(kdlg_delta(g, 2, 0), 256);
  for (int f = 0; f < 3; f++)
    assert_int_equal(kdlg_delta(g, f, 3), NONE);
  // edges sorted by δ: (a,b,4), (b,c,252), (a,c,256); none for d
  assert_int_equal(g->nedges, 3);
  const KdEdge want[3] = {{0, 1, 4, false}, {1, 2, 252, false}, {0, 2, 256, false}};
  for (int i = 0; i < 3; i++) {
    assert_int_equal(g->edges[i].a, want[i].a);
    assert_int_equal(g->edges[i].b, want[i].b);
    assert_int_equal(g->edges[i].delta, want[i].delta);
  }
  kdlg_free(g);
}

/* Fig. 3: {a},{b},{c},{d} for ε ≤ 4; {a,b},{c},{d} for 4 < ε ≤ 252; {a,b,c},{d} for ε > 252 */
static void test_fig3(void **state) {
  (void)state;
  Kdlg *g = fig2_graph();
  static const struct {
    int64_t eps;
    const char *spec;
  } cases[] = {
      {0, "0|1|2|3"},       {1, "0|1|2|3"},     {4, "0|1|2|3"},     {5, "0 1|2|3"},
      {128, "0 1|2|3"},     {252, "0 1|2|3"},   {253, "0 1 2|3"},   {256, "0 1 2|3"},
      {257, "0 1 2|3"},     {300, "0 1 2|3"},   {INT64_MAX, "0 1 2|3"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    kdlg_partition(g, cases[i].eps);
    assert_int_equal(g->epsilon, cases[i].eps);
    expect_clusters(g, cases[i].spec);
  }
  // σ(c): {a,b,c} = 12 B, {d} = 4 B
  kdlg_partition(g, 253);
  assert_int_equal(g->nclusters, 2);
  assert_int_equal(g->clusters[0].bytes, 12);
  assert_int_equal(g->clusters[1].bytes, 4);
  // a repartition replaces the previous one
  kdlg_partition(g, 1);
  assert_int_equal(g->nclusters, 4);
  expect_clusters(g, "0|1|2|3");
  kdlg_free(g);
}

/* the same graph set directly gives the same partition (the δ matrix is all that matters) */
static void test_fig3_from_matrix(void **state) {
  (void)state;
  int64_t dir[16];
  for (int i = 0; i < 16; i++)
    dir[i] = NONE;
  dir[0 * 4 + 1] = 4;
  dir[1 * 4 + 0] = 4;
  dir[0 * 4 + 2] = 256;
  dir[1 * 4 + 2] = 252;
  Kdlg *g = graph_from(&fig_struct, dir);
  assert_int_equal(g->nedges, 3);
  kdlg_partition(g, 5);
  expect_clusters(g, "0 1|2|3");
  kdlg_partition(g, 253);
  expect_clusters(g, "0 1 2|3");
  kdlg_free(g);
}

/* δ = max of both directions; the edge joins iff δ < ε (strict) */
static void test_asymmetric_and_strict(void **state) {
  (void)state;
  KdField f[2] = {{"x", 8, 0, 8}, {"y", 8, 8, 8}};
  KdStruct st = {.name = "P", .bytes = 16, .nfields = 2, .fields = f};
  int64_t dir[4] = {NONE, 3, 10, NONE};  // x->y 3, y->x 10
  Kdlg *g = graph_from(&st, dir);
  assert_int_equal(kdlg_delta(g, 0, 1), 10);
  assert_int_equal(g->nedges, 1);
  assert_int_equal(g->edges[0].delta, 10);
  kdlg_partition(g, 5);  // 3 < 5 but δ = 10
  expect_clusters(g, "0|1");
  kdlg_partition(g, 10);  // δ = ε: no edge
  expect_clusters(g, "0|1");
  kdlg_partition(g, 11);
  expect_clusters(g, "0 1");
  assert_int_equal(g->clusters[0].bytes, 16);
  kdlg_free(g);
  // δ = 0 (a whole-struct copy) joins for every ε > 0, never for ε = 0
  int64_t z[4] = {NONE, 0, 0, NONE};
  g = graph_from(&st, z);
  assert_int_equal(g->nedges, 1);
  kdlg_partition(g, 0);
  expect_clusters(g, "0|1");
  kdlg_partition(g, 1);
  expect_clusters(g, "0 1");
  kdlg_free(g);
  // one direction only still makes an edge
  int64_t o[4] = {NONE, NONE, 7, NONE};
  g = graph_from(&st, o);
  assert_int_equal(g->nedges, 1);
  assert_int_equal(kdlg_delta(g, 0, 1), 7);
  kdlg_partition(g, 8);
  expect_clusters(g, "0 1");
  kdlg_free(g);
}

/* edges sorted by (δ, a, b); clusters numbered by their first field */
static void test_tie_break_and_order(void **state) {
  (void)state;
  KdField f[5] = {{"f0", 4, 0, 4}, {"f1", 8, 4, 8}, {"f2", 2, 12, 2}, {"f3", 16, 16, 16}, {"f4", 1, 32, 1}};
  KdStruct st = {.name = "T", .bytes = 40, .nfields = 5, .fields = f};
  int64_t dir[25];
  for (int i = 0; i < 25; i++)
    dir[i] = NONE;
#define SET(x, y, v) (dir[(x) * 5 + (y)] = dir[(y) * 5 + (x)] = (v))
  SET(2, 3, 5);
  SET(0, 3, 5);
  SET(0, 1, 5);
  SET(1, 2, 3);
  SET(1, 4, 9);
  Kdlg *g = graph_from(&st, dir);
  const KdEdge want[5] = {{1, 2, 3, false}, {0, 1, 5, false}, {0, 3, 5, false}, {2, 3, 5, false}, {1, 4, 9, false}};
  assert_int_equal(g->nedges, 5);
  for (int i = 0; i < 5; i++) {
    assert_true(g->edges[i].a < g->edges[i].b);
    assert_int_equal(g->edges[i].a, want[i].a);
    assert_int_equal(g->edges[i].b, want[i].b);
    assert_int_equal(g->edges[i].delta, want[i].delta);
  }
  kdlg_partition(g, 4);
  expect_clusters(g, "0|1 2|3|4");
  assert_int_equal(g->clusters[1].bytes, 10);
  kdlg_partition(g, 6);
  expect_clusters(g, "0 1 2 3|4");
  assert_int_equal(g->clusters[0].bytes, 30);
  assert_int_equal(g->clusters[1].bytes, 1);
  kdlg_partition(g, 10);
  expect_clusters(g, "0 1 2 3 4");
  assert_int_equal(g->clusters[0].bytes, 31);
  kdlg_free(g);
  // clusters are ordered by their first field, fields ascending within:
  // joins (3,0) and (4,2), 1 alone => {0,3},{1},{2,4}
  for (int i = 0; i < 25; i++)
    dir[i] = NONE;
  SET(3, 0, 1);
  SET(4, 2, 1);
#undef SET
  g = graph_from(&st, dir);
  kdlg_partition(g, 2);
  expect_clusters(g, "0 3|1|2 4");
  assert_int_equal(g->clusters[0].bytes, 20);
  assert_int_equal(g->clusters[1].bytes, 8);
  assert_int_equal(g->clusters[2].bytes, 3);
  kdlg_free(g);
}

static void test_determinism(void **state) {
  (void)state;
  Kdlg *g1 = fig2_graph(), *g2 = fig2_graph();
  for (int64_t eps = 0; eps <= 300; eps += 1) {
    kdlg_partition(g1, eps);
    kdlg_partition(g2, eps);
    assert_int_equal(g1->nclusters, g2->nclusters);
    for (int c = 0; c < g1->nclusters; c++) {
      assert_int_equal(g1->clusters[c].nfields, g2->clusters[c].nfields);
      assert_int_equal(g1->clusters[c].bytes, g2->clusters[c].bytes);
      assert_memory_equal(g1->clusters[c].fields, g2->clusters[c].fields, (size_t)g1->clusters[c].nfields * sizeof(int));
    }
  }
  // partitioning again with the same ε gives the same result
  kdlg_partition(g1, 100);
  expect_clusters(g1, "0 1|2|3");
  kdlg_partition(g1, 100);
  expect_clusters(g1, "0 1|2|3");
  // finish_edges is idempotent
  kdlg_finish_edges(g1);
  assert_int_equal(g1->nedges, 3);
  kdlg_free(g1);
  kdlg_free(g2);
}

static void test_no_edges(void **state) {
  (void)state;
  KdField f[3] = {{"p", 4, 0, 4}, {"q", 4, 4, 4}, {"r", 8, 8, 8}};
  KdStruct st = {.name = "N", .bytes = 16, .nfields = 3, .fields = f};
  Kdlg *g = kdlg_new(&st);
  assert_non_null(g);
  kdlg_finish_edges(g);
  assert_int_equal(g->nedges, 0);
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++)
      assert_int_equal(kdlg_delta(g, a, b), NONE);
  kdlg_partition(g, INT64_MAX);
  expect_clusters(g, "0|1|2");
  assert_int_equal(g->clusters[2].bytes, 8);
  kdlg_free(g);
  // one field: one cluster
  KdStruct one = {.name = "O", .bytes = 4, .nfields = 1, .fields = f};
  g = kdlg_new(&one);
  kdlg_finish_edges(g);
  kdlg_partition(g, 128);
  expect_clusters(g, "0");
  assert_int_equal(g->clusters[0].bytes, 4);
  kdlg_free(g);
  // no field: no cluster
  KdStruct none = {.name = "E", .bytes = 0, .nfields = 0, .fields = NULL};
  g = kdlg_new(&none);
  assert_non_null(g);
  kdlg_finish_edges(g);
  assert_int_equal(g->nedges, 0);
  kdlg_partition(g, 128);
  assert_int_equal(g->nclusters, 0);
  kdlg_free(g);
}

/* ε larger than every δ: the connected components; a never-accessed field stays alone */
static void test_components(void **state) {
  (void)state;
  KdField f[6] = {{"f0", 4, 0, 4}, {"f1", 4, 4, 4}, {"f2", 4, 8, 4}, {"f3", 4, 12, 4}, {"f4", 4, 16, 4}, {"f5", 4, 20, 4}};
  KdStruct st = {.name = "C", .bytes = 24, .nfields = 6, .fields = f};
  int64_t dir[36];
  for (int i = 0; i < 36; i++)
    dir[i] = NONE;
  dir[0 * 6 + 1] = INT64_C(1) << 50;  // far apart, but connected
  dir[5 * 6 + 3] = 1000;
  dir[3 * 6 + 4] = 7;
  Kdlg *g = graph_from(&st, dir);
  kdlg_partition(g, KD_DIST_CAP + 1);
  expect_clusters(g, "0 1|2|3 4 5");  // f2 is never accessed
  assert_int_equal(g->clusters[2].bytes, 12);
  kdlg_partition(g, 1001);
  expect_clusters(g, "0|1|2|3 4 5");
  kdlg_partition(g, 1000);
  expect_clusters(g, "0|1|2|3 4|5");
  kdlg_free(g);
}

/* random matrices: the partition equals the components of {δ < ε}, by a reference flood fill */
static uint64_t rs = 12345;
static uint32_t rnd(uint32_t n) {
  rs = rs * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
  return (uint32_t)((rs >> 33) % n);
}

static void test_random_components(void **state) {
  (void)state;
  KdField f[12];
  char names[12][4];
  for (int i = 0; i < 12; i++) {
    snprintf(names[i], sizeof names[i], "f%d", i);
    f[i] = (KdField){names[i], 1u << (i % 5), (uint32_t)(4 * i), 1u << (i % 5)};
  }
  for (int iter = 0; iter < 500; iter++) {
    int F = 1 + (int)rnd(12);
    KdStruct st = {.name = "R", .bytes = 64, .nfields = F, .fields = f};
    int64_t dir[144];
    for (int i = 0; i < F * F; i++)
      dir[i] = (i % (F + 1) == 0 || rnd(3)) ? NONE : (int64_t)rnd(40);
    Kdlg *g = graph_from(&st, dir);
    int64_t eps = rnd(45);
    kdlg_partition(g, eps);
    check_invariants(g);
    // reference: label = smallest field of the component of {δ < ε}
    int label[12];
    for (int i = 0; i < F; i++)
      label[i] = i;
    for (bool changed = true; changed;) {
      changed = false;
      for (int a = 0; a < F; a++)
        for (int b = 0; b < F; b++) {
          int64_t d = dir[a * F + b] > dir[b * F + a] ? dir[a * F + b] : dir[b * F + a];
          if (a != b && d != NONE && d < eps && label[b] > label[a]) {
            label[b] = label[a];
            changed = true;
          }
        }
    }
    int which[12];
    for (int c = 0; c < g->nclusters; c++)
      for (int i = 0; i < g->clusters[c].nfields; i++)
        which[g->clusters[c].fields[i]] = c;
    for (int a = 0; a < F; a++)
      for (int b = 0; b < F; b++)
        assert_int_equal(label[a] == label[b], which[a] == which[b]);
    // the edges: every finite pair once, sorted by (δ, a, b)
    int n = 0;
    for (int a = 0; a < F; a++)
      for (int b = a + 1; b < F; b++)
        if (kdlg_delta(g, a, b) != NONE)
          n++;
    assert_int_equal(g->nedges, n);
    for (int i = 1; i < g->nedges; i++) {
      const KdEdge *p = &g->edges[i - 1], *q = &g->edges[i];
      assert_true(p->delta < q->delta || (p->delta == q->delta && (p->a < q->a || (p->a == q->a && p->b < q->b))));
    }
    kdlg_free(g);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_fig2_edges),
      cmocka_unit_test(test_fig3),
      cmocka_unit_test(test_fig3_from_matrix),
      cmocka_unit_test(test_asymmetric_and_strict),
      cmocka_unit_test(test_tie_break_and_order),
      cmocka_unit_test(test_determinism),
      cmocka_unit_test(test_no_edges),
      cmocka_unit_test(test_components),
      cmocka_unit_test(test_random_components),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
