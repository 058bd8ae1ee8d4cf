/* test_snippet.c: the source line and caret under a diagnostic, as clang
 * prints them (analysis/diag.h, kd_snippet). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/diag.h"

/* kd_snippet's output, or NULL where it returns -1 (then it wrote nothing). */
static char *snippet(const char *text, unsigned line, unsigned col, const KdSnippetRange *r, int nr,
                     const KdSnippetFixIt *fx, int nf) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_non_null(f);
  int rc = kd_snippet(f, text, strlen(text), line, col, r, nr, fx, nf);
  assert_int_equal(fclose(f), 0);
  if (rc != 0) {
    assert_int_equal(len, 0);
    free(buf);
    return NULL;
  }
  return buf;
}

static void expect(char *got, const char *want) {
  assert_non_null(got);
  assert_string_equal(got, want);
  free(got);
}

/* clang -fsyntax-only on `int f() {\n\tint x = 1\n...`: 2:11 */
static void test_caret_and_gutter(void **state) {
  (void)state;
  const char *text = "int f() {\n  int x = 1\n  return x;\n}\n";
  expect(snippet(text, 2, 12, NULL, 0, NULL, 0), "    2 |   int x = 1\n      |            ^\n");
  expect(snippet(text, 1, 1, NULL, 0, NULL, 0), "    1 | int f() {\n      | ^\n");
  // the gutter is as wide as line + 16 needs, at least 4 digits, plus one blank
  char *big = calloc(1, 100010);
  memset(big, '\n', 99998);
  strcpy(big + 99998, "int y = @;\n");
  expect(snippet(big, 99999, 9, NULL, 0, NULL, 0), "  99999 | int y = @;\n        |         ^\n");
  memset(big, '\n', 12344);
  strcpy(big + 12344, "int y = @;\n");
  expect(snippet(big, 12345, 9, NULL, 0, NULL, 0), " 12345 | int y = @;\n       |         ^\n");
  expect(snippet(big, 9984, 1, NULL, 0, NULL, 0), "  9984 | \n       | ^\n");  // 9984 + 16 = 10000
  expect(snippet(big, 9983, 1, NULL, 0, NULL, 0), " 9983 | \n      | ^\n");
  free(big);
}

/* tabs to the next multiple of 8 in the line, and the caret under its byte */
static void test_tabs(void **state) {
  (void)state;
  expect(snippet("int f() { \tint\tx = 1\n", 1, 21, NULL, 0, NULL, 0),
         "    1 | int f() {       int     x = 1\n      |                              ^\n");
  expect(snippet("\tx\n", 1, 2, NULL, 0, NULL, 0), "    1 |         x\n      |         ^\n");
  // a caret on the tab itself: under its first column
  expect(snippet("a\tb\n", 1, 2, NULL, 0, NULL, 0), "    1 | a       b\n      |  ^\n");
}

/* a UTF-8 sequence is one column on screen */
static void test_utf8(void **state) {
  (void)state;
  expect(snippet("s.b + \xc3\xa9x;\n", 1, 9, NULL, 0, NULL, 0), "    1 | s.b + \xc3\xa9x;\n      |        ^\n");
}

/* ranges underlined, the caret over them; fix-its on a third line */
static void test_ranges_and_fixits(void **state) {
  (void)state;
  const char *text = "void h(void) { int z = \"abc\" * 2; }\n";
  KdSnippetRange r[2] = {{24, 29}, {32, 33}};
  expect(snippet(text, 1, 30, r, 2, NULL, 0),
         "    1 | void h(void) { int z = \"abc\" * 2; }\n      |                        ~~~~~ ^ ~\n");
  // a range from an earlier line starts at the first non-blank, one to a later line ends at the last
  KdSnippetRange whole = {0, UINT_MAX};
  expect(snippet("  a + b  \n", 1, 5, &whole, 1, NULL, 0), "    1 |   a + b  \n      |   ~~^~~\n");
  KdSnippetFixIt semi = {12, ";"};
  expect(snippet("  int x = 1\n", 1, 12, NULL, 0, &semi, 1), "    1 |   int x = 1\n      |            ^\n      |            ;\n");
  // a fix-it that would overlap the one before it moves one column past it
  KdSnippetFixIt two[2] = {{3, "long"}, {4, "x"}};
  expect(snippet("abcdef\n", 1, 3, NULL, 0, two, 2), "    1 | abcdef\n      |   ^\n      |   long x\n");
  // fix-its with a newline, or no text, are not shown
  KdSnippetFixIt nl[2] = {{3, "a\nb"}, {2, ""}};
  expect(snippet("abcdef\n", 1, 3, NULL, 0, nl, 2), "    1 | abcdef\n      |   ^\n");
}

/* line ends: \n, \r\n, \r; a caret past the end; lines that are not there */
static void test_lines(void **state) {
  (void)state;
  expect(snippet("a\r\nbc\r\nd", 2, 3, NULL, 0, NULL, 0), "    2 | bc\n      |   ^\n");
  expect(snippet("a\rbc\rd", 3, 1, NULL, 0, NULL, 0), "    3 | d\n      | ^\n");
  expect(snippet("ab\n", 1, 5, NULL, 0, NULL, 0), "    1 | ab\n      |     ^\n");
  expect(snippet("ab\n", 2, 1, NULL, 0, NULL, 0), "    2 | \n      | ^\n");  // (the end of the file)
  assert_null(snippet("ab\n", 3, 1, NULL, 0, NULL, 0));
  assert_null(snippet("ab\n", 0, 1, NULL, 0, NULL, 0));
}

/* kd_snippet_file: the file from disk; a column in characters where asked */
static void test_file(void **state) {
  (void)state;
  char path[] = "/tmp/kdlg-test-snippet-XXXXXX";
  int fd = mkstemp(path);
  assert_true(fd >= 0);
  const char *text = "{\n\t\"\xc3\xa9S\": x}\n";
  assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  close(fd);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  assert_int_equal(kd_snippet_file(f, path, 2, 8, true), 0);  // x: the 8th character, the 9th byte
  assert_int_equal(kd_snippet_file(f, path, 2, 9, false), 0);
  assert_int_equal(kd_snippet_file(f, path, 7, 1, false), -1);
  fclose(f);
  assert_string_equal(buf, "    2 |         \"\xc3\xa9S\": x}\n      |               ^\n"
                           "    2 |         \"\xc3\xa9S\": x}\n      |               ^\n");
  free(buf);
  unlink(path);
  f = open_memstream(&buf, &len);
  assert_int_equal(kd_snippet_file(f, path, 1, 1, false), -1);
  fclose(f);
  assert_int_equal(len, 0);
  free(buf);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_caret_and_gutter), cmocka_unit_test(test_tabs),  cmocka_unit_test(test_utf8),
      cmocka_unit_test(test_ranges_and_fixits), cmocka_unit_test(test_lines), cmocka_unit_test(test_file),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
