/* test_compdb.c: a source file's parser arguments from compile_commands.json
 * (tool/compdb.h): nvcc's and clang's spellings turned into clang's, the
 * options dropped with their values, paths resolved against the entry's
 * directory, response files (@F, --options-file, -optf; GNU quoting,
 * nesting, errors), and the database's lookup (-p, the upward search, the
 * input's own entry only).  Databases and response files are written under
 * a temporary directory. */
#define _GNU_SOURCE /* open_memstream */
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

#include "tool/compdb.h"

static char root[64];  // the temporary directory (a real path: mkdtemp under /tmp)

static void put(const char *rel, const char *text) {
  char p[512];
  snprintf(p, sizeof p, "%s/%s", root, rel);
  for (char *s = p + strlen(root) + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      mkdir(p, 0755);
      *s = '/';
    }
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static char *at(const char *rel) {  // root/rel, in a rotating buffer
  static char buf[8][512];
  static int k;
  char *b = buf[k++ % 8];
  snprintf(b, sizeof buf[0], "%s/%s", root, rel);
  return b;
}

static int setup(void **state) {
  (void)state;
  strcpy(root, "/tmp/kdlg-test-compdb-XXXXXX");
  if (!mkdtemp(root))
    return -1;
  char *real = realpath(root, NULL);  // (/tmp may be a link)
  snprintf(root, sizeof root, "%s", real);
  free(real);
  return 0;
}

static int teardown(void **state) {
  (void)state;
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  return system(cmd) == 0 ? 0 : -1;
}

/* Translates argv (NULL-terminated) in dir; checks the result against
 * `expect` (NULL-terminated), the status against rc and, when rc fails,
 * that diag holds `message`. */
static void check_dir(const char *const *argv, const char *dir, const char *const *expect, int rc, const char *message) {
  int argc = 0;
  while (argv[argc])
    argc++;
  char *diag = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&diag, &len);
  KdCompdbArgs out;
  assert_int_equal(kd_compdb_translate(argv, argc, dir, &out, f), rc);
  fclose(f);
  if (rc != 0) {
    assert_int_equal(out.nargs, 0);
    assert_non_null(strstr(diag, message));
  } else {
    assert_string_equal(diag, "");
    int n = 0;
    while (expect[n])
      n++;
    for (int i = 0; i < out.nargs && i < n; i++)
      assert_string_equal(out.args[i], expect[i]);
    assert_int_equal(out.nargs, n);
  }
  assert_null(out.db);
  kd_compdb_args_free(&out);
  free(diag);
}

static void check(const char *const *argv, const char *const *expect) {
  check_dir(argv, "/build", expect, 0, NULL);
}

#define ARGS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define NONE ((const char *const[]){NULL})

static void test_nvcc_spellings(void **state) {
  (void)state;
  check(ARGS("nvcc", "-I/a", "-I", "/b", "--include-path=/c", "--include-path", "/d"),
        ARGS("-I/a", "-I/b", "-I/c", "-I/d"));
  check(ARGS("nvcc", "-isystem", "/s", "-isystem/t", "--system-include=/u", "--system-include", "/v"),
        ARGS("-isystem", "/s", "-isystem", "/t", "-isystem", "/u", "-isystem", "/v"));
  check(ARGS("nvcc", "-DA", "-D", "B=1", "--define-macro=C=2", "--define-macro", "D(x)=x"),
        ARGS("-DA", "-DB=1", "-DC=2", "-DD(x)=x"));
  check(ARGS("nvcc", "-UA", "-U", "B", "--undefine-macro=C", "--undefine-macro", "D"), ARGS("-UA", "-UB", "-UC", "-UD"));
  check(ARGS("nvcc", "-include", "/p.h", "--pre-include=/q.h", "--pre-include", "/r.h"),
        ARGS("-include", "/p.h", "-include", "/q.h", "-include", "/r.h"));
  check(ARGS("nvcc", "-std=c++14", "--std=c++17", "--std", "c++20", "-std", "c++11"),
        ARGS("-std=c++14", "-std=c++17", "-std=c++20", "-std=c++11"));
  check(ARGS("nvcc", "--cuda-path=/cuda", "--cuda-path", "/cuda2"), ARGS("--cuda-path=/cuda", "--cuda-path=/cuda2"));
  check(ARGS("clang++", "-iquote", "/q"), ARGS("-iquote", "/q"));
}

