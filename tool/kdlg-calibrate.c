/* kdlg-calibrate.c: the device-dependent part of the paper (Kofler et al.
 * 2015, Sect. 3.2 and Fig. 4): measure the training kernels on a GPU, train
 * Select-Tilesize(σ(c)) from the timings, validate the learner.
 *
 *   --measure        generate, build and time the training kernels (tool/calibrate/)
 *   --emit-kernels   only write the training kernels' sources
 *   --train          raw timings CSV ──▶ training patterns ──▶ C5.0-style tree ──▶ model JSON
 *   --validate       leave-one-σ-out accuracy of the learner on a timings CSV, against
 *                    the σ-only learner and the in-sample ceilings
 *
 * The tree tests σ(c) and σ_min (the smallest field's bytes) unless
 * --attributes sigma_c asks for the paper's σ-only tree
 * (docs/decision-tree.md).
 *
 * Formats: docs/calibration.md (CSV), docs/model-format.md (model),
 * docs/decision-tree.md (learner).  --train is a pure function of the CSV's
 * bytes: the model's date and version come from the CSV header, so training
 * twice gives the same file.
 *
 * Exit status: 0 success, 1 input error (bad CSV, measurement failed, output
 * not writable), 2 usage error.
 */
#define _GNU_SOURCE /* mkdtemp */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <nettle/sha2.h>

#include "../analysis/dtree.h"
#include "../analysis/mem.h"
#include "calibrate/learn.h"
#include "calibrate/measure.h"
#include "output.h"

#ifndef KDLG_OPT_VERSION
#define KDLG_OPT_VERSION "0.1.0"
#endif

#define LEARNER_NAME "C5.0-style, CF 0.25, MINOBJS 2"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

typedef enum Mode { MODE_NONE, MODE_MEASURE, MODE_EMIT, MODE_TRAIN, MODE_VALIDATE } Mode;

static const char *mode_option[] = {"", "--measure", "--emit-kernels", "--train", "--validate"};

typedef struct Options {
  Mode mode;
  const char *input;    // --train / --validate CSV, --emit-kernels DIR
  const char *output;   // -o
  bool quick;           // --quick
  bool verbose;         // --verbose
  const char *workdir;  // --workdir
  const char *nvcc;     // --nvcc
  const char *arch;     // --arch
  int jobs;             // --jobs, 0: default
  int repeats;          // --repeats, 0: default
  uint64_t bytes;       // --bytes, 0: default
  KdCalLang lang;       // --lang
  unsigned attributes;  // --attributes: KD_ATTR_BIT()s the tree may test
  double min_gain;      // --min-gain: the profitability margin of the training patterns
} Options;

static void usage(FILE *f) {
  fputs("usage: kdlg-calibrate --measure [--quick] [--workdir DIR] [--nvcc PATH] [--arch SM] [--jobs N]\n"
        "                      [--repeats N] [--bytes N] -o RAW.csv\n"
        "       kdlg-calibrate --emit-kernels DIR [--lang cuda|opencl] [--quick]\n"
        "       kdlg-calibrate --train RAW.csv -o MODEL.json [--attributes LIST] [--min-gain X] [--verbose]\n"
        "       kdlg-calibrate --validate RAW.csv [-o REPORT.md] [--attributes LIST] [--min-gain X]\n"
        "       kdlg-calibrate --help | --version\n",
        f);
}

