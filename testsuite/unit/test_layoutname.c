/* test_layoutname.c: a layout choice's spellings (analysis/layoutname.h):
 * every style of kd_layout_format against the texts kdlg-opt has always
 * written (model files, plans, --layout, DOT, generated comments), and
 * kd_layout_parse's accepted and rejected spellings. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "analysis/layoutname.h"

#define AOS ((KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1})
#define AOS16 ((KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1, .align = 16})
#define SOA ((KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0})
#define TILED(t) ((KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = (t)})

static const struct {
  KdLayoutChoice c;
  KdLayoutStyle style;
  const char *text;
} formats[] = {
    {AOS, KD_LAYOUT_STYLE_FILE, "aos"},
    {AOS16, KD_LAYOUT_STYLE_FILE, "aos"},
    {SOA, KD_LAYOUT_STYLE_FILE, "soa"},
    {TILED(32), KD_LAYOUT_STYLE_FILE, "tiled"},
    {AOS, KD_LAYOUT_STYLE_CLI, "aos"},
    {AOS16, KD_LAYOUT_STYLE_CLI, "aos"},
    {SOA, KD_LAYOUT_STYLE_CLI, "soa"},
    {TILED(32), KD_LAYOUT_STYLE_CLI, "tiled:32"},
    {TILED(32768), KD_LAYOUT_STYLE_CLI, "tiled:32768"},
    {AOS, KD_LAYOUT_STYLE_DOT, "aos"},
    {AOS16, KD_LAYOUT_STYLE_DOT, "aos aligned 16"},
    {SOA, KD_LAYOUT_STYLE_DOT, "soa"},
    {TILED(32), KD_LAYOUT_STYLE_DOT, "tiled t=32"},
    {AOS, KD_LAYOUT_STYLE_PROSE, "AoS"},
    {AOS16, KD_LAYOUT_STYLE_PROSE, "AoS aligned 16"},
    {SOA, KD_LAYOUT_STYLE_PROSE, "SoA"},
    {TILED(32), KD_LAYOUT_STYLE_PROSE, "tiled-AoS tile 32"},
    // an alignment belongs to AoS alone; a tile is written as it is
    {{.kind = KD_LAYOUT_SOA, .align = 8}, KD_LAYOUT_STYLE_DOT, "soa"},
    {{.kind = KD_LAYOUT_TILED, .tile = 3, .align = 8}, KD_LAYOUT_STYLE_PROSE, "tiled-AoS tile 3"},
    {{.kind = (KdLayoutKind)7}, KD_LAYOUT_STYLE_DOT, "?"},
    {AOS, (KdLayoutStyle)9, "?"},
};

static void test_format(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
    char buf[32];
    int n = kd_layout_format(buf, sizeof buf, formats[i].c, formats[i].style);
    if (strcmp(buf, formats[i].text) || n != (int)strlen(formats[i].text)) {
      print_error("case %zu: \"%s\" (%d), expected \"%s\"\n", i, buf, n, formats[i].text);
      fail();
    }
  }
}

/* The longest text fits in 32 bytes; a short buffer truncates as snprintf. */
static void test_format_truncates(void **state) {
  (void)state;
  char buf[32];
  KdLayoutChoice big = {.kind = KD_LAYOUT_TILED, .tile = UINT32_MAX};
  assert_int_equal(kd_layout_format(buf, sizeof buf, big, KD_LAYOUT_STYLE_PROSE), 25);
  assert_string_equal(buf, "tiled-AoS tile 4294967295");
  char small[6];
  assert_int_equal(kd_layout_format(small, sizeof small, TILED(32), KD_LAYOUT_STYLE_DOT), 10);
  assert_string_equal(small, "tiled");
  assert_int_equal(kd_layout_format(NULL, 0, AOS16, KD_LAYOUT_STYLE_DOT), 14);
}