/* Options without meaning for the parse go, and so do their values, even
 * when a value looks like a kept option; look-alikes of kept options go too. */
static void test_dropped(void **state) {
  (void)state;
  check(ARGS("nvcc", "-DKEEP", "-o", "-DBAD1", "-Xcompiler", "-DBAD2", "--compiler-options", "-DBAD3", "-ccbin",
             "-I/bad4", "--compiler-bindir", "-I/bad5", "-Xcompiler=-DBAD6", "-arch", "sm_90", "-arch=sm_90",
             "-gencode", "arch=compute_90,code=sm_90", "--generate-code=arch=compute_75,code=[compute_75,sm_75]",
             "-x", "cu", "-c", "k.cu", "-O3", "-g", "-G", "-lineinfo", "-forward-unknown-to-host-compiler",
             "-Xptxas", "-DBAD7", "-MF", "-DBAD8", "-MT", "-DBAD9", "-Xclang", "-DBAD10", "-rdc=true", "-DKEEP2"),
        ARGS("-DKEEP", "-DKEEP2"));
  check(ARGS("clang++", "-include-pch", "/x.pch", "-stdlib=libc++", "--cuda-path-ignore-env", "-isystem-after", "/y",
             "--std-foo", "-DKEEP"),
        ARGS("-DKEEP"));
  check(ARGS("nvcc", "-I"), NONE);  // a value missing at the end
  check(ARGS("nvcc"), NONE);
}

static void test_relative_paths(void **state) {
  (void)state;
  put("b/inc/cfg.h", "");
  char *dir = at("b");
  char inc[512], sys[512], cuda[512], pre[512], quote[512];
  snprintf(inc, sizeof inc, "-I%s/inc", dir);
  snprintf(sys, sizeof sys, "%s/../sys", dir);
  snprintf(cuda, sizeof cuda, "--cuda-path=%s/cuda", dir);
  snprintf(pre, sizeof pre, "%s/inc/cfg.h", dir);
  snprintf(quote, sizeof quote, "%s/q", dir);
  check_dir(ARGS("nvcc", "-I", "inc", "-isystem", "../sys", "--cuda-path", "cuda", "-include", "inc/cfg.h",
                 "-include", "elsewhere.h", "-iquote", "q", "-I/abs", "-DX=inc"),
            dir,
            ARGS(inc, "-isystem", sys, cuda, "-include", pre, "-include", "elsewhere.h", "-iquote", quote, "-I/abs",
                 "-DX=inc"),
            0, NULL);
}

/* CMake >= 3.25's nvcc rule: the include path in a response file, named
 * relative to the build directory; quoting as GNU tools read it. */
static void test_response_files(void **state) {
  (void)state;
  put("r/CMakeFiles/x.dir/includes_CUDA.rsp", "-I/src/inc -I\"/src/inc dir\"\n");
  put("r/quoted.rsp", "'-DA=a b' -DB=\\\"s\\\" \"-DC=x'y\"\n\n  -DD\\ E\n");
  put("r/nested.rsp", "-DN1 @quoted.rsp --options-file=more.rsp -DN2");
  put("r/more.rsp", "--include-path rel");
  put("r/one.rsp", "-DONE");
  put("r/two.rsp", "-DTWO");
  put("r/empty.rsp", "");
  char *dir = at("r");
  char rel[512];
  snprintf(rel, sizeof rel, "-I%s/rel", dir);
  check_dir(ARGS("nvcc", "-DX", "--options-file", "CMakeFiles/x.dir/includes_CUDA.rsp", "-c", "k.cu"), dir,
            ARGS("-DX", "-I/src/inc", "-I/src/inc dir"), 0, NULL);
  check_dir(ARGS("nvcc", "@quoted.rsp"), dir, ARGS("-DA=a b", "-DB=\"s\"", "-DC=x'y", "-DD E"), 0, NULL);
  check_dir(ARGS("nvcc", "-optf", "one.rsp,two.rsp", "-optf=one.rsp", "--options-file=two.rsp", "@empty.rsp"), dir,
            ARGS("-DONE", "-DTWO", "-DONE", "-DTWO"), 0, NULL);
  check_dir(ARGS("nvcc", "@nested.rsp"), dir, ARGS("-DN1", "-DA=a b", "-DB=\"s\"", "-DC=x'y", "-DD E", rel, "-DN2"), 0,
            NULL);
  char abs[512];
  snprintf(abs, sizeof abs, "@%s/one.rsp", dir);
  check_dir(ARGS("nvcc", abs), "/elsewhere", ARGS("-DONE"), 0, NULL);
}