static void help(void) {
  usage(stdout);
  fputs("\n"
        "Calibrates kdlg-opt for a GPU (Kofler, Cosenza, Fahringer 2015, Sect. 3.2): times\n"
        "training kernels of one cluster of m fields in AoS, SoA and tiled-AoS (tiles 2 to\n"
        "32768), then learns the decision tree Select-Tilesize(sigma(c), sigma_min, used)\n"
        "that kdlg-opt --device-model reads.\n"
        "\n"
        "modes:\n"
        "  --measure            generate, build (nvcc) and time the training kernels on GPU 0\n"
        "                       and measure epsilon; write the raw timings CSV to -o\n"
        "  --emit-kernels DIR   write the training kernels' sources into DIR\n"
        "  --train RAW.csv      learn the tree from a timings CSV; write the model to -o\n"
        "  --validate RAW.csv   leave-one-sigma-out accuracy of the learner (Markdown)\n"
        "\n"
        "options:\n"
        "  -o FILE              output file ('-' is standard output); written atomically\n"
        "  --quick              a smaller sweep (--measure, --emit-kernels)\n"
        "  --workdir DIR        sources and binaries of --measure (default: a new\n"
        "                       directory under $TMPDIR or /tmp, kept)\n"
        "  --nvcc PATH          CUDA compiler (default: nvcc)\n"
        "  --arch SM            nvcc -arch (default: sm_90)\n"
        "  --jobs N             parallel nvcc processes (default: online CPUs)\n"
        "  --repeats N          timed launches per variant, median taken (default: 5)\n"
        "  --bytes N            struct bytes per training kernel\n"
        "  --lang cuda|opencl   language of --emit-kernels (default: cuda)\n"
        "  --verbose            --train: describe every node, split and pruning decision\n"
        "                       on standard error\n"
        "  --attributes LIST    --train, --validate: what the tree may test, a comma-separated\n"
        "                       list of sigma_c (cluster bytes), sigma_min (bytes of the\n"
        "                       smallest field) and used_permille (per-mille of the bytes\n"
        "                       AoS moves that the kernel uses); default all three;\n"
        "                       sigma_c alone is the paper's tree\n"
        "  --min-gain X         --train, --validate: a kernel whose AoS time is within X times\n"
        "                       its fastest is labelled AoS alone (a layout change must win\n"
        "                       by more); X from 1 to 2, default 1.03; 1 is the paper's labels\n"
        "  --help, --version\n"
        "\n"
        "learner: " LEARNER_NAME " (docs/decision-tree.md)\n"
        "exit status: 0 success, 1 input error, 2 usage error\n",
        stdout);
}

