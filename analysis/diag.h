/* diag.h: kdlg-opt's remarks, in clang's diagnostic form
 * `file:line:col: remark: MESSAGE [kdlg-TAG]`, so that editors and CI read
 * them like the compiler's.  Every remark of the tool goes through here: the
 * access model's (a struct not eligible, a call not followed), the plan's
 * (nothing to optimize, uniform structs) and the rewriter's (a struct kept in
 * AoS, with the reason at the place).
 */
#ifndef KDLG_DIAG_H
#define KDLG_DIAG_H

#include <stdarg.h>
#include <stdio.h>

#include <clang-c/Index.h>

/* A place in a source file, 1-based line and column (bytes); line 0: the
 * file as a whole (`file: remark: ...`). */
typedef struct KdLoc {
  const char *file;
  unsigned line, col;
} KdLoc;

/* Writes `file:line:col: remark: MESSAGE [kdlg-TAG]` and a newline to out;
 * MESSAGE is printf's `fmt` with the arguments.  Nothing is written where out
 * is NULL. */
void kd_remark(FILE *out, KdLoc at, const char *tag, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void kd_vremark(FILE *out, KdLoc at, const char *tag, const char *fmt, va_list ap);

/* kd_remark at a libclang location: its expansion location (a remark about
 * code spelled in a macro argument or body points at the macro's use), the
 * file named `fallback` where libclang gives the location no file. */
void kd_remark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
void kd_vremark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, va_list ap);

#endif