static void test_response_file_errors(void **state) {
  (void)state;
  put("e/self.rsp", "-DX @self.rsp");
  char *dir = at("e");
  check_dir(ARGS("nvcc", "-DX", "--options-file", "missing.rsp"), dir, NONE, KD_COMPDB_ERROR,
            "kdlg-opt: error: cannot read response file '");
  check_dir(ARGS("nvcc", "-DX", "--options-file", "missing.rsp"), dir, NONE, KD_COMPDB_ERROR, "e/missing.rsp': No such file");
  check_dir(ARGS("nvcc", "@self.rsp"), dir, NONE, KD_COMPDB_ERROR, "nested more than 16 deep");
}

/* kd_compdb_lookup on input with database dir (NULL: the search); checks
 * rc, the first argument (NULL: none), the database used (NULL: none) and
 * that diag contains `message` (NULL: diag empty). */
static void lookup(const char *build_dir, const char *input, bool verbose, int rc, const char *first, const char *db,
                   const char *message) {
  char *diag = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&diag, &len);
  KdCompdbArgs out;
  assert_int_equal(kd_compdb_lookup(build_dir, input, verbose, &out, f), rc);
  fclose(f);
  if (first) {
    assert_true(out.nargs > 0);
    assert_string_equal(out.args[0], first);
  } else {
    assert_int_equal(out.nargs, 0);
  }
  if (db)
    assert_string_equal(out.db, db);
  else
    assert_null(out.db);
  if (message)
    assert_non_null(strstr(diag, message));
  else
    assert_string_equal(diag, "");
  kd_compdb_args_free(&out);
  free(diag);
}

