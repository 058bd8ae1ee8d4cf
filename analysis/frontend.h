/* frontend.h: parse a CUDA (.cu) or OpenCL (.cl) file with libclang 22
 * (the front end of Fig. 4 in Kofler et al. 2015).
 *
 * CUDA is parsed host-side with the CUDA toolkit's own headers, found as
 * toolkit.h says (--cuda-path, CUDA_PATH, CUDA_HOME, nvcc on PATH,
 * /usr/local/cuda): clang's CUDA wrappers over DIR/include, CCCL's
 * DIR/include/cccl (thrust, cub, libcu++) first, C++17 unless the caller
 * passes another -std, and CUDA 13's "newer than clang knows" warning
 * silenced, and what nvcc gives a program that clang lacks (__NVCC__,
 * host-side min/max, nvcc's built-in atomics: nvcc_compat.h, force-included
 * from a virtual file; -U__NVCC__ keeps __NVCC__ undefined).
 * Host-side: code under `#ifdef __CUDA_ARCH__` is not seen (the
 * rewriter keeps a struct used there in AoS).  Where there is no toolkit (a
 * remark says so) or the caller passes -nocudainc, the bundled prelude
 * stands in for it (cuda_prelude.h, force-included from a virtual file;
 * <cuda_runtime.h> and friends resolve to it).  OpenCL C is parsed with
 * -finclude-default-header and -cl-std=CL1.2 unless the caller passes
 * another -cl-std, and __OPENCL_VERSION__ (the device's version, which
 * clang leaves to the OpenCL implementation) defined as
 * __OPENCL_C_VERSION__.  Clang's errors are forwarded as
 * `file:line:col: error: message`, each followed by the source line and a
 * caret under the column as clang prints them (diag.h, kd_snippet); after
 * "'NAME' file not found", a note says how to give kdlg-opt the header, by
 * its kind: the program's own (-I after --, -p BUILD_DIR), the CUDA
 * toolkit's (--cuda-path; which toolkit was searched), OpenMP's (LLVM's
 * OpenMP runtime), the CUDA samples'.
 */
#ifndef KDLG_FRONTEND_H
#define KDLG_FRONTEND_H

#include <stdbool.h>
#include <stdio.h>

#include <clang-c/Index.h>

#include "ast.h"

typedef enum KdLanguage { KD_LANG_CUDA, KD_LANG_OPENCL } KdLanguage;

typedef struct KdSource {
  const char *path;       // input path as given (not owned)
  KdLanguage lang;
  bool host_compiled;     // CUDA: a file of the program that the host compiler builds (.cpp, ...), parsed as
                          // C++ over the toolkit's headers, __CUDACC__ undefined (kd_frontend_parse_host)
  CXIndex index;
  CXTranslationUnit tu;
  KdFileMap *files;       // the files the rewriter may change: the input, then its project headers (filemap.h)
  KdTree *tree;           // tu's AST nodes, read once for the analysis and the rewriter (ast.h)
  struct KdRecords *records;  // struct definitions by USR, read on first use (kd_source_find_record)
  char **args;            // copies of the compiler arguments it was parsed with, nargs of them, and of the
  int nargs;              // unsaved text it was parsed from (NULL: the file), for kd_frontend_skips_tu
  char *text;
  size_t text_len;
  struct KdSkipsParse {   // CUDA: kd_frontend_skips_tu's parses, [0] the host side's, [1] the device side's
    bool tried;           // asked (tu then its answer, NULL if none)
    CXIndex index;
    CXTranslationUnit tu;
  } skips[2];
} KdSource;
typedef struct KdSkipsParse KdSkipsParse;

/* Path of the virtual prelude header; cursors located in it are the tool's, not the user's. */
#define KD_PRELUDE_PATH "/__kdlg_opt__/include/kdlg_cuda_prelude.h"
/* Path of the virtual nvcc-compatibility header (nvcc_compat.h), force-included with a toolkit. */
#define KD_NVCC_COMPAT_PATH "/__kdlg_opt__/include/kdlg_nvcc_compat.h"
#define KD_VIRTUAL_INCLUDE_DIR "/__kdlg_opt__/include"

/* Language from the file extension: .cu/.cuh → CUDA, .cl → OpenCL.
 * Returns 0, or -1 for an unknown extension. */
int kd_language_from_path(const char *path, KdLanguage *out);

/* Whether path names a C++ file that a CUDA program's host compiler builds
 * (.cpp, .cc, .cxx, .c++, .C): a host-compiled file of the program. */
bool kd_host_source_path(const char *path);

/* "cuda" / "cl" */
const char *kd_language_name(KdLanguage lang);

/* Parses `path`.  extra_args (nargs entries) are passed to clang after the
 * tool's own (e.g. -I, -D, -std=, --cuda-path=, -nocudainc).  `root` is the
 * directory whose headers are the project's (KdSource.files; NULL: the
 * directory of path).  Errors
 * (clang's, an unreadable file, a named toolkit that is not one) are printed
 * to `diag`, and so is the remark that no toolkit was found.  Returns 0 on success, 1 on an input error (the
 * source is then disposed).  On success the caller owns *out (with its
 * empty KdTree, filled as the nodes are asked for) and calls
 * kd_frontend_dispose. */
int kd_frontend_parse(const char *path, const char *root, KdLanguage lang, const char *const *extra_args,
                      int nargs, KdSource *out, FILE *diag);

