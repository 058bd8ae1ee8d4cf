/* mem.c: allocation that aborts on out-of-memory (see mem.h). */
#define _GNU_SOURCE /* vasprintf, open_memstream */
#include "mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void kd_out_of_memory(void) {
  fputs("kdlg-opt: out of memory\n", stderr);
  abort();
}

void *kd_xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    kd_out_of_memory();
  return p;
}

void *kd_xcalloc(size_t count, size_t size) {
  void *p = calloc(count ? count : 1, size ? size : 1);
  if (!p)
    kd_out_of_memory();
  return p;
}

void *kd_xrealloc(void *p, size_t n) {
  void *r = realloc(p, n ? n : 1);
  if (!r)
    kd_out_of_memory();
  return r;
}

char *kd_xstrdup(const char *s) {
  char *r = strdup(s);
  if (!r)
    kd_out_of_memory();
  return r;
}

char *kd_xstrndup(const char *s, size_t n) {
  char *r = strndup(s, n);
  if (!r)
    kd_out_of_memory();
  return r;
}

char *kd_xasprintf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s;
  int n = vasprintf(&s, fmt, ap);
  va_end(ap);
  if (n < 0)
    kd_out_of_memory();
  return s;
}

FILE *kd_xopen_memstream(char **buf, size_t *len) {
  FILE *f = open_memstream(buf, len);
  if (!f)
    kd_out_of_memory();
  return f;
}

void *kd_grow(void *v, int *cap, int need, size_t elem) {
  if (need <= *cap)
    return v;
  int c = *cap > 0 ? *cap : 8;
  while (c < need)
    c *= 2;
  *cap = c;
  return kd_xrealloc(v, (size_t)c * elem);
}
