/* learn.c: the raw timings CSV, the training patterns and the C5.0-style
 * decision-tree learner for Select-Tilesize(σ(c), σ_min, φ) (Kofler et al.
 * 2015, Sect. 3.2; method-notes §4).  The learner follows C4.5 Release 8
 * (Quinlan's build.c, contin.c, info.c, prune.c, stats.c) with its
 * defaults, which C5.0 shares: MINOBJS 2, CF 0.25; docs/decision-tree.md
 * describes it. */
#include "tool/calibrate/learn.h"
#include "analysis/mem.h"
#include "analysis/usage.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

// ---- classes ----

int kd_class_of(KdLayoutChoice c) {
  switch (c.kind) {
  case KD_LAYOUT_AOS:
    return c.tile == 1 ? KD_CLASS_AOS : -1;
  case KD_LAYOUT_SOA:
    return c.tile == 0 ? KD_CLASS_SOA : -1;
  case KD_LAYOUT_TILED:
    for (int k = 1; k <= 15; k++)
      if (c.tile == (1u << k))
        return 1 + k;
    return -1;
  }
  return -1;
}

KdLayoutChoice kd_class_choice(int cls) {
  assert(cls >= 0 && cls < KD_NCLASSES);
  if (cls == KD_CLASS_AOS)
    return (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
  if (cls == KD_CLASS_SOA)
    return (KdLayoutChoice){.kind = KD_LAYOUT_SOA, .tile = 0};
  return (KdLayoutChoice){.kind = KD_LAYOUT_TILED, .tile = 1u << (cls - 1)};
}

const char *kd_class_name(int cls) {
  static char names[KD_NCLASSES][16];  // each written on first use: "tiled:32768" at the longest
  if (cls < 0 || cls >= KD_NCLASSES)
    return "?";
  if (!names[cls][0])
    kd_layout_format(names[cls], sizeof names[cls], kd_class_choice(cls), KD_LAYOUT_STYLE_CLI);
  return names[cls];
}

// ---- access patterns ----

const char *kd_access_name(KdAccessPattern a) {
  switch (a) {
  case KD_ACCESS_RW:
    return "rw";
  case KD_ACCESS_SPLIT:
    return "split";
  case KD_ACCESS_ONE:
    return "one";
  case KD_ACCESS_REDUCE:
    return "reduce";
  case KD_NACCESS:
    break;
  }
  return "?";
}

uint32_t kd_access_used_permille(KdAccessPattern a, uint32_t m, uint32_t field_bytes) {
  double s = field_bytes, sigma = (double)m * s;
  uint32_t loads = a == KD_ACCESS_RW || a == KD_ACCESS_REDUCE ? m : a == KD_ACCESS_SPLIT ? (m + 1) / 2 : 1;
  uint32_t stores = a == KD_ACCESS_RW ? m : a == KD_ACCESS_SPLIT ? m / 2 : 1;
  KdUse u = {0, 0};  // usage.h's sum, N = 1 for each direction
  kd_use_add(&u, loads ? 1 : 0, loads * s, sigma);
  kd_use_add(&u, stores ? 1 : 0, stores * s, sigma);
  return kd_used_permille(u.used, u.moved);
}

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

/* Appends the patterns of kernel k to out (room for KD_NCLASSES); returns
 * how many: the fastest variant and every one within 1 % of it, in class
 * order (Sect. 3.2); AoS alone when AoS is within the margin min_gain of
 * the fastest (kd_training_build). */
static int kernel_patterns(const KdKernel *k, double min_gain, KdPattern *out) {
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
    s->npatterns += kernel_patterns(k, min_gain, s->patterns + s->npatterns);
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

// ---- the learner ----

/* C4.5's AddErrs (stats.c): the coefficient is the normal deviate for the
 * one-sided confidence CF, interpolated in C4.5's table, squared. */
static double add_errs_coeff(void) {
  static const double val[] = {0, 0.001, 0.005, 0.01, 0.05, 0.10, 0.20, 0.40, 1.00};
  static const double dev[] = {4.0, 3.09, 2.58, 2.33, 1.65, 1.28, 0.84, 0.25, 0.00};
  int i = 0;
  while (KD_LEARN_CF > val[i])
    i++;
  double d = dev[i - 1] + (dev[i] - dev[i - 1]) * (KD_LEARN_CF - val[i - 1]) / (val[i] - val[i - 1]);
  return d * d;
}

double kd_add_errs(double n, double e) {
  const double cf = KD_LEARN_CF;
  if (e < 1e-6)
    return n * (1 - exp(log(cf) / n));
  if (e < 0.9999) {
    double v0 = n * (1 - exp(log(cf) / n));
    return v0 + e * (kd_add_errs(n, 1.0) - v0);
  }
  if (e + 0.5 >= n)
    return 0.67 * (n - e);
  double coeff = add_errs_coeff();
  double pr = (e + 0.5 + coeff / 2 + sqrt(coeff * ((e + 0.5) * (1 - (e + 0.5) / n) + coeff / 4))) / (n + coeff);
  return n * pr - e;
}

#define GAIN_EPS 1e-9  // gains (or gain ratios) closer than this are equal: the earlier threshold (attribute) wins

typedef struct LNode {
  bool leaf;
  int cls;             // majority class of the node's cases (ties: class order)
  int ncases, errors;  // cases, and cases not of class cls
  KdAttribute attr;    // inner: the attribute tested
  uint64_t threshold;  // inner: x[attr] <= threshold goes to le
  struct LNode *le, *gt;
} LNode;

/* The best threshold test on one attribute at one node (C4.5
 * EvalContinuousAtt). */
typedef struct Test {
  bool ok;             // some threshold has a corrected gain > 0
  int tries;           // candidate thresholds (cuts leaving MINOBJS cases on each side)
  double cost;         // C4.5 R8's MDL charge log2(tries) / N, bits
  double gain;         // the best threshold's gain before the charge, bits
  double splitinfo;    // its split info, bits
  uint64_t threshold;  // the largest attribute value at or below the cut
  int nle;             // cases at or below the cut
} Test;

typedef struct Learner {
  KdPattern *cases;          // a node's cases are a contiguous range, sorted by the attribute last evaluated
  double *gain, *splitinfo;  // per cut point, scratch
  unsigned attrs;            // KD_ATTR_BIT()s the tree may test
  FILE *log;
} Learner;

static void free_lnode(LNode *n) {
  if (!n)
    return;
  free_lnode(n->le);
  free_lnode(n->gt);
  free(n);
}

/* Entropy (bits) of the class counts with total n. */
static double info(const int *counts, int n) {
  double h = 0;
  for (int c = 0; c < KD_NCLASSES; c++)
    if (counts[c] > 0) {
      double p = (double)counts[c] / n;
      h -= p * log2(p);
    }
  return h;
}

static void log_counts(FILE *f, const int *counts) {
  const char *sep = "";
  for (int c = 0; c < KD_NCLASSES; c++)
    if (counts[c]) {
      fprintf(f, "%s%s %d", sep, kd_class_name(c), counts[c]);
      sep = ", ";
    }
}

/* Case order for evaluating attribute a: (x[a], class, then every
 * attribute in order), a total order on the cases' contents, so that a
 * node's order does not depend on the order of the input. */
static int cmp_cases(const KdPattern *x, const KdPattern *y, int a) {
  if (x->x[a] != y->x[a])
    return x->x[a] < y->x[a] ? -1 : 1;
  if (x->cls != y->cls)
    return x->cls < y->cls ? -1 : 1;
  for (int b = 0; b < KD_NATTRS; b++)
    if (x->x[b] != y->x[b])
      return x->x[b] < y->x[b] ? -1 : 1;
  return 0;
}

static int cmp_sigma_c(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_SIGMA_C);
}

static int cmp_sigma_min(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_SIGMA_MIN);
}

