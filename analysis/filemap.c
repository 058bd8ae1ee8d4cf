/* filemap.c: the rewritable files of a translation unit in one offset space
 * (filemap.h).  The headers are found with clang_getInclusions, which lists
 * each file the preprocessor entered with the stack of #include locations
 * that led to it (the direct includer's first, the main file's last). */
#define _GNU_SOURCE /* realpath */
#include "filemap.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

typedef struct Collect {
  KdFileMap *m;
  CXTranslationUnit tu;
  const char *root;   // real path of the root directory, without a trailing '/'
  KD_VEC(CXFile) seen; // every file met, mapped or not (each is entered once in the list)
} Collect;

static char *file_name(CXFile f) {
  CXString s = clang_getFileName(f);
  const char *c = clang_getCString(s);
  char *name = kd_xstrdup(c ? c : "");
  clang_disposeString(s);
  return name;
}

static bool under(const char *path, const char *root) {
  size_t n = strlen(root);
  return !strncmp(path, root, n) && (path[n] == '/' || (n > 0 && root[n - 1] == '/'));
}

static void add_file(KdFileMap *m, CXFile f, char *name, const char *text, size_t len, unsigned include_end) {
  KD_GROW(m->files, m->capfiles, m->nfiles + 1);
  KdMappedFile *mf = &m->files[m->nfiles++];
  mf->file = f;
  mf->name = name;
  char *r = realpath(name, NULL);
  mf->real = r ? r : kd_xstrdup(name);
  mf->base = (unsigned)m->len;
  mf->len = (unsigned)len;
  mf->include_end = include_end;
  m->text = kd_xrealloc(m->text, m->len + len + 2);
  memcpy(m->text + m->len, text, len);
  m->len += len;
  m->text[m->len++] = '\n';
  m->text[m->len] = '\0';
}

/* The map offset just after the main-file line holding location l. */
static unsigned line_end_in_main(const KdFileMap *m, CXSourceLocation l) {
  CXFile f;
  unsigned off;
  clang_getFileLocation(l, &f, NULL, NULL, &off);
  const KdMappedFile *mainf = &m->files[0];
  if (!f || !clang_File_isEqual(f, mainf->file) || off > mainf->len)
    return mainf->len;
  while (off < mainf->len && m->text[off] != '\n')
    off += m->text[off] == '\\' && off + 1 < mainf->len && m->text[off + 1] == '\n' ? 2 : 1;
  return off < mainf->len ? off + 1 : mainf->len;
}

static void visit_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Collect *c = data;
  if (depth == 0 || !f)
    return;  // the main file (mapped first)
  for (int i = 0; i < c->seen.n; i++)
    if (clang_File_isEqual(c->seen.v[i], f))
      return;
  kd_vec_push(&c->seen, f);
  if (clang_Location_isInSystemHeader(clang_getLocationForOffset(c->tu, f, 0)))
    return;
  char *name = file_name(f);
  char *real = realpath(name, NULL);
  bool mapped = real && under(real, c->root);
  free(real);
  size_t len = 0;
  const char *text = mapped ? clang_getFileContents(c->tu, f, &len) : NULL;
  if (!text || len >= UINT_MAX / 4) {
    free(name);
    return;
  }
  add_file(c->m, f, name, text, len, line_end_in_main(c->m, stack[depth - 1]));
}

KdFileMap *kd_filemap_new(CXTranslationUnit tu, const char *main_path, const char *root) {
  KdFileMap *m = kd_xcalloc(1, sizeof *m);
  m->text = kd_xstrdup("");
  CXFile mainf = clang_getFile(tu, main_path);
  size_t len = 0;
  const char *text = mainf ? clang_getFileContents(tu, mainf, &len) : NULL;
  add_file(m, mainf, kd_xstrdup(main_path), text ? text : "", text ? len : 0, 0);
  char *r = NULL;
  if (root)
    r = realpath(root, NULL);
  else {
    char *slash = strrchr(m->files[0].real, '/');
    r = slash ? kd_xstrndup(m->files[0].real, (size_t)(slash - m->files[0].real)) : NULL;
  }
  if (r && mainf) {
    size_t n = strlen(r);
    while (n > 1 && r[n - 1] == '/')
      r[--n] = '\0';
    Collect c = {m, tu, r, {0}};
    clang_getInclusions(tu, visit_inclusion, &c);
    free(c.seen.v);
  }
  free(r);
  return m;
}

void kd_filemap_free(KdFileMap *m) {
  if (!m)
    return;
  for (int i = 0; i < m->nfiles; i++) {
    free(m->files[i].name);
    free(m->files[i].real);
  }
  free(m->files);
  free(m->text);
  free(m);
}

int kd_filemap_find(const KdFileMap *m, CXFile f) {
  if (!f)
    return -1;
  for (int i = 0; i < m->nfiles; i++)  // (pointer equality first: the handles of one file are one pointer)
    if (m->files[i].file == f)
      return i;
  for (int i = 0; i < m->nfiles; i++)
    if (m->files[i].file && clang_File_isEqual(m->files[i].file, f))
      return i;
  return -1;
}

bool kd_filemap_offset(const KdFileMap *m, CXFile f, unsigned offset, unsigned *out) {
  int i = kd_filemap_find(m, f);
  if (i < 0 || offset > m->files[i].len)
    return false;
  *out = m->files[i].base + offset;
  return true;
}

int kd_filemap_file_at(const KdFileMap *m, unsigned off) {
  for (int i = 0; i < m->nfiles; i++)
    if (off >= m->files[i].base && off <= m->files[i].base + m->files[i].len)
      return i;
  return -1;
}

/* (anchor in the main file, file index, offset) of map offset off, for kd_filemap_compare. */
static void order_key(const KdFileMap *m, unsigned off, unsigned key[3]) {
  int i = kd_filemap_file_at(m, off);
  if (i <= 0) {
    key[0] = off;
    key[1] = 0;
    key[2] = 0;
    return;
  }
  unsigned end = m->files[i].include_end;
  key[0] = end > 0 ? end - 1 : 0;  // (the include line's last byte: nothing of the main file sits there)
  key[1] = (unsigned)i;
  key[2] = off;
}

int kd_filemap_compare(const KdFileMap *m, unsigned a, unsigned b) {
  unsigned ka[3], kb[3];
  order_key(m, a, ka);
  order_key(m, b, kb);
  for (int k = 0; k < 3; k++)
    if (ka[k] != kb[k])
      return ka[k] < kb[k] ? -1 : 1;
  return 0;
}

CXSourceLocation kd_filemap_location(const KdFileMap *m, CXTranslationUnit tu, unsigned off) {
  int i = kd_filemap_file_at(m, off);
  if (i < 0 || !m->files[i].file)
    return clang_getNullLocation();
  return clang_getLocationForOffset(tu, m->files[i].file, off - m->files[i].base);
}