static int usage_error(const char *fmt, const char *arg) {
  fputs("kdlg-calibrate: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  usage(stderr);
  return EXIT_USAGE;
}

/* A positive decimal integer no larger than max. */
static bool parse_count(const char *s, uint64_t max, uint64_t *v) {
  if (!*s || strspn(s, "0123456789") != strlen(s))
    return false;
  errno = 0;
  unsigned long long x = strtoull(s, NULL, 10);
  if (errno == ERANGE || x == 0 || x > max)
    return false;
  *v = x;
  return true;
}

/* Which modes each option belongs to. */
typedef struct OptionUse {
  const char *name;
  unsigned modes;    // MODE_BIT() of each mode that takes it
  const char *for_;  // the modes, for the message
} OptionUse;

#define MODE_BIT(m) (1u << (m))

static const OptionUse option_uses[] = {
    {"--workdir", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--nvcc", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--arch", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--jobs", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--repeats", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--bytes", MODE_BIT(MODE_MEASURE), "--measure"},
    {"--lang", MODE_BIT(MODE_EMIT), "--emit-kernels"},
    {"--verbose", MODE_BIT(MODE_TRAIN), "--train"},
    {"--attributes", MODE_BIT(MODE_TRAIN) | MODE_BIT(MODE_VALIDATE), "--train and --validate"},
    {"--min-gain", MODE_BIT(MODE_TRAIN) | MODE_BIT(MODE_VALIDATE), "--train and --validate"},
};

/* A comma-separated list of attribute names as a set of KD_ATTR_BIT()s;
 * 0 when the list is empty or names something else. */
static unsigned parse_attributes(const char *list) {
  unsigned set = 0;
  const char *p = list;
  for (;;) {
    size_t len = strcspn(p, ",");
    int found = -1;
    for (int a = 0; a < KD_NATTRS; a++) {
      const char *name = kd_attribute_name((KdAttribute)a);
      if (strlen(name) == len && !strncmp(p, name, len))
        found = a;
    }
    if (found < 0)
      return 0;
    set |= KD_ATTR_BIT(found);
    if (!p[len])
      return set;
    p += len + 1;
  }
}

/* Returns -1 on success (continue), or an exit status. */
static int parse_args(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->lang = KD_CAL_CUDA;
  o->attributes = KD_ATTRS_ALL;
  o->min_gain = KD_MIN_GAIN;
  const char *given[sizeof option_uses / sizeof option_uses[0]] = {0};
  const char *quick_given = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      help();
      return 0;
    }
    if (!strcmp(a, "--version")) {
      printf("kdlg-calibrate %s (learner: %s)\n", KDLG_OPT_VERSION, LEARNER_NAME);
      return 0;
    }
    Mode mode = MODE_NONE;
    for (int m = MODE_MEASURE; m <= MODE_VALIDATE; m++)
      if (!strcmp(a, mode_option[m]))
        mode = (Mode)m;
    if (mode != MODE_NONE) {
      if (o->mode != MODE_NONE)
        return usage_error("only one of --measure, --emit-kernels, --train, --validate (also got '%s')", a);
      o->mode = mode;
      if (mode != MODE_MEASURE) {
        if (i + 1 >= argc)
          return usage_error("option '%s' needs a value", a);
        o->input = argv[++i];
      }
      continue;
    }
    if (!strcmp(a, "--quick")) {
      o->quick = true;
      quick_given = a;
      continue;
    }
    int use = -1;
    for (size_t k = 0; k < sizeof option_uses / sizeof option_uses[0]; k++)
      if (!strcmp(a, option_uses[k].name))
        use = (int)k;
    if (use >= 0)
      given[use] = a;
    if (!strcmp(a, "--verbose")) {
      o->verbose = true;
      continue;
    }
    bool takes_value = use >= 0 || !strcmp(a, "-o");
    if (!takes_value) {
      if (a[0] == '-' && a[1])
        return usage_error("unknown option '%s'", a);
      return usage_error("unexpected argument '%s'", a);
    }
    if (i + 1 >= argc)
      return usage_error("option '%s' needs a value", a);
    const char *v = argv[++i];
    uint64_t n;
    if (!strcmp(a, "-o")) {
      if (o->output)
        return usage_error("more than one output file ('-o %s')", v);
      o->output = v;
    } else if (!strcmp(a, "--workdir")) {
      o->workdir = v;
    } else if (!strcmp(a, "--nvcc")) {
      o->nvcc = v;
    } else if (!strcmp(a, "--arch")) {
      o->arch = v;
    } else if (!strcmp(a, "--jobs")) {
      if (!parse_count(v, 1024, &n))
        return usage_error("--jobs needs a number from 1 to 1024, not '%s'", v);
      o->jobs = (int)n;
    } else if (!strcmp(a, "--repeats")) {
      if (!parse_count(v, 1000000, &n))
        return usage_error("--repeats needs a number from 1 to 1000000, not '%s'", v);
      o->repeats = (int)n;
    } else if (!strcmp(a, "--bytes")) {
      if (!parse_count(v, UINT64_C(1) << 40, &n))
        return usage_error("--bytes needs a positive number of bytes (at most 2^40), not '%s'", v);
      o->bytes = n;
    } else if (!strcmp(a, "--lang")) {
      if (!strcmp(v, "cuda"))
        o->lang = KD_CAL_CUDA;
      else if (!strcmp(v, "opencl"))
        o->lang = KD_CAL_OPENCL;
      else
        return usage_error("--lang needs cuda or opencl, not '%s'", v);
    } else if (!strcmp(a, "--attributes")) {
      o->attributes = parse_attributes(v);
      if (!o->attributes)
        return usage_error("--attributes needs a comma-separated list of sigma_c, sigma_min and used_permille, not '%s'",
                           v);
    } else if (!strcmp(a, "--min-gain")) {
      char *end;
      errno = 0;
      o->min_gain = strtod(v, &end);
      if (!*v || *end || errno || !(o->min_gain >= 1 && o->min_gain <= 2))
        return usage_error("--min-gain needs a number from 1 to 2, not '%s'", v);
    }
  }
  if (o->mode == MODE_NONE)
    return usage_error("%s", "no mode: give --measure, --emit-kernels, --train or --validate");
  for (size_t k = 0; k < sizeof option_uses / sizeof option_uses[0]; k++)
    if (given[k] && !(option_uses[k].modes & MODE_BIT(o->mode))) {
      fprintf(stderr, "kdlg-calibrate: error: option '%s' is only for %s\n", given[k], option_uses[k].for_);
      usage(stderr);
      return EXIT_USAGE;
    }
  if (quick_given && o->mode != MODE_MEASURE && o->mode != MODE_EMIT)
    return usage_error("%s", "option '--quick' is only for --measure and --emit-kernels");
  if (o->output && o->mode == MODE_EMIT)
    return usage_error("%s", "--emit-kernels writes into its directory: no -o");
  if (!o->output && (o->mode == MODE_MEASURE || o->mode == MODE_TRAIN))
    return usage_error("%s needs -o FILE ('-o -' for standard output)", mode_option[o->mode]);
  if ((o->mode == MODE_TRAIN || o->mode == MODE_VALIDATE) && o->output && strcmp(o->output, "-") &&
      kd_same_file(o->output, o->input))
    return usage_error("refusing to overwrite the input '%s' (write the output elsewhere)", o->output);
  return -1;
}