static void test_words(void **state) {
  (void)state;
  assert_string_equal(kd_layout_word(KD_LAYOUT_TILED, KD_LAYOUT_STYLE_FILE), "tiled");
  assert_string_equal(kd_layout_word(KD_LAYOUT_TILED, KD_LAYOUT_STYLE_PROSE), "tiled-AoS");
  assert_string_equal(kd_layout_word(KD_LAYOUT_SOA, KD_LAYOUT_STYLE_PROSE), "SoA");
  assert_string_equal(kd_layout_word((KdLayoutKind)3, KD_LAYOUT_STYLE_CLI), "?");
}

static const struct {
  const char *s;
  KdLayoutStyle style;
  int rc;
  KdLayoutChoice c;  // when rc is 0
} parses[] = {
    {"aos", KD_LAYOUT_STYLE_FILE, 0, AOS},
    {"soa", KD_LAYOUT_STYLE_FILE, 0, SOA},
    {"tiled", KD_LAYOUT_STYLE_FILE, 0, TILED(0)},  // the tile is the caller's to read
    {"tiled:32", KD_LAYOUT_STYLE_FILE, -1, AOS},
    {"AoS", KD_LAYOUT_STYLE_FILE, -1, AOS},
    {"", KD_LAYOUT_STYLE_FILE, -1, AOS},
    {NULL, KD_LAYOUT_STYLE_FILE, -1, AOS},
    {"aos", KD_LAYOUT_STYLE_CLI, 0, AOS},
    {"soa", KD_LAYOUT_STYLE_CLI, 0, SOA},
    {"tiled:2", KD_LAYOUT_STYLE_CLI, 0, TILED(2)},
    {"tiled:3", KD_LAYOUT_STYLE_CLI, 0, TILED(3)},  // --layout never asked for a power of two
    {"tiled:32768", KD_LAYOUT_STYLE_CLI, 0, TILED(32768)},
    {"tiled:1", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"tiled:32769", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"tiled:99999999999999999999", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"tiled:", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"tiled:32x", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"tiled", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"split", KD_LAYOUT_STYLE_CLI, -1, AOS},
    {"aos", KD_LAYOUT_STYLE_DOT, -1, AOS},  // DOT and prose are written only
    {"AoS", KD_LAYOUT_STYLE_PROSE, -1, AOS},
};

static void test_parse(void **state) {
  (void)state;
  for (size_t i = 0; i < sizeof parses / sizeof parses[0]; i++) {
    const KdLayoutChoice before = {.kind = KD_LAYOUT_SOA, .tile = 77, .align = 77};  // left as it is on failure
    KdLayoutChoice c = before;
    int rc = kd_layout_parse(parses[i].s, parses[i].style, &c);
    KdLayoutChoice want = parses[i].rc == 0 ? parses[i].c : before;
    if (rc != parses[i].rc || c.kind != want.kind || c.tile != want.tile || c.align != want.align) {
      print_error("case %zu (\"%s\"): rc %d kind %d tile %u align %u\n", i, parses[i].s ? parses[i].s : "(null)", rc,
                  (int)c.kind, c.tile, c.align);
      fail();
    }
  }
}

/* What kd_layout_format writes in the FILE and CLI styles, kd_layout_parse
 * reads back (FILE: all but the tile). */
static void test_round_trip(void **state) {
  (void)state;
  for (uint32_t t = 0; t <= 32768; t = t ? 2 * t : 1) {
    KdLayoutChoice in = t == 0 ? SOA : t == 1 ? AOS : TILED(t), out;
    char buf[32];
    kd_layout_format(buf, sizeof buf, in, KD_LAYOUT_STYLE_CLI);
    assert_int_equal(kd_layout_parse(buf, KD_LAYOUT_STYLE_CLI, &out), 0);
    assert_int_equal(out.kind, in.kind);
    assert_int_equal(out.tile, in.tile);
    kd_layout_format(buf, sizeof buf, in, KD_LAYOUT_STYLE_FILE);
    assert_int_equal(kd_layout_parse(buf, KD_LAYOUT_STYLE_FILE, &out), 0);
    assert_int_equal(out.kind, in.kind);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_format), cmocka_unit_test(test_format_truncates), cmocka_unit_test(test_words),
      cmocka_unit_test(test_parse),  cmocka_unit_test(test_round_trip),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
