/* frontend.c: libclang set-up (the CUDA toolkit's headers, or the prelude without one), struct definitions by USR and diagnostics (see frontend.h). */
#include "frontend.h"
#include "ast.h"
#include "diag.h"
#include "mem.h"
#include "toolkit.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

extern const char kd_embedded_cuda_prelude[];  // generated from analysis/cuda_prelude.h
extern const char kd_embedded_nvcc_compat[];   // generated from analysis/nvcc_compat.h

int kd_language_from_path(const char *path, KdLanguage *out) {
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash))
    return -1;
  if (!strcmp(dot, ".cu") || !strcmp(dot, ".cuh")) {
    *out = KD_LANG_CUDA;
    return 0;
  }
  if (!strcmp(dot, ".cl")) {
    *out = KD_LANG_OPENCL;
    return 0;
  }
  return -1;
}

bool kd_host_source_path(const char *path) {
  const char *dot = strrchr(path, '.');
  const char *slash = strrchr(path, '/');
  if (!dot || (slash && dot < slash))
    return false;
  return !strcmp(dot, ".cpp") || !strcmp(dot, ".cc") || !strcmp(dot, ".cxx") || !strcmp(dot, ".c++") ||
         !strcmp(dot, ".C");
}

const char *kd_language_name(KdLanguage lang) { return lang == KD_LANG_CUDA ? "cuda" : "cl"; }

/* Headers that CUDA programs include and that must resolve to the prelude. */
static const char *const cuda_stub_headers[] = {
    "cuda_runtime.h", "cuda.h", "cuda_runtime_api.h", "device_launch_parameters.h",
    "vector_types.h", "vector_functions.h", "device_functions.h", "math_functions.h",
    "cuda_fp16.h", "math_constants.h", "helper_math.h",
};
#define NSTUBS (sizeof cuda_stub_headers / sizeof cuda_stub_headers[0])

/* ---- struct definitions by USR ---- */

typedef struct KdRecord {
  char *usr;
  CXCursor def, top;
  bool mapped;       // defined in a file of the source's map (the input or a project header)
  bool defined;      // false: only declared (`struct S;`), def is the declaration
  UT_hash_handle hh;
} KdRecord;

struct KdRecords {
  bool read;         // the translation unit was read
  KdRecord *by_usr;  // the first definition of each USR
  const KdFileMap *files; // where a definition counts (the source's map)
  CXCursor top;      // while reading: the current top-level declaration
};

/* The arguments libclang parses a source with: the language's own, then
 * the caller's, and the virtual files of the prelude (CUDA without a
 * toolkit). */
typedef struct ParserArgs {
  const char *v[64 + 256];
  int n;
  struct CXUnsavedFile unsaved[NSTUBS + 2];  // the prelude and its stubs or nvcc_compat.h, the input (kd_frontend_parse_text)
  int nunsaved;
  char stub_paths[NSTUBS][128];
  char *owned[2];  // strings of v that are ours to free
  KdLanguage lang;
  KdToolkitFrom tk_from;  // CUDA: where the toolkit came from (NONE / OFF: the prelude), for header_hint
  char *tk_dir;           // its directory (owned; NULL for NONE / OFF)
} ParserArgs;

static void free_parser_args(ParserArgs *pa) {
  for (int i = 0; i < 2; i++)
    free(pa->owned[i]);
  free(pa->tk_dir);
}

/* Whether args[0..n-1] undefine macro `name` (-Uname, or -U name). */
static bool undefines(const char *const *args, int n, const char *name) {
  for (int i = 0; i < n; i++) {
    if (!strncmp(args[i], "-U", 2) && !strcmp(args[i] + 2, name))
      return true;
    if (!strcmp(args[i], "-U") && i + 1 < n && !strcmp(args[i + 1], name))
      return true;
  }
  return false;
}

/* CUDA with the toolkit's own headers, as nvcc reads them: clang's CUDA
 * wrappers over DIR/include, and CCCL (thrust, cub, libcu++) first where
 * the toolkit keeps it apart (CUDA >= 13); then what nvcc gives a program
 * that clang lacks (nvcc_compat.h, force-included after clang's wrapper:
 * __NVCC__ unless the caller's -U__NVCC__ says otherwise). */
static void toolkit_args(ParserArgs *pa, const KdToolkit *tk, const char *const *extra_args, int nargs) {
  pa->v[pa->n++] = "-resource-dir";  // (libclang's guess lacks the CUDA wrappers: CMakeLists.txt)
  pa->v[pa->n++] = KD_CLANG_RESOURCE_DIR;
  pa->v[pa->n++] = pa->owned[0] = kd_xasprintf("--cuda-path=%s", tk->dir);
  if (tk->cccl) {
    pa->v[pa->n++] = "-isystem";
    pa->v[pa->n++] = pa->owned[1] = kd_xasprintf("%s/include/cccl", tk->dir);
  }
  if (undefines(extra_args, nargs, "__NVCC__"))
    pa->v[pa->n++] = "-D__KDLG_OPT_NO_NVCC__";
  pa->v[pa->n++] = "-include";
  pa->v[pa->n++] = KD_NVCC_COMPAT_PATH;
  pa->unsaved[pa->nunsaved++] = (struct CXUnsavedFile){KD_NVCC_COMPAT_PATH, kd_embedded_nvcc_compat,
                                                       (unsigned long)strlen(kd_embedded_nvcc_compat)};
}