/* Writes data to path atomically (tool/output.h).  Returns 0 or EXIT_INPUT. */
static int write_output(const char *path, const char *data, size_t len) {
  return kd_write_atomic("kdlg-calibrate", path, data, len, stderr) == 0 ? 0 : EXIT_INPUT;
}

/* Reads the whole file; on error prints `PATH: error: ...` and returns -1. */
static int read_file(const char *path, char **data, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: error: cannot open input file: %s\n", path, strerror(errno));
    return -1;
  }
  size_t cap = 1 << 16, n = 0;
  char *buf = kd_xmalloc(cap);
  for (;;) {
    n += fread(buf + n, 1, cap - n, f);
    if (n < cap)
      break;
    buf = kd_xrealloc(buf, cap * 2);
    cap *= 2;
  }
  bool bad = ferror(f);
  int err = errno;
  fclose(f);
  if (bad) {
    fprintf(stderr, "%s: error: cannot read input file: %s\n", path, strerror(err));
    free(buf);
    return -1;
  }
  *data = buf;
  *len = n;
  return 0;
}

/* SHA-256 of the bytes as 64 lower-case hex digits (hex must hold 65). */
static void sha256_hex(const char *data, size_t len, char *hex) {
  struct sha256_ctx ctx;
  uint8_t digest[SHA256_DIGEST_SIZE];
  sha256_init(&ctx);
  sha256_update(&ctx, len, (const uint8_t *)data);
  sha256_digest(&ctx, sizeof digest, digest);
  for (int i = 0; i < SHA256_DIGEST_SIZE; i++)
    sprintf(hex + 2 * i, "%02x", digest[i]);
}

/* The timings and training set of a CSV file, and its hash. */
typedef struct Training {
  KdTimings *timings;
  KdTrainingSet *set;
  char sha256[2 * SHA256_DIGEST_SIZE + 1];
} Training;

/* Reads and checks the CSV; prints `PATH:LINE: error: ...` and returns
 * EXIT_INPUT on any problem, 0 on success. */
static int load_training(const char *path, double min_gain, Training *tr) {
  memset(tr, 0, sizeof *tr);
  char *text;
  size_t len;
  if (read_file(path, &text, &len) != 0)
    return EXIT_INPUT;
  sha256_hex(text, len, tr->sha256);
  int line;
  char err[512];
  int rc = kd_timings_parse(text, len, &tr->timings, &line, err, sizeof err);
  free(text);
  if (rc != 0) {
    fprintf(stderr, "%s:%d: error: %s\n", path, line, err);
    return EXIT_INPUT;
  }
  tr->set = kd_training_build(tr->timings, min_gain);
  return 0;
}

static void free_training(Training *tr) {
  kd_training_free(tr->set);
  kd_timings_free(tr->timings);
}

/* "σ ≤ 16", "16 < σ ≤ 64", "σ > 64", "every σ" for lo <= name <= hi, bytes;
 * a lower limit at or below `floor` (a bound implied anyway) is not shown. */
static void format_range(const char *name, uint64_t lo, uint64_t hi, uint64_t floor, char *buf, size_t n) {
  if (lo <= floor && hi == UINT64_MAX)
    snprintf(buf, n, "every %s", name);
  else if (lo <= floor)
    snprintf(buf, n, "%s ≤ %llu", name, (unsigned long long)hi);
  else if (hi == UINT64_MAX)
    snprintf(buf, n, "%s > %llu", name, (unsigned long long)(lo - 1));
  else
    snprintf(buf, n, "%llu < %s ≤ %llu", (unsigned long long)(lo - 1), name, (unsigned long long)hi);
}

