/* test_dtree.c: model files and Select-Tilesize (analysis/dtree.h,
 * docs/method-notes.md §4, docs/model-format.md).  Independent of which
 * model is embedded as the default: trees come from inline JSON;
 * test_builtin only checks what holds for any valid model. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/dtree.h"

static void expect_choice(KdLayoutChoice c, KdLayoutKind kind, uint32_t tile) {
  if (c.kind != kind || c.tile != tile) {
    print_error("layout %s tile %u, expected %s tile %u\n", kd_layout_word(c.kind, KD_LAYOUT_STYLE_FILE), c.tile,
                kd_layout_word(kind, KD_LAYOUT_STYLE_FILE), tile);
    fail();
  }
}

/* Select-Tilesize for a cluster whose fields are all as wide as the cluster
 * (σ_min = σ(c)): what a tree on σ(c) alone sees whatever σ_min is. */
static KdLayoutChoice select1(const KdDeviceModel *m, uint64_t sigma_c) {
  return kd_device_model_select(m, sigma_c, sigma_c, 1000);
}

/* The tree and choices of any valid model: indices in range, children
 * after their parent (preorder), known attributes, leaves a valid class. */
static void check_valid_model(const KdDeviceModel *m) {
  assert_non_null(m);
  assert_true(m->epsilon > 0);
  assert_non_null(m->device);
  assert_true(m->nnodes >= 1);
  for (int i = 0; i < m->nnodes; i++) {
    const KdTreeNode *n = &m->nodes[i];
    if (n->leaf) {
      KdLayoutChoice c = n->choice;
      bool ok = (c.kind == KD_LAYOUT_AOS && c.tile == 1) || (c.kind == KD_LAYOUT_SOA && c.tile == 0) ||
                (c.kind == KD_LAYOUT_TILED && c.tile >= 2 && c.tile <= 32768 && (c.tile & (c.tile - 1)) == 0);
      assert_true(ok);
      continue;
    }
    assert_true(n->attribute == KD_ATTR_SIGMA_C || n->attribute == KD_ATTR_SIGMA_MIN || n->attribute == KD_ATTR_USED);
    assert_true(n->le > i && n->le < m->nnodes);
    assert_true(n->gt > i && n->gt < m->nnodes);
  }
}

/* the built-in model: only what holds for any valid model (another one may
 * be embedded as the default) */
static void test_builtin(void **state) {
  (void)state;
  const KdDeviceModel *m = kd_device_model_builtin();
  assert_non_null(m);
  assert_ptr_equal(m, kd_device_model_builtin());  // one shared instance
  assert_string_equal(m->source, "built-in");
  assert_true(strlen(m->device) > 0);
  check_valid_model(m);
  // every cluster gets a layout; the same inputs give the same layout
  for (uint64_t s = 0; s <= 300; s++)
    for (uint64_t smin = 1; smin <= 16 && smin <= (s ? s : 1); smin *= 2) {
      KdLayoutChoice a = kd_device_model_select(m, s, smin, 1000), b = kd_device_model_select(m, s, smin, 1000);
      assert_int_equal(a.kind, b.kind);
      assert_int_equal(a.tile, b.tile);
    }
  (void)kd_device_model_select(m, UINT64_MAX, UINT64_MAX, 1000);
}

/* runtime/models/provisional.json as it was written before σ_min existed */
static const char *provisional =
    "{\n"
    "  \"format\": \"kdlg-opt-model\",\n"
    "  \"format_version\": 1,\n"
    "  \"provisional\": true,\n"
    "  \"device\": \"provisional (hand-derived from shared/docs/h200-layouts.md, NVIDIA H200 sm_90)\",\n"
    "  \"compute_capability\": \"9.0\",\n"
    "  \"epsilon\": 128,\n"
    "  \"date\": \"2026-11-21\",\n"
    "  \"kdlg_opt_version\": \"0.1.0\",\n"
    "  \"training_data_sha256\": null,\n"
    "  \"note\": \"Not trained.\",\n"
    "  \"tree\": {\n"
    "    \"attribute\": \"sigma_c\",\n"
    "    \"threshold\": 16,\n"
    "    \"le\": { \"layout\": \"aos\" },\n"
    "    \"gt\": { \"layout\": \"soa\" }\n"
    "  }\n"
    "}\n";