/* CUDA without a toolkit: kdlg-opt's own declarations of what kernels use
 * (cuda_prelude.h), force-included, and <cuda_runtime.h> and friends
 * resolve to it. */
static void prelude_args(ParserArgs *pa, const char *path, const KdToolkit *tk, FILE *diag) {
  static const char stub_text[] = "#include \"" KD_PRELUDE_PATH "\"\n";
  if (tk->from == KD_TOOLKIT_NONE) {
    kd_remark(diag, (KdLoc){path, 0, 0}, "toolkit",
              "no CUDA toolkit found (--cuda-path, CUDA_PATH, CUDA_HOME, nvcc on PATH, /usr/local/cuda): parsed "
              "with kdlg-opt's built-in CUDA declarations, which lack thrust, cub, curand and cooperative groups");
    pa->v[pa->n++] = "-nocudainc";
  }
  pa->v[pa->n++] = "-I" KD_VIRTUAL_INCLUDE_DIR;
  pa->v[pa->n++] = "-include";
  pa->v[pa->n++] = KD_PRELUDE_PATH;
  pa->unsaved[pa->nunsaved++] = (struct CXUnsavedFile){KD_PRELUDE_PATH, kd_embedded_cuda_prelude,
                                                       (unsigned long)strlen(kd_embedded_cuda_prelude)};
  for (size_t i = 0; i < NSTUBS; i++) {
    snprintf(pa->stub_paths[i], sizeof pa->stub_paths[i], "%s/%s", KD_VIRTUAL_INCLUDE_DIR, cuda_stub_headers[i]);
    pa->unsaved[pa->nunsaved++] = (struct CXUnsavedFile){pa->stub_paths[i], stub_text, sizeof stub_text - 1};
  }
}

/* ---- clang's diagnostics ---- */

/* Range r of a diagnostic as columns of line `line` of `file` (its
 * spelling locations, as clang_formatDiagnostic's): a range that starts on
 * an earlier line from the line's start, one that ends on a later line to
 * its end (kd_snippet's 0 and UINT_MAX).  False where r is in another file,
 * misses the line or has an end in a macro expansion. */
static bool range_on_line(CXSourceRange r, CXFile file, unsigned line, KdSnippetRange *out) {
  CXFile f0, f1;
  unsigned l0, c0, l1, c1, o0, o1, e0, e1;
  clang_getSpellingLocation(clang_getRangeStart(r), &f0, &l0, &c0, &o0);
  clang_getSpellingLocation(clang_getRangeEnd(r), &f1, &l1, &c1, &o1);
  clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL, &e0);
  clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e1);
  if (o0 != e0 || o1 != e1)
    return false;  // (in a macro: libclang's token ends there are not the spelling's; the caret alone)
  if (!f0 || !f1 || !clang_File_isEqual(f0, file) || !clang_File_isEqual(f1, file) || l0 > line || l1 < line)
    return false;
  out->from = l0 == line ? c0 : 0;
  out->to = l1 == line ? c1 : UINT_MAX;
  return true;
}

/* The source line and caret under diagnostic d, as clang prints them
 * (kd_snippet): at d's location as clang_formatDiagnostic gives it, with
 * d's ranges and fix-its on that line.  The text is the file's as libclang
 * read it (clang_getFileContents: also an unsaved file's).  Nothing where
 * the location is in no file. */
static void diagnostic_snippet(CXTranslationUnit tu, CXDiagnostic d, FILE *out) {
  CXFile file;
  unsigned line, col;
  clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
  size_t len = 0;
  const char *text = file && line ? clang_getFileContents(tu, file, &len) : NULL;
  if (!text)
    return;
  unsigned nr = clang_getDiagnosticNumRanges(d), nf = clang_getDiagnosticNumFixIts(d);
  KdSnippetRange *ranges = kd_xcalloc((size_t)nr + nf + 1, sizeof *ranges);
  KdSnippetFixIt *fixits = kd_xcalloc((size_t)nf + 1, sizeof *fixits);
  CXString *texts = kd_xcalloc((size_t)nf + 1, sizeof *texts);
  int n = 0, m = 0;
  for (unsigned i = 0; i < nr; i++)
    n += range_on_line(clang_getDiagnosticRange(d, i), file, line, &ranges[n]);
  for (unsigned i = 0; i < nf; i++) {  // (clang underlines what a fix-it replaces, too)
    CXSourceRange r;
    texts[i] = clang_getDiagnosticFixIt(d, i, &r);
    if (range_on_line(r, file, line, &ranges[n]) && ranges[n].from > 0)
      fixits[m++] = (KdSnippetFixIt){ranges[n++].from, clang_getCString(texts[i])};
  }
  kd_snippet(out, text, len, line, col, ranges, n, fixits, m);
  for (unsigned i = 0; i < nf; i++)
    clang_disposeString(texts[i]);
  free(texts);
  free(fixits);
  free(ranges);
}

