/* test_plan_json.c: the layout plan of a hand-built program and its JSON
 * (transform/plan.h), read back with jansson. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "analysis/distance.h"
#include "analysis/dtree.h"
#include "analysis/kdlg.h"
#include "analysis/region.h"
#include "regions.h"
#include "transform/plan.h"


static KdLoop *mkloop(KdArena *a, int64_t trip, char rule, const char *kernel, const char *func, unsigned line) {
  KdLoop *lp = kd_arena_alloc(a, sizeof(KdLoop));
  lp->trip = trip;
  lp->rule = rule;
  lp->kernel = kernel;
  lp->func = func;
  lp->line = line;
  lp->col = 3;
  return lp;
}

/*
 * struct Particle { float4 pos; float4 vel; float mass; int id; }  (sid 0, kernel k1)
 * struct Bad      { int x; }                                         (sid 1, not eligible)
 * struct Pair     { int x; int y; }                                  (sid 2, kernel k2)
 *
 * k1: for 1000 (rule u, line 10) { load pos 16; load vel 16 }; load mass 4;
 *     for 2^40 (rule c, line 12) { store other 4 }
 * k2: load Bad.x 4; load other 8; for 256 (rule g, line 20, in helper) { load Pair.x 4; load Pair.y 4 }
 *
 * Particle: δ(pos,vel) = 16, δ(vel,mass) = 999*32 + 4 = 31972, δ(pos,mass) = 16 + 31972 = 31988;
 *           id never accessed.  ε = 128: {pos,vel} 32 B, {mass} 4 B, {id} 4 B.
 * Pair: δ(x,y) = 4 (the accesses before the loop are not accesses of x or y);
 *       ε = 128: {x,y} 8 B.
 */
static KdProgram *build_program(void) {
  KdProgram *p = calloc(1, sizeof *p);
  KdArena *a = kd_arena_new();
  p->arena = a;
  p->nstructs = 3;
  p->structs = calloc(3, sizeof(KdStruct));
  static KdField particle[4] = {{"pos", 16, 0, 16}, {"vel", 16, 16, 16}, {"mass", 4, 32, 4}, {"id", 4, 36, 4}};
  static KdField bad[1] = {{"x", 4, 0, 4}};
  static KdField pair[2] = {{"x", 4, 0, 4}, {"y", 4, 4, 4}};
  static const char *k1[] = {"k1"}, *k2[] = {"k2"}, *kb[] = {"k2"};
  p->structs[0] = (KdStruct){.name = "Particle", .bytes = 40, .nfields = 4, .fields = particle, .file = "in.cl",
                             .line = 1, .col = 8, .eligible = true, .kernels = k1, .nkernels = 1};
  p->structs[1] = (KdStruct){.name = "Bad", .bytes = 4, .nfields = 1, .fields = bad, .file = "in.cl", .line = 3,
                             .col = 8, .eligible = false, .reason = "address taken", .kernels = kb, .nkernels = 1};
  p->structs[2] = (KdStruct){.name = "Pair", .bytes = 8, .nfields = 2, .fields = pair, .file = "in.cl", .line = 5,
                             .col = 8, .eligible = true, .kernels = k2, .nkernels = 1};
  KdLoop *l1 = mkloop(a, 1000, KD_RULE_UNKNOWN, "k1", "k1", 10);
  KdLoop *l3 = mkloop(a, KD_TRIP_MAX, KD_RULE_CONST, "k1", "k1", 12);
  KdLoop *l2 = mkloop(a, 256, KD_RULE_WORKGROUP, "k2", "helper", 20);
  p->nkernels = 2;
  p->kernels = calloc(2, sizeof(KdKernel));
  p->kernels[0] = (KdKernel){"k1", "in.cl", 8, 1,
                             seq(a,
                                 kd_region_loop(a, NULL, NULL,
                                                seq(a, kd_region_access(a, 0, 0, 16, false),
                                                    kd_region_access(a, 0, 1, 16, false), NULL),
                                                NULL, l1),
                                 kd_region_access(a, 0, 2, 4, false),
                                 kd_region_loop(a, NULL, NULL, kd_region_access(a, -1, -1, 4, true), NULL, l3), NULL)};
  p->kernels[1] = (KdKernel){"k2", "in.cl", 18, 1,
                             seq(a, kd_region_access(a, 1, 0, 4, false), kd_region_access(a, -1, -1, 8, false),
                                 kd_region_loop(a, NULL, NULL,
                                                seq(a, kd_region_access(a, 2, 0, 4, false),
                                                    kd_region_access(a, 2, 1, 4, false), NULL),
                                                NULL, l2),
                                 NULL)};
  p->nloops = 3;
  p->loops = calloc(3, sizeof(KdLoop *));
  p->loops[0] = l1;
  p->loops[1] = l3;
  p->loops[2] = l2;
  return p;
}

