/* diag.c: remarks in clang's form (see diag.h). */
#include "diag.h"

void kd_vremark(FILE *out, KdLoc at, const char *tag, const char *fmt, va_list ap) {
  if (!out)
    return;
  if (at.line)
    fprintf(out, "%s:%u:%u: remark: ", at.file, at.line, at.col);
  else
    fprintf(out, "%s: remark: ", at.file);
  vfprintf(out, fmt, ap);
  fprintf(out, " [kdlg-%s]\n", tag);
}

void kd_remark(FILE *out, KdLoc at, const char *tag, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  kd_vremark(out, at, tag, fmt, ap);
  va_end(ap);
}

void kd_vremark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, va_list ap) {
  CXFile f;
  unsigned line, col;
  clang_getExpansionLocation(at, &f, &line, &col, NULL);
  CXString name = clang_getFileName(f);
  KdLoc loc = {clang_getCString(name) ? clang_getCString(name) : fallback, line, col};
  kd_vremark(out, loc, tag, fmt, ap);
  clang_disposeString(name);
}

void kd_remark_at(FILE *out, CXSourceLocation at, const char *fallback, const char *tag, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  kd_vremark_at(out, at, fallback, tag, fmt, ap);
  va_end(ap);
}