/* The tree as a Markdown table: σ intervals (bytes) → layout for a tree on
 * σ(c) alone; otherwise φ bands (per-mille) and σ_min bands, each with its
 * σ intervals, since σ(c) >= σ_min (kd_device_model_intervals); a column only for
 * an attribute the tree tests. */
static void print_intervals(FILE *f, const KdDeviceModel *m) {
  int n = kd_device_model_intervals(m, NULL, 0);
  KdInterval *iv = kd_xcalloc((size_t)n, sizeof *iv);
  kd_device_model_intervals(m, iv, n);
  bool by_min = kd_device_model_attributes(m) & KD_ATTR_BIT(KD_ATTR_SIGMA_MIN);
  bool by_used = kd_device_model_attributes(m) & KD_ATTR_BIT(KD_ATTR_USED);
  fprintf(f, "|%s%s σ(c), bytes | layout |\n|%s%s---|---|\n", by_used ? " φ, ‰ |" : "", by_min ? " σ_min, bytes |" : "",
          by_used ? "---|" : "", by_min ? "---|" : "");
  for (int i = 0; i < n; i++) {
    char uband[96] = "", band[96] = "", sigma[96];
    bool new_used = i == 0 || iv[i].used_lo != iv[i - 1].used_lo;
    if (new_used)
      format_range("φ", iv[i].used_lo, iv[i].used_hi, 0, uband, sizeof uband);
    if (new_used || iv[i].min_lo != iv[i - 1].min_lo)
      format_range("σ_min", iv[i].min_lo, iv[i].min_hi, 0, band, sizeof band);
    format_range("σ", iv[i].lo, iv[i].hi, iv[i].min_lo, sigma, sizeof sigma);
    fprintf(f, "|");
    if (by_used)
      fprintf(f, " %s |", uband);
    if (by_min)
      fprintf(f, " %s |", band);
    fprintf(f, " %s | %s |\n", sigma, kd_class_name(iv[i].cls));
  }
  free(iv);
}

/* "sigma_c, sigma_min" for a set of attributes (static buffer). */
static const char *attribute_list(unsigned set) {
  static char buf[64];
  buf[0] = 0;
  for (int a = 0; a < KD_NATTRS; a++)
    if (set & KD_ATTR_BIT(a)) {
      if (buf[0])
        strcat(buf, ", ");
      strcat(buf, kd_attribute_name((KdAttribute)a));
    }
  return buf;
}

/* The full-data tree with the CSV's device facts. */
static KdDeviceModel *train_model(const Training *tr, unsigned attributes, FILE *log) {
  const KdTrainingSet *s = tr->set;
  KdDeviceModel *m = kd_learn(s->patterns, s->npatterns, attributes, log);
  const KdTimings *t = tr->timings;
  m->provisional = false;
  m->device = kd_xstrdup(t->device);
  m->compute_capability = kd_xstrdup(t->compute_capability);
  m->date = kd_xstrdup(t->date);
  m->kdlg_opt_version = kd_xstrdup(t->kdlg_opt_version);
  m->training_hash = kd_xstrdup(tr->sha256);
  m->epsilon = t->epsilon;
  return m;
}