/* a single-attribute model reads as before and ignores σ_min */
static void test_provisional(void **state) {
  (void)state;
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse(provisional, "provisional.json", &m, err, sizeof err), 0);
  check_valid_model(m);
  assert_true(m->provisional);
  assert_int_equal(m->epsilon, 128);
  assert_null(m->training_hash);
  assert_int_equal(m->nnodes, 3);
  assert_false(m->nodes[0].leaf);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_C);
  assert_int_equal(kd_device_model_attributes(m), KD_ATTR_BIT(KD_ATTR_SIGMA_C));
  expect_choice(select1(m, 0), KD_LAYOUT_AOS, 1);
  expect_choice(select1(m, 4), KD_LAYOUT_AOS, 1);
  expect_choice(select1(m, 16), KD_LAYOUT_AOS, 1);  // σ(c) <= threshold goes to "le"
  expect_choice(select1(m, 17), KD_LAYOUT_SOA, 0);
  expect_choice(select1(m, 48), KD_LAYOUT_SOA, 0);
  expect_choice(select1(m, UINT64_MAX), KD_LAYOUT_SOA, 0);
  for (uint64_t s = 0; s <= 64; s++)
    for (uint64_t smin = 0; smin <= 64; smin++)
      expect_choice(kd_device_model_select(m, s, smin, 1000), s <= 16 ? KD_LAYOUT_AOS : KD_LAYOUT_SOA, s <= 16 ? 1 : 0);
  kd_device_model_free(m);
}

static const char *three_level =
    "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"provisional\":false,\"device\":\"Test GPU\","
    "\"compute_capability\":\"9.0\",\"date\":\"2026-01-02\",\"epsilon\":64,"
    "\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,"
    "  \"le\":{\"layout\":\"aos\"},"
    "  \"gt\":{\"attribute\":\"sigma_c\",\"threshold\":64,"
    "     \"le\":{\"layout\":\"tiled\",\"tile\":32},"
    "     \"gt\":{\"attribute\":\"sigma_c\",\"threshold\":256,"
    "        \"le\":{\"layout\":\"tiled\",\"tile\":32768},"
    "        \"gt\":{\"layout\":\"soa\"}}}}}";

static void test_three_level(void **state) {
  (void)state;
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse(three_level, "three.json", &m, err, sizeof err), 0);
  assert_non_null(m);
  assert_false(m->provisional);
  assert_int_equal(m->epsilon, 64);
  assert_string_equal(m->device, "Test GPU");
  assert_string_equal(m->source, "three.json");
  assert_string_equal(m->compute_capability, "9.0");
  assert_string_equal(m->date, "2026-01-02");
  assert_int_equal(m->nnodes, 7);
  assert_int_equal(m->nodes[0].threshold, 16);
  expect_choice(select1(m, 0), KD_LAYOUT_AOS, 1);
  expect_choice(select1(m, 16), KD_LAYOUT_AOS, 1);
  expect_choice(select1(m, 17), KD_LAYOUT_TILED, 32);
  expect_choice(select1(m, 64), KD_LAYOUT_TILED, 32);
  expect_choice(select1(m, 65), KD_LAYOUT_TILED, 32768);
  expect_choice(select1(m, 256), KD_LAYOUT_TILED, 32768);
  expect_choice(select1(m, 257), KD_LAYOUT_SOA, 0);
  expect_choice(select1(m, UINT64_MAX), KD_LAYOUT_SOA, 0);
  kd_device_model_free(m);
}

/* σ_min <= 1:  σ(c) <= 8 → tiled:64, else soa
 * σ_min >  1:  σ(c) <= 12 → aos, else (σ_min <= 4 → tiled:32, else tiled:16) */
static const char *two_attributes =
    "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"Test GPU\",\"epsilon\":128,"
    "\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":1,"
    "  \"le\":{\"attribute\":\"sigma_c\",\"threshold\":8,"
    "     \"le\":{\"layout\":\"tiled\",\"tile\":64},\"gt\":{\"layout\":\"soa\"}},"
    "  \"gt\":{\"attribute\":\"sigma_c\",\"threshold\":12,"
    "     \"le\":{\"layout\":\"aos\"},"
    "     \"gt\":{\"attribute\":\"sigma_min\",\"threshold\":4,"
    "        \"le\":{\"layout\":\"tiled\",\"tile\":32},\"gt\":{\"layout\":\"tiled\",\"tile\":16}}}}}";

