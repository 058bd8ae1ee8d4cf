/* diag.c: remarks in clang's form (see diag.h). */
#include "diag.h"

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"

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

/* ---- source line and caret (clang's snippet) ---- */

#define TABSTOP 8     // clang's -ftabstop default
#define MAX_LINES 16  // clang's snippet line limit: its gutter is as wide as line + 16 needs

/* Screen columns of line[0..n): a tab to the next multiple of TABSTOP, a
 * UTF-8 sequence one column (its continuation bytes none). */
static size_t screen_cols(const char *line, size_t n) {
  size_t c = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char b = (unsigned char)line[i];
    if (b == '\t')
      c = (c / TABSTOP + 1) * TABSTOP;
    else if ((b & 0xC0) != 0x80)
      c++;
  }
  return c;
}

/* Screen column (0-based) of byte column `col` (1-based) of line[0..n);
 * past the end: as many columns after the line as bytes. */
static size_t screen_col(const char *line, size_t n, unsigned col) {
  size_t b = col ? col - 1 : 0;
  return b <= n ? screen_cols(line, b) : screen_cols(line, n) + (b - n);
}

static unsigned digits(unsigned long v) {
  unsigned d = 1;
  for (; v >= 10; v /= 10)
    d++;
  return d;
}

/* Sets buf[from..to) (growing *n, blanks in between) to c. */
static void mark(char **buf, size_t *n, size_t *cap, size_t from, size_t to, char c) {
  if (to > *cap) {
    *cap = to * 2;
    *buf = kd_xrealloc(*buf, *cap);
  }
  for (size_t i = *n; i < to; i++)
    (*buf)[i] = ' ';
  if (to > *n)
    *n = to;
  for (size_t i = from; i < to; i++)
    (*buf)[i] = c;
}

int kd_snippet(FILE *out, const char *text, size_t len, unsigned line, unsigned col, const KdSnippetRange *ranges,
               int nranges, const KdSnippetFixIt *fixits, int nfixits) {
  if (line == 0 || !text)
    return -1;
  size_t start = 0;
  for (unsigned l = 1; l < line; l++) {  // (\r\n, \n and \r each end a line, as clang counts them)
    while (start < len && text[start] != '\n' && text[start] != '\r')
      start++;
    if (start >= len)
      return -1;
    start += text[start] == '\r' && start + 1 < len && text[start + 1] == '\n' ? 2 : 1;
  }
  const char *s = text + start;
  size_t n = 0;
  while (start + n < len && s[n] != '\n' && s[n] != '\r')
    n++;
  unsigned width = digits((unsigned long)line + MAX_LINES);
  if (width < 4)
    width = 4;
  // the line, tabs expanded
  fprintf(out, "%*u | ", (int)(width + 1), line);
  for (size_t i = 0, c = 0; i < n; i++) {
    unsigned char b = (unsigned char)s[i];
    if (b == '\t') {
      size_t next = (c / TABSTOP + 1) * TABSTOP;
      for (; c < next; c++)
        fputc(' ', out);
    } else {
      fputc(b, out);
      c += (b & 0xC0) != 0x80;
    }
  }
  fputc('\n', out);
  // the caret line: ranges, then the caret
  size_t cap = screen_cols(s, n) + 2, used = 0;
  char *caret = kd_xmalloc(cap);
  size_t first = 0, last = n;  // the line's first non-blank byte, and the end of its last
  while (first < n && (s[first] == ' ' || s[first] == '\t'))
    first++;
  while (last > first && (s[last - 1] == ' ' || s[last - 1] == '\t'))
    last--;
  for (int i = 0; i < nranges; i++) {
    unsigned from = ranges[i].from ? ranges[i].from : (unsigned)first + 1;
    unsigned to = ranges[i].to != UINT_MAX ? ranges[i].to : (unsigned)last + 1;
    if (to > from)
      mark(&caret, &used, &cap, screen_col(s, n, from), screen_col(s, n, to), '~');
  }
  size_t at = screen_col(s, n, col ? col : 1);
  mark(&caret, &used, &cap, at, at + 1, '^');
  while (used > 0 && caret[used - 1] == ' ')
    used--;
  fprintf(out, "%*s| %.*s\n", (int)(width + 2), "", (int)used, caret);
  // the fix-its' line: each text at its column, pushed past an earlier one it would overlap
  used = 0;
  size_t prev_end = 0;
  for (int i = 0; i < nfixits; i++) {
    const char *t = fixits[i].text;
    if (!t || !*t || strpbrk(t, "\n\r"))
      continue;
    size_t c = screen_col(s, n, fixits[i].col);
    if (used > 0 && c < prev_end)
      c = prev_end + 1;
    size_t tn = strlen(t);
    mark(&caret, &used, &cap, c, c + tn, ' ');
    memcpy(caret + c, t, tn);
    prev_end = c + screen_cols(t, tn);
  }
  if (used > 0)
    fprintf(out, "%*s| %.*s\n", (int)(width + 2), "", (int)used, caret);
  free(caret);
  return 0;
}

/* The byte column (1-based) of character column `col` of line `line` of
 * text[0..len): col - 1 UTF-8 sequences from the line's start. */
static unsigned byte_col(const char *text, size_t len, unsigned line, unsigned col) {
  size_t i = 0;
  for (unsigned l = 1; l < line && i < len; i++)
    if (text[i] == '\n')
      l++;
  size_t start = i;
  for (unsigned c = 1; i < len && text[i] != '\n'; i++) {
    if (((unsigned char)text[i] & 0xC0) != 0x80 && c++ == col)
      break;
  }
  return (unsigned)(i - start) + 1;
}

int kd_snippet_file(FILE *out, const char *path, unsigned line, unsigned col, bool col_in_chars) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  char *text = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      cap = cap ? cap * 2 : 4096;
      text = kd_xrealloc(text, cap);
    }
    size_t got = fread(text + len, 1, cap - len, f);
    len += got;
    if (got == 0)
      break;
  }
  bool bad = ferror(f);
  fclose(f);
  if (!bad && col_in_chars)
    col = byte_col(text, len, line, col);
  int rc = bad ? -1 : kd_snippet(out, text, len, line, col, NULL, 0, NULL, 0);
  free(text);
  return rc;
}