/* --train: CSV → model JSON (Sect. 3.2). */
static int run_train(const Options *o) {
  Training tr;
  int rc = load_training(o->input, o->min_gain, &tr);
  if (rc != 0) {
    free_training(&tr);
    return rc;
  }
  const KdTrainingSet *s = tr.set;
  FILE *log = o->verbose ? stderr : NULL;
  if (log)
    fprintf(log,
            "%s: %d rows, %d kernels, %d training patterns, %d distinct sigma, %d distinct (sigma, sigma_min, used)\n",
            o->input, s->nrows, s->nkernels, s->npatterns, s->nsigmas, s->ngroups);
  KdDeviceModel *m = train_model(&tr, o->attributes, log);
  json_t *attrs = json_array();
  if (!attrs)
    kd_out_of_memory();
  for (int a = 0; a < KD_NATTRS; a++)
    if (o->attributes & KD_ATTR_BIT(a))
      json_array_append_new(attrs, json_string(kd_attribute_name((KdAttribute)a)));
  json_t *training = json_pack("{s:i, s:i, s:i, s:i, s:o, s:s, s:f, s:i}", "rows", s->nrows, "kernels",
                               s->nkernels, "patterns", s->npatterns, "distinct_sigma", s->nsigmas, "attributes",
                               attrs, "learner", LEARNER_NAME, "min_gain", s->min_gain, "aos_by_min_gain",
                               s->aos_by_gain);
  if (!training)  // (every value is given: only out of memory fails)
    kd_out_of_memory();
  char *text = kd_device_model_to_json(m, training);
  json_decref(training);
  // the file must read back as the same tree
  KdDeviceModel *back = NULL;
  char err[256];
  bool same = kd_device_model_parse(text, o->output, &back, err, sizeof err) == 0 && back->nnodes == m->nnodes;
  for (int i = 0; same && i < m->nnodes; i++) {
    const KdTreeNode *x = &m->nodes[i], *y = &back->nodes[i];
    same = x->leaf == y->leaf && (x->leaf ? x->choice.kind == y->choice.kind && x->choice.tile == y->choice.tile
                                          : x->attribute == y->attribute && x->threshold == y->threshold &&
                                                x->le == y->le && x->gt == y->gt);
  }
  if (!same) {
    fprintf(stderr, "kdlg-calibrate: internal error: the written model does not read back: %s\n", back ? "tree differs" : err);
    kd_device_model_free(back);
    rc = EXIT_INPUT;
    goto done;
  }
  kd_device_model_free(back);
  if (log) {
    fprintf(log, "tree:\n");
    print_intervals(log, m);
  }
  rc = write_output(o->output, text, strlen(text));
done:
  free(text);
  kd_device_model_free(m);
  free_training(&tr);
  return rc;
}

static void print_kernel(FILE *f, const KdKernel *k) {
  fprintf(f, "σ = %llu B: m = %u, field_bytes = %u, access %s (φ = %u ‰), n = %llu", (unsigned long long)k->sigma, k->m,
          k->field_bytes, kd_access_name(k->access), k->used, (unsigned long long)k->n);
}

/* One row of the comparison table. */
static void compare_row(FILE *f, const char *what, unsigned attributes, int ok, int nkernels, double worst) {
  fprintf(f, "| %s | %s | %d | %.1f %% | ", what, attribute_list(attributes), ok, nkernels ? 100.0 * ok / nkernels : 0);
  if (worst > 0)
    fprintf(f, "%.3f× |\n", worst);
  else
    fprintf(f, "— |\n");
}

/* The validation report (Markdown) into f: v validates o->attributes,
 * v_sigma (NULL when that is σ(c) alone already) the σ-only learner. */