/* Headers of the CUDA toolkit (prefixes of the name as #include spells it):
 * its libraries, CCCL (thrust, cub, libcu++), the runtime's. */
static const char *const toolkit_headers[] = {
    "thrust/", "cub/", "cuda/", "nv/", "cooperative_groups", "curand", "cublas", "cufft", "cusparse", "cusolver",
    "nvrtc", "nvtx", "nvToolsExt", "npp", "cuda.h", "cuda_runtime", "cuda_device_runtime_api.h", "cuda_fp16",
    "cuda_bf16", "cuda_fp8", "cuda_pipeline", "cuda_awbarrier", "cuda_texture_types.h", "cuda_surface_types.h",
    "cuda_occupancy.h", "cuda_profiler_api.h", "cuda_gl_interop.h", "device_launch_parameters.h",
    "device_functions.h", "vector_types.h", "vector_functions.h", "math_constants.h", "mma.h", "sm_",
};

/* Headers of the CUDA samples' Common/ directory, which programs from the
 * samples include but no toolkit has. */
static const char *const samples_headers[] = {
    "helper_cuda.h", "helper_math.h", "helper_functions.h", "helper_string.h", "helper_timer.h", "helper_image.h",
};

/* OpenMP's headers: the host compiler's (nvcc -Xcompiler -fopenmp), which
 * clang has in its resource directory only where LLVM's OpenMP runtime is
 * installed. */
static const char *const openmp_headers[] = {"omp.h", "ompx.h", "omp-tools.h", "ompt.h"};

static bool in_list(const char *name, const char *const *list, size_t n, bool prefix) {
  for (size_t i = 0; i < n; i++)
    if (prefix ? !strncmp(name, list[i], strlen(list[i])) : !strcmp(name, list[i]))
      return true;
  return false;
}

/* After clang's "'NAME' file not found": a note at the same place on how to
 * give kdlg-opt the header, by its kind: one of the CUDA toolkit's (in a
 * CUDA file: --cuda-path, and which toolkit was searched), OpenMP's (where
 * clang has it), one of the CUDA samples', or the program's own (-I after
 * --, -p BUILD_DIR). */
static void header_hint(CXDiagnostic d, const ParserArgs *pa, FILE *out) {
  static const char suffix[] = "' file not found";
  CXString spelling = clang_getDiagnosticSpelling(d);
  const char *msg = clang_getCString(spelling);
  size_t len = msg ? strlen(msg) : 0;
  if (len < sizeof suffix + 1 || msg[0] != '\'' || strcmp(msg + len - (sizeof suffix - 1), suffix) != 0) {
    clang_disposeString(spelling);
    return;
  }
  int nlen = (int)(len - (sizeof suffix - 1) - 1);
  char *name = kd_xasprintf("%.*s", nlen, msg + 1);
  clang_disposeString(spelling);
  CXFile file;
  unsigned line, col;
  clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
  CXString fname = clang_getFileName(file);
  if (clang_getCString(fname))
    fprintf(out, "%s:%u:%u: note: ", clang_getCString(fname), line, col);
  else
    fputs("kdlg-opt: note: ", out);
  clang_disposeString(fname);
  if (pa->lang == KD_LANG_CUDA && in_list(name, toolkit_headers, sizeof toolkit_headers / sizeof *toolkit_headers, true)) {
    if (pa->tk_from == KD_TOOLKIT_OFF)
      fprintf(out, "'%s' is a header of the CUDA toolkit, which -nocudainc leaves out: drop -nocudainc (and give the "
                   "toolkit's directory with '--cuda-path DIR' where it is not found)\n", name);
    else if (!pa->tk_dir)
      fprintf(out, "'%s' is a header of the CUDA toolkit, and kdlg-opt found none (--cuda-path, CUDA_PATH, CUDA_HOME, "
                   "nvcc on PATH, /usr/local/cuda): give its directory with '--cuda-path DIR'\n", name);
    else
      fprintf(out, "'%s' is not in the CUDA toolkit at '%s' (from %s): give the toolkit that has it with "
                   "'--cuda-path DIR'\n", name, pa->tk_dir, kd_toolkit_from_name(pa->tk_from));
  } else if (in_list(name, openmp_headers, sizeof openmp_headers / sizeof *openmp_headers, false)) {
    fprintf(out, "'%s' is OpenMP's header, which the host compiler has and clang has where LLVM's OpenMP runtime "
                 "is installed (in '%s/include'; Debian: libomp-22-dev)\n", name, KD_CLANG_RESOURCE_DIR);
  } else if (in_list(name, samples_headers, sizeof samples_headers / sizeof *samples_headers, false)) {
    fprintf(out, "'%s' is a header of the CUDA samples (their Common/ directory), not of the toolkit: give that "
                 "directory with '-I DIR'\n", name);
  } else {
    fprintf(out, "kdlg-opt parses with the include path it is given: give the directory that holds '%s' with "
                 "'-I DIR', or '-p BUILD_DIR' to read the input's "
                 "arguments from BUILD_DIR/compile_commands.json\n", name);
  }
  free(name);
}