static void free_program(KdProgram *p) {
  kd_arena_free(p->arena);
  free(p->structs);
  free(p->kernels);
  free(p->loops);
  free(p);
}

/* builds the plan, writes it, parses it back */
static json_t *plan_json(const KdProgram *prog, const KdDeviceModel *model, int64_t eps, const char *only,
                         char **text_out) {
  KdPlan *plan = NULL;
  const char *list[2] = {only, NULL};
  assert_int_equal(kd_plan_build(prog, "in.cl", KD_LANG_OPENCL, model, eps, only ? list : NULL, NULL, &plan), 0);
  assert_non_null(plan);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  assert_int_equal(kd_plan_write_json(f, plan), 0);
  fclose(f);
  kd_plan_free(plan);
  json_error_t je;
  json_t *root = json_loads(buf, 0, &je);
  if (!root) {
    print_error("plan is not JSON (%d:%d: %s):\n%s\n", je.line, je.column, je.text, buf);
    fail();
  }
  if (text_out)
    *text_out = buf;
  else
    free(buf);
  return root;
}

static json_t *get(json_t *obj, const char *key) {
  json_t *v = json_object_get(obj, key);
  if (!v) {
    print_error("missing key \"%s\"\n", key);
    fail();
  }
  return v;
}

static void expect_str(json_t *obj, const char *key, const char *want) {
  json_t *v = get(obj, key);
  assert_true(json_is_string(v));
  assert_string_equal(json_string_value(v), want);
}

static void expect_int(json_t *obj, const char *key, json_int_t want) {
  json_t *v = get(obj, key);
  if (!json_is_integer(v) || json_integer_value(v) != want) {
    print_error("\"%s\": expected %" JSON_INTEGER_FORMAT "\n", key, want);
    fail();
  }
}

static json_t *find_struct(json_t *root, const char *name) {
  json_t *structs = get(root, "structs");
  size_t i;
  json_t *s;
  json_array_foreach(structs, i, s) {
    if (!strcmp(json_string_value(json_object_get(s, "name")), name))
      return s;
  }
  return NULL;
}

static void expect_names(json_t *arr, int n, const char *const *names) {
  assert_true(json_is_array(arr));
  assert_int_equal(json_array_size(arr), n);
  for (int i = 0; i < n; i++)
    assert_string_equal(json_string_value(json_array_get(arr, i)), names[i]);
}

/* The provisional tree (runtime/models/provisional.json: AoS up to 16 B, SoA
 * above), parsed from text: the expectations below are about the plan, not
 * about whichever calibrated model is embedded.  Named "built-in" so the
 * model's "source" in the plan reads as with the embedded model. */
static const KdDeviceModel *provisional_model(void) {
  static KdDeviceModel *m;
  if (!m) {
    const char *text =
        "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"provisional\":true,"
        "\"device\":\"provisional (test)\",\"compute_capability\":\"9.0\",\"epsilon\":128,"
        "\"date\":\"2026-11-21\",\"kdlg_opt_version\":\"0.1.0\",\"training_data_sha256\":null,"
        "\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,"
        "\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}";
    char err[256];
    if (kd_device_model_parse(text, "built-in", &m, err, sizeof err) != 0)
      fail_msg("provisional model: %s", err);
  }
  return m;
}

