/* timings.c: the raw timings CSV (docs/calibration.md, formats 1 and 2)
 * and the training set made from it: the kernels, each with its variants'
 * median times, and the training patterns (σ(c), σ_min, φ, class) of
 * Sect. 3.2 (see learn.h; learnInt.h lists the files). */
#include "tool/calibrate/learnInt.h"
#include "analysis/mem.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

// ---- raw timings CSV ----

/* Format 1 (rw kernels only) and format 2 (an access column): the first
 * line and the column line of each. */
#define CSV_FIRST_LINE_1 "# kdlg-calibrate raw timings, format 1"
#define CSV_FIRST_LINE_2 "# kdlg-calibrate raw timings, format 2"
#define CSV_COLUMNS_1 "m,field_bytes,sigma,n,elements,threads,layout,tile,median_ms,min_ms,max_ms,verified"
#define CSV_COLUMNS_2 "m,field_bytes,sigma,access,n,elements,threads,layout,tile,median_ms,min_ms,max_ms,verified"
#define CSV_NCOLUMNS 13  // format 2's; format 1 has no access column

typedef struct CsvReader {
  const char *p, *end;  // unread text
  int lineno;           // number of the line last returned
  char *line;           // the line last returned (owned), without "\n" or "\r\n"
  int *errline;
  char *err;
  size_t errlen;
} CsvReader;

/* Formats the error message at line `line`; always returns -1. */
static int csv_error(CsvReader *r, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->err, r->errlen, fmt, ap);
  va_end(ap);
  *r->errline = line;
  return -1;
}

/* Reads the next line into r->line.  Returns 1, 0 at the end of the text,
 * -1 on error (a NUL byte). */
static int csv_next(CsvReader *r) {
  free(r->line);
  r->line = NULL;
  if (r->p >= r->end)
    return 0;
  const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
  const char *stop = nl ? nl : r->end;
  size_t n = (size_t)(stop - r->p);
  r->lineno++;
  if (memchr(r->p, '\0', n))
    return csv_error(r, r->lineno, "line contains a NUL byte");
  if (n > 0 && r->p[n - 1] == '\r')
    n--;
  r->line = kd_xmalloc(n + 1);
  memcpy(r->line, r->p, n);
  r->line[n] = 0;
  r->p = nl ? nl + 1 : r->end;
  return 1;
}

/* Like csv_next, but skips blank lines. */
static int csv_next_nonblank(CsvReader *r) {
  int rc;
  while ((rc = csv_next(r)) == 1 && r->line[strspn(r->line, " \t")] == 0)
    ;
  return rc;
}

/* A decimal unsigned integer: digits only, no sign, no spaces. */
static bool parse_u64(const char *s, uint64_t *v) {
  if (!*s || strspn(s, "0123456789") != strlen(s))
    return false;
  errno = 0;
  unsigned long long x = strtoull(s, NULL, 10);
  if (errno == ERANGE)
    return false;
  *v = x;
  return true;
}

/* A finite decimal number (digits, '.', exponent). */
static bool parse_ms(const char *s, double *v) {
  if (!*s || strspn(s, "0123456789.eE+-") != strlen(s))
    return false;
  char *end;
  errno = 0;
  double x = strtod(s, &end);
  if (*end || errno == ERANGE || !isfinite(x))
    return false;
  *v = x;
  return true;
}

typedef struct HeaderKey {
  const char *name;
  size_t offset;  // of the char * in KdTimings, or (size_t)-1 for epsilon
} HeaderKey;

static const HeaderKey header_keys[] = {
    {"device", offsetof(KdTimings, device)},
    {"compute_capability", offsetof(KdTimings, compute_capability)},
    {"date", offsetof(KdTimings, date)},
    {"kdlg_opt_version", offsetof(KdTimings, kdlg_opt_version)},
    {"epsilon", (size_t)-1},
};
#define NHEADER_KEYS (int)(sizeof header_keys / sizeof header_keys[0])