/* clang's errors, each `file:line:col: error: message` (with the option
 * that enables it), then the source line and a caret (diagnostic_snippet),
 * then, for a header not found, a note on how to give it (header_hint). */
static void forward_diagnostics(CXTranslationUnit tu, const ParserArgs *pa, FILE *diag, int *nerrors) {
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    if (sev >= CXDiagnostic_Error) {
      CXString s = clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn |
                                                 CXDiagnostic_DisplayOption);
      fprintf(diag, "%s\n", clang_getCString(s));
      clang_disposeString(s);
      diagnostic_snippet(tu, d, diag);
      header_hint(d, pa, diag);
      (*nerrors)++;
    }
    clang_disposeDiagnostic(d);
  }
}

/* Whether a is an option of clang's CUDA driver, which a host compiler's
 * parse (host C++, C) must not get. */
static bool cuda_driver_option(const char *a) {
  return !strncmp(a, "--cuda-path", 11) || !strcmp(a, "-nocudainc") || !strcmp(a, "-nocudalib") ||
         !strncmp(a, "--cuda-gpu-arch", 15) || !strncmp(a, "--offload-arch", 14);
}

/* Fills *pa for parsing `path` (see frontend.h).  0, or 1 after an error
 * printed to diag. */
static int parser_args(ParserArgs *pa, const char *path, KdLanguage lang, bool host, bool device,
                       const char *const *extra_args, int nargs, FILE *diag) {
  if (nargs > 256) {
    fprintf(diag, "kdlg-opt: error: too many compiler arguments (at most 256)\n");
    return 1;
  }
  pa->lang = lang;
  bool has_std = false;
  for (int i = 0; i < nargs; i++)
    if (!strncmp(extra_args[i], "-cl-std=", 8) || !strncmp(extra_args[i], "-std=", 5))
      has_std = true;
  if (lang == KD_LANG_CUDA) {
    KdToolkit tk;
    char err[1024];
    if (kd_toolkit_find(extra_args, nargs, &tk, err, sizeof err) != 0) {
      fprintf(diag, "kdlg-opt: error: %s\n", err);
      return 1;
    }
    pa->tk_from = tk.from;
    pa->tk_dir = tk.dir ? kd_xstrdup(tk.dir) : NULL;
    if (host && tk.dir) {  // as g++ reads a .cpp of a CUDA program: C++ over the toolkit's include directory
      pa->v[pa->n++] = "-x";
      pa->v[pa->n++] = "c++";
      if (!has_std)
        pa->v[pa->n++] = "-std=c++17";
      pa->v[pa->n++] = "-resource-dir";
      pa->v[pa->n++] = KD_CLANG_RESOURCE_DIR;
      pa->v[pa->n++] = "-isystem";
      pa->v[pa->n++] = pa->owned[0] = kd_xasprintf("%s/include", tk.dir);
      kd_toolkit_free(&tk);
      for (int i = 0; i < nargs; i++)
        if (!cuda_driver_option(extra_args[i]))
          pa->v[pa->n++] = extra_args[i];
      return 0;
    }
    pa->v[pa->n++] = "-x";
    pa->v[pa->n++] = "cuda";
    pa->v[pa->n++] = device ? "--cuda-device-only" : "--cuda-host-only";
    pa->v[pa->n++] = "-nocudalib";
    pa->v[pa->n++] = "-Wno-unknown-cuda-version";
    if (!has_std)
      pa->v[pa->n++] = "-std=c++17";  // (nvcc's default since CUDA 11)
    if (tk.dir)
      toolkit_args(pa, &tk, extra_args, nargs);
    else
      prelude_args(pa, path, &tk, diag);
    kd_toolkit_free(&tk);
  } else {
    pa->v[pa->n++] = "-x";
    pa->v[pa->n++] = "cl";
    if (!has_std)
      pa->v[pa->n++] = "-cl-std=CL1.2";
    pa->v[pa->n++] = "-Xclang";
    pa->v[pa->n++] = "-finclude-default-header";
    // the device's OpenCL version, which an OpenCL implementation defines
    // (clang does not): code under #ifdef __OPENCL_VERSION__ is seen
    pa->v[pa->n++] = "-D__OPENCL_VERSION__=__OPENCL_C_VERSION__";
  }
  for (int i = 0; i < nargs; i++)
    pa->v[pa->n++] = extra_args[i];
  return 0;
}

