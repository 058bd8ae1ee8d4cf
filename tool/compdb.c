/* compdb.c: a source file's parser arguments from compile_commands.json
 * (see compdb.h): the database found and loaded (libclang), the input's
 * entry picked, its response files expanded (libiberty's buildargv splits
 * them) and its options translated from nvcc's or clang's spellings to
 * clang's. */
#define _GNU_SOURCE /* realpath */
#include "compdb.h"
#include "output.h"

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <clang-c/CXCompilationDatabase.h>
#include <jansson.h>
#include <libiberty/libiberty.h>

#include "../analysis/mem.h"

typedef KD_VEC(char *) Strings;  // malloc'd strings

enum { MAX_RSP_DEPTH = 16 };

/* ---- the options kept: their spellings and clang's ---- */

typedef enum Kind { K_INC, K_SYS, K_QUOTE, K_DEF, K_UNDEF, K_PRE, K_STD, K_CUDA } Kind;

typedef struct Kept {
  const char *name;  // the spelling: -X (value joined, `=V`, or the next argument) or --long (`=V` or the next)
  bool joined;       // the value may follow the name directly (-Idir, -DN=1)
  Kind kind;
} Kept;

static const Kept kept[] = {
    {"-I", true, K_INC},           {"--include-path", false, K_INC},
    {"-isystem", true, K_SYS},     {"--system-include", false, K_SYS},
    {"-iquote", true, K_QUOTE},
    {"-D", true, K_DEF},           {"--define-macro", false, K_DEF},
    {"-U", true, K_UNDEF},         {"--undefine-macro", false, K_UNDEF},
    {"-include", true, K_PRE},     {"--pre-include", false, K_PRE},
    {"-std", false, K_STD},        {"--std", false, K_STD},
    {"--cuda-path", false, K_CUDA},
};

/* Options dropped whose value, written as the next argument, is dropped
 * with them: nvcc's (CUDA 13.0's `nvcc --help`: every option with a <value>
 * or a {choice}, long and short names; not -O, whose bare form is clang's
 * -O1) and the clang / GCC ones that appear in compile commands.  Their
 * `--opt=value` and joined forms are one argument and need no entry; a
 * value not skipped is harmless unless it looks like a kept option
 * (-Xlinker -DX), which is what the table is for.  (-Xcompiler and
 * --compiler-options: host_option, below.) */
static const char *const dropped_with_value[] = {
    // nvcc
    "--output-file", "-o", "--library", "-l", "--library-path", "-L", "--output-directory", "-odir",
    "--compiler-bindir", "-ccbin", "--archiver-binary", "-arbin", "--libdevice-directory", "-ldir",
    "--target-directory", "-target-dir", "--optimization-info", "-opt-info", "--dopt", "-dopt",
    "--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit", "--ftemplate-depth", "-ftemplate-depth",
    "--linker-options", "-Xlinker", "--archive-options", "-Xarchive",
    "--ptxas-options", "-Xptxas", "--nvlink-options", "-Xnvlink", "--threads", "-t", "--split-compile",
    "-split-compile", "--split-compile-extended", "-split-compile-extended", "--fdevice-time-trace",
    "-fdevice-time-trace", "--keep-dir", "-keep-dir", "--time", "-time", "--run-args", "-run-args",
    "--input-drive-prefix", "-idp", "--dependency-drive-prefix", "-ddp", "--drive-prefix", "-dp",
    "--dependency-target-name", "-MT", "--dependency-output", "-MF", "--gpu-architecture", "-arch", "--gpu-code",
    "-code", "--generate-code", "-gencode", "--maxrregcount", "-maxrregcount", "--diag-error", "-diag-error",
    "--diag-suppress", "-diag-suppress", "--diag-warn", "-diag-warn", "--jump-table-density", "-jtd",
    "--frandom-seed", "-frandom-seed", "--sanitize", "-sanitize", "--cudart", "-cudart", "--cudadevrt",
    "-cudadevrt", "--Ofast-compile", "-Ofc", "--x", "-x", "--machine", "-m", "--static-global-template-stub",
    "-static-global-template-stub", "--device-entity-has-hidden-visibility", "-device-entity-has-hidden-visibility",
    "--relocatable-device-code", "-rdc", "--entries", "-e", "--ftz", "-ftz", "--prec-div", "-prec-div",
    "--prec-sqrt", "-prec-sqrt", "--fmad", "-fmad", "--default-stream", "-default-stream", "--Werror", "-Werror",
    "--host-linker-script", "-hls", "--brief-diagnostics", "-brief-diag", "--device-stack-protector",
    "-device-stack-protector", "--compress-mode", "-compress-mode",
    // clang and GCC
    "-MQ", "-MJ", "-Xclang", "-Xassembler", "-Xpreprocessor", "-Xarch_device", "-Xarch_host",
    "-Xcuda-fatbinary", "-Xcuda-ptxas", "-target", "--target", "-idirafter", "-imacros", "-iprefix",
    "-iwithprefix", "-iwithprefixbefore", "-isysroot", "--sysroot", "-aux-info", "--param", "-z", "-u",
    "--serialize-diagnostics", "-main-file-name", "-include-pch", "-resource-dir", "-gcc-toolchain", "--gcc-toolchain",
    NULL,
};

