/* edits.c: nested source edits (see edits.h). */
#define _GNU_SOURCE
#include "edits.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/mem.h"

typedef struct Piece {
  char *text;          // literal (in KdEdits.texts), or NULL for a hole
  unsigned hb, he;     // hole range
} Piece;

typedef struct Edit {
  unsigned b, e;
  int owner;
  int seq;             // insertion order (ties between zero-length edits)
  int npieces, cap;
  Piece *pieces;
  bool dead;
} Edit;

/* The texts of the pieces, in blocks freed with the list (pass 2 writes
 * tens of thousands of short texts on a large file). */
typedef struct TextBlock {
  struct TextBlock *next;
  size_t used, size;
  char data[];
} TextBlock;

struct KdEdits {
  Edit *v;
  int n, cap;
  bool sorted;
  TextBlock *texts;
};

KdEdits *kd_edits_new(void) { return kd_xcalloc(1, sizeof(KdEdits)); }

static void edit_clear(Edit *d) {
  free(d->pieces);
  d->pieces = NULL;
  d->npieces = 0;
}

void kd_edits_free(KdEdits *E) {
  if (!E)
    return;
  for (int i = 0; i < E->n; i++)
    edit_clear(&E->v[i]);
  for (TextBlock *b = E->texts, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(E->v);
  free(E);
}

int kd_edit_begin(KdEdits *E, unsigned b, unsigned e, int owner) {
  KD_GROW(E->v, E->cap, E->n + 1);
  Edit *d = &E->v[E->n];
  memset(d, 0, sizeof *d);
  d->b = b;
  d->e = e;
  d->owner = owner;
  d->seq = E->n;
  E->sorted = false;
  return E->n++;
}

static Piece *piece_add(KdEdits *E) {
  Edit *d = &E->v[E->n - 1];
  KD_GROW(d->pieces, d->cap, d->npieces + 1);
  Piece *p = &d->pieces[d->npieces++];
  memset(p, 0, sizeof *p);
  return p;
}

/* Room for a text of n bytes (NUL included), alive until kd_edits_free. */
static char *text_alloc(KdEdits *E, size_t n) {
  TextBlock *b = E->texts;
  if (!b || b->used + n > b->size) {
    size_t size = n > 16384 ? n : 16384;
    b = kd_xmalloc(sizeof(TextBlock) + size);
    b->next = E->texts;
    b->used = 0;
    b->size = size;
    E->texts = b;
  }
  char *p = b->data + b->used;
  b->used += n;
  return p;
}

/* fmt with its %s conversions replaced by the strings of ap, in buf (NUL
 * terminated); false if fmt has another conversion or buf is too small. */
static bool format_strings(char *buf, size_t size, const char *fmt, va_list ap) {
  size_t n = 0;
  for (const char *p = fmt; *p;) {
    if (*p != '%') {
      if (n + 1 >= size)
        return false;
      buf[n++] = *p++;
      continue;
    }
    if (p[1] != 's')
      return false;
    const char *a = va_arg(ap, const char *);
    if (!a)
      a = "(null)";  // (as printf writes it)
    size_t len = strlen(a);
    if (n + len >= size)
      return false;
    memcpy(buf + n, a, len);
    n += len;
    p += 2;
  }
  buf[n] = '\0';
  return true;
}

void kd_edit_text(KdEdits *E, const char *fmt, ...) {
  // most texts are short with only %s conversions: put together on the
  // stack, then copied (printf costs more); anything else through vsnprintf
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  bool done = format_strings(buf, sizeof buf, fmt, ap);
  va_end(ap);
  size_t n;
  if (done) {
    n = strlen(buf);
  } else {
    va_start(ap, fmt);
    int k = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (k < 0)
      kd_out_of_memory();
    n = (size_t)k;
  }
  char *s = text_alloc(E, n + 1);
  if (n < sizeof buf) {
    memcpy(s, buf, n + 1);
  } else {
    va_start(ap, fmt);
    vsnprintf(s, n + 1, fmt, ap);
    va_end(ap);
  }
  piece_add(E)->text = s;
}

void kd_edit_hole(KdEdits *E, unsigned hb, unsigned he) {
  Piece *p = piece_add(E);
  p->hb = hb;
  p->he = he;
}

void kd_edits_drop_owner(KdEdits *E, int owner) {
  for (int i = 0; i < E->n; i++)
    if (E->v[i].owner == owner) {
      E->v[i].dead = true;
      E->sorted = false;
    }
}

/* Order: by start; a longer edit before the edits it contains; then insertion order. */
static int cmp_edit(const void *x, const void *y) {
  const Edit *a = x, *b = y;
  if (a->b != b->b)
    return a->b < b->b ? -1 : 1;
  if (a->e != b->e)
    return a->e > b->e ? -1 : 1;
  return a->seq - b->seq;
}

static bool same_edit(const Edit *a, const Edit *b) {
  if (a->b != b->b || a->e != b->e || a->npieces != b->npieces)
    return false;
  for (int i = 0; i < a->npieces; i++) {
    const Piece *p = &a->pieces[i], *q = &b->pieces[i];
    if (!p->text != !q->text)
      return false;
    if (p->text ? strcmp(p->text, q->text) : (p->hb != q->hb || p->he != q->he))
      return false;
  }
  return true;
}

/* Sorts, drops dead edits and merges duplicates. */
static void normalize(KdEdits *E) {
  if (E->sorted)
    return;
  int m = 0;
  for (int i = 0; i < E->n; i++) {
    if (E->v[i].dead)
      edit_clear(&E->v[i]);
    else
      E->v[m++] = E->v[i];
  }
  E->n = m;
  if (E->n > 1)  // (no edits: E->v may be NULL, which qsort must not be given)
    qsort(E->v, (size_t)E->n, sizeof(Edit), cmp_edit);
  m = 0;
  for (int i = 0; i < E->n; i++) {
    if (m > 0 && E->v[i].b != E->v[i].e && same_edit(&E->v[m - 1], &E->v[i]))
      edit_clear(&E->v[i]);
    else
      E->v[m++] = E->v[i];
  }
  E->n = m;
  E->sorted = true;
}

/* Whether edit j lies inside a hole of edit i (or is a zero-length edit at
 * one of i's ends, which is outside it). */
static bool in_hole(const Edit *i, const Edit *j) {
  for (int k = 0; k < i->npieces; k++) {
    const Piece *p = &i->pieces[k];
    if (!p->text && p->hb <= j->b && j->e <= p->he && !(j->b == j->e && (j->b == p->hb || j->b == p->he)))
      return true;
  }
  return false;
}

bool kd_edits_check(KdEdits *E, int *owner, unsigned *at) {
  normalize(E);
  for (int i = 0; i < E->n; i++) {
    const Edit *a = &E->v[i];
    for (int j = i + 1; j < E->n && E->v[j].b < a->e; j++) {
      const Edit *b = &E->v[j];
      if (b->b == b->e && b->b == a->b)
        continue;  // an insertion before a's text
      if (!(b->e <= a->e && in_hole(a, b))) {
        *owner = b->owner;
        *at = b->b;
        return false;
      }
    }
  }
  return true;
}

/* Text being put together by render (one fwrite, not one per piece). */
typedef struct Buf {
  char *p;
  size_t n, cap;
} Buf;

static void buf_add(Buf *b, const char *s, size_t n) {
  if (b->n + n + 1 > b->cap) {
    while (b->n + n + 1 > b->cap)
      b->cap = b->cap ? 2 * b->cap : 4096;
    b->p = kd_xrealloc(b->p, b->cap);
  }
  memcpy(b->p + b->n, s, n);
  b->n += n;
  b->p[b->n] = '\0';
}

/* Renders [b, e) with the edits from index *k on that start inside it. */
static void render(KdEdits *E, const char *src, unsigned b, unsigned e, int *k, Buf *out) {
  unsigned pos = b;
  while (*k < E->n && E->v[*k].b < e + (E->v[*k].b == E->v[*k].e && E->v[*k].b == e ? 1 : 0)) {
    Edit *d = &E->v[*k];
    if (d->b < pos) {  // inside replaced text that no hole keeps: dropped
      (*k)++;
      continue;
    }
    buf_add(out, src + pos, d->b - pos);
    (*k)++;
    int inner = *k;
    for (int i = 0; i < d->npieces; i++) {
      Piece *p = &d->pieces[i];
      if (p->text) {
        buf_add(out, p->text, strlen(p->text));
      } else {
        // the edits inside this hole are at or after `inner`, in order
        int h = inner;
        while (h < E->n && E->v[h].b < p->hb)
          h++;
        render(E, src, p->hb, p->he, &h, out);
      }
    }
    // skip every edit inside d
    while (*k < E->n && E->v[*k].b < d->e)
      (*k)++;
    pos = d->e;
  }
  buf_add(out, src + pos, e - pos);
}

int kd_edits_apply(KdEdits *E, const char *src, size_t len, FILE *out) {
  return kd_edits_apply_range(E, src, 0, (unsigned)len, out);
}

/* Index of the first edit that starts at or after b (E normalized). */
static int first_at(const KdEdits *E, unsigned b) {
  int lo = 0, hi = E->n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (E->v[mid].b < b)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

bool kd_edits_any_in(KdEdits *E, unsigned b, unsigned e) {
  normalize(E);
  int k = first_at(E, b);
  return k < E->n && E->v[k].b <= e;
}

int kd_edits_apply_range(KdEdits *E, const char *src, unsigned rb, unsigned re, FILE *out) {
  normalize(E);
  int k = first_at(E, rb);
  assert(k == 0 || E->v[k - 1].e <= rb || E->v[k - 1].b == E->v[k - 1].e);  // (no edit straddles rb)
  Buf b = {0};
  render(E, src, rb, re, &k, &b);
  if (b.n > 0)
    fwrite(b.p, 1, b.n, out);
  free(b.p);
  return ferror(out) ? -1 : 0;
}

/* Advances (*line, *col) at *pos to offset `off` (edits come in order). */
static void line_col(const char *src, unsigned off, unsigned *pos, unsigned *line, unsigned *col) {
  for (; *pos < off; (*pos)++) {
    if (src[*pos] == '\n') {
      (*line)++;
      *col = 1;
    } else {
      (*col)++;
    }
  }
}

void kd_edits_describe(KdEdits *E, const char *path, const char *src, size_t len, FILE *out) {
  kd_edits_describe_range(E, path, src, 0, (unsigned)len, out);
}

void kd_edits_describe_range(KdEdits *E, const char *path, const char *src, unsigned rb, unsigned re, FILE *out) {
  normalize(E);
  unsigned pos = rb, line = 1, col = 1;
  for (int i = first_at(E, rb); i < E->n && E->v[i].b <= re; i++) {
    Edit *d = &E->v[i];
    line_col(src, d->b, &pos, &line, &col);
    Buf m = {0};
    buf_add(&m, "", 0);
    int k = i + 1;
    // render just this edit's new text
    for (int p = 0; p < d->npieces; p++) {
      if (d->pieces[p].text) {
        buf_add(&m, d->pieces[p].text, strlen(d->pieces[p].text));
      } else {
        int h = k;
        render(E, src, d->pieces[p].hb, d->pieces[p].he, &h, &m);
      }
    }
    char *buf = m.p;
    fprintf(out, "%s:%u:%u: %s '%.*s' -> '%s'\n", path, line, col, d->b == d->e ? "insert" : "replace",
            (int)(d->e - d->b > 200 ? 200 : d->e - d->b), src + d->b, d->b == d->e && strlen(buf) > 200 ? "..." : buf);
    free(buf);
  }
}