static void test_plan_roundtrip(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  char *text = NULL;
  json_t *root = plan_json(prog, provisional_model(), 128, NULL, &text);

  expect_str(root, "input", "in.cl");
  expect_str(root, "language", "cl");
  json_t *model = get(root, "model");
  expect_str(model, "source", "built-in");
  assert_true(json_is_true(get(model, "provisional")));
  assert_true(json_is_string(get(model, "device")));

  // Bad (not eligible) is absent; Particle and Pair in order of first appearance
  json_t *structs = get(root, "structs");
  assert_int_equal(json_array_size(structs), 2);
  expect_str(json_array_get(structs, 0), "name", "Particle");
  expect_str(json_array_get(structs, 1), "name", "Pair");
  assert_null(find_struct(root, "Bad"));

  json_t *P = find_struct(root, "Particle");
  expect_int(P, "bytes", 40);
  expect_int(P, "epsilon", 128);
  // fields with bytes and offsets, declaration order
  json_t *fields = get(P, "fields");
  assert_int_equal(json_array_size(fields), 4);
  const char *fn[4] = {"pos", "vel", "mass", "id"};
  const int fb[4] = {16, 16, 4, 4}, fo[4] = {0, 16, 32, 36};
  for (int i = 0; i < 4; i++) {
    json_t *f = json_array_get(fields, i);
    expect_str(f, "name", fn[i]);
    expect_int(f, "bytes", fb[i]);
    expect_int(f, "offset", fo[i]);
  }
  // edges with δ, sorted by δ; none for id
  json_t *edges = get(P, "edges");
  assert_int_equal(json_array_size(edges), 3);
  const char *ea[3] = {"pos", "vel", "pos"}, *eb[3] = {"vel", "mass", "mass"};
  const json_int_t ed[3] = {16, 31972, 31988};
  for (int i = 0; i < 3; i++) {
    json_t *e = json_array_get(edges, i);
    expect_str(e, "a", ea[i]);
    expect_str(e, "b", eb[i]);
    expect_int(e, "delta", ed[i]);
  }
  // clusters: {pos,vel} 32 B > 16 -> soa (tile null); {mass}, {id} 4 B -> aos (tile 1)
  json_t *clusters = get(P, "clusters");
  assert_int_equal(json_array_size(clusters), 3);
  json_t *c0 = json_array_get(clusters, 0), *c1 = json_array_get(clusters, 1), *c2 = json_array_get(clusters, 2);
  expect_names(get(c0, "fields"), 2, (const char *[]){"pos", "vel"});
  expect_int(c0, "bytes", 32);
  expect_str(c0, "layout", "soa");
  assert_true(json_is_null(get(c0, "tile")));
  expect_names(get(c1, "fields"), 1, (const char *[]){"mass"});
  expect_int(c1, "bytes", 4);
  expect_str(c1, "layout", "aos");
  expect_int(c1, "tile", 1);
  expect_names(get(c2, "fields"), 1, (const char *[]){"id"});
  expect_str(c2, "layout", "aos");
  expect_int(c2, "tile", 1);
  // loops of k1 only, in analysis order, with kernel/function/line/trip/rule
  json_t *loops = get(P, "loops");
  assert_int_equal(json_array_size(loops), 2);
  json_t *L1 = json_array_get(loops, 0), *L3 = json_array_get(loops, 1);
  expect_str(L1, "kernel", "k1");
  expect_str(L1, "function", "k1");
  expect_int(L1, "line", 10);
  expect_int(L1, "trip", 1000);
  expect_str(L1, "rule", "u");
  expect_int(L3, "line", 12);
  expect_int(L3, "trip", KD_TRIP_MAX);  // 2^40: needs 64 bits
  expect_str(L3, "rule", "c");
  expect_names(get(P, "kernels"), 1, (const char *[]){"k1"});

  json_t *Q = find_struct(root, "Pair");
  expect_int(Q, "bytes", 8);
  json_t *qe = get(Q, "edges");
  assert_int_equal(json_array_size(qe), 1);
  expect_str(json_array_get(qe, 0), "a", "x");
  expect_str(json_array_get(qe, 0), "b", "y");
  expect_int(json_array_get(qe, 0), "delta", 4);
  json_t *qc = get(Q, "clusters");
  assert_int_equal(json_array_size(qc), 1);
  expect_names(get(json_array_get(qc, 0), "fields"), 2, (const char *[]){"x", "y"});
  expect_int(json_array_get(qc, 0), "bytes", 8);
  expect_str(json_array_get(qc, 0), "layout", "aos");
  expect_int(json_array_get(qc, 0), "tile", 1);
  json_t *ql = get(Q, "loops");
  assert_int_equal(json_array_size(ql), 1);
  expect_str(json_array_get(ql, 0), "kernel", "k2");
  expect_str(json_array_get(ql, 0), "function", "helper");
  expect_int(json_array_get(ql, 0), "line", 20);
  expect_int(json_array_get(ql, 0), "trip", 256);
  expect_str(json_array_get(ql, 0), "rule", "g");
  expect_names(get(Q, "kernels"), 1, (const char *[]){"k2"});

  // keys in a fixed order
  const char *order[] = {"\"input\"", "\"language\"", "\"model\"", "\"structs\""};
  for (int i = 1; i < 4; i++)
    assert_true(strstr(text, order[i - 1]) < strstr(text, order[i]));
  const char *sorder[] = {"\"name\": \"Particle\"", "\"bytes\": 40", "\"fields\"", "\"epsilon\"",
                          "\"edges\"", "\"clusters\"", "\"loops\"", "\"kernels\""};
  for (int i = 1; i < 8; i++) {
    const char *x = strstr(text, sorder[i - 1]), *y = strstr(text, sorder[i]);
    assert_non_null(x);
    assert_non_null(y);
    assert_true(x < y);
  }
  // 2-space indentation
  assert_non_null(strstr(text, "\n  \"input\": \"in.cl\""));
  free(text);
  json_decref(root);
  free_program(prog);
}