static bool takes_value(const char *a) {
  for (const char *const *d = dropped_with_value; *d; d++)
    if (!strcmp(a, *d))
      return true;
  return false;
}

/* ---- paths ---- */

/* path made absolute against dir (malloc'd). */
static char *against(const char *dir, const char *path) {
  if (path[0] == '/' || !dir || !*dir)
    return kd_xstrdup(path);
  size_t n = strlen(dir);
  return kd_xasprintf("%s%s%s", dir, dir[n - 1] == '/' ? "" : "/", path);
}

/* ---- response files ---- */

/* The whole of file `path` (malloc'd, NUL-terminated), or NULL with errno. */
static int expand(const char *const *argv, int argc, const char *dir, int depth, Strings *out, FILE *diag);

/* Appends the arguments in response file `name` (relative to dir) to out,
 * expanded in turn.  0, or -1 (printed). */
static int expand_file(const char *name, const char *dir, int depth, Strings *out, FILE *diag) {
  if (depth >= MAX_RSP_DEPTH) {
    fprintf(diag, "kdlg-opt: error: response file '%s' nested more than %d deep\n", name, MAX_RSP_DEPTH);
    return -1;
  }
  char *path = against(dir, name);
  char *text = kd_read_file(path, NULL);
  if (!text) {
    fprintf(diag, "kdlg-opt: error: cannot read response file '%s': %s\n", path, strerror(errno));
    free(path);
    return -1;
  }
  char **words = buildargv(text);  // GNU quoting; "" gives one empty word
  int n = 0;
  while (words && words[n])
    n++;
  int rc = expand((const char *const *)words, n, dir, depth + 1, out, diag);
  freeargv(words);
  free(text);
  free(path);
  return rc;
}

/* The value of response-file option a (`@F`, `--options-file[=]F`,
 * `-optf[=]F`): *file set to it (NULL: the next argument), true; false if a
 * is no such option. */
static bool rsp_option(const char *a, const char **file) {
  static const char *const names[] = {"--options-file", "-optf", NULL};
  if (a[0] == '@' && a[1]) {
    *file = a + 1;
    return true;
  }
  for (const char *const *n = names; *n; n++) {
    size_t k = strlen(*n);
    if (!strncmp(a, *n, k) && (a[k] == '\0' || a[k] == '=')) {
      *file = a[k] ? a + k + 1 : NULL;
      return true;
    }
  }
  return false;
}

/* Appends argv to out with every response file replaced by its arguments
 * (nvcc's option takes a comma-separated list).  Empty arguments go.  0,
 * or -1 (printed). */
static int expand(const char *const *argv, int argc, const char *dir, int depth, Strings *out, FILE *diag) {
  for (int i = 0; i < argc; i++) {
    const char *file;
    if (!rsp_option(argv[i], &file)) {
      if (argv[i][0])
        kd_vec_push(out, kd_xstrdup(argv[i]));
      continue;
    }
    if (!file) {
      if (i + 1 >= argc)
        continue;
      file = argv[++i];
    }
    if (argv[i][0] == '@' && file == argv[i] + 1) {  // @F names one file, commas and all
      if (expand_file(file, dir, depth, out, diag) != 0)
        return -1;
      continue;
    }
    char *list = kd_xstrdup(file), *save = NULL;
    int rc = 0;
    for (char *f = strtok_r(list, ",", &save); f && rc == 0; f = strtok_r(NULL, ",", &save))
      rc = expand_file(f, dir, depth, out, diag);
    free(list);
    if (rc != 0)
      return -1;
  }
  return 0;
}