/* Parses `path` (its text from `text`, len bytes, where not NULL: an
 * unsaved file) into *out, its project headers those under root; see
 * kd_frontend_parse. */
static int parse(const char *path, const char *root, const char *text, size_t len, KdLanguage lang, bool host,
                 const char *const *extra_args, int nargs, KdSource *out, FILE *diag) {
  memset(out, 0, sizeof *out);
  out->path = path;
  out->lang = lang;
  out->host_compiled = host;
  if (!text) {
    FILE *f = fopen(path, "rb");
    if (!f) {
      fprintf(diag, "%s: error: cannot open input file: %s\n", path, strerror(errno));
      return 1;
    }
    int c = fgetc(f);
    bool unreadable = ferror(f);
    (void)c;
    fclose(f);
    if (unreadable) {
      fprintf(diag, "%s: error: cannot read input file\n", path);
      return 1;
    }
  }

  ParserArgs pa = {0};
  int rc = parser_args(&pa, path, lang, host, false, extra_args, nargs, diag);
  if (rc != 0) {
    free_parser_args(&pa);
    return rc;
  }
  if (text)
    pa.unsaved[pa.nunsaved++] = (struct CXUnsavedFile){path, text, (unsigned long)len};
  assert(pa.nunsaved <= (int)(sizeof pa.unsaved / sizeof pa.unsaved[0]));

  out->index = clang_createIndex(0, 0);
  // CUDA's host side keeps its preprocessing record: the ranges #if skips there (kd_frontend_skips_tu)
  unsigned flags = CXTranslationUnit_KeepGoing;
  if (lang == KD_LANG_CUDA && !host)
    flags |= CXTranslationUnit_DetailedPreprocessingRecord;
  enum CXErrorCode ec = clang_parseTranslationUnit2(out->index, path, pa.v, pa.n, pa.unsaved, (unsigned)pa.nunsaved,
                                                    flags, &out->tu);
  if (ec != CXError_Success || !out->tu) {
    free_parser_args(&pa);
    fprintf(diag, "%s: error: clang could not parse the file (libclang error %d)\n", path, (int)ec);
    kd_frontend_dispose(out);
    return 1;
  }
  int nerrors = 0;
  forward_diagnostics(out->tu, &pa, diag, &nerrors);
  free_parser_args(&pa);
  if (nerrors) {
    kd_frontend_dispose(out);
    return 1;
  }
  out->args = kd_xcalloc((size_t)nargs + 1, sizeof *out->args);  // (for the device-side parse)
  for (int i = 0; i < nargs; i++)
    out->args[i] = kd_xstrdup(extra_args[i]);
  out->nargs = nargs;
  if (text) {
    out->text = kd_xmalloc(len + 1);
    memcpy(out->text, text, len);
    out->text_len = len;
  }
  out->files = kd_filemap_new(out->tu, path, root);
  out->tree = kd_tree_new(out->files);
  out->records = kd_xcalloc(1, sizeof *out->records);
  return 0;
}

int kd_frontend_parse(const char *path, const char *root, KdLanguage lang, const char *const *extra_args,
                      int nargs, KdSource *out, FILE *diag) {
  return parse(path, root, NULL, 0, lang, false, extra_args, nargs, out, diag);
}

int kd_frontend_parse_host(const char *path, const char *root, const char *const *extra_args, int nargs,
                           KdSource *out, FILE *diag) {
  return parse(path, root, NULL, 0, KD_LANG_CUDA, true, extra_args, nargs, out, diag);
}

int kd_frontend_parse_text(const char *path, const char *text, size_t len, KdLanguage lang,
                           const char *const *extra_args, int nargs, KdSource *out, FILE *diag) {
  assert(text);
  return parse(path, NULL, text, len, lang, false, extra_args, nargs, out, diag);
}

typedef struct Includes {
  char **v;
  int n, cap;
} Includes;

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  (void)depth;
  Includes *inc = data;
  CXString name = clang_getFileName(f);
  char *real = clang_getCString(name) ? realpath(clang_getCString(name), NULL) : NULL;
  clang_disposeString(name);
  if (!real)
    return;
  if (inc->n == inc->cap) {
    inc->cap = inc->cap ? 2 * inc->cap : 16;
    inc->v = kd_xrealloc(inc->v, (size_t)inc->cap * sizeof *inc->v);
  }
  inc->v[inc->n++] = real;
}

