/* test_explain.c: --explain (transform/explain.h) on hand-built programs,
 * and what it reads: the tree's path (kd_device_model_select_path,
 * analysis/dtree.h) and the edges ε-Kruskal joined along (KdEdge.joined,
 * analysis/kdlg.h). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/distance.h"
#include "analysis/dtree.h"
#include "analysis/kdlg.h"
#include "analysis/region.h"
#include "regions.h"
#include "transform/explain.h"
#include "transform/plan.h"

/* A tree that tests each attribute (preorder node indices on the left):
 *   0 σ(c) <= 4 ?
 *   1   AoS
 *   2   σ_min(c) <= 4 ?
 *   3     φ(c) <= 500 ?
 *   4       tiled-AoS t=32
 *   5       SoA
 *   6     SoA
 */
static const KdDeviceModel *three_attribute_model(void) {
  static KdDeviceModel *m;
  if (!m) {
    const char *text =
        "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"provisional\":true,"
        "\"device\":\"test\",\"compute_capability\":\"9.0\",\"epsilon\":128,"
        "\"date\":\"2026-11-21\",\"kdlg_opt_version\":\"0.1.0\",\"training_data_sha256\":null,"
        "\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":4,"
        "\"le\":{\"layout\":\"aos\"},"
        "\"gt\":{\"attribute\":\"sigma_min\",\"threshold\":4,"
        "        \"le\":{\"attribute\":\"used_permille\",\"threshold\":500,"
        "                \"le\":{\"layout\":\"tiled\",\"tile\":32},\"gt\":{\"layout\":\"soa\"}},"
        "        \"gt\":{\"layout\":\"soa\"}}}}";
    char err[256];
    if (kd_device_model_parse(text, "test-model", &m, err, sizeof err) != 0)
      fail_msg("model: %s", err);
  }
  return m;
}

static void expect_path(uint64_t sc, uint64_t smin, uint64_t used, int n, const int *want, KdLayoutKind kind) {
  const KdDeviceModel *m = three_attribute_model();
  int path[8] = {0}, got = -1;
  KdLayoutChoice c = kd_device_model_select_path(m, sc, smin, used, path, 8, &got);
  assert_int_equal(got, n);
  for (int k = 0; k < n; k++)
    assert_int_equal(path[k], want[k]);
  assert_int_equal(c.kind, kind);
  KdLayoutChoice s = kd_device_model_select(m, sc, smin, used);  // the two never disagree
  assert_int_equal(s.kind, c.kind);
  assert_int_equal(s.tile, c.tile);
}

static void test_select_path(void **state) {
  (void)state;
  const KdDeviceModel *m = three_attribute_model();
  assert_int_equal(m->nnodes, 7);
  assert_int_equal(m->nodes[3].attribute, KD_ATTR_USED);  // the preorder numbering the paths below use
  expect_path(4, 4, 1000, 2, (const int[]){0, 1}, KD_LAYOUT_AOS);             // σ(c) <= 4
  expect_path(8, 4, 500, 4, (const int[]){0, 2, 3, 4}, KD_LAYOUT_TILED);     // σ, σ_min, φ all <= : tiled
  expect_path(8, 4, 501, 4, (const int[]){0, 2, 3, 5}, KD_LAYOUT_SOA);       // φ > 500
  expect_path(16, 8, 0, 3, (const int[]){0, 2, 6}, KD_LAYOUT_SOA);           // σ_min > 4
  // cap smaller than the path: only cap written, the whole length reported
  int path[2] = {-1, -1}, n = 0;
  kd_device_model_select_path(m, 8, 4, 500, path, 1, &n);
  assert_int_equal(n, 4);
  assert_int_equal(path[0], 0);
  assert_int_equal(path[1], -1);
  // no path asked for
  KdLayoutChoice c = kd_device_model_select_path(m, 8, 4, 500, NULL, 0, NULL);
  assert_int_equal(c.kind, KD_LAYOUT_TILED);
  assert_int_equal(c.tile, 32);
}

/* Fig. 2's δ: (a,b) 4, (b,c) 252, (a,c) 256, d none. */
static KdField fig_fields[4] = {{"a", 4, 0, 4}, {"b", 4, 4, 4}, {"c", 4, 8, 4}, {"d", 4, 12, 4}};
static KdStruct fig_struct = {.name = "S", .bytes = 16, .nfields = 4, .fields = fig_fields, .eligible = true};

