/* test_filemap.c: the rewritable files of a translation unit in one offset
 * space (analysis/filemap.h).  A main file includes a project header, one in
 * a subdirectory through it, a header outside the project's directory and
 * one under -isystem: only the main file and the two project headers are
 * mapped, the main file first at offset 0, each file followed by one '\n'
 * of no file; offsets and locations go back and forth; a header's
 * include_end is the end of the main file's #include line that brought it
 * in; kd_filemap_compare orders a header's bytes where that line ends. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analysis/filemap.h"

static char dir[] = "/tmp/kdlg-test-filemap.XXXXXX";

static void put(const char *rel, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, rel);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static const char main_text[] = "#include \"a.h\"\n"          // a.h includes sub/b.h
                                "#include \"../outside.h\"\n"  // (outside the project: not mapped)
                                "#include <sys.h>\n"           // (a system header: not mapped)
                                "int m = A + B + OUT + SYS;\n";

static void test_map(void **state) {
  (void)state;
  char path[512], isys[600], outside[512];
  snprintf(path, sizeof path, "%s/proj/main.c", dir);
  snprintf(isys, sizeof isys, "-isystem%s/sys", dir);
  snprintf(outside, sizeof outside, "%s/outside.h", dir);
  const char *args[] = {"-x", "c", isys};
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = clang_parseTranslationUnit(idx, path, args, 3, NULL, 0, 0);
  assert_non_null(tu);
  KdFileMap *m = kd_filemap_new(tu, path, NULL);
  assert_int_equal(m->nfiles, 3);
  // main first, at 0; then a.h, then sub/b.h (the order the preprocessor entered them)
  assert_int_equal(m->files[0].base, 0);
  assert_int_equal(m->files[0].len, strlen(main_text));
  assert_non_null(strstr(m->files[1].real, "/proj/a.h"));
  assert_non_null(strstr(m->files[2].real, "/proj/sub/b.h"));
  for (int i = 0; i < m->nfiles; i++) {
    const KdMappedFile *f = &m->files[i];
    assert_int_equal(m->text[f->base + f->len], '\n');  // the separator
    if (i + 1 < m->nfiles)
      assert_int_equal(m->files[i + 1].base, f->base + f->len + 1);
    assert_int_equal(kd_filemap_find(m, f->file), i);
    assert_int_equal(kd_filemap_file_at(m, f->base), i);
    assert_int_equal(kd_filemap_file_at(m, f->base + f->len), i);  // an insertion at the end is the file's
    unsigned off;
    assert_true(kd_filemap_offset(m, f->file, 3, &off));
    assert_int_equal(off, f->base + 3);
    assert_false(kd_filemap_offset(m, f->file, f->len + 1, &off));
    CXSourceLocation l = kd_filemap_location(m, tu, f->base + 3);
    CXFile lf;
    unsigned lo;
    clang_getFileLocation(l, &lf, NULL, NULL, &lo);
    assert_true(clang_File_isEqual(lf, f->file));
    assert_int_equal(lo, 3);
  }
  assert_int_equal(m->len, m->files[2].base + m->files[2].len + 1);
  assert_memory_equal(m->text, main_text, strlen(main_text));
  // both headers came in through the main file's first line
  unsigned line1 = (unsigned)(strchr(main_text, '\n') - main_text) + 1;
  assert_int_equal(m->files[1].include_end, line1);
  assert_int_equal(m->files[2].include_end, line1);
  // the outside header and the system header are not mapped
  assert_int_equal(kd_filemap_find(m, clang_getFile(tu, outside)), -1);
  assert_int_equal(kd_filemap_find(m, NULL), -1);
  // translation-unit order: main's first line < a.h's bytes < sub/b.h's bytes < main's second line
  unsigned a0 = m->files[1].base, b0 = m->files[2].base;
  assert_true(kd_filemap_compare(m, 0, a0) < 0);
  assert_true(kd_filemap_compare(m, a0, a0 + 1) < 0);
  assert_true(kd_filemap_compare(m, a0 + 1, b0) < 0);
  assert_true(kd_filemap_compare(m, b0, line1) < 0);
  assert_true(kd_filemap_compare(m, line1, b0) > 0);
  assert_int_equal(kd_filemap_compare(m, b0, b0), 0);
  kd_filemap_free(m);
  // a root that holds the outside header maps it too
  char root[512];
  snprintf(root, sizeof root, "%s", dir);
  m = kd_filemap_new(tu, path, root);
  assert_int_equal(m->nfiles, 4);
  kd_filemap_free(m);
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
}

int main(void) {
  if (!mkdtemp(dir))
    return 1;
  char sub[600];
  snprintf(sub, sizeof sub, "%s/proj", dir);
  mkdir(sub, 0777);
  snprintf(sub, sizeof sub, "%s/proj/sub", dir);
  mkdir(sub, 0777);
  snprintf(sub, sizeof sub, "%s/sys", dir);
  mkdir(sub, 0777);
  put("proj/main.c", main_text);
  put("proj/a.h", "#include \"sub/b.h\"\n#define A 1\n");
  put("proj/sub/b.h", "#define B 2\n");
  put("outside.h", "#define OUT 3\n");
  put("sys/sys.h", "#define SYS 4\n");
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_map)};
  int rc = cmocka_run_group_tests(tests, NULL, NULL);
  char cmd[700];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0)
    rc = rc ? rc : 1;
  return rc;
}