/* ---- translation ---- */

/* Appends kept option k with value v to out in clang's spelling. */
static void emit(Kind k, const char *v, const char *dir, Strings *out) {
  char *p;
  switch (k) {
  case K_INC:
    p = against(dir, v);
    kd_vec_push(out, kd_xasprintf("-I%s", p));
    free(p);
    return;
  case K_SYS:
  case K_QUOTE:
    kd_vec_push(out, kd_xstrdup(k == K_SYS ? "-isystem" : "-iquote"));
    kd_vec_push(out, against(dir, v));
    return;
  case K_DEF:
  case K_UNDEF:
    kd_vec_push(out, kd_xasprintf("-%c%s", k == K_DEF ? 'D' : 'U', v));
    return;
  case K_PRE:
    p = against(dir, v);
    kd_vec_push(out, kd_xstrdup("-include"));
    if (access(p, F_OK) == 0)
      kd_vec_push(out, p);
    else {
      free(p);
      kd_vec_push(out, kd_xstrdup(v));  // on the include path, for the compiler as for us
    }
    return;
  case K_STD:
    kd_vec_push(out, kd_xasprintf("-std=%s", v));
    return;
  case K_CUDA:
    p = against(dir, v);
    kd_vec_push(out, kd_xasprintf("--cuda-path=%s", p));
    free(p);
    return;
  }
  assert(!"unknown kind");
}

/* Which kept option argument a is: *k set, *value its value or NULL for
 * the next argument; false when a is none. */
static bool kept_option(const char *a, Kind *k, const char **value) {
  for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
    const char *n = kept[i].name;
    size_t len = strlen(n);
    if (strncmp(a, n, len))
      continue;
    *k = kept[i].kind;
    if (a[len] == '\0')
      *value = NULL;
    else if (a[len] == '=' && !kept[i].joined)
      *value = a + len + 1;
    else if (kept[i].joined && (len == 2 || a[len] != '-'))
      *value = a + len;  // (-include-pch, -isystem-after: other options)
    else
      continue;  // --std-foo, -stdlib=...: another option
    return true;
  }
  return false;
}

/* The host compiler's options that change how the source parses, as
 * clang spells them: -fopenmp (nvcc hands -Xcompiler's options to the
 * preprocessing of host and device code alike, so _OPENMP is defined in
 * both, and the host compiler's omp.h is found). */
static const char *const host_kept[] = {"-fopenmp", NULL};

/* Whether a is nvcc's option for the host compiler (-Xcompiler V,
 * --compiler-options V, or their =V forms): *value set to V, or NULL for
 * the next argument. */
static bool host_option(const char *a, const char **value) {
  static const char *const names[] = {"-Xcompiler", "--compiler-options", NULL};
  for (const char *const *n = names; *n; n++) {
    size_t k = strlen(*n);
    if (!strncmp(a, *n, k) && (a[k] == '\0' || a[k] == '=')) {
      *value = a[k] ? a + k + 1 : NULL;
      return true;
    }
  }
  return false;
}

/* Appends what res must have of host compiler option h (one of nvcc's
 * comma-separated list, or a clang / GCC command's own argument): h itself
 * if it is in host_kept and not there yet. */
static void emit_host(const char *h, Strings *res) {
  for (const char *const *k = host_kept; *k; k++) {
    if (strcmp(h, *k))
      continue;
    for (int i = 0; i < res->n; i++)
      if (!strcmp(res->v[i], h))
        return;
    kd_vec_push(res, kd_xstrdup(h));
  }
}

/* emit_host of each option in nvcc's comma-separated list v. */
static void emit_host_list(const char *v, Strings *res) {
  char *list = kd_xstrdup(v), *save = NULL;
  for (char *h = strtok_r(list, ",", &save); h; h = strtok_r(NULL, ",", &save))
    emit_host(h, res);
  free(list);
}