/* Parses one "# key: value" line into t; seen[] marks required keys read. */
static int parse_header_line(CsvReader *r, KdTimings *t, bool *seen) {
  const char *s = r->line;
  if (strncmp(s, "# ", 2))
    return csv_error(r, r->lineno, "header line is not '# key: value'");
  s += 2;
  size_t klen = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789_");
  if (klen == 0 || s[klen] != ':')
    return csv_error(r, r->lineno, "header line is not '# key: value'");
  const char *v = s + klen + 1;
  v += strspn(v, " \t");
  size_t vlen = strlen(v);
  while (vlen > 0 && (v[vlen - 1] == ' ' || v[vlen - 1] == '\t'))
    vlen--;
  for (int k = 0; k < NHEADER_KEYS; k++) {
    const HeaderKey *hk = &header_keys[k];
    if (strlen(hk->name) != klen || strncmp(hk->name, s, klen))
      continue;
    if (seen[k])
      return csv_error(r, r->lineno, "duplicate header key '%s'", hk->name);
    seen[k] = true;
    if (vlen == 0)
      return csv_error(r, r->lineno, "header key '%s' has no value", hk->name);
    char *value = kd_xstrndup(v, vlen);
    if (hk->offset == (size_t)-1) {
      uint64_t eps;
      bool ok = parse_u64(value, &eps) && eps > 0 && eps <= (1ull << 40);
      free(value);
      if (!ok)
        return csv_error(r, r->lineno, "header 'epsilon' must be a positive integer (bytes)");
      t->epsilon = (int64_t)eps;
    } else {
      *(char **)((char *)t + hk->offset) = value;
    }
    return 0;
  }
  return 0;  // unknown keys are ignored
}

/* Format 2's columns; format 1's are the same without "access". */
enum { C_M, C_FIELD_BYTES, C_SIGMA, C_ACCESS, C_N, C_ELEMENTS, C_THREADS, C_LAYOUT, C_TILE, C_MEDIAN, C_MIN, C_MAX, C_VERIFIED };

static const char *column_names[CSV_NCOLUMNS] = {
    "m",       "field_bytes", "sigma",     "access", "n",      "elements", "threads",
    "layout",  "tile",        "median_ms", "min_ms", "max_ms", "verified",
};