/* kd_frontend_parse of a CUDA program's host-compiled C++ file (a .cpp that
 * calls cudaMalloc / cudaMemcpy and the launchers of the .cu files), parsed
 * as the host compiler reads it: C++ (-std=c++17 unless extra_args say
 * otherwise), the toolkit's include directory, __CUDACC__ and __NVCC__
 * undefined.  With no toolkit found it is parsed as a CUDA file is (host
 * side, kdlg-opt's built-in declarations).  out->lang is KD_LANG_CUDA and
 * out->host_compiled true.  Errors and ownership as kd_frontend_parse. */
int kd_frontend_parse_host(const char *path, const char *root, const char *const *extra_args, int nargs,
                           KdSource *out, FILE *diag);

/* The CUDA file src parsed again, for the ranges its preprocessor skips
 * (clang_getSkippedRanges; the first parse keeps no preprocessing record),
 * with the same arguments and function bodies skipped: the host side as
 * kd_frontend_parse reads it, or (`device`) nvcc's device pass
 * (--cuda-device-only: __CUDA_ARCH__ defined, for the GPU architecture its
 * arguments name, else clang's default).  Together they tell a branch of
 * #if that the program's configuration leaves out on both sides from one
 * that only the host side skips.  Parsed on the first call and kept in src
 * (disposed with it).  NULL for an OpenCL or host-compiled file, or where
 * that parse fails (nothing is printed: the first parse reported the
 * program's errors). */
CXTranslationUnit kd_frontend_skips_tu(KdSource *src, bool device);

/* The real paths of the files that the C file `path` includes, directly or
 * not, parsed as the C compiler reads it (-x c, then extra_args; function
 * bodies skipped), for kdlg-opt --all: a project header that a C file of
 * the build includes must not change.  Returns 0 with *files (malloc'd
 * array of malloc'd strings) and *n, or 1 after an error printed to diag
 * (the file cannot be parsed, or a fatal error such as an include not
 * found, after which the list would be short). */
int kd_frontend_c_includes(const char *path, const char *const *extra_args, int nargs, char ***files, int *n,
                           FILE *diag);

/* kd_frontend_parse of a file whose text is `text` (len bytes, need not
 * end in NUL), not read from disk: libclang's unsaved file at `path` (the
 * libFuzzer harness, testsuite/libfuzzer/).  text must outlive *out. */
int kd_frontend_parse_text(const char *path, const char *text, size_t len, KdLanguage lang,
                           const char *const *extra_args, int nargs, KdSource *out, FILE *diag);

void kd_frontend_dispose(KdSource *src);

/* The definition of the struct or class whose USR is `usr` (KdStruct.usr,
 * the plan's identity of a struct) among those spelled in the files of
 * src->files (the input and its project headers), and the top-level
 * declaration holding it (a child of the translation unit, of a namespace or
 * of an extern "C" block: `typedef struct {...} S;`, `struct S {...} a;`).
 * The definitions are read once, on the first call: those at file scope, in
 * namespaces, extern "C" blocks, typedefs, other structs and variable
 * declarations.  False if there is none. */
bool kd_source_find_record(const KdSource *src, const char *usr, CXCursor *def, CXCursor *top);

/* What src's translation unit has of the struct or class whose USR is usr:
 * nothing (one input of a program that never names it), a declaration only
 * (`struct S;`), a definition outside its map (a system header, a header
 * outside the project's directory), or one kd_source_find_record finds. */
typedef enum KdRecordWhere { KD_RECORD_NONE, KD_RECORD_DECLARED, KD_RECORD_OUTSIDE, KD_RECORD_MAPPED } KdRecordWhere;
KdRecordWhere kd_source_record_where(const KdSource *src, const char *usr);

/* Whether cursor c is located in the user's code (not a system header, not the prelude). */
bool kd_cursor_in_user_code(CXCursor c);

/* Whether fn is a kernel: CUDA __global__, OpenCL __kernel / kernel. */
bool kd_is_kernel(KdLanguage lang, CXCursor fn);

/* Whether an OpenCL pointer type points into __global memory. */
bool kd_opencl_global_pointer(CXType ptr);

/* The parts of a ForStmt `for (init; cond; inc) body`: parts[0] init,
 * parts[1] cond, parts[2] body, parts[3] inc; an absent part is the null
 * cursor (libclang omits absent parts from the children, so the header is
 * split at its two semicolons).  Children from t, f's source's tree (kd_kids). */
void kd_for_parts(KdTree *t, CXCursor f, CXCursor parts[4]);

/* Whether ft is a function template kdlg-opt reads as one function, its
 * text standing for every instantiation: a template of a plain function
 * (at file or namespace scope: not a member, an operator, or a
 * conversion) with no parameter pack, whose parameters match each
 * instantiation's one for one. */
bool kd_function_template_plain(CXCursor ft);

/* The number of parameters of function declaration fn, and its i-th
 * parameter (ParmDecl; the null cursor past the end): what
 * clang_Cursor_getNumArguments / clang_Cursor_getArgument say of a function,
 * and also of a function template (CXCursor_FunctionTemplate, where libclang
 * says -1: its pattern's parameters, whose declarations an instantiation's
 * share, by location, with kd_decl_key).  -1 if fn is no function. */
int kd_function_nparams(CXCursor fn);
CXCursor kd_function_param(CXCursor fn, unsigned i);

/* The body (CompoundStmt) of function definition fn, or the null cursor
 * when it has none. */
CXCursor kd_function_body(CXCursor fn);

/* c without the parentheses and implicit conversions around it: descends
 * through ParenExpr and UnexposedExpr nodes that have exactly one child
 * (kd_kids of t, c's source's tree). */
CXCursor kd_strip_parens(KdTree *t, CXCursor c);

/* Whether an `else` token lies between the end of `then_c` and the start of
 * `els` (an IfStmt's last two children are then/else, or cond/then). */
bool kd_else_between(CXCursor then_c, CXCursor els);

#endif