int kd_frontend_c_includes(const char *path, const char *const *extra_args, int nargs, char ***files, int *n,
                           FILE *diag) {
  *files = NULL;
  *n = 0;
  if (nargs > 256) {
    fprintf(diag, "kdlg-opt: error: too many compiler arguments (at most 256)\n");
    return 1;
  }
  const char *v[4 + 256];
  int nv = 0;
  v[nv++] = "-x";
  v[nv++] = "c";
  v[nv++] = "-resource-dir";
  v[nv++] = KD_CLANG_RESOURCE_DIR;
  for (int i = 0; i < nargs; i++)
    if (!cuda_driver_option(extra_args[i]) && strncmp(extra_args[i], "-std=c++", 8) &&
        strncmp(extra_args[i], "-std=gnu++", 10))
      v[nv++] = extra_args[i];
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      index, path, v, nv, NULL, 0, CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies, &tu);
  int rc = 0;
  if (ec != CXError_Success || !tu) {
    fprintf(diag, "%s: error: clang could not parse the C file (libclang error %d)\n", path, (int)ec);
    rc = 1;
  }
  for (unsigned i = 0; tu && rc == 0 && i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) == CXDiagnostic_Fatal) {
      CXString msg = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
      fprintf(diag, "%s\nkdlg-opt: error: cannot tell which headers the C file '%s' includes\n", clang_getCString(msg),
              path);
      clang_disposeString(msg);
      rc = 1;
    }
    clang_disposeDiagnostic(d);
  }
  if (rc == 0) {
    Includes inc = {0};
    clang_getInclusions(tu, add_inclusion, &inc);
    *files = inc.v;
    *n = inc.n;
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return rc;
}

static enum CXChildVisitResult read_record(CXCursor c, CXCursor parent, CXClientData data) {
  struct KdRecords *rs = data;
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec)
    rs->top = c;
  enum CXCursorKind k = clang_getCursorKind(c);
  if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && !clang_isCursorDefinition(c)) {
    CXString usr = clang_getCursorUSR(c);
    const char *u = clang_getCString(usr);
    KdRecord *r = NULL;
    if (u && *u)
      HASH_FIND_STR(rs->by_usr, u, r);
    if (u && *u && !r) {  // a declaration only, until a definition comes
      r = kd_xcalloc(1, sizeof *r);
      r->usr = kd_xstrdup(u);
      r->def = c;
      HASH_ADD_KEYPTR(hh, rs->by_usr, r->usr, strlen(r->usr), r);
    }
    clang_disposeString(usr);
  }
  if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && clang_isCursorDefinition(c)) {
    CXFile f;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
    CXString usr = clang_getCursorUSR(c);
    const char *u = clang_getCString(usr);
    KdRecord *r = NULL;
    bool mapped = kd_filemap_find(rs->files, f) >= 0;
    if (u && *u)
      HASH_FIND_STR(rs->by_usr, u, r);
    if (u && *u && (!r || !r->defined || (mapped && !r->mapped))) {  // (the first definition in a mapped file, else any)
      if (!r) {
        r = kd_xcalloc(1, sizeof *r);
        r->usr = kd_xstrdup(u);
        HASH_ADD_KEYPTR(hh, rs->by_usr, r->usr, strlen(r->usr), r);
      }
      r->def = c;
      r->top = rs->top;
      r->mapped = mapped;
      r->defined = true;
    }
    clang_disposeString(usr);
  }
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_TypedefDecl ||
      k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_VarDecl)
    return CXChildVisit_Recurse;
  return CXChildVisit_Continue;
}

/* The record of usr in src (read once), or NULL. */
static KdRecord *record_of(const KdSource *src, const char *usr) {
  struct KdRecords *rs = src->records;
  if (!rs || !usr)
    return NULL;
  if (!rs->read) {
    rs->files = src->files;
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), read_record, rs);
    rs->read = true;
  }
  KdRecord *r;
  HASH_FIND_STR(rs->by_usr, usr, r);
  return r;
}

KdRecordWhere kd_source_record_where(const KdSource *src, const char *usr) {
  KdRecord *r = record_of(src, usr);
  return !r ? KD_RECORD_NONE : !r->defined ? KD_RECORD_DECLARED : !r->mapped ? KD_RECORD_OUTSIDE : KD_RECORD_MAPPED;
}

bool kd_source_find_record(const KdSource *src, const char *usr, CXCursor *def, CXCursor *top) {
  KdRecord *r = record_of(src, usr);
  if (!r || !r->mapped || !r->defined)
    return false;
  *def = r->def;
  *top = r->top;
  return true;
}

void kd_frontend_dispose(KdSource *src) {
  if (src->records) {
    KdRecord *r, *tmp;
    HASH_ITER(hh, src->records->by_usr, r, tmp) {
      HASH_DEL(src->records->by_usr, r);
      free(r->usr);
      free(r);
    }
    free(src->records);
    src->records = NULL;
  }
  kd_tree_free(src->tree);
  src->tree = NULL;
  kd_filemap_free(src->files);
  src->files = NULL;
  for (int i = 0; i < 2; i++) {
    if (src->skips[i].tu && src->skips[i].tu != src->tu)  // (the host side's may be the TU itself)
      clang_disposeTranslationUnit(src->skips[i].tu);
    if (src->skips[i].index)
      clang_disposeIndex(src->skips[i].index);
    src->skips[i] = (KdSkipsParse){0};
  }
  if (src->tu)
    clang_disposeTranslationUnit(src->tu);
  if (src->index)
    clang_disposeIndex(src->index);
  src->tu = NULL;
  src->index = NULL;
  for (int i = 0; i < src->nargs; i++)
    free(src->args[i]);
  free(src->args);
  src->args = NULL;
  src->nargs = 0;
  free(src->text);
  src->text = NULL;
}