static void test_lookup(void **state) {
  (void)state;
  char json[2048];
  put("p/src/k.cu", "");
  put("p/src/other.cu", "");
  put("p/src/sub/deep.cu", "");
  // entries: "file" relative to "directory"; the second entry of k.cu is not used; "command" strings split
  snprintf(json, sizeof json,
           "[{\"directory\": \"%s\", \"file\": \"../src/k.cu\", \"arguments\": [\"nvcc\", \"-DFIRST\", \"-c\", \"../src/k.cu\"]},\n"
           " {\"directory\": \"%s\", \"file\": \"%s\", \"arguments\": [\"nvcc\", \"-DSECOND\", \"-c\", \"k.cu\"]},\n"
           " {\"directory\": \"%s\", \"file\": \"%s\", \"command\": \"nvcc -I 'a b' -c deep.cu\"}]\n",
           at("p/build"), at("p/build"), at("p/src/k.cu"), at("p/src/sub"), at("p/src/sub/deep.cu"));
  put("p/build/compile_commands.json", json);
  char ab[512];
  snprintf(ab, sizeof ab, "-I%s/a b", at("p/src/sub"));

  // -p: the entry of the input (by real path, however the input is spelled)
  lookup(at("p/build"), at("p/src/k.cu"), false, 0, "-DFIRST", at("p/build/compile_commands.json"), NULL);
  lookup(at("p/build"), at("p/src/../src/./k.cu"), true, 0, "-DFIRST", at("p/build/compile_commands.json"),
         "kdlg-opt: compiler arguments from '");
  lookup(at("p/build/"), at("p/src/sub/deep.cu"), false, 0, ab, at("p/build/compile_commands.json"), NULL);
  // -p, no entry: a warning, no arguments (not the ones libclang would infer from k.cu)
  lookup(at("p/build"), at("p/src/other.cu"), false, 0, NULL, NULL, "warning: '");
  lookup(at("p/build"), at("p/src/other.cu"), false, 0, NULL, NULL, "other.cu' has no entry in '");
  // -p, no database
  lookup(at("p/src"), at("p/src/k.cu"), false, KD_COMPDB_NO_DATABASE, NULL, NULL,
         "kdlg-opt: error: cannot read '");
  lookup(at("p/src"), at("p/src/k.cu"), false, KD_COMPDB_NO_DATABASE, NULL, NULL,
         "src/compile_commands.json': No such file or directory");
  put("p/bad/compile_commands.json", "{\"directory\": \"/\"}");
  lookup(at("p/bad"), at("p/src/k.cu"), false, KD_COMPDB_NO_DATABASE, NULL, NULL, "': not a JSON array");
  put("p/bad/compile_commands.json", "[{");
  lookup(at("p/bad"), at("p/src/k.cu"), false, KD_COMPDB_NO_DATABASE, NULL, NULL, "': invalid JSON: ");

  // the search: from the input's directory upwards, the first database found
  put("q/sub/k.cu", "");
  lookup(NULL, at("p/src/k.cu"), false, 0, NULL, NULL, NULL);  // none above p/src
  char moved[2048];
  snprintf(moved, sizeof moved,
           "[{\"directory\": \"%s\", \"file\": \"sub/k.cu\", \"arguments\": [\"nvcc\", \"-DFOUND\", \"sub/k.cu\"]}]",
           at("q"));
  put("q/compile_commands.json", moved);
  lookup(NULL, at("q/sub/k.cu"), false, 0, "-DFOUND", at("q/compile_commands.json"), NULL);
  lookup(NULL, at("q/sub/k.cu"), true, 0, "-DFOUND", at("q/compile_commands.json"), "compiler arguments from");
  // the first one found has no entry for the input: no arguments, silently (one above is not looked at)
  put("q/sub/compile_commands.json", "[]");
  lookup(NULL, at("q/sub/k.cu"), false, 0, NULL, NULL, NULL);
  lookup(NULL, at("q/sub/k.cu"), true, 0, NULL, NULL, "has no entry in");
  // one that does not load is not used either
  put("q/sub/compile_commands.json", "not json");
  lookup(NULL, at("q/sub/k.cu"), false, 0, NULL, NULL, NULL);
  lookup(NULL, at("q/sub/k.cu"), true, 0, NULL, NULL, "compile_commands.json' does not load (invalid JSON: ");
  // an input that does not exist: nothing to look up
  lookup(NULL, at("q/sub/none.cu"), false, 0, NULL, NULL, NULL);
}

/* A response file of the entry that cannot be read is an error of the lookup. */
static void test_lookup_rsp_error(void **state) {
  (void)state;
  char json[1024];
  put("m/k.cu", "");
  snprintf(json, sizeof json,
           "[{\"directory\": \"%s\", \"file\": \"k.cu\", \"arguments\": [\"nvcc\", \"--options-file\", \"gone.rsp\", \"k.cu\"]}]",
           at("m"));
  put("m/compile_commands.json", json);
  lookup(at("m"), at("m/k.cu"), false, KD_COMPDB_ERROR, NULL, NULL, "cannot read response file");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nvcc_spellings),   cmocka_unit_test(test_dropped),
      cmocka_unit_test(test_relative_paths),   cmocka_unit_test(test_response_files),
      cmocka_unit_test(test_response_file_errors), cmocka_unit_test(test_lookup),
      cmocka_unit_test(test_lookup_rsp_error),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