/* the expected layout of two_attributes */
static KdLayoutChoice two_attributes_want(uint64_t s, uint64_t smin) {
  if (smin <= 1)
    return s <= 8 ? (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 64} : (KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0};
  if (s <= 12)
    return (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
  return (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = smin <= 4 ? 32 : 16};
}

/* φ nodes ("used_permille") read the third argument of kd_device_model_select:
 * φ <= 600 soa, else σ(c) <= 16 aos, else tiled:32; the model writes and
 * reads back the same tree. */
static void test_used_attribute(void **state) {
  (void)state;
  const char *j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":128,"
                  "\"tree\":{\"attribute\":\"used_permille\",\"threshold\":600,\"le\":{\"layout\":\"soa\"},"
                  "\"gt\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},"
                  "\"gt\":{\"layout\":\"tiled\",\"tile\":32}}}}";
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse(j, "u.json", &m, err, sizeof err), 0);
  check_valid_model(m);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_USED);
  assert_int_equal(kd_device_model_attributes(m), KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_USED));
  assert_string_equal(kd_attribute_name(KD_ATTR_USED), "used_permille");
  for (uint64_t u = 0; u <= 1000; u += 50)
    for (uint64_t s = 1; s <= 40; s++) {
      KdLayoutChoice got = kd_device_model_select(m, s, 1, u);
      if (u <= 600)
        expect_choice(got, KD_LAYOUT_SOA, 0);
      else if (s <= 16)
        expect_choice(got, KD_LAYOUT_AOS, 1);
      else
        expect_choice(got, KD_LAYOUT_TILED, 32);
    }
  expect_choice(kd_device_model_select(m, 8, 1, 600), KD_LAYOUT_SOA, 0);
  expect_choice(kd_device_model_select(m, 8, 1, 601), KD_LAYOUT_AOS, 1);
  expect_choice(kd_device_model_select(m, 600, 600, 8), KD_LAYOUT_SOA, 0);  // arguments in their places
  char *text = kd_device_model_to_json(m, NULL);
  assert_non_null(text);
  assert_non_null(strstr(text, "\"attribute\": \"used_permille\""));
  KdDeviceModel *back = NULL;
  assert_int_equal(kd_device_model_parse(text, "back", &back, err, sizeof err), 0);
  assert_int_equal(back->nnodes, m->nnodes);
  for (int i = 0; i < m->nnodes; i++)
    assert_int_equal(back->nodes[i].attribute, m->nodes[i].attribute);
  free(text);
  kd_device_model_free(back);
  kd_device_model_free(m);
}

/* inner nodes test the attribute they name: σ_min nodes read the second
 * argument of kd_device_model_select, σ(c) nodes the first */