static int cmp_used(const void *a, const void *b) {
  return cmp_cases(a, b, KD_ATTR_USED);
}

static int (*const cmp_by[KD_NATTRS])(const void *, const void *) = {cmp_sigma_c, cmp_sigma_min, cmp_used};

/* Subtree training errors (C4.5: a subtree no better than a leaf on the
 * training cases is collapsed). */
static int tree_errors(const LNode *n) {
  return n->leaf ? n->errors : tree_errors(n->le) + tree_errors(n->gt);
}

/* The best threshold on attribute a for cases [lo, hi) with class counts
 * `counts` and entropy `base` (C4.5 R8 EvalContinuousAtt): every cut
 * between two adjacent distinct values leaving >= MINOBJS cases on each
 * side is a candidate; the one with the highest gain - log2(tries)/N, if
 * that is > 0, is the attribute's test (equal within GAIN_EPS: the
 * smallest threshold).  Leaves [lo, hi) sorted by a. */
static Test evaluate(Learner *L, KdAttribute a, int lo, int hi, double base, const int *counts) {
  KdPattern *x = L->cases;
  int N = hi - lo;
  Test t = {0};
  qsort(x + lo, (size_t)N, sizeof *x, cmp_by[a]);
  int left[KD_NCLASSES] = {0}, right[KD_NCLASSES];
  memcpy(right, counts, sizeof right);
  for (int i = lo; i < hi - 1; i++)
    L->gain[i] = -1;  // not a candidate (the scratch array holds other nodes' gains)
  for (int i = lo; i < hi - 1; i++) {
    left[x[i].cls]++;
    right[x[i].cls]--;
    int nl = i - lo + 1, nr = N - nl;
    if (nl < KD_LEARN_MINOBJS)
      continue;
    if (nr < KD_LEARN_MINOBJS)
      break;
    if (x[i].x[a] == x[i + 1].x[a])
      continue;
    L->gain[i] = base - ((double)nl * info(left, nl) + (double)nr * info(right, nr)) / N;
    int sizes[KD_NCLASSES] = {nl, nr};  // the two branches as two "classes"
    L->splitinfo[i] = info(sizes, N);
    t.tries++;
  }
  if (t.tries == 0)
    return t;
  // C4.5 Release 8: the threshold's cost log2(tries)/N is charged to its gain (MDL)
  t.cost = log2((double)t.tries) / N;
  double best = 0;
  int best_i = -1;
  for (int i = lo; i < hi - 1; i++)
    if (L->gain[i] >= 0 && L->gain[i] - t.cost > best + GAIN_EPS) {
      best = L->gain[i] - t.cost;
      best_i = i;
    }
  if (best_i < 0)
    return t;
  t.ok = true;
  t.gain = L->gain[best_i];
  t.splitinfo = L->splitinfo[best_i];
  t.threshold = x[best_i].x[a];  // the largest value at or below the cut (C4.5's GreatestValueBelow)
  t.nle = best_i + 1 - lo;
  return t;
}