int kd_compdb_translate(const char *const *argv, int argc, const char *directory, KdCompdbArgs *out, FILE *diag) {
  memset(out, 0, sizeof *out);
  Strings all = {0}, res = {0};
  int rc = argc > 1 ? expand(argv + 1, argc - 1, directory, 0, &all, diag) : 0;
  for (int i = 0; rc == 0 && i < all.n; i++) {
    const char *a = all.v[i], *v;
    Kind k;
    if (kept_option(a, &k, &v)) {
      if (!v && i + 1 < all.n)
        v = all.v[++i];
      if (v && *v)
        emit(k, v, directory, &res);
    } else if (host_option(a, &v)) {
      if (!v && i + 1 < all.n)
        v = all.v[++i];
      if (v)
        emit_host_list(v, &res);
    } else if (takes_value(a) && i + 1 < all.n) {
      i++;
    } else {
      emit_host(a, &res);  // (a clang or GCC command's -fopenmp; nvcc's -forward-unknown-to-host-compiler's)
    }
  }
  for (int i = 0; i < all.n; i++)
    free(all.v[i]);
  free(all.v);
  if (rc != 0) {
    for (int i = 0; i < res.n; i++)
      free(res.v[i]);
    free(res.v);
    return KD_COMPDB_ERROR;
  }
  out->args = res.v;
  out->nargs = res.n;
  return 0;
}

void kd_compdb_args_free(KdCompdbArgs *a) {
  for (int i = 0; i < a->nargs; i++)
    free(a->args[i]);
  free(a->args);
  free(a->db);
  memset(a, 0, sizeof *a);
}

/* ---- the database and the input's entry ---- */