static void test_two_attributes(void **state) {
  (void)state;
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse(two_attributes, "two.json", &m, err, sizeof err), 0);
  check_valid_model(m);
  assert_int_equal(m->nnodes, 9);
  assert_int_equal(m->nodes[0].attribute, KD_ATTR_SIGMA_MIN);
  assert_int_equal(m->nodes[0].threshold, 1);
  assert_int_equal(m->nodes[m->nodes[0].le].attribute, KD_ATTR_SIGMA_C);
  assert_int_equal(kd_device_model_attributes(m), KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_SIGMA_MIN));
  // the boundaries of every test: σ_min 1 | 2, 4 | 5; σ(c) 8 | 9, 12 | 13
  expect_choice(kd_device_model_select(m, 8, 1, 1000), KD_LAYOUT_TILED, 64);
  expect_choice(kd_device_model_select(m, 9, 1, 1000), KD_LAYOUT_SOA, 0);
  expect_choice(kd_device_model_select(m, 12, 1, 1000), KD_LAYOUT_SOA, 0);   // σ(c) = 12 at the root would go "gt" → aos
  expect_choice(kd_device_model_select(m, 12, 2, 1000), KD_LAYOUT_AOS, 1);
  expect_choice(kd_device_model_select(m, 13, 2, 1000), KD_LAYOUT_TILED, 32);
  expect_choice(kd_device_model_select(m, 13, 4, 1000), KD_LAYOUT_TILED, 32);
  expect_choice(kd_device_model_select(m, 13, 5, 1000), KD_LAYOUT_TILED, 16);
  expect_choice(kd_device_model_select(m, 13, 1, 1000), KD_LAYOUT_SOA, 0);
  expect_choice(kd_device_model_select(m, 1, 13, 1000), KD_LAYOUT_AOS, 1);   // the arguments swapped: another layout
  expect_choice(kd_device_model_select(m, 1, 1, 1000), KD_LAYOUT_TILED, 64);
  expect_choice(kd_device_model_select(m, 100, 1, 1000), KD_LAYOUT_SOA, 0);  // not what σ_min = σ(c) = 100 gets
  expect_choice(select1(m, 100), KD_LAYOUT_TILED, 16);
  expect_choice(kd_device_model_select(m, UINT64_MAX, UINT64_MAX, 1000), KD_LAYOUT_TILED, 16);
  for (uint64_t s = 0; s <= 40; s++)
    for (uint64_t smin = 0; smin <= 40; smin++) {
      KdLayoutChoice want = two_attributes_want(s, smin);
      expect_choice(kd_device_model_select(m, s, smin, 1000), want.kind, want.tile);
    }
  kd_device_model_free(m);
}

/* kd_device_model_to_json writes each node's attribute; reading the text back gives
 * the same tree, and writing that gives the same bytes */
static void test_round_trip_attributes(void **state) {
  (void)state;
  KdDeviceModel *m = NULL, *back = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse(two_attributes, "two.json", &m, err, sizeof err), 0);
  char *text = kd_device_model_to_json(m, NULL);
  assert_non_null(text);
  assert_non_null(strstr(text, "\"attribute\": \"sigma_min\",\n    \"threshold\": 1,"));
  assert_non_null(strstr(text, "\"attribute\": \"sigma_c\""));
  assert_int_equal(kd_device_model_parse(text, "rt.json", &back, err, sizeof err), 0);
  assert_int_equal(back->nnodes, m->nnodes);
  for (int i = 0; i < m->nnodes; i++) {
    const KdTreeNode *x = &m->nodes[i], *y = &back->nodes[i];
    assert_int_equal(x->leaf, y->leaf);
    if (x->leaf) {
      assert_int_equal(x->choice.kind, y->choice.kind);
      assert_int_equal(x->choice.tile, y->choice.tile);
    } else {
      assert_int_equal(x->attribute, y->attribute);
      assert_int_equal(x->threshold, y->threshold);
      assert_int_equal(x->le, y->le);
      assert_int_equal(x->gt, y->gt);
    }
  }
  char *again = kd_device_model_to_json(back, NULL);
  assert_string_equal(again, text);
  free(again);
  free(text);
  kd_device_model_free(back);
  // a single-attribute model is written with "sigma_c" only, as before σ_min existed
  KdDeviceModel *p = NULL;
  assert_int_equal(kd_device_model_parse(provisional, "p.json", &p, err, sizeof err), 0);
  text = kd_device_model_to_json(p, NULL);
  assert_non_null(strstr(text, "\"attribute\": \"sigma_c\""));
  assert_null(strstr(text, "sigma_min"));
  free(text);
  kd_device_model_free(p);
  kd_device_model_free(m);
}

static void test_attribute_names(void **state) {
  (void)state;
  assert_string_equal(kd_attribute_name(KD_ATTR_SIGMA_C), "sigma_c");
  assert_string_equal(kd_attribute_name(KD_ATTR_SIGMA_MIN), "sigma_min");
  assert_string_equal(kd_attribute_name(KD_NATTRS), "?");
  assert_int_equal(KD_ATTR_SIGMA_C, 0);  // a zeroed node tests σ(c)
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_parse("{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"x\",\"epsilon\":32,"
                                  "\"tree\":{\"layout\":\"aos\"}}",
                                  NULL, &m, err, sizeof err),
                   0);
  assert_int_equal(kd_device_model_attributes(m), 0);  // a single leaf tests nothing
  kd_device_model_free(m);
}