static void log_test(FILE *f, int depth, KdAttribute a, const Test *t, int N) {
  const char *name = kd_attribute_name(a);
  if (t->tries == 0)
    fprintf(f, "%*s  %s: no threshold leaves %d cases on both sides\n", 2 * depth, "", name, KD_LEARN_MINOBJS);
  else if (!t->ok)
    fprintf(f, "%*s  %s: no threshold has gain > log2(%d)/%d = %.6f\n", 2 * depth, "", name, t->tries, N, t->cost);
  else
    fprintf(f, "%*s  %s <= %llu: %d | %d cases, gain %.6f - log2(%d)/%d = %.6f, split info %.6f, gain ratio %.6f\n",
            2 * depth, "", name, (unsigned long long)t->threshold, t->nle, N - t->nle, t->gain, t->tries, N,
            t->gain - t->cost, t->splitinfo, (t->gain - t->cost) / t->splitinfo);
}

/* Grows the tree on cases [lo, hi) (C4.5 R8 FormTree with
 * EvalContinuousAtt per attribute). */
static LNode *grow(Learner *L, int lo, int hi, int depth) {
  LNode *node = kd_xcalloc(1, sizeof *node);
  const KdPattern *x = L->cases;
  int N = hi - lo;
  int counts[KD_NCLASSES] = {0};
  for (int i = lo; i < hi; i++)
    counts[x[i].cls]++;
  node->leaf = true;
  node->ncases = N;
  node->cls = 0;
  for (int c = 1; c < KD_NCLASSES; c++)
    if (counts[c] > counts[node->cls])
      node->cls = c;
  node->errors = N - counts[node->cls];
  if (L->log) {
    fprintf(L->log, "%*snode: %d cases", 2 * depth, "", N);
    for (int a = 0; a < KD_NATTRS; a++)
      if (L->attrs & KD_ATTR_BIT(a)) {
        uint64_t vmin = x[lo].x[a], vmax = x[lo].x[a];
        for (int i = lo; i < hi; i++) {
          vmin = x[i].x[a] < vmin ? x[i].x[a] : vmin;
          vmax = x[i].x[a] > vmax ? x[i].x[a] : vmax;
        }
        fprintf(L->log, ", %s %llu..%llu", kd_attribute_name((KdAttribute)a), (unsigned long long)vmin,
                (unsigned long long)vmax);
      }
    fprintf(L->log, ": ");
    log_counts(L->log, counts);
    fprintf(L->log, "; majority %s, %d errors\n", kd_class_name(node->cls), node->errors);
  }
  if (N < 2 * KD_LEARN_MINOBJS || node->errors == 0) {
    if (L->log)
      fprintf(L->log, "%*s  leaf %s (%s)\n", 2 * depth, "", kd_class_name(node->cls),
              node->errors == 0 ? "pure" : "fewer than 2*MINOBJS cases");
    return node;
  }
  // every attribute's best threshold, and their average corrected gain (C4.5 R8 FormTree)
  double base = info(counts, N);
  Test tests[KD_NATTRS] = {{0}};
  int possible = 0, sorted_by = -1;
  double avg = 0;
  for (int a = 0; a < KD_NATTRS; a++) {
    if (!(L->attrs & KD_ATTR_BIT(a)))
      continue;
    tests[a] = evaluate(L, (KdAttribute)a, lo, hi, base, counts);
    sorted_by = a;
    if (L->log)
      log_test(L->log, depth, (KdAttribute)a, &tests[a], N);
    if (tests[a].ok) {
      possible++;
      avg += tests[a].gain - tests[a].cost;
    }
  }
  // among the tests with at least the average gain (less C4.5's Epsilon), the highest gain ratio
  int best = -1;
  double best_ratio = 0;
  if (possible > 0) {
    avg /= possible;
    for (int a = 0; a < KD_NATTRS; a++) {
      const Test *t = &tests[a];
      if (!t->ok || t->gain - t->cost < avg - KD_LEARN_EPSILON || t->splitinfo <= KD_LEARN_EPSILON)
        continue;
      double ratio = (t->gain - t->cost) / t->splitinfo;
      if (best < 0 || ratio > best_ratio + GAIN_EPS) {
        best = a;
        best_ratio = ratio;
      }
    }
  }
  if (best < 0) {
    if (L->log)
      fprintf(L->log, "%*s  leaf %s (no test has a positive gain)\n", 2 * depth, "", kd_class_name(node->cls));
    return node;
  }
  const Test *t = &tests[best];
  if (sorted_by != best)
    qsort(L->cases + lo, (size_t)N, sizeof *L->cases, cmp_by[best]);
  node->attr = (KdAttribute)best;
  node->threshold = t->threshold;
  if (L->log)
    fprintf(L->log, "%*s  split %s <= %llu (gain ratio %.6f; average gain %.6f of %d test%s)\n", 2 * depth, "",
            kd_attribute_name(node->attr), (unsigned long long)node->threshold, best_ratio, avg, possible,
            possible == 1 ? "" : "s");
  node->leaf = false;
  int cut = lo + t->nle;
  node->le = grow(L, lo, cut, depth + 1);
  node->gt = grow(L, cut, hi, depth + 1);
  int sub = tree_errors(node);
  if (sub >= node->errors) {
    if (L->log)
      fprintf(L->log, "%*s  collapse %s <= %llu to leaf %s: subtree makes %d training errors, a leaf %d\n",
              2 * depth, "", kd_attribute_name(node->attr), (unsigned long long)node->threshold,
              kd_class_name(node->cls), sub, node->errors);
    free_lnode(node->le);
    free_lnode(node->gt);
    node->le = node->gt = NULL;
    node->leaf = true;
  }
  return node;
}