static void test_joined_edges(void **state) {
  (void)state;
  Kdlg *g = kdlg_new(&fig_struct);
  int64_t *d = g->dir;
  d[0 * 4 + 1] = d[1 * 4 + 0] = 4;
  d[1 * 4 + 2] = 252;
  d[0 * 4 + 2] = 256;
  kdlg_finish_edges(g);
  assert_int_equal(g->nedges, 3);  // (a,b,4), (b,c,252), (a,c,256)
  kdlg_partition(g, 128);          // a-b joined at δ = 4 < ε; c alone: δ(b,c) = 252 ≥ ε
  assert_int_equal(g->nclusters, 3);
  assert_true(g->edges[0].joined);
  assert_false(g->edges[1].joined);
  assert_false(g->edges[2].joined);
  kdlg_partition(g, 253);  // b-c joins too; a-c then lies inside one set: not a spanning-forest edge
  assert_int_equal(g->nclusters, 2);
  assert_true(g->edges[0].joined);
  assert_true(g->edges[1].joined);
  assert_false(g->edges[2].joined);
  kdlg_partition(g, 4);  // strict: δ = 4 is not < 4; every flag cleared again
  assert_int_equal(g->nclusters, 4);
  for (int i = 0; i < 3; i++)
    assert_false(g->edges[i].joined);
  kdlg_free(g);
}

/*
 * struct P { float x; float y; float z; double w; }  (sid 0, kernel k)
 * struct U { int n; int m; }                           (sid 1, kernel k, every access uniform)
 *
 * k: for 32 { load x; store y }; load z; load U.n (uniform); load U.m (uniform)
 *
 * P: stream x0 y0 x1 y1 ... x31 y31 z: δ(x,y) = 4, δ(y,z) = 31·8 + 4 = 252,
 *    δ(x,z) = 256, w never accessed (no edge).  ε = 128: {x,y} 8 B, {z}
 *    4 B, {w} 8 B.  φ({x,y}) = (32·4 + 32·4) / (32·8 + 32·8) = 500‰, φ({z})
 *    = 1000‰, φ({w}) = 1000‰ (untouched).
 *    Tree: {x,y} σ 8 > 4, σ_min 4 <= 4, φ 500 <= 500: tiled 32; {z} σ 4 <= 4:
 *    AoS; {w} σ 8 > 4, σ_min 8 > 4: SoA.
 * U: δ(n,m) = 4: its ε-partition is {n,m}, unused (one AoS cluster).
 */
static KdProgram *build_program(void) {
  KdProgram *p = calloc(1, sizeof *p);
  KdArena *a = kd_arena_new();
  p->arena = a;
  p->nstructs = 2;
  p->structs = calloc(2, sizeof(KdStruct));
  static KdField pf[4] = {{"x", 4, 0, 4}, {"y", 4, 4, 4}, {"z", 4, 8, 4}, {"w", 8, 16, 8}};
  static KdField uf[2] = {{"n", 4, 0, 4}, {"m", 4, 4, 4}};
  static const char *kk[] = {"k"};
  p->structs[0] = (KdStruct){.name = "P", .bytes = 24, .nfields = 4, .fields = pf, .file = "in.cu", .line = 1,
                             .col = 8, .eligible = true, .kernels = kk, .nkernels = 1};
  p->structs[1] = (KdStruct){.name = "U", .bytes = 8, .nfields = 2, .fields = uf, .file = "in.cu", .line = 2,
                             .col = 8, .eligible = true, .kernels = kk, .nkernels = 1};
  KdLoop *lp = kd_arena_alloc(a, sizeof(KdLoop));
  lp->trip = 32;
  lp->rule = KD_RULE_CONST;
  lp->kernel = lp->func = "k";
  lp->line = 5;
  KdRegion *un = kd_region_access(a, 1, 0, 4, false), *um = kd_region_access(a, 1, 1, 4, false);
  un->acc.uniform = um->acc.uniform = true;
  p->nkernels = 1;
  p->kernels = calloc(1, sizeof(KdKernel));
  p->kernels[0] = (KdKernel){
      "k", "in.cu", 4, 1,
      seq(a,
          kd_region_loop(a, NULL, NULL,
                         seq(a, kd_region_access(a, 0, 0, 4, false), kd_region_access(a, 0, 1, 4, true), NULL), NULL,
                         lp),
          kd_region_access(a, 0, 2, 4, false), un, um, NULL)};
  p->nloops = 1;
  p->loops = calloc(1, sizeof(KdLoop *));
  p->loops[0] = lp;
  return p;
}