/* a single leaf is a valid tree; tile 2 is the smallest tile */
static void test_single_leaf(void **state) {
  (void)state;
  KdDeviceModel *m = NULL;
  char err[256] = "";
  const char *j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"x\",\"epsilon\":32,"
                  "\"tree\":{\"layout\":\"tiled\",\"tile\":2}}";
  assert_int_equal(kd_device_model_parse(j, NULL, &m, err, sizeof err), 0);
  assert_int_equal(m->nnodes, 1);
  assert_true(m->nodes[0].leaf);
  assert_false(m->provisional);  // absent: false
  expect_choice(select1(m, 0), KD_LAYOUT_TILED, 2);
  expect_choice(select1(m, 1u << 20), KD_LAYOUT_TILED, 2);
  kd_device_model_free(m);
  kd_device_model_free(NULL);  // allowed
}

/* a model file on disk */
static void test_load_file(void **state) {
  (void)state;
  char path[] = "/tmp/kdlg-model-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs(three_level, f);
  fclose(f);
  KdDeviceModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_device_model_load(path, &m, err, sizeof err), 0);
  assert_string_equal(m->source, path);
  expect_choice(select1(m, 40), KD_LAYOUT_TILED, 32);
  kd_device_model_free(m);
  remove(path);
  err[0] = 0;
  assert_int_equal(kd_device_model_load("/nonexistent/model.json", &m, err, sizeof err), -1);
  assert_null(m);
  assert_true(strlen(err) > 0);
}

#define HEAD "\"format\":\"kdlg-opt-model\",\"format_version\":1,\"provisional\":true,\"device\":\"d\",\"epsilon\":128"
#define TREE "\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}"

static const struct {
  const char *what, *json;
} bad_models[] = {
    {"invalid JSON", "{\"format\":\"kdlg-opt-model\","},
    {"empty text", ""},
    {"not an object", "[1,2,3]"},
    {"wrong format", "{\"format\":\"other\",\"format_version\":1,\"device\":\"d\",\"epsilon\":128," TREE "}"},
    {"missing format", "{\"format_version\":1,\"device\":\"d\",\"epsilon\":128," TREE "}"},
    {"format_version 2", "{\"format\":\"kdlg-opt-model\",\"format_version\":2,\"device\":\"d\",\"epsilon\":128," TREE "}"},
    {"format_version string",
     "{\"format\":\"kdlg-opt-model\",\"format_version\":\"1\",\"device\":\"d\",\"epsilon\":128," TREE "}"},
    {"epsilon 0", "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":0," TREE "}"},
    {"epsilon negative", "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":-128," TREE "}"},
    {"epsilon missing", "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\"," TREE "}"},
    {"epsilon not an integer",
     "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":\"128\"," TREE "}"},
    {"missing tree", "{" HEAD "}"},
    {"missing device", "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"epsilon\":128," TREE "}"},
    {"device not a string", "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":7,\"epsilon\":128," TREE "}"},
    {"unknown layout class", "{" HEAD ",\"tree\":{\"layout\":\"hybrid\"}}"},
    {"layout not a string", "{" HEAD ",\"tree\":{\"layout\":1}}"},
    {"tiled tile 3", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":3}}"},
    {"tiled tile 1", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":1}}"},
    {"tiled tile 0", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":0}}"},
    {"tiled tile 65536", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":65536}}"},
    {"tiled tile -32", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":-32}}"},
    {"tiled tile 48", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":48}}"},
    {"tiled without tile", "{" HEAD ",\"tree\":{\"layout\":\"tiled\"}}"},
    {"tiled tile not a number", "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":\"32\"}}"},
    {"threshold negative",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":-1,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"threshold missing", "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"unknown attribute",
     "{" HEAD ",\"tree\":{\"attribute\":\"n\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"attribute sigma_max",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_max\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"attribute in capitals",
     "{" HEAD ",\"tree\":{\"attribute\":\"SIGMA_MIN\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"attribute not a string",
     "{" HEAD ",\"tree\":{\"attribute\":1,\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"attribute missing", "{" HEAD ",\"tree\":{\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"sigma_min threshold negative",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":-4,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}"},
    {"sigma_min node without le",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":4,\"gt\":{\"layout\":\"soa\"}}}"},
    {"unknown attribute deep in the tree",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_min\",\"threshold\":2,\"le\":{\"layout\":\"aos\"},"
     "\"gt\":{\"attribute\":\"sigma\",\"threshold\":64,\"le\":{\"layout\":\"soa\"},\"gt\":{\"layout\":\"aos\"}}}}"},
    {"inner node without gt", "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"}}}"},
    {"bad node deep in the tree",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},"
     "\"gt\":{\"attribute\":\"sigma_c\",\"threshold\":64,\"le\":{\"layout\":\"soa\"},\"gt\":{\"layout\":\"tiled\",\"tile\":3}}}}"},
    {"tree not an object", "{" HEAD ",\"tree\":\"aos\"}"},
};