static void write_report(FILE *f, const Options *o, const Training *tr, const KdValidation *v,
                         const KdValidation *v_sigma, const KdDeviceModel *full) {
  const KdTrainingSet *s = tr->set;
  const KdTimings *t = tr->timings;
  fprintf(f, "# Select-Tilesize: leave-one-σ-out validation\n\n");
  fprintf(f, "- data: `%s` (SHA-256 %s)\n", o->input, tr->sha256);
  fprintf(f, "- device: %s (compute capability %s), measured %s with kdlg-opt %s, ε = %lld B\n", t->device,
          t->compute_capability, t->date, t->kdlg_opt_version, (long long)t->epsilon);
  fprintf(f, "- %d rows, %d kernels, %d training patterns, %d distinct σ, %d distinct (σ, σ_min, φ)\n", s->nrows,
          s->nkernels, s->npatterns, s->nsigmas, s->ngroups);
  fprintf(f,
          "- learner: %s; attributes: %s (σ_min: the smallest field's bytes, field_bytes; φ = used_permille: the\n"
          "  per-mille of the bytes AoS moves that the kernel's access pattern uses)\n",
          LEARNER_NAME, attribute_list(o->attributes));
  fprintf(f, "- patterns: the fastest variant of each kernel and every one within 1 %%");
  if (s->min_gain > 1)
    fprintf(f, "; AoS alone where AoS is within %.1f %% of the fastest (profitability margin, --min-gain %g: %d kernels)",
            100 * (s->min_gain - 1), s->min_gain, s->aos_by_gain);
  fprintf(f, "\n");
  fprintf(f, "- method: for each σ, train on the kernels of every other σ, predict the layout of each of σ's\n"
             "  (σ, σ_min, φ) and compare the predicted variant's median time with each of its kernels' fastest\n\n");
  double acc = v->nkernels ? 100.0 * v->ok / v->nkernels : 0;
  fprintf(f, "**Accuracy: %d of %d held-out kernels (%.1f %%) within 3 %% of their fastest variant; goal ≥ 90 %%: %s.**\n\n",
          v->ok, v->nkernels, acc, acc >= 90.0 ? "met" : "NOT met");
  if (v->worst_kernel >= 0) {
    const KdKernel *k = &s->kernels[v->worst_kernel];
    fprintf(f, "**Worst-case slowdown: %.3f× (", v->worst);
    print_kernel(f, k);
    fprintf(f, "; predicted %s %.4f ms, fastest %s %.4f ms).**\n\n", kd_class_name(v->predicted[v->worst_kernel]),
            k->ms[v->predicted[v->worst_kernel]], kd_class_name(k->fastest), k->ms[k->fastest]);
  } else if (v->unmeasured < v->nkernels) {
    fprintf(f, "**Worst-case slowdown: 1.000× (every measured held-out kernel got its fastest variant).**\n\n");
  } else {
    fprintf(f, "**Worst-case slowdown: none measured.**\n\n");
  }
  if (v->unmeasured > 0)
    fprintf(f, "%d kernels have no timing for their predicted variant (counted as wrong).\n\n", v->unmeasured);
  fprintf(f, "## Compared with the σ-only learner and the in-sample ceilings\n\n");
  fprintf(f, "| classifier | attributes | kernels within 3 %% | accuracy | worst slowdown |\n");
  fprintf(f, "|---|---|---:|---:|---:|\n");
  compare_row(f, "tree, leave-one-σ-out", o->attributes, v->ok, v->nkernels, v->worst);
  if (v_sigma)
    compare_row(f, "tree, leave-one-σ-out", KD_ATTR_BIT(KD_ATTR_SIGMA_C), v_sigma->ok, v_sigma->nkernels,
                v_sigma->worst);
  const unsigned with_min = KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_SIGMA_MIN);
  compare_row(f, "ceiling: best single layout per σ, in-sample", KD_ATTR_BIT(KD_ATTR_SIGMA_C),
              kd_ceiling(s, KD_ATTR_BIT(KD_ATTR_SIGMA_C)), s->nkernels, -1);
  compare_row(f, "ceiling: best single layout per (σ, σ_min), in-sample", with_min, kd_ceiling(s, with_min),
              s->nkernels, -1);
  compare_row(f, "ceiling: best single layout per (σ, σ_min, φ), in-sample", KD_ATTRS_ALL, kd_ceiling(s, KD_ATTRS_ALL),
              s->nkernels, -1);
  fprintf(f, "\nA ceiling gives every σ (every (σ, σ_min), every (σ, σ_min, φ)) the one layout that is within\n"
             "3 %% for most of its kernels, chosen knowing their timings: no classifier on those attributes does\n"
             "better, held out or not.\n\n");
  fprintf(f, "## Per (σ, σ_min, φ)\n\n");
  fprintf(f, "| σ, bytes | σ_min, bytes | φ, ‰ | kernels | predicted | within 3 %% | worst slowdown | fastest variants |\n");
  fprintf(f, "|---:|---:|---:|---:|---|---:|---:|---|\n");
  for (int i = 0; i < v->nheld; i++) {
    const KdHeldOut *h = &v->held[i];
    int fastest[KD_NCLASSES] = {0};
    for (int k = h->first; k < h->first + h->count; k++)
      fastest[s->kernels[k].fastest]++;
    fprintf(f, "| %llu | %u | %u | %d | %s | %d | %.3f | ", (unsigned long long)h->sigma, h->sigma_min, h->used,
            h->count, kd_class_name(h->predicted), h->ok, h->worst);
    const char *sep = "";
    for (int c = 0; c < KD_NCLASSES; c++)
      if (fastest[c]) {
        fprintf(f, "%s%s %d", sep, kd_class_name(c), fastest[c]);
        sep = ", ";
      }
    fprintf(f, " |\n");
  }
  fprintf(f, "\n## Tree trained on all data\n\n");
  print_intervals(f, full);
}

