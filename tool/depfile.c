/* depfile.c: the input's user headers as a Makefile rule (see depfile.h),
 * from clang_getInclusions. */
#include "depfile.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/frontend.h"
#include "../analysis/mem.h"
#include "output.h"

typedef struct Deps {
  CXTranslationUnit tu;
  KD_VEC(char *) files;  // real paths (malloc'd), the main file first
} Deps;

/* A file's real path (malloc'd); its name as clang has it where there is none. */
static char *real_name(CXFile f) {
  CXString s = clang_File_tryGetRealPathName(f);
  const char *c = clang_getCString(s);
  if (!c || !*c) {
    clang_disposeString(s);
    s = clang_getFileName(f);
    c = clang_getCString(s);
  }
  char *r = kd_xstrdup(c ? c : "");
  clang_disposeString(s);
  return r;
}

static void add_file(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  Deps *d = data;
  if (depth > 0 && clang_Location_isInSystemHeader(clang_getLocationForOffset(d->tu, f, 0)))
    return;
  char *p = real_name(f);
  bool skip = !*p || !strncmp(p, KD_VIRTUAL_INCLUDE_DIR "/", strlen(KD_VIRTUAL_INCLUDE_DIR) + 1);
  for (int i = 0; i < d->files.n && !skip; i++)
    skip = !strcmp(d->files.v[i], p);
  if (skip) {
    free(p);
    return;
  }
  kd_vec_push(&d->files, p);
  if (depth == 0) {  // the main file leads
    memmove(d->files.v + 1, d->files.v, (size_t)(d->files.n - 1) * sizeof(char *));
    d->files.v[0] = p;
  }
}

/* Writes path s to f escaped for a Makefile rule. */
static void put_path(FILE *f, const char *s) {
  for (; *s; s++) {
    if (*s == '$')
      fputc('$', f);
    else if (*s == ' ' || *s == '\t' || *s == '#')
      fputc('\\', f);
    fputc(*s, f);
  }
}

int kd_depfile_write(const char *path, const char *target, CXTranslationUnit tu, FILE *diag) {
  Deps d = {tu, {0}};
  clang_getInclusions(tu, add_file, &d);
  char *buf = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&buf, &len);
  put_path(f, target);
  fputc(':', f);
  for (int i = 0; i < d.files.n; i++) {
    fputs(i ? " \\\n  " : " ", f);
    put_path(f, d.files.v[i]);
    free(d.files.v[i]);
  }
  fputc('\n', f);
  free(d.files.v);
  int rc = fclose(f) != 0 ? -1 : kd_write_atomic("kdlg-opt", path, buf, len, diag);
  free(buf);
  return rc;
}