CXTranslationUnit kd_frontend_skips_tu(KdSource *src, bool device) {
  KdSkipsParse *sp = &src->skips[device];
  if (sp->tried)
    return sp->tu;
  sp->tried = true;
  if (src->lang != KD_LANG_CUDA || src->host_compiled || !src->tu)
    return NULL;
  if (!device)
    return sp->tu = src->tu;  // (parsed host-side with its preprocessing record: parse)
  FILE *sink = fopen("/dev/null", "w");  // (the first parse printed what there is to say)
  if (!sink)
    return NULL;
  ParserArgs pa = {0};
  int rc = parser_args(&pa, src->path, src->lang, false, device, (const char *const *)src->args, src->nargs, sink);
  fclose(sink);
  if (rc == 0) {
    if (src->text)
      pa.unsaved[pa.nunsaved++] = (struct CXUnsavedFile){src->path, src->text, (unsigned long)src->text_len};
    sp->index = clang_createIndex(0, 0);
    if (clang_parseTranslationUnit2(sp->index, src->path, pa.v, pa.n, pa.unsaved, (unsigned)pa.nunsaved,
                                    CXTranslationUnit_KeepGoing | CXTranslationUnit_SkipFunctionBodies |
                                        CXTranslationUnit_DetailedPreprocessingRecord,
                                    &sp->tu) != CXError_Success)
      sp->tu = NULL;
  }
  free_parser_args(&pa);
  return sp->tu;
}

bool kd_cursor_in_user_code(CXCursor c) {
  CXSourceLocation loc = clang_getCursorLocation(c);
  if (clang_Location_isInSystemHeader(loc))
    return false;
  CXFile file;
  clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
  if (!file)
    return false;
  CXString name = clang_getFileName(file);
  const char *s = clang_getCString(name);
  bool user = s && strncmp(s, "/__kdlg_opt__/", 14) != 0;
  clang_disposeString(name);
  return user;
}

/* ---- kernels ---- */

typedef struct Kids {
  CXCursor v[64];
  int n;
} Kids;

static enum CXChildVisitResult push_kid(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Kids *k = data;
  if (k->n < 64)
    k->v[k->n++] = c;
  return CXChildVisit_Continue;
}

/* Attributes come first among a function's children; 64 is plenty. */
static Kids kids(CXCursor c) {
  Kids k;
  k.n = 0;
  clang_visitChildren(c, push_kid, &k);
  return k;
}

static bool is_opencl_kernel(CXCursor fn) {
  Kids ks = kids(fn);
  bool kernel = false;
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
  for (int i = 0; i < ks.n && !kernel; i++) {
    if (clang_getCursorKind(ks.v[i]) != CXCursor_UnexposedAttr)
      continue;
    CXToken *toks;
    unsigned nt;
    clang_tokenize(tu, clang_getCursorExtent(ks.v[i]), &toks, &nt);
    for (unsigned j = 0; j < nt && !kernel; j++) {
      CXString s = clang_getTokenSpelling(tu, toks[j]);
      kernel = !strcmp(clang_getCString(s), "__kernel") || !strcmp(clang_getCString(s), "kernel");
      clang_disposeString(s);
    }
    clang_disposeTokens(tu, toks, nt);
  }
  return kernel;
}

bool kd_is_kernel(KdLanguage lang, CXCursor fn) {
  if (lang == KD_LANG_OPENCL)
    return is_opencl_kernel(fn);
  Kids ks = kids(fn);
  bool kernel = false;
  for (int i = 0; i < ks.n; i++)
    kernel |= clang_getCursorKind(ks.v[i]) == CXCursor_CUDAGlobalAttr;
  return kernel;
}

static unsigned offset_of(CXSourceLocation l) {
  unsigned off;
  clang_getFileLocation(l, NULL, NULL, NULL, &off);
  return off;
}

static enum CXChildVisitResult find_body(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
    *(CXCursor *)data = c;  // the last one, as attributes and parameters come first
  return CXChildVisit_Continue;
}

/* A function template's parameters: its ParmDecl children, in order (the
 * template parameters are other kinds; a parameter's own parameters, of a
 * function pointer, are its children, not fn's). */
typedef struct Params {
  CXCursor want;  // the i-th ParmDecl, once found
  unsigned i, n;  // index asked; ParmDecls seen
} Params;

static enum CXChildVisitResult count_param(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Params *ps = data;
  if (clang_getCursorKind(c) == CXCursor_ParmDecl && ps->n++ == ps->i)
    ps->want = c;
  return CXChildVisit_Continue;
}