/* --validate: leave-one-σ-out report. */
static int run_validate(const Options *o) {
  Training tr;
  int rc = load_training(o->input, o->min_gain, &tr);
  if (rc != 0) {
    free_training(&tr);
    return rc;
  }
  bool enough;
  const unsigned sigma_only = KD_ATTR_BIT(KD_ATTR_SIGMA_C);
  KdValidation *v = kd_validate(tr.set, o->attributes, &enough);
  KdValidation *v_sigma = v && o->attributes != sigma_only ? kd_validate(tr.set, sigma_only, &enough) : NULL;
  KdDeviceModel *full = v ? train_model(&tr, o->attributes, NULL) : NULL;
  char *text = NULL;
  size_t len = 0;
  if (!enough) {
    fprintf(stderr, "%s: error: leave-one-σ-out validation needs at least two distinct sigma values (found %d)\n",
            o->input, tr.set->nsigmas);
    rc = EXIT_INPUT;
    goto done;
  }
  FILE *f = kd_xopen_memstream(&text, &len);
  write_report(f, o, &tr, v, v_sigma, full);
  fclose(f);
  rc = write_output(o->output ? o->output : "-", text, len);
done:
  free(text);
  kd_device_model_free(full);
  kd_validation_free(v_sigma);
  kd_validation_free(v);
  free_training(&tr);
  return rc;
}

static KdCalConfig config_of(const Options *o) {
  return (KdCalConfig){o->quick, o->workdir, o->nvcc, o->arch, o->jobs, o->repeats, o->bytes};
}

/* --measure: the sweep on the GPU (tool/calibrate/measure.h). */
static int run_measure(const Options *o) {
  KdCalConfig cfg = config_of(o);
  char tmpl[4096];
  if (!cfg.workdir) {
    const char *tmp = getenv("TMPDIR");
    snprintf(tmpl, sizeof tmpl, "%s/kdlg-calibrate-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(tmpl)) {
      fprintf(stderr, "kdlg-calibrate: error: cannot create a work directory '%s': %s\n", tmpl, strerror(errno));
      return EXIT_INPUT;
    }
    cfg.workdir = tmpl;
    fprintf(stderr, "kdlg-calibrate: work directory %s (kept)\n", tmpl);
  }
  char *text = NULL;
  size_t len = 0;
  FILE *csv = kd_xopen_memstream(&text, &len);
  char err[1024] = "";
  int rc = kd_cal_measure(&cfg, csv, stderr, err, sizeof err);
  fclose(csv);
  if (rc != 0) {
    fprintf(stderr, "kdlg-calibrate: error: %s\n", err[0] ? err : "measurement failed");
    free(text);
    return EXIT_INPUT;
  }
  rc = write_output(o->output, text, len);
  free(text);
  return rc;
}

/* --emit-kernels DIR (tool/calibrate/measure.h). */
static int run_emit(const Options *o) {
  KdCalConfig cfg = config_of(o);
  cfg.workdir = o->input;
  char err[1024] = "";
  if (kd_cal_emit(&cfg, o->lang, err, sizeof err) != 0) {
    fprintf(stderr, "kdlg-calibrate: error: %s\n", err[0] ? err : "cannot write the training kernels");
    return EXIT_INPUT;
  }
  return 0;
}

int main(int argc, char **argv) {
  Options o;
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  switch (o.mode) {
  case MODE_MEASURE:
    return run_measure(&o);
  case MODE_EMIT:
    return run_emit(&o);
  case MODE_TRAIN:
    return run_train(&o);
  case MODE_VALIDATE:
    return run_validate(&o);
  case MODE_NONE:
    break;
  }
  return EXIT_USAGE;
}
