/* includers.c: source files that include a changed header but are not
 * inputs (see includers.h). */
#define _XOPEN_SOURCE 700
#include "includers.h"

#include <ftw.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

enum { MAX_ENTRIES = 20000 };

/* The walk's state (nftw has no user pointer). */
static struct {
  const char *const *inputs, *const *headers;
  int ninputs, nheaders, entries, warned;
  const char *root;
  FILE *diag;
} W;

static bool source_name(const char *path) {
  static const char *const ext[] = {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cu", NULL};
  const char *dot = strrchr(path, '.');
  for (int i = 0; dot && ext[i]; i++)
    if (!strcmp(dot, ext[i]))
      return true;
  return false;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

/* Whether line [p, e) is an #include whose target's file name is `name`. */
static bool includes(const char *p, const char *e, const char *name) {
  while (p < e && (*p == ' ' || *p == '\t'))
    p++;
  if (p == e || *p != '#')
    return false;
  p++;
  while (p < e && (*p == ' ' || *p == '\t'))
    p++;
  if (e - p < 7 || strncmp(p, "include", 7))
    return false;
  p += 7;
  while (p < e && (*p == ' ' || *p == '\t'))
    p++;
  if (p == e || (*p != '"' && *p != '<'))
    return false;
  char close = *p == '"' ? '"' : '>';
  const char *b = ++p;
  while (p < e && *p != close)
    p++;
  if (p == e)
    return false;
  const char *t = b;  // the target's last path component
  for (const char *q = b; q < p; q++)
    if (*q == '/')
      t = q + 1;
  size_t n = strlen(name);
  return (size_t)(p - t) == n && !strncmp(t, name, n);
}

static int visit(const char *path, const struct stat *st, int type, struct FTW *f) {
  (void)st;
  if (++W.entries > MAX_ENTRIES)
    return 1;
  if (type == FTW_D && f->level > 0 && base_name(path)[0] == '.')
    return 0;  // (FTW_ACTIONRETVAL would skip it; its files are filtered below)
  if (type != FTW_F || !source_name(path) || strstr(path + strlen(W.root), "/."))
    return 0;
  char *real = realpath(path, NULL);
  bool input = false;
  for (int i = 0; real && i < W.ninputs && !input; i++)
    input = !strcmp(real, W.inputs[i]);
  free(real);
  if (input)
    return 0;
  size_t len;
  char *text = kd_read_file(path, &len);
  if (!text)
    return 0;
  if (!strncmp(text, "/* Data layout rewritten by kdlg-opt", 36) || !strncmp(text, "/* Rewritten by kdlg-opt", 24)) {
    free(text);  // an output of kdlg-opt (an earlier run's, under the project): not the user's source
    return 0;
  }
  for (int h = 0; h < W.nheaders; h++) {
    const char *name = base_name(W.headers[h]);
    for (const char *l = text, *end = text + len; l < end;) {
      const char *nl = memchr(l, '\n', (size_t)(end - l));
      const char *e = nl ? nl : end;
      if (includes(l, e, name)) {
        fprintf(W.diag,
                "kdlg-opt: warning: '%s' includes '%s', which the rewrite changes, but is not an input: give it too "
                "(or -p BUILD --all) [kdlg-includer]\n",
                path + strlen(W.root) + (path[strlen(W.root)] == '/'), name);
        W.warned++;
        break;
      }
      l = e + 1;
    }
  }
  free(text);
  return 0;
}

int kd_warn_outside_includers(const char *root, const char *const *inputs, int ninputs, const char *const *headers,
                              int nheaders, FILE *diag) {
  if (nheaders == 0)
    return 0;
  W.inputs = inputs;
  W.ninputs = ninputs;
  W.headers = headers;
  W.nheaders = nheaders;
  W.entries = 0;
  W.warned = 0;
  W.root = root;
  W.diag = diag;
  nftw(root, visit, 16, FTW_PHYS);
  return W.warned;
}
