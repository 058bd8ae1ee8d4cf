/* test_toolkit.c: where kdlg-opt finds the CUDA toolkit (analysis/toolkit.h):
 * the search order (--cuda-path, CUDA_PATH, CUDA_HOME, the nvcc on PATH,
 * /usr/local/cuda), -nocudainc, errors for a named directory that is not a
 * toolkit, and CCCL's directory.  Fake toolkits are made under a temporary
 * directory; the environment is set per case. */
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

#include "analysis/toolkit.h"

static char root[64];              // the temporary directory
static char tk_a[128], tk_b[128];  // two fake toolkits; b has bin/nvcc and include/cccl
static char not_tk[128];           // a directory that is not a toolkit
static char *saved_path;           // PATH as the test started (restored for teardown's rm)

static void touch(const char *dir, const char *rel, int mode) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", dir, rel);
  FILE *f = fopen(p, "w");
  assert_non_null(f);
  fclose(f);
  chmod(p, mode);
}

static void mkdirs(const char *dir, const char *rel) {
  char p[256];
  snprintf(p, sizeof p, "%s/%s", dir, rel);
  for (char *s = p + 1; *s; s++)
    if (*s == '/') {
      *s = '\0';
      mkdir(p, 0755);
      *s = '/';
    }
  mkdir(p, 0755);
}

static int setup(void **state) {
  (void)state;
  saved_path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
  strcpy(root, "/tmp/kdlg-test-toolkit-XXXXXX");
  if (!mkdtemp(root))
    return -1;
  snprintf(tk_a, sizeof tk_a, "%s/a", root);
  snprintf(tk_b, sizeof tk_b, "%s/b", root);
  snprintf(not_tk, sizeof not_tk, "%s/empty", root);
  mkdirs(tk_a, "include");
  touch(tk_a, "include/cuda_runtime.h", 0644);
  mkdirs(tk_b, "include/cccl");
  mkdirs(tk_b, "bin");
  touch(tk_b, "include/cuda_runtime.h", 0644);
  touch(tk_b, "bin/nvcc", 0755);
  mkdirs(not_tk, "include");
  return 0;
}

static int teardown(void **state) {
  (void)state;
  if (saved_path)
    setenv("PATH", saved_path, 1);
  free(saved_path);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  return system(cmd) == 0 ? 0 : -1;
}

/* A clean environment: no CUDA_PATH / CUDA_HOME, PATH without nvcc. */
static void clean_env(void) {
  unsetenv("CUDA_PATH");
  unsetenv("CUDA_HOME");
  setenv("PATH", "/nonexistent-dir", 1);
}

static KdToolkit find(int nargs, const char *const *args, int expect_rc) {
  KdToolkit tk;
  char err[256] = "";
  assert_int_equal(kd_toolkit_find(args, nargs, &tk, err, sizeof err), expect_rc);
  if (expect_rc != 0) {
    assert_int_equal(tk.from, KD_TOOLKIT_NONE);
    assert_null(tk.dir);
    assert_true(strstr(err, "is not a CUDA toolkit") != NULL);
  }
  return tk;
}

static void test_nocudainc(void **state) {
  (void)state;
  clean_env();
  setenv("CUDA_PATH", tk_a, 1);
  const char *args[] = {"-DX", "-nocudainc"};
  KdToolkit tk = find(2, args, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_OFF);
  assert_null(tk.dir);
}

static void test_cuda_path_arg(void **state) {
  (void)state;
  clean_env();
  setenv("CUDA_PATH", tk_b, 1);  // the argument wins over the environment
  char arg_a[160], arg_b[160];
  snprintf(arg_a, sizeof arg_a, "--cuda-path=%s//", tk_a);  // trailing slashes are dropped
  snprintf(arg_b, sizeof arg_b, "--cuda-path=%s", tk_b);
  const char *args[] = {arg_b, arg_a};  // the last one wins, as in clang
  KdToolkit tk = find(2, args, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_ARG);
  assert_string_equal(tk.dir, tk_a);
  assert_false(tk.cccl);
  kd_toolkit_free(&tk);
}

static void test_cuda_path_arg_not_toolkit(void **state) {
  (void)state;
  clean_env();
  setenv("CUDA_PATH", tk_a, 1);  // no fallback from a named directory that is wrong
  char arg[160];
  snprintf(arg, sizeof arg, "--cuda-path=%s", not_tk);
  const char *args[] = {arg};
  char err[256];
  KdToolkit tk;
  assert_int_equal(kd_toolkit_find(args, 1, &tk, err, sizeof err), -1);
  assert_true(strstr(err, "--cuda-path") && strstr(err, not_tk));
  const char *empty[] = {"--cuda-path="};
  find(1, empty, -1);
}

static void test_environment(void **state) {
  (void)state;
  clean_env();
  setenv("CUDA_HOME", tk_a, 1);
  KdToolkit tk = find(0, NULL, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_CUDA_HOME);
  assert_string_equal(tk.dir, tk_a);
  kd_toolkit_free(&tk);
  setenv("CUDA_PATH", tk_b, 1);  // CUDA_PATH before CUDA_HOME
  tk = find(0, NULL, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_CUDA_PATH);
  assert_string_equal(tk.dir, tk_b);
  assert_true(tk.cccl);
  kd_toolkit_free(&tk);
  setenv("CUDA_PATH", "", 1);  // empty: unset
  tk = find(0, NULL, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_CUDA_HOME);
  kd_toolkit_free(&tk);
  setenv("CUDA_PATH", not_tk, 1);
  char err[256];
  assert_int_equal(kd_toolkit_find(NULL, 0, &tk, err, sizeof err), -1);
  assert_true(strstr(err, "CUDA_PATH") && strstr(err, not_tk));
}

static void test_nvcc_on_path(void **state) {
  (void)state;
  clean_env();
  char path[512];
  snprintf(path, sizeof path, "/nonexistent-dir::%s/bin:%s/bin", tk_a, tk_b);  // a has no nvcc
  setenv("PATH", path, 1);
  KdToolkit tk = find(0, NULL, 0);
  assert_int_equal(tk.from, KD_TOOLKIT_NVCC);
  assert_string_equal(tk.dir, tk_b);
  assert_true(tk.cccl);
  kd_toolkit_free(&tk);
}

static void test_default(void **state) {
  (void)state;
  clean_env();
  KdToolkit tk = find(0, NULL, 0);
  if (access("/usr/local/cuda/include/cuda_runtime.h", F_OK) == 0) {
    assert_int_equal(tk.from, KD_TOOLKIT_DEFAULT);
    assert_string_equal(tk.dir, "/usr/local/cuda");
  } else {
    assert_int_equal(tk.from, KD_TOOLKIT_NONE);
    assert_null(tk.dir);
  }
  kd_toolkit_free(&tk);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_nocudainc),   cmocka_unit_test(test_cuda_path_arg),
      cmocka_unit_test(test_cuda_path_arg_not_toolkit), cmocka_unit_test(test_environment),
      cmocka_unit_test(test_nvcc_on_path), cmocka_unit_test(test_default),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