/* C4.5's pessimistic pruning (prune.c EstimateErrors, without subtree
 * raising), bottom-up; returns the node's estimated errors. */
static double prune(Learner *L, LNode *n, int depth) {
  double as_leaf = n->errors + kd_add_errs(n->ncases, n->errors);
  if (n->leaf)
    return as_leaf;
  double sub = prune(L, n->le, depth + 1) + prune(L, n->gt, depth + 1);
  bool cut = as_leaf <= sub + 0.1;
  if (L->log)
    fprintf(L->log, "%*sprune %s <= %llu (%d cases): as leaf %s %.4f, subtree %.4f: %s\n", 2 * depth, "",
            kd_attribute_name(n->attr), (unsigned long long)n->threshold, n->ncases, kd_class_name(n->cls), as_leaf,
            sub, cut ? "replaced by the leaf" : "kept");
  if (!cut)
    return sub;
  free_lnode(n->le);
  free_lnode(n->gt);
  n->le = n->gt = NULL;
  n->leaf = true;
  return as_leaf;
}

/* Bottom-up: a split whose two branches are leaves of one class becomes
 * that leaf. */
static void merge(Learner *L, LNode *n) {
  if (n->leaf)
    return;
  merge(L, n->le);
  merge(L, n->gt);
  if (n->le->leaf && n->gt->leaf && n->le->cls == n->gt->cls) {
    if (L->log)
      fprintf(L->log, "merge %s <= %llu: both sides %s\n", kd_attribute_name(n->attr),
              (unsigned long long)n->threshold, kd_class_name(n->le->cls));
    n->cls = n->le->cls;
    free_lnode(n->le);
    free_lnode(n->gt);
    n->le = n->gt = NULL;
    n->leaf = true;
  }
}

