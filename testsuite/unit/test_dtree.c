/* test_dtree.c: model files and Select-Tilesize (analysis/dtree.h, method-notes §4). */
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
    print_error("layout %s tile %u, expected %s tile %u\n", kd_layout_name(c.kind), c.tile, kd_layout_name(kind), tile);
    fail();
  }
}

static void test_builtin(void **state) {
  (void)state;
  const KdModel *m = kd_model_builtin();
  assert_non_null(m);
  assert_ptr_equal(m, kd_model_builtin());  // one shared instance
  assert_true(m->provisional);
  assert_int_equal(m->epsilon, 128);
  assert_string_equal(m->source, "built-in");
  assert_non_null(m->device);
  assert_true(strlen(m->device) > 0);
  assert_true(m->nnodes >= 3);
  assert_false(m->nodes[0].leaf);
  expect_choice(kd_model_select(m, 0), KD_LAYOUT_AOS, 1);
  expect_choice(kd_model_select(m, 4), KD_LAYOUT_AOS, 1);
  expect_choice(kd_model_select(m, 16), KD_LAYOUT_AOS, 1);  // σ(c) <= threshold goes to "le"
  expect_choice(kd_model_select(m, 17), KD_LAYOUT_SOA, 0);
  expect_choice(kd_model_select(m, 48), KD_LAYOUT_SOA, 0);
  expect_choice(kd_model_select(m, UINT64_MAX), KD_LAYOUT_SOA, 0);
}

static void test_layout_names(void **state) {
  (void)state;
  assert_string_equal(kd_layout_name(KD_LAYOUT_AOS), "aos");
  assert_string_equal(kd_layout_name(KD_LAYOUT_SOA), "soa");
  assert_string_equal(kd_layout_name(KD_LAYOUT_TILED), "tiled");
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
  KdModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_model_parse(three_level, "three.json", &m, err, sizeof err), 0);
  assert_non_null(m);
  assert_false(m->provisional);
  assert_int_equal(m->epsilon, 64);
  assert_string_equal(m->device, "Test GPU");
  assert_string_equal(m->source, "three.json");
  assert_string_equal(m->compute_capability, "9.0");
  assert_string_equal(m->date, "2026-01-02");
  assert_int_equal(m->nnodes, 7);
  assert_int_equal(m->nodes[0].threshold, 16);
  expect_choice(kd_model_select(m, 0), KD_LAYOUT_AOS, 1);
  expect_choice(kd_model_select(m, 16), KD_LAYOUT_AOS, 1);
  expect_choice(kd_model_select(m, 17), KD_LAYOUT_TILED, 32);
  expect_choice(kd_model_select(m, 64), KD_LAYOUT_TILED, 32);
  expect_choice(kd_model_select(m, 65), KD_LAYOUT_TILED, 32768);
  expect_choice(kd_model_select(m, 256), KD_LAYOUT_TILED, 32768);
  expect_choice(kd_model_select(m, 257), KD_LAYOUT_SOA, 0);
  expect_choice(kd_model_select(m, UINT64_MAX), KD_LAYOUT_SOA, 0);
  kd_model_free(m);
}

/* a single leaf is a valid tree; tile 2 is the smallest tile */
static void test_single_leaf(void **state) {
  (void)state;
  KdModel *m = NULL;
  char err[256] = "";
  const char *j = "{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"x\",\"epsilon\":32,"
                  "\"tree\":{\"layout\":\"tiled\",\"tile\":2}}";
  assert_int_equal(kd_model_parse(j, NULL, &m, err, sizeof err), 0);
  assert_int_equal(m->nnodes, 1);
  assert_true(m->nodes[0].leaf);
  assert_false(m->provisional);  // absent: false
  expect_choice(kd_model_select(m, 0), KD_LAYOUT_TILED, 2);
  expect_choice(kd_model_select(m, 1u << 20), KD_LAYOUT_TILED, 2);
  kd_model_free(m);
  kd_model_free(NULL);  // allowed
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
  KdModel *m = NULL;
  char err[256] = "";
  assert_int_equal(kd_model_load(path, &m, err, sizeof err), 0);
  assert_string_equal(m->source, path);
  expect_choice(kd_model_select(m, 40), KD_LAYOUT_TILED, 32);
  kd_model_free(m);
  remove(path);
  err[0] = 0;
  assert_int_equal(kd_model_load("/nonexistent/model.json", &m, err, sizeof err), -1);
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
    {"inner node without gt", "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"}}}"},
    {"bad node deep in the tree",
     "{" HEAD ",\"tree\":{\"attribute\":\"sigma_c\",\"threshold\":16,\"le\":{\"layout\":\"aos\"},"
     "\"gt\":{\"attribute\":\"sigma_c\",\"threshold\":64,\"le\":{\"layout\":\"soa\"},\"gt\":{\"layout\":\"tiled\",\"tile\":3}}}}"},
    {"tree not an object", "{" HEAD ",\"tree\":\"aos\"}"},
};

static void test_bad_inputs(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof bad_models / sizeof bad_models[0]; i++) {
    KdModel *m = (KdModel *)0x1;  // must be reset to NULL
    char err[256];
    memset(err, 0, sizeof err);
    int rc = kd_model_parse(bad_models[i].json, "bad.json", &m, err, sizeof err);
    if (rc != -1 || m != NULL || err[0] == 0 || strchr(err, '\n')) {
      print_error("%s: rc %d, model %p, message \"%s\"\n", bad_models[i].what, rc, (void *)m, err);
      if (rc == 0 && m)
        kd_model_free(m);
      fail();
    }
  }
}

/* the error messages say what is wrong */
static void test_error_messages(void **state) {
  (void)state;
  KdModel *m;
  char err[256];
  assert_int_equal(kd_model_parse("{" HEAD ",\"tree\":{\"layout\":\"hybrid\"}}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "hybrid"));
  assert_int_equal(kd_model_parse("{" HEAD ",\"tree\":{\"layout\":\"tiled\",\"tile\":3}}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "tile"));
  assert_int_equal(kd_model_parse("{" HEAD "}", "x", &m, err, sizeof err), -1);
  assert_non_null(strstr(err, "tree"));
  assert_int_equal(kd_model_parse("{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"epsilon\":128," TREE "}", "x",
                                  &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "device"));
  assert_int_equal(kd_model_parse("{\"format\":\"kdlg-opt-model\",\"format_version\":1,\"device\":\"d\",\"epsilon\":0," TREE "}",
                                  "x", &m, err, sizeof err),
                   -1);
  assert_non_null(strstr(err, "epsilon"));
  // a small buffer is never overrun and stays terminated
  char small[8];
  memset(small, 'Z', sizeof small);
  assert_int_equal(kd_model_parse("nonsense", "x", &m, small, 6), -1);
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
    KdModel *m = NULL;
    char err[256] = "";
    assert_int_equal(kd_model_parse(j, "t", &m, err, sizeof err), 0);
    expect_choice(kd_model_select(m, 100), KD_LAYOUT_TILED, t);
    kd_model_free(m);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin),      cmocka_unit_test(test_layout_names), cmocka_unit_test(test_three_level),
      cmocka_unit_test(test_single_leaf),  cmocka_unit_test(test_load_file),    cmocka_unit_test(test_bad_inputs),
      cmocka_unit_test(test_error_messages), cmocka_unit_test(test_all_tiles),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