/* the same program twice: byte-identical plans */
static void test_plan_deterministic(void **state) {
  (void)state;
  KdProgram *p1 = build_program(), *p2 = build_program();
  char *t1, *t2, *t3;
  json_t *r1 = plan_json(p1, provisional_model(), 128, NULL, &t1);
  json_t *r2 = plan_json(p2, provisional_model(), 128, NULL, &t2);
  json_t *r3 = plan_json(p1, provisional_model(), 128, NULL, &t3);
  assert_string_equal(t1, t2);
  assert_string_equal(t1, t3);
  free(t1);
  free(t2);
  free(t3);
  json_decref(r1);
  json_decref(r2);
  json_decref(r3);
  free_program(p1);
  free_program(p2);
}

/* only = a name: just that struct; an ineligible or unknown name: none */
static void test_plan_only(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  json_t *root = plan_json(prog, provisional_model(), 128, "Pair", NULL);
  json_t *structs = get(root, "structs");
  assert_int_equal(json_array_size(structs), 1);
  expect_str(json_array_get(structs, 0), "name", "Pair");
  json_decref(root);
  root = plan_json(prog, provisional_model(), 128, "Particle", NULL);
  structs = get(root, "structs");
  assert_int_equal(json_array_size(structs), 1);
  expect_str(json_array_get(structs, 0), "name", "Particle");
  json_decref(root);
  root = plan_json(prog, provisional_model(), 128, "Bad", NULL);
  assert_int_equal(json_array_size(get(root, "structs")), 0);
  json_decref(root);
  // a name no kernel reaches: an error (-2) on the remarks, no plan
  char *err = NULL;
  size_t elen = 0;
  FILE *rem = open_memstream(&err, &elen);
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(prog, "in.cl", KD_LANG_OPENCL, provisional_model(), 128, (const char *[]){"Nope", NULL}, rem, &plan), -1);
  fclose(rem);
  assert_null(plan);
  assert_string_equal(err, "in.cl: error: no struct named 'Nope' is reached from a kernel\n");
  free(err);
  free_program(prog);
}