static int count_nodes(const LNode *n) {
  return n->leaf ? 1 : 1 + count_nodes(n->le) + count_nodes(n->gt);
}

/* Writes n and its subtree into m->nodes in preorder; returns n's index. */
static int flatten(const LNode *n, KdDeviceModel *m) {
  int idx = m->nnodes++;
  KdTreeNode *t = &m->nodes[idx];
  t->leaf = n->leaf;
  if (n->leaf) {
    t->choice = kd_class_choice(n->cls);
    return idx;
  }
  t->attribute = n->attr;
  t->threshold = n->threshold;
  int le = flatten(n->le, m);
  int gt = flatten(n->gt, m);
  m->nodes[idx].le = le;
  m->nodes[idx].gt = gt;
  return idx;
}

KdDeviceModel *kd_learn(const KdPattern *patterns, int npatterns, unsigned attributes, FILE *log) {
  KdDeviceModel *m = kd_xcalloc(1, sizeof *m);
  m->source = kd_xstrdup("trained");
  attributes &= KD_ATTRS_ALL;
  if (!attributes)
    attributes = KD_ATTR_BIT(KD_ATTR_SIGMA_C);
  if (npatterns <= 0) {
    m->nodes = kd_xcalloc(1, sizeof(KdTreeNode));
    m->nnodes = 1;
    m->nodes[0] = (KdTreeNode){.leaf = true, .choice = kd_class_choice(KD_CLASS_AOS)};
    if (log)
      fprintf(log, "no training patterns: a single aos leaf\n");
    return m;
  }
  KdPattern *cases = kd_xmalloc((size_t)npatterns * sizeof *cases);
  Learner L = {cases, kd_xmalloc((size_t)npatterns * sizeof(double)), kd_xmalloc((size_t)npatterns * sizeof(double)),
               attributes, log};
  memcpy(cases, patterns, (size_t)npatterns * sizeof *cases);
  if (log) {
    fprintf(log, "growing (MINOBJS %d) on %d patterns, attributes", KD_LEARN_MINOBJS, npatterns);
    for (int a = 0; a < KD_NATTRS; a++)
      if (attributes & KD_ATTR_BIT(a))
        fprintf(log, " %s", kd_attribute_name((KdAttribute)a));
    fprintf(log, "\n");
  }
  LNode *root = grow(&L, 0, npatterns, 0);
  if (log)
    fprintf(log, "pruning (CF %.2f)\n", KD_LEARN_CF);
  prune(&L, root, 0);
  merge(&L, root);
  m->nodes = kd_xcalloc((size_t)count_nodes(root), sizeof(KdTreeNode));
  flatten(root, m);
  free_lnode(root);
  free(cases);
  free(L.gain);
  free(L.splitinfo);
  return m;
}