static char *cx_string(CXString s) {
  char *r = kd_xstrdup(clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  return r;
}

/* The real path of entry c's file, resolved against its directory
 * (malloc'd), or NULL when it does not exist. */
static char *entry_real(CXCompileCommand c) {
  char *dir = cx_string(clang_CompileCommand_getDirectory(c));
  char *file = cx_string(clang_CompileCommand_getFilename(c));
  char *joined = against(dir, file);
  char *r = realpath(joined, NULL);
  free(joined);
  free(file);
  free(dir);
  return r;
}

/* The entry of db whose file is the real path `real` (NULL: none; dispose
 * with clang_CompileCommands_dispose: *all). */
static CXCompileCommand find_entry(CXCompilationDatabase db, const char *real, CXCompileCommands *all) {
  *all = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned n = clang_CompileCommands_getSize(*all);
  for (unsigned i = 0; i < n; i++) {
    CXCompileCommand c = clang_CompileCommands_getCommand(*all, i);
    char *r = entry_real(c);
    bool same = r && !strcmp(r, real);
    free(r);
    if (same)
      return c;
  }
  return NULL;
}

/* Translates entry c (see kd_compdb_translate). */
static int translate_entry(CXCompileCommand c, KdCompdbArgs *out, FILE *diag) {
  unsigned n = clang_CompileCommand_getNumArgs(c);
  char **argv = kd_xcalloc(n + 1, sizeof(char *));
  for (unsigned i = 0; i < n; i++)
    argv[i] = cx_string(clang_CompileCommand_getArg(c, i));
  char *dir = cx_string(clang_CompileCommand_getDirectory(c));
  int rc = kd_compdb_translate((const char *const *)argv, (int)n, dir, out, diag);
  free(dir);
  for (unsigned i = 0; i < n; i++)
    free(argv[i]);
  free(argv);
  return rc;
}

/* Whether `path` holds a JSON array, as a compilation database must; else
 * why not, in why.  (libclang's loader would say so on stderr, unasked, in
 * its own words: a database found by the search that does not load must
 * stay silent.) */
static bool is_database(const char *path, char *why, size_t n) {
  if (access(path, R_OK) != 0) {
    snprintf(why, n, "%s", strerror(errno));
    return false;
  }
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  bool ok = root && json_is_array(root);
  if (!root)
    snprintf(why, n, je.line < 0 ? "%s" : "invalid JSON: %s", je.text);
  else if (!ok)
    snprintf(why, n, "not a JSON array");
  json_decref(root);
  return ok;
}

/* DIR/compile_commands.json loaded, or NULL with why it does not load in
 * why (n bytes); *path gets its path (malloc'd) either way. */
static CXCompilationDatabase load_database(const char *dir, char **path, char *why, size_t n) {
  *path = kd_xasprintf("%s%scompile_commands.json", dir, dir[0] && dir[strlen(dir) - 1] == '/' ? "" : "/");
  snprintf(why, n, "libclang cannot load it");
  CXCompilationDatabase db = NULL;
  CXCompilationDatabase_Error err = CXCompilationDatabase_CanNotLoadDatabase;
  if (is_database(*path, why, n))
    db = clang_CompilationDatabase_fromDirectory(dir, &err);
  if (err != CXCompilationDatabase_NoError) {
    if (db)
      clang_CompilationDatabase_dispose(db);
    return NULL;
  }
  return db;
}

/* The directory above `dir` (malloc'd), NULL at the root. */
static char *parent(const char *dir) {
  const char *slash = strrchr(dir, '/');
  if (!slash || !slash[1])
    return NULL;
  return kd_xstrndup(dir, slash == dir ? 1 : (size_t)(slash - dir));
}

/* The first directory from the input's upwards holding a compile_commands.json
 * (malloc'd), or NULL. */
static char *search_upward(const char *real_input) {
  char *dir = parent(real_input);
  while (dir) {
    char *db = kd_xasprintf("%s%scompile_commands.json", dir, strcmp(dir, "/") ? "/" : "");
    bool found = access(db, R_OK) == 0;
    free(db);
    if (found)
      return dir;
    char *up = parent(dir);
    free(dir);
    dir = up;
  }
  return NULL;
}

int kd_compdb_lookup(const char *build_dir, const char *input, bool verbose, KdCompdbArgs *out, FILE *diag) {
  memset(out, 0, sizeof *out);
  char *real = realpath(input, NULL);
  char *dir = build_dir ? kd_xstrdup(build_dir) : real ? search_upward(real) : NULL;
  if (!dir) {
    free(real);
    return 0;
  }
  char *path;
  int rc = 0;
  char why[256];
  CXCompilationDatabase db = load_database(dir, &path, why, sizeof why);
  if (!db) {
    if (build_dir) {
      fprintf(diag, "kdlg-opt: error: cannot read '%s': %s\n", path, why);
      rc = KD_COMPDB_NO_DATABASE;
    } else if (verbose) {  // one found on the way up that is not one: not ours to complain about
      fprintf(diag, "kdlg-opt: '%s' does not load (%s): not used\n", path, why);
    }
    goto done;
  }
  CXCompileCommands all = NULL;
  CXCompileCommand entry = real ? find_entry(db, real, &all) : NULL;
  if (entry) {
    if (verbose)
      fprintf(diag, "kdlg-opt: compiler arguments from '%s'\n", path);
    rc = translate_entry(entry, out, diag);
    if (rc == 0)
      out->db = kd_xstrdup(path);
  } else if (build_dir) {
    fprintf(diag, "kdlg-opt: warning: '%s' has no entry in '%s'\n", input, path);
  } else if (verbose) {
    fprintf(diag, "kdlg-opt: '%s' has no entry in '%s': not used\n", input, path);
  }
  if (all)
    clang_CompileCommands_dispose(all);
done:
  if (db)
    clang_CompilationDatabase_dispose(db);
  free(path);
  free(dir);
  free(real);
  return rc;
}

int kd_compdb_files(const char *build_dir, char ***files, int *n, FILE *diag) {
  *files = NULL;
  *n = 0;
  char *path, why[256];
  CXCompilationDatabase db = load_database(build_dir, &path, why, sizeof why);
  if (!db) {
    fprintf(diag, "kdlg-opt: error: cannot read '%s': %s\n", path, why);
    free(path);
    return KD_COMPDB_NO_DATABASE;
  }
  Strings out = {0};
  CXCompileCommands all = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned m = clang_CompileCommands_getSize(all);
  for (unsigned i = 0; i < m; i++) {
    char *r = entry_real(clang_CompileCommands_getCommand(all, i));
    bool seen = !r;
    for (int k = 0; k < out.n && !seen; k++)
      seen = !strcmp(out.v[k], r);
    if (seen)
      free(r);
    else
      kd_vec_push(&out, r);
  }
  clang_CompileCommands_dispose(all);
  clang_CompilationDatabase_dispose(db);
  free(path);
  *files = out.v;
  *n = out.n;
  return 0;
}