static void test_bad_inputs(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof bad_models / sizeof bad_models[0]; i++) {
    KdDeviceModel *m = (KdDeviceModel *)0x1;  // must be reset to NULL
    char err[256];
    memset(err, 0, sizeof err);
    int rc = kd_device_model_parse(bad_models[i].json, "bad.json", &m, err, sizeof err);
    if (rc != -1 || m != NULL || err[0] == 0 || strchr(err, '\n')) {
      print_error("%s: rc %d, model %p, message \"%s\"\n", bad_models[i].what, rc, (void *)m, err);
      if (rc == 0 && m)
        kd_device_model_free(m);
      fail();
    }
  }
}

/* the error messages say what is wrong */
static void test_error_messages(void **state) {
  (void)state;
  KdDeviceModel *m;
  char err[256];
  assert_int_equal(kd_device_model_parse("{" HEAD ",\"tree\":{\"layout\":\"hybrid\"}}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "hybrid"));
  assert_int_equal(kd_device_model_parse("{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":3}}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "tile"));
  assert_int_equal(kd_device_model_parse("{" HEAD "}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "tree"));
  assert_int_equal(kd_device_model_parse("{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"epsilon\":128," TREE "}", "x",
                                  &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "device"));
  assert_int_equal(kd_device_model_parse("{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":0," TREE "}",
                                  "x", &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "epsilon"));
  // an unknown attribute is named, with the known ones
  assert_int_equal(kd_device_model_parse("{" HEAD ",\"tree\":{\"attribute\":\"sigma_max\",\"threshold\":16,"
                                  "\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}",
                                  "x", &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "unknown attribute 'sigma_max'"));
  assert_non_null(strstr(err, "sigma_c, sigma_min or used_permille"));
  assert_int_equal(kd_device_model_parse("{" HEAD ",\"tree\":{\"threshold\":16,\"le\":{\"layout\":\"aos\"},\"gt\":{\"layout\":\"soa\"}}}",
                                  "x", &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "\"attribute\""));
  // a small buffer is never overrun and stays terminated
  char small[8];
  memset(small, 'Z', sizeof small);
  assert_int_equal(kd_device_model_parse("nonsense", "x", &m, small, 6), -1);
  assert_true(memchr(small, 0, 6) != NULL);
  assert_int_equal(small[6], 'Z');
  assert_int_equal(small[7], 'Z');
}

/* every power of two from 2 to 32768 is a valid tile */
static void test_all_tiles(void **state) {
  (void)state;
  for (uint32_t t = 2; t <= 32768; t *= 2) {
    char j[512];
    snprintf(j, sizeof j, "{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":%u}}", t);
    KdDeviceModel *m = NULL;
    char err[256] = "";
    assert_int_equal(kd_device_model_parse(j, "t", &m, err, sizeof err), 0);
    expect_choice(select1(m, 100), KD_LAYOUT_TILED, t);
    kd_device_model_free(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin),
      cmocka_unit_test(test_provisional),
      cmocka_unit_test(test_three_level),
      cmocka_unit_test(test_two_attributes),
      cmocka_unit_test(test_used_attribute),
      cmocka_unit_test(test_round_trip_attributes),
      cmocka_unit_test(test_attribute_names),
      cmocka_unit_test(test_single_leaf),
      cmocka_unit_test(test_load_file),
      cmocka_unit_test(test_bad_inputs),
      cmocka_unit_test(test_error_messages),
      cmocka_unit_test(test_all_tiles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