int kd_function_nparams(CXCursor fn) {
  if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
    return clang_Cursor_getNumArguments(fn);
  Params ps = {clang_getNullCursor(), ~0u, 0};
  clang_visitChildren(fn, count_param, &ps);
  return (int)ps.n;
}

CXCursor kd_function_param(CXCursor fn, unsigned i) {
  if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
    return clang_Cursor_getArgument(fn, i);
  Params ps = {clang_getNullCursor(), i, 0};
  clang_visitChildren(fn, count_param, &ps);
  return ps.want;
}

/* Whether a function template's type names a pack expansion (`Ts...`). */
static bool type_has_pack(CXType t) {
  CXString s = clang_getTypeSpelling(t);
  bool pack = strstr(clang_getCString(s), "...") != NULL;
  clang_disposeString(s);
  return pack;
}

bool kd_function_template_plain(CXCursor ft) {
  if (clang_getCursorKind(ft) != CXCursor_FunctionTemplate)
    return false;
  enum CXCursorKind sp = clang_getCursorKind(clang_getCursorSemanticParent(ft));
  if (sp != CXCursor_TranslationUnit && sp != CXCursor_Namespace && sp != CXCursor_LinkageSpec)
    return false;
  char name[16];
  CXString s = clang_getCursorSpelling(ft);
  snprintf(name, sizeof name, "%s", clang_getCString(s));
  clang_disposeString(s);
  if (!strncmp(name, "operator", 8) && !isalnum((unsigned char)name[8]) && name[8] != '_')
    return false;
  return !type_has_pack(clang_getCursorType(ft));
}

CXCursor kd_function_body(CXCursor fn) {
  CXCursor body = clang_getNullCursor();
  clang_visitChildren(fn, find_body, &body);
  return body;
}

CXCursor kd_strip_parens(KdTree *t, CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
      return c;
    KdKids ks = kd_kids_of(t, c);
    if (ks.n != 1)
      return c;
    c = ks.v[0];
  }
}

/* See frontend.h: split by the two semicolons of the header, since libclang
 * omits absent parts from the children. */
void kd_for_parts(KdTree *t, CXCursor f, CXCursor parts[4]) {
  for (int i = 0; i < 4; i++)
    parts[i] = clang_getNullCursor();
  KdKids ks = kd_kids_of(t, f);
  if (ks.n == 0)
    return;
  parts[2] = ks.v[ks.n - 1];  // the body is always last
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(f);
  CXSourceRange head = clang_getRange(clang_getRangeStart(clang_getCursorExtent(f)),
                                      clang_getRangeStart(clang_getCursorExtent(parts[2])));
  CXToken *toks;
  unsigned nt;
  clang_tokenize(tu, head, &toks, &nt);
  unsigned semi[2] = {~0u, ~0u};
  int depth = 0, ns = 0;
  for (unsigned i = 0; i < nt; i++) {
    CXString s = clang_getTokenSpelling(tu, toks[i]);
    const char *tok = clang_getCString(s);
    if (!strcmp(tok, "(") || !strcmp(tok, "[") || !strcmp(tok, "{"))
      depth++;
    else if (!strcmp(tok, ")") || !strcmp(tok, "]") || !strcmp(tok, "}"))
      depth--;
    else if (!strcmp(tok, ";") && depth == 1 && ns < 2)
      semi[ns++] = offset_of(clang_getTokenLocation(tu, toks[i]));
    clang_disposeString(s);
  }
  clang_disposeTokens(tu, toks, nt);
  for (int i = 0; i < ks.n - 1; i++) {
    unsigned off = offset_of(clang_getRangeStart(clang_getCursorExtent(ks.v[i])));
    int slot = off < semi[0] ? 0 : off < semi[1] ? 1 : 3;
    parts[slot] = ks.v[i];
  }
}

bool kd_else_between(CXCursor then_c, CXCursor els) {
  CXTranslationUnit tu = clang_Cursor_getTranslationUnit(then_c);
  CXSourceRange r = clang_getRange(clang_getRangeEnd(clang_getCursorExtent(then_c)),
                                   clang_getRangeStart(clang_getCursorExtent(els)));
  CXToken *toks;
  unsigned nt;
  clang_tokenize(tu, r, &toks, &nt);
  bool found = false;
  for (unsigned i = 0; i < nt && !found; i++) {
    CXString s = clang_getTokenSpelling(tu, toks[i]);
    found = !strcmp(clang_getCString(s), "else");
    clang_disposeString(s);
  }
  clang_disposeTokens(tu, toks, nt);
  return found;
}

/* Whether an OpenCL pointer type points into __global memory. */
bool kd_opencl_global_pointer(CXType ptr) {
  CXType pt = clang_getPointeeType(ptr);
  CXString s = clang_getTypeSpelling(pt);
  const char *t = clang_getCString(s);
  bool g = t && (strstr(t, "__global") || strstr(t, "global "));
  clang_disposeString(s);
  return g;
}