// ---- intervals ----

typedef KD_VEC(KdInterval) BoxList;

/* Appends a box, or extends the last one when it is of the same band and
 * class (the walk visits a band's σ(c) intervals in order, contiguously). */
static void push_box(BoxList *l, KdInterval b) {
  if (l->n > 0) {
    KdInterval *last = &l->v[l->n - 1];
    if (last->min_lo == b.min_lo && last->used_lo == b.used_lo && last->cls == b.cls) {
      last->hi = b.hi;
      return;
    }
  }
  kd_vec_push(l, b);
}

/* In-order walk of node i for σ_min = band.min_lo and φ = band.used_lo
 * (every σ_min and φ test is the same over the band) restricted to
 * lo <= σ(c) <= hi. */
static void walk_band(const KdDeviceModel *m, int i, uint64_t lo, uint64_t hi, KdInterval band, BoxList *l) {
  const KdTreeNode *n = &m->nodes[i];
  if (n->leaf) {
    push_box(l, (KdInterval){lo, hi, band.min_lo, band.min_hi, band.used_lo, band.used_hi, kd_class_of(n->choice)});
    return;
  }
  uint64_t t = n->threshold;
  if (n->attribute == KD_ATTR_SIGMA_MIN) {
    walk_band(m, band.min_lo <= t ? n->le : n->gt, lo, hi, band, l);
    return;
  }
  if (n->attribute == KD_ATTR_USED) {
    walk_band(m, band.used_lo <= t ? n->le : n->gt, lo, hi, band, l);
    return;
  }
  if (lo <= t)
    walk_band(m, n->le, lo, t < hi ? t : hi, band, l);
  if (t < hi)
    walk_band(m, n->gt, t + 1 > lo ? t + 1 : lo, hi, band, l);
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Whether the boxes p[0..np) of the previous band say the same as the
 * boxes c[0..nc) of the band that starts at σ_min = from, over σ(c) >= from. */
static bool same_above(const KdInterval *p, int np, const KdInterval *c, int nc, uint64_t from) {
  while (np > 0 && p->hi < from) {
    p++;
    np--;
  }
  if (np != nc)
    return false;
  for (int j = 0; j < nc; j++)
    if (p[j].cls != c[j].cls || p[j].hi != c[j].hi || (j > 0 && p[j].lo != c[j].lo))
      return false;
  return true;
}

/* The bands the tests of m's tree on attribute a cut that attribute's axis
 * into, in increasing order: band b is lo[b] <= a <= hi[b] (UINT64_MAX: no
 * upper limit); one band, 0 .. UINT64_MAX, for an attribute no node tests.
 * cuts, lo and hi have room for m->nnodes + 1 entries; returns the number
 * of bands. */
static int tree_bands(const KdDeviceModel *m, KdAttribute a, uint64_t *cuts, uint64_t *lo, uint64_t *hi) {
  int ncuts = 0;
  for (int i = 0; i < m->nnodes; i++)
    if (!m->nodes[i].leaf && m->nodes[i].attribute == a)
      cuts[ncuts++] = m->nodes[i].threshold;
  qsort(cuts, (size_t)ncuts, sizeof *cuts, cmp_u64);
  int n = 0;
  for (int b = 0; b <= ncuts; b++) {
    if (b > 0 && (cuts[b - 1] == UINT64_MAX || (b < ncuts && cuts[b] == cuts[b - 1])))
      continue;  // a repeated cut, or nothing above the last one
    lo[n] = b > 0 ? cuts[b - 1] + 1 : 0;
    hi[n++] = b < ncuts ? cuts[b] : UINT64_MAX;
  }
  return n;
}

/* Whether boxes p[0..n) and c[0..n) agree in everything but their φ band. */
static bool same_boxes(const KdInterval *p, const KdInterval *c, int n) {
  for (int j = 0; j < n; j++)
    if (p[j].lo != c[j].lo || p[j].hi != c[j].hi || p[j].min_lo != c[j].min_lo || p[j].min_hi != c[j].min_hi ||
        p[j].cls != c[j].cls)
      return false;
  return true;
}

/* The σ_min bands (lo[0..n), hi[0..n)) of the φ band [used_lo, used_hi], appended to l. */
static void used_band(const KdDeviceModel *m, const uint64_t *lo, const uint64_t *hi, int n, uint64_t used_lo,
                      uint64_t used_hi, BoxList *l) {
  int prev = -1;  // index in l of the previous σ_min band's first box
  for (int b = 0; b < n; b++) {
    KdInterval band = {0, 0, lo[b], hi[b], used_lo, used_hi, -1};
    int first = l->n;
    walk_band(m, 0, band.min_lo, UINT64_MAX, band, l);
    if (prev >= 0 && same_above(l->v + prev, first - prev, l->v + first, l->n - first, band.min_lo)) {
      for (int j = prev; j < first; j++)
        l->v[j].min_hi = band.min_hi;
      l->n = first;
      continue;
    }
    prev = first;
  }
}

int kd_device_model_intervals(const KdDeviceModel *m, KdInterval *out, int max) {
  size_t room = (size_t)m->nnodes + 1;
  uint64_t *buf = kd_xmalloc(5 * room * sizeof *buf);  // cuts, then σ_min's bands, then φ's
  BoxList l = {0};
  uint64_t *cuts = buf, *mlo = buf + room, *mhi = buf + 2 * room, *ulo = buf + 3 * room, *uhi = buf + 4 * room;
  int nm = tree_bands(m, KD_ATTR_SIGMA_MIN, cuts, mlo, mhi), nu = tree_bands(m, KD_ATTR_USED, cuts, ulo, uhi);
  int prev = -1;  // index in l of the previous φ band's first box
  for (int b = 0; b < nu; b++) {
    int first = l.n;
    used_band(m, mlo, mhi, nm, ulo[b], uhi[b], &l);
    if (prev >= 0 && first - prev == l.n - first && same_boxes(l.v + prev, l.v + first, first - prev)) {
      for (int j = prev; j < first; j++)
        l.v[j].used_hi = uhi[b];
      l.n = first;
      continue;
    }
    prev = first;
  }
  free(buf);
  for (int j = 0; j < l.n && j < max; j++)
    out[j] = l.v[j];
  free(l.v);
  return l.n;
}

// ---- validation ----

KdValidation *kd_validate(const KdTrainingSet *s, unsigned attributes, bool *enough) {
  *enough = s->nsigmas >= 2;
  if (!*enough)
    return NULL;
  KdValidation *v = kd_xcalloc(1, sizeof *v);
  KdPattern *train = kd_xmalloc(((size_t)s->nkernels * KD_NCLASSES) * sizeof *train);
  v->held = kd_xcalloc((size_t)s->ngroups, sizeof *v->held);
  v->slowdown = kd_xcalloc((size_t)s->nkernels, sizeof *v->slowdown);
  v->predicted = kd_xcalloc((size_t)s->nkernels, sizeof *v->predicted);
  v->nkernels = s->nkernels;
  v->worst = 1;
  v->worst_kernel = -1;
  for (int first = 0; first < s->nkernels;) {
    uint64_t sigma = s->kernels[first].sigma;
    int end = first;
    while (end < s->nkernels && s->kernels[end].sigma == sigma)
      end++;
    v->nsigmas++;
    int ntrain = 0;
    for (int k = 0; k < s->nkernels; k++)
      if (s->kernels[k].sigma != sigma)
        ntrain += kernel_patterns(&s->kernels[k], s->min_gain, train + ntrain);
    KdDeviceModel *m = kd_learn(train, ntrain, attributes, NULL);
    // σ's kernels come by increasing m, so by decreasing σ_min, and within one m by
    // non-increasing φ: the groups from the last one
    int at = end;
    while (at > first) {
      KdHeldOut *h = &v->held[v->nheld++];
      const KdKernel *last = &s->kernels[at - 1];
      int k0 = at - 1;
      while (k0 > first && s->kernels[k0 - 1].field_bytes == last->field_bytes && s->kernels[k0 - 1].used == last->used)
        k0--;
      h->sigma = sigma;
      h->sigma_min = last->field_bytes;
      h->used = last->used;
      h->first = k0;
      h->count = at - k0;
      h->predicted = kd_class_of(kd_device_model_select(m, sigma, h->sigma_min, h->used));
      h->worst = 1;
      for (int k = k0; k < at; k++) {
        const KdKernel *kk = &s->kernels[k];
        v->predicted[k] = h->predicted;
        double t = kk->ms[h->predicted], best = kk->ms[kk->fastest];
        if (t < 0) {
          v->slowdown[k] = -1;
          h->unmeasured++;
          continue;
        }
        v->slowdown[k] = t / best;
        if (t <= KD_VALIDATE_TOLERANCE * best)
          h->ok++;
        if (v->slowdown[k] > h->worst)
          h->worst = v->slowdown[k];
        if (v->slowdown[k] > v->worst || (v->slowdown[k] == v->worst && v->worst_kernel > k && v->worst > 1)) {
          v->worst = v->slowdown[k];
          v->worst_kernel = k;
        }
      }
      v->ok += h->ok;
      v->unmeasured += h->unmeasured;
      at = k0;
    }
    kd_device_model_free(m);
    first = end;
  }
  assert(v->nsigmas == s->nsigmas && v->nheld == s->ngroups);
  free(train);
  return v;
}

void kd_validation_free(KdValidation *v) {
  if (!v)
    return;
  free(v->held);
  free(v->slowdown);
  free(v->predicted);
  free(v);
}

/* Whether kernels a and b have the same values of the attributes (σ(c)
 * always). */
static bool same_group(const KdKernel *a, const KdKernel *b, unsigned attributes) {
  return a->sigma == b->sigma && (!(attributes & KD_ATTR_BIT(KD_ATTR_SIGMA_MIN)) || a->field_bytes == b->field_bytes) &&
         (!(attributes & KD_ATTR_BIT(KD_ATTR_USED)) || a->used == b->used);
}

int kd_ceiling(const KdTrainingSet *s, unsigned attributes) {
  int total = 0;
  // kernels of one σ are adjacent: each group lies within its σ's range [lo, hi)
  for (int lo = 0, hi; lo < s->nkernels; lo = hi) {
    for (hi = lo; hi < s->nkernels && s->kernels[hi].sigma == s->kernels[lo].sigma; hi++)
      ;
    for (int g = lo; g < hi; g++) {
      const KdKernel *k0 = &s->kernels[g];
      bool seen = false;  // g is not the first kernel of its group
      for (int k = lo; k < g && !seen; k++)
        seen = same_group(&s->kernels[k], k0, attributes);
      if (seen)
        continue;
      int best = 0;
      for (int c = 0; c < KD_NCLASSES; c++) {
        int ok = 0;
        for (int k = g; k < hi; k++) {
          const KdKernel *kk = &s->kernels[k];
          if (same_group(kk, k0, attributes))
            ok += kk->ms[c] >= 0 && kk->ms[c] <= KD_VALIDATE_TOLERANCE * kk->ms[kk->fastest];
        }
        best = ok > best ? ok : best;
      }
      total += best;
    }
  }
  return total;
}