static void free_program(KdProgram *p) {
  kd_arena_free(p->arena);
  free(p->structs);
  free(p->kernels);
  free(p->loops);
  free(p);
}

/* The explanation of plan, as a string (free with free()). */
static char *explain_text(const KdPlan *plan) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  kd_plan_explain(f, plan);
  assert_false(ferror(f));
  fclose(f);
  return buf;
}

static void expect_text(const char *got, const char *want) {
  if (strcmp(got, want)) {
    print_error("expected:\n%s\ngot:\n%s\n", want, got);
    fail();
  }
}

static void test_explain_auto(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(prog, "in.cu", KD_LANG_CUDA, three_attribute_model(), 128, NULL, NULL, &plan), 0);
  assert_int_equal(plan->nstructs, 2);
  // the plan's own layouts, which the explanation must agree with
  assert_int_equal(plan->structs[0].layouts[0].kind, KD_LAYOUT_TILED);
  assert_int_equal(plan->structs[0].layouts[1].kind, KD_LAYOUT_AOS);
  assert_int_equal(plan->structs[0].layouts[2].kind, KD_LAYOUT_SOA);
  char *text = explain_text(plan);
  expect_text(text,
              "explain: device model 'test' (test-model)\n"
              "struct 'P' (in.cu:1:8): 4 fields, 24 B, ε = 128 B, 3 clusters\n"
              "  cluster 0 {x, y}: σ = 8 B, σ_min = 4 B, φ = 500‰ → tiled-AoS tile 32\n"
              "    joined by: x-y δ=4 B\n"
              "    not joined: y-z δ=252 B ≥ ε (cluster 1)\n"
              "    tree: σ(c) = 8 > 4 → σ_min(c) = 4 <= 4 → φ(c) = 500 <= 500 → tiled-AoS tile 32\n"
              "  cluster 1 {z}: σ = 4 B, σ_min = 4 B, φ = 1000‰ → AoS\n"
              "    joined by: none (one field)\n"
              "    not joined: y-z δ=252 B ≥ ε (cluster 0)\n"
              "    tree: σ(c) = 4 <= 4 → AoS\n"
              "  cluster 2 {w}: σ = 8 B, σ_min = 8 B, φ = 1000‰ → SoA\n"
              "    joined by: none (one field)\n"
              "    not joined: no KDLG edge to another cluster (no kernel accesses one of its fields after another "
              "cluster's)\n"
              "    tree: σ(c) = 8 > 4 → σ_min(c) = 8 > 4 → SoA\n"
              "struct 'U' (in.cu:2:8): 2 fields, 8 B, ε = 128 B, 1 cluster, uniform (no decision tree)\n"
              "  uniform: " KD_UNIFORM_NOTE "; kept in one AoS cluster\n"
              "  ε-partition, not used: 1 cluster {n, m}\n"
              "    joined by: n-m δ=4 B\n"
              "  cluster 0 {n, m}: σ = 8 B, σ_min = 4 B, φ = 1000‰ → AoS (uniform rule)\n");
  free(text);
  kd_plan_free(plan);
  free_program(prog);
}

/* A larger ε joins z through y (single linkage: δ(x,z) = 256 is not an edge
 * of the spanning tree).  φ({x,y,z}) = (32·8 loads of x, z + 32·4 stores of
 * y) / (2 · 32·12) = 500‰. */
static void test_explain_epsilon(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(prog, "in.cu", KD_LANG_CUDA, three_attribute_model(), 253, (const char *[]){"P", NULL}, NULL, &plan), 0);
  char *text = explain_text(plan);
  expect_text(text,
              "explain: device model 'test' (test-model)\n"
              "struct 'P' (in.cu:1:8): 4 fields, 24 B, ε = 253 B, 2 clusters\n"
              "  cluster 0 {x, y, z}: σ = 12 B, σ_min = 4 B, φ = 500‰ → tiled-AoS tile 32\n"
              "    joined by: x-y δ=4 B, y-z δ=252 B\n"
              "    not joined: no KDLG edge to another cluster (no kernel accesses one of its fields after another "
              "cluster's)\n"
              "    tree: σ(c) = 12 > 4 → σ_min(c) = 4 <= 4 → φ(c) = 500 <= 500 → tiled-AoS tile 32\n"
              "  cluster 1 {w}: σ = 8 B, σ_min = 8 B, φ = 1000‰ → SoA\n"
              "    joined by: none (one field)\n"
              "    not joined: no KDLG edge to another cluster (no kernel accesses one of its fields after another "
              "cluster's)\n"
              "    tree: σ(c) = 8 > 4 → σ_min(c) = 8 > 4 → SoA\n");
  free(text);
  kd_plan_free(plan);
  free_program(prog);
}