/* Parses one data row (r->line) of format `format` (1 or 2) into *row. */
static int parse_row(CsvReader *r, int format, KdTimingRow *row) {
  char *f[CSV_NCOLUMNS + 1];
  int nf = 0, want = format == 1 ? CSV_NCOLUMNS - 1 : CSV_NCOLUMNS;
  char *s = r->line;
  for (;;) {
    int at = nf + (format == 1 && nf >= C_ACCESS);  // format 1: the columns after sigma move up one
    if (at <= CSV_NCOLUMNS)
      f[at] = s;
    nf++;
    char *comma = strchr(s, ',');
    if (!comma)
      break;
    *comma = 0;
    s = comma + 1;
  }
  if (nf != want)
    return csv_error(r, r->lineno, "expected %d comma-separated fields, found %d", want, nf);
  if (format == 1)
    f[C_ACCESS] = "rw";
  int line = r->lineno;
  uint64_t u[CSV_NCOLUMNS];
  double d[CSV_NCOLUMNS];
  for (int i = 0; i < CSV_NCOLUMNS; i++) {
    if (i == C_LAYOUT || i == C_ACCESS)
      continue;
    if (i >= C_MEDIAN && i <= C_MAX) {
      if (!parse_ms(f[i], &d[i]))
        return csv_error(r, line, "field '%s' is not a number: '%s'", column_names[i], f[i]);
    } else if (!parse_u64(f[i], &u[i])) {
      return csv_error(r, line, "field '%s' is not a non-negative integer: '%s'", column_names[i], f[i]);
    }
  }
  memset(row, 0, sizeof *row);
  row->line = line;
  if (u[C_M] < 1 || u[C_M] > UINT32_MAX)
    return csv_error(r, line, "m must be at least 1, not %s", f[C_M]);
  if (u[C_FIELD_BYTES] < 1 || u[C_FIELD_BYTES] > UINT32_MAX)
    return csv_error(r, line, "field_bytes must be at least 1, not %s", f[C_FIELD_BYTES]);
  row->m = (uint32_t)u[C_M];
  row->field_bytes = (uint32_t)u[C_FIELD_BYTES];
  row->sigma = u[C_SIGMA];
  if (u[C_SIGMA] != u[C_M] * u[C_FIELD_BYTES])
    return csv_error(r, line, "sigma %s is not m x field_bytes = %s x %s", f[C_SIGMA], f[C_M], f[C_FIELD_BYTES]);
  row->access = KD_NACCESS;
  for (int a = 0; a < KD_NACCESS; a++)
    if (!strcmp(f[C_ACCESS], kd_access_name((KdAccessPattern)a)))
      row->access = (KdAccessPattern)a;
  if (row->access == KD_NACCESS)
    return csv_error(r, line, "unknown access pattern '%s' (expected rw, split, one or reduce)", f[C_ACCESS]);
  if (row->access != KD_ACCESS_RW && row->m < 2)
    return csv_error(r, line, "access pattern %s needs m >= 2, not %s", f[C_ACCESS], f[C_M]);
  row->used = kd_access_used_permille(row->access, row->m, row->field_bytes);
  if (u[C_N] < 1)
    return csv_error(r, line, "n must be at least 1");
  row->n = u[C_N];
  row->elements = u[C_ELEMENTS];
  row->threads = u[C_THREADS];
  uint64_t tile = u[C_TILE];
  const char *layout = f[C_LAYOUT];
  KdLayoutChoice c;
  if (kd_layout_parse(layout, KD_LAYOUT_STYLE_FILE, &c) != 0)
    return csv_error(r, line, "unknown layout '%s' (expected aos, soa or tiled)", layout);
  if (c.kind == KD_LAYOUT_AOS && tile != 1)
    return csv_error(r, line, "layout aos needs tile 1, not %s", f[C_TILE]);
  if (c.kind == KD_LAYOUT_SOA && tile != 0)
    return csv_error(r, line, "layout soa needs tile 0, not %s", f[C_TILE]);
  if (c.kind == KD_LAYOUT_TILED && (tile < 2 || tile > 32768 || (tile & (tile - 1))))
    return csv_error(r, line, "layout tiled needs a tile that is a power of two from 2 to 32768, not %s", f[C_TILE]);
  if (c.kind == KD_LAYOUT_TILED)
    c.tile = (uint32_t)tile;
  row->cls = kd_class_of(c);
  assert(row->cls >= 0);
  row->median_ms = d[C_MEDIAN];
  row->min_ms = d[C_MIN];
  row->max_ms = d[C_MAX];
  if (!(row->median_ms > 0))
    return csv_error(r, line, "median_ms must be positive, not %s", f[C_MEDIAN]);
  if (!(row->min_ms >= 0 && row->min_ms <= row->median_ms && row->median_ms <= row->max_ms))
    return csv_error(r, line, "times must satisfy 0 <= min_ms <= median_ms <= max_ms (%s, %s, %s)", f[C_MIN],
                     f[C_MEDIAN], f[C_MAX]);
  if (u[C_VERIFIED] == 0)
    return csv_error(r, line, "verified = 0: this variant's result did not match; unverified timings are never trained on");
  if (u[C_VERIFIED] != 1)
    return csv_error(r, line, "verified must be 0 or 1, not %s", f[C_VERIFIED]);
  return 0;
}

/* Row order for finding duplicates and grouping kernels: (sigma, m,
 * field_bytes, φ descending, access, line).  Within one (σ, m) kernels of
 * one φ are then adjacent (m = 2's split and one share φ = 500), so are
 * kernels of one (σ, σ_min, φ). */