/* another model and ε: tiled leaves carry their tile, ε changes the partition */
static void test_plan_model_and_epsilon(void **state) {
  (void)state;
  const char *mj = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"provisional\":false,\"device\":\"Test GPU\","
                   "\"epsilon\":64,\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":4,\"le\":{\"layout\":\"soa\"},"
                   "\"gt\":{\"layout\":\"tiled\",\"tile\":32}}}";
  KdDeviceModel *m = NULL;
  char err[256];
  assert_int_equal(kd_device_model_parse(mj, "test-model.json", &m, err, sizeof err), 0);
  KdProgram *prog = build_program();
  json_t *root = plan_json(prog, m, 31973, NULL, NULL);
  json_t *model = get(root, "model");
  expect_str(model, "source", "test-model.json");
  expect_str(model, "device", "Test GPU");
  assert_true(json_is_false(get(model, "provisional")));
  json_t *P = find_struct(root, "Particle");
  expect_int(P, "epsilon", 31973);
  // 31972 < ε: {pos,vel,mass} (single linkage, though δ(pos,mass) = 31988 ≥ ε), {id}
  json_t *clusters = get(P, "clusters");
  assert_int_equal(json_array_size(clusters), 2);
  expect_names(get(json_array_get(clusters, 0), "fields"), 3, (const char *[]){"pos", "vel", "mass"});
  expect_int(json_array_get(clusters, 0), "bytes", 36);
  expect_str(json_array_get(clusters, 0), "layout", "tiled");
  expect_int(json_array_get(clusters, 0), "tile", 32);
  expect_names(get(json_array_get(clusters, 1), "fields"), 1, (const char *[]){"id"});
  expect_str(json_array_get(clusters, 1), "layout", "soa");
  assert_true(json_is_null(get(json_array_get(clusters, 1), "tile")));
  json_decref(root);
  // ε = 16: δ(pos,vel) = 16 is not < 16: four singletons
  root = plan_json(prog, m, 16, "Particle", NULL);
  assert_int_equal(json_array_size(get(find_struct(root, "Particle"), "clusters")), 4);
  json_decref(root);
  free_program(prog);
  kd_device_model_free(m);
}

/* the plan structure itself (what the rewriter consumes) */
static void test_plan_struct(void **state) {
  (void)state;
  KdProgram *prog = build_program();
  KdPlan *plan = NULL;
  assert_int_equal(kd_plan_build(prog, "in.cl", KD_LANG_OPENCL, provisional_model(), 128, NULL, NULL, &plan), 0);
  assert_int_equal(plan->nstructs, 2);
  assert_int_equal(plan->structs[0].sid, 0);
  assert_int_equal(plan->structs[1].sid, 2);
  const Kdlg *g = plan->structs[0].g;
  assert_int_equal(g->nclusters, 3);
  assert_int_equal(kdlg_delta(g, 0, 1), 16);
  assert_int_equal(kdlg_delta(g, 1, 2), 31972);
  assert_int_equal(kdlg_delta(g, 0, 2), 31988);
  assert_int_equal(kdlg_delta(g, 0, 3), KD_DIST_NONE);
  assert_int_equal(plan->structs[0].layouts[0].kind, KD_LAYOUT_SOA);
  assert_int_equal(plan->structs[0].layouts[1].kind, KD_LAYOUT_AOS);
  assert_int_equal(plan->structs[0].layouts[1].tile, 1);
  // Pair's graph sees Bad.x (another struct) and the other array only as distance
  const Kdlg *q = plan->structs[1].g;
  assert_int_equal(kdlg_delta(q, 0, 1), 4);
  assert_int_equal(q->nedges, 1);
  kd_plan_free(plan);
  free_program(prog);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_plan_roundtrip),        cmocka_unit_test(test_plan_deterministic),
      cmocka_unit_test(test_plan_only),             cmocka_unit_test(test_plan_model_and_epsilon),
      cmocka_unit_test(test_plan_struct),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