/* --layout soa: the clusters are the user's; no tree, no joined edges.
 * σ({x,y,z,w}) = 20 B (padding is not a field), φ = (32·8 + 32·4) / (2 · 32·20)
 * = 300‰. */
static void test_explain_forced(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  KdPlan *plan = NULL;
  char err[128];
  assert_int_equal(kd_plan_build(prog, "in.cu", KD_LANG_CUDA, three_attribute_model(), 128, NULL, NULL, &plan), 0);
  assert_int_equal(kd_plan_force(plan, "soa", err, sizeof err), 0);
  char *text = explain_text(plan);
  expect_text(text,
              "explain: device model 'test' (test-model)\n"
              "struct 'P' (in.cu:1:8): 4 fields, 24 B, ε = 128 B, 1 cluster, forced by --layout or --plan-in (no "
              "decision tree)\n"
              "  cluster 0 {x, y, z, w}: σ = 20 B, σ_min = 4 B, φ = 300‰ → SoA (forced)\n"
              "struct 'U' (in.cu:2:8): 2 fields, 8 B, ε = 128 B, 1 cluster, forced by --layout or --plan-in (no "
              "decision tree)\n"
              "  uniform: " KD_UNIFORM_NOTE "; the layout was forced by --layout or --plan-in\n"
              "  ε-partition, not used: 1 cluster {n, m}\n"
              "    joined by: n-m δ=4 B\n"
              "  cluster 0 {n, m}: σ = 8 B, σ_min = 4 B, φ = 1000‰ → SoA (forced)\n");
  free(text);
  kd_plan_free(plan);
  free_program(prog);
}

/* A plan changed after the analysis without being marked forced (the
 * rewriter's kd_plan_keep_aos, issue 19) is not explained as the tree's:
 * its one cluster is no cluster of the ε-partition and the tree's leaf is
 * not its layout. */
static void test_explain_changed(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(prog, "in.cu", KD_LANG_CUDA, three_attribute_model(), 128, (const char *[]){"P", NULL}, NULL, &plan), 0);
  kd_plan_keep_aos(&plan->structs[0]);
  char *text = explain_text(plan);
  expect_text(text,
              "explain: device model 'test' (test-model)\n"
              "struct 'P' (in.cu:1:8): 4 fields, 24 B, ε = 128 B, 1 cluster\n"
              "  cluster 0 {x, y, z, w}: σ = 20 B, σ_min = 4 B, φ = 300‰ → AoS\n"
              "    joined by: ? (not a cluster of the ε-partition: the plan was changed after it)\n"
              "    not joined: none (the only cluster)\n"
              "    tree: σ(c) = 20 > 4 → σ_min(c) = 4 <= 4 → φ(c) = 300 <= 500 → tiled-AoS tile 32 (the plan has AoS: "
              "changed after the analysis)\n");
  free(text);
  kd_plan_free(plan);
  free_program(prog);
}

/* A plan without structs says so. */
static void test_explain_empty(void **state) {
  (void)state;
  KdProgram prog = {0};
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(&prog, "in.cu", KD_LANG_CUDA, three_attribute_model(), 128, NULL, NULL, &plan), 0);
  char *text = explain_text(plan);
  expect_text(text, "explain: device model 'test' (test-model)\n"
                    "explain: nothing to explain (no kernel reaches an eligible struct)\n");
  free(text);
  kd_plan_free(plan);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_select_path),     cmocka_unit_test(test_joined_edges),
      cmocka_unit_test(test_explain_auto),    cmocka_unit_test(test_explain_epsilon),
      cmocka_unit_test(test_explain_forced),  cmocka_unit_test(test_explain_changed),
      cmocka_unit_test(test_explain_empty),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