static int cmp_rows(const void *a, const void *b) {
  const KdTimingRow *x = *(const KdTimingRow *const *)a, *y = *(const KdTimingRow *const *)b;
#define CMP(f)                                                                                                         \
  if (x->f != y->f)                                                                                                    \
    return x->f < y->f ? -1 : 1;
  CMP(sigma)
  CMP(m)
  CMP(field_bytes)
  if (x->used != y->used)
    return x->used > y->used ? -1 : 1;
  CMP(access)
  CMP(n)
  CMP(cls)
  CMP(line)
#undef CMP
  return 0;
}

static bool same_variant(const KdTimingRow *x, const KdTimingRow *y) {
  return x->m == y->m && x->field_bytes == y->field_bytes && x->access == y->access && x->n == y->n &&
         x->cls == y->cls;
}

/* The rows sorted by cmp_rows (pointers into t->rows). */
static const KdTimingRow **sorted_rows(const KdTimings *t) {
  const KdTimingRow **v = kd_xmalloc((size_t)(t->nrows ? t->nrows : 1) * sizeof *v);
  for (int i = 0; i < t->nrows; i++)
    v[i] = &t->rows[i];
  qsort(v, (size_t)t->nrows, sizeof *v, cmp_rows);  // total order (line is unique): stable
  return v;
}

int kd_timings_parse(const char *text, size_t len, KdTimings **out, int *errline, char *err, size_t errlen) {
  *out = NULL;
  *errline = 0;
  if (errlen)
    err[0] = 0;
  CsvReader r = {text, text + len, 0, NULL, errline, err, errlen};
  KdTimings *t = kd_xcalloc(1, sizeof *t);
  int cap = 0;
  bool seen[NHEADER_KEYS] = {0};
  int rc = -1;
  int got = csv_next(&r);
  if (got < 0)
    goto done;
  int format = got == 0 ? 0 : !strcmp(r.line, CSV_FIRST_LINE_1) ? 1 : !strcmp(r.line, CSV_FIRST_LINE_2) ? 2 : 0;
  if (format == 0) {
    csv_error(&r, 1, "first line must be '" CSV_FIRST_LINE_2 "' (or format 1's)");
    goto done;
  }
  const char *columns = format == 1 ? CSV_COLUMNS_1 : CSV_COLUMNS_2;
  // header lines, up to the first line that does not start with '#'
  while ((got = csv_next_nonblank(&r)) == 1 && r.line[0] == '#')
    if (parse_header_line(&r, t, seen) < 0)
      goto done;
  if (got < 0)
    goto done;
  int column_line = got ? r.lineno : r.lineno + 1;
  for (int k = 0; k < NHEADER_KEYS; k++)
    if (!seen[k]) {
      csv_error(&r, column_line, "missing required header line '# %s: ...'", header_keys[k].name);
      goto done;
    }
  if (got == 0 || strcmp(r.line, columns)) {
    csv_error(&r, column_line, "expected the column line '%s'", columns);
    goto done;
  }
  while ((got = csv_next_nonblank(&r)) == 1) {
    KD_GROW(t->rows, cap, t->nrows + 1);
    if (parse_row(&r, format, &t->rows[t->nrows]) < 0)
      goto done;
    t->nrows++;
  }
  if (got < 0)
    goto done;
  if (t->nrows == 0) {
    csv_error(&r, column_line, "no timing rows after the column line");
    goto done;
  }
  // duplicates: report the one whose second row comes first in the file
  const KdTimingRow **v = sorted_rows(t);
  const KdTimingRow *dup = NULL, *orig = NULL;
  for (int i = 1; i < t->nrows; i++)
    if (same_variant(v[i - 1], v[i]) && (!dup || v[i]->line < dup->line))
      dup = v[i];
  if (dup) {
    for (int i = 0; i < t->nrows && !orig; i++)  // the variant's first row in the file
      if (same_variant(&t->rows[i], dup))
        orig = &t->rows[i];
    csv_error(&r, dup->line, "duplicate row for m=%u field_bytes=%u access %s n=%llu layout %s (first at line %d)",
              dup->m, dup->field_bytes, kd_access_name(dup->access), (unsigned long long)dup->n,
              kd_class_name(dup->cls), orig->line);
    free(v);
    goto done;
  }
  free(v);
  rc = 0;
done:
  free(r.line);
  if (rc == 0)
    *out = t;
  else
    kd_timings_free(t);
  return rc;
}

void kd_timings_free(KdTimings *t) {
  if (!t)
    return;
  free(t->device);
  free(t->compute_capability);
  free(t->date);
  free(t->kdlg_opt_version);
  free(t->rows);
  free(t);
}

// ---- training set ----

/* AoS wins kernel k by the profitability margin: measured, and within
 * min_gain of the fastest variant (or the fastest itself); min_gain = 1:
 * never, the paper's patterns. */
static bool aos_by_gain(const KdKernel *k, double min_gain) {
  return min_gain > 1 && k->ms[KD_CLASS_AOS] >= 0 && k->ms[KD_CLASS_AOS] <= min_gain * k->ms[k->fastest];
}

/* (learnInt.h) */
int kd_cal_kernel_patterns(const KdKernel *k, double min_gain, KdPattern *out) {
  KdPattern p = {{[KD_ATTR_SIGMA_C] = k->sigma, [KD_ATTR_SIGMA_MIN] = k->field_bytes, [KD_ATTR_USED] = k->used},
                 KD_CLASS_AOS};
  if (aos_by_gain(k, min_gain)) {
    out[0] = p;
    return 1;
  }
  double limit = KD_PATTERN_TOLERANCE * k->ms[k->fastest];
  int n = 0;
  for (p.cls = 0; p.cls < KD_NCLASSES; p.cls++)
    if (k->ms[p.cls] >= 0 && (p.cls == k->fastest || k->ms[p.cls] <= limit))
      out[n++] = p;
  return n;
}

KdTrainingSet *kd_training_build(const KdTimings *t, double min_gain) {
  KdTrainingSet *s = kd_xcalloc(1, sizeof *s);
  const KdTimingRow **v = sorted_rows(t);
  s->nrows = t->nrows;
  s->min_gain = min_gain;
  s->kernels = kd_xcalloc((size_t)(t->nrows ? t->nrows : 1), sizeof(KdKernel));
  s->patterns = kd_xcalloc((size_t)(t->nrows ? t->nrows : 1), sizeof(KdPattern));  // at most one per row
  for (int i = 0; i < t->nrows;) {
    KdKernel *k = &s->kernels[s->nkernels++];
    k->m = v[i]->m;
    k->field_bytes = v[i]->field_bytes;
    k->sigma = v[i]->sigma;
    k->access = v[i]->access;
    k->used = v[i]->used;
    k->n = v[i]->n;
    for (int c = 0; c < KD_NCLASSES; c++)
      k->ms[c] = -1;
    for (; i < t->nrows && v[i]->m == k->m && v[i]->field_bytes == k->field_bytes && v[i]->access == k->access &&
           v[i]->n == k->n;
         i++)
      k->ms[v[i]->cls] = v[i]->median_ms;  // no duplicates: kd_timings_parse rejected them
    k->fastest = -1;
    for (int c = 0; c < KD_NCLASSES; c++)
      if (k->ms[c] >= 0 && (k->fastest < 0 || k->ms[c] < k->ms[k->fastest]))
        k->fastest = c;
    assert(k->fastest >= 0);
    s->npatterns += kd_cal_kernel_patterns(k, min_gain, s->patterns + s->npatterns);
    s->aos_by_gain += aos_by_gain(k, min_gain);
    if (s->nkernels == 1 || k->sigma != k[-1].sigma)
      s->nsigmas++;
    if (s->nkernels == 1 || k->sigma != k[-1].sigma || k->field_bytes != k[-1].field_bytes || k->used != k[-1].used)
      s->ngroups++;  // sorted by (σ, m, field_bytes, φ descending, ...): one σ and field_bytes are one m
  }
  free(v);
  return s;
}

void kd_training_free(KdTrainingSet *s) {
  if (!s)
    return;
  free(s->kernels);
  free(s->patterns);
  free(s);
}
