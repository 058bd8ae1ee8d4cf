/* kdlg-opt.c: the command-line driver.
 *
 * main() follows the paper's Sect. 3.3: parse the kernel source, build the
 * access model, build each struct's KDLG, partition it with ε, select a
 * layout per cluster with the device's decision tree, and write the results
 * (DOT, JSON plan) and the rewritten source.
 *
 * Exit status: 0 success (also "nothing to optimize"), 1 input error
 * (diagnostics printed, no output file written), 2 usage error, 3 a
 * struct kept AoS under --fail-if-kept (outputs written).  The command
 * line is tool/options.h's; the verdict and --quiet, tool/report.h's.
 */
#define _GNU_SOURCE /* realpath, asprintf */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../analysis/access.h"
#include "../analysis/dtree.h"
#include "../analysis/frontend.h"
#include "../analysis/mem.h"
#include "../transform/explain.h"
#include "../transform/plan.h"
#include "../transform/rewrite.h"
#include "compdb.h"
#include "datadir.h"
#include "depfile.h"
#include "includers.h"
#include "options.h"
#include "output.h"
#include "program.h"
#include "report.h"

static FILE *diag;  // remarks, and the front end's diagnostics: stderr, or --quiet's (report.h)

/* Renders an output into memory with `fn`, then writes it atomically. */
typedef int (*Render)(FILE *, const KdPlan *);

static int render_dot(FILE *f, const KdPlan *plan) {
  return kd_plan_write_dot(f, plan);  // (one graph, also when there is nothing to optimize)
}

static int emit(const char *path, Render fn, const KdPlan *plan) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&buf, &len);
  int rc = fn(f, plan);
  if (fclose(f) != 0)
    rc = -1;
  if (rc == 0)
    rc = kd_write_atomic("kdlg-opt", path, buf, len, stderr);
  free(buf);
  return rc;
}

static void dump_access_model(const KdProgram *prog) {
  const char **snames = kd_xcalloc((size_t)prog->nstructs + 1, sizeof(char *));
  const char ***fnames = kd_xcalloc((size_t)prog->nstructs + 1, sizeof(char **));
  for (int s = 0; s < prog->nstructs; s++) {
    snames[s] = prog->structs[s].name;
    fnames[s] = kd_xcalloc((size_t)prog->structs[s].nfields + 1, sizeof(char *));
    for (int f = 0; f < prog->structs[s].nfields; f++)
      fnames[s][f] = prog->structs[s].fields[f].name;
  }
  for (int k = 0; k < prog->nkernels; k++) {
    printf("kernel %s\n", prog->kernels[k].name);
    kd_region_dump(stdout, prog->kernels[k].body, snames, (const char *const *const *)fnames, 1);
  }
  for (int s = 0; s < prog->nstructs; s++)
    free(fnames[s]);
  free(fnames);
  free(snames);
}

/* The device model: --device-model FILE (or the NAME of a shipped one:
 * tool/datadir.h), else the built-in one (calibrated on an H200).  *loaded
 * is the one to free (NULL for the built-in).  NULL on an error (printed). */
static const KdDeviceModel *device_model(const Options *o, KdDeviceModel **loaded) {
  *loaded = NULL;
  if (!o->device_model_path)
    return kd_device_model_builtin();
  char err[512];
  char *path = kd_model_path(o->device_model_path);
  if (kd_device_model_load(path, loaded, err, sizeof err) != 0)
    fprintf(stderr, "%s: error: %s\n", o->device_model_path, err);
  free(path);
  return *loaded;
}

/* --layout and --plan-in: clusters and layouts chosen by the user instead
 * of the decision tree.  -1, or an exit status (error printed). */
static int user_layouts(const Options *o, KdPlan *plan) {
  char err[1024] = "";
  if (o->layout && kd_plan_force(plan, o->layout, err, sizeof err) != 0) {
    fprintf(stderr, "kdlg-opt: error: %s\n", err);
    return EXIT_USAGE;
  }
  if (o->plan_in && kd_plan_read_layouts(plan, o->plan_in, err, sizeof err) != 0) {
    fprintf(stderr, "%s\n", err);
    return EXIT_INPUT;
  }
  return -1;
}

/* The directory whose files are the project's (headers rewritten and
 * written; the output tree mirrors it): the input's directory, or the
 * deepest directory holding every input.  malloc'd real path, or NULL
 * (error printed). */
static char *project_root(const Options *o) {
  char *root = NULL;
  for (int i = 0; i < o->ninputs; i++) {
    char *in = realpath(o->inputs[i], NULL);
    if (!in) {
      fprintf(stderr, "%s: error: cannot open input file: %s\n", o->inputs[i], strerror(errno));
      free(root);
      return NULL;
    }
    *strrchr(in, '/') = '\0';
    if (!root) {
      root = in;
      continue;
    }
    size_t n = 0;  // the common prefix of whole path components
    for (size_t k = 0; root[k] && root[k] == in[k]; k++)
      if ((root[k + 1] == '/' || root[k + 1] == '\0') && (in[k + 1] == '/' || in[k + 1] == '\0'))
        n = k + 1;
    root[n ? n : 1] = '\0';
    free(in);
  }
  return root;
}

/* Where a project file (real path `real`, under root) goes: under the
 * output directory at its path relative to root; with -o FILE, beside FILE
 * (so the output's `#include "h"` finds a rewritten header before the
 * original).  malloc'd, or NULL when real is not under root. */
static char *mirror_path(const Options *o, const char *root, const char *real) {
  size_t n = strlen(root);
  if (n == 1)
    n = 0;  // root is "/"
  if (strncmp(real, root, n) || real[n] != '/')
    return NULL;
  const char *rel = real + n + 1;
  if (o->output_dir) {
    size_t ol = strlen(o->output);
    return kd_xasprintf("%s%s%s", o->output, ol && o->output[ol - 1] == '/' ? "" : "/", rel);
  }
  const char *oslash = strrchr(o->output, '/');
  return kd_xasprintf("%.*s%s", oslash ? (int)(oslash - o->output + 1) : 0, o->output, rel);
}

/* Where changed header h goes (mirror_path).  NULL (error printed) when it
 * would overwrite the original or cannot be written (-o -). */
static char *header_dest(const Options *o, const char *root, const KdRewrittenHeader *h) {
  if (o->in_place)
    return kd_xstrdup(h->real);
  if (!strcmp(o->output, "-")) {
    fprintf(stderr, "kdlg-opt: error: header '%s' changes too, and -o - writes only the source: give -o FILE\n",
            h->name);
    return NULL;
  }
  char *dest = mirror_path(o, root, h->real);
  if (!dest) {
    fprintf(stderr, "kdlg-opt: error: header '%s' changes too, and it is not under the input's directory\n", h->name);
    return NULL;
  }
  if (kd_same_file(dest, h->real)) {
    fprintf(stderr,
            "kdlg-opt: error: header '%s' changes too, and its rewritten copy would overwrite it: write the output "
            "to another directory than the input's\n",
            h->name);
    free(dest);
    return NULL;
  }
  return dest;
}

/* Each unit's output path (-o FILE, or the mirror of the input under -o
 * DIR/) and OpenCL layout header.  -1, or an exit status (error printed). */
static int output_paths(const Options *o, const char *root, Unit *u, int n) {
  for (int i = 0; i < n && o->output; i++) {
    if (o->in_place) {
      u[i].output = kd_xstrdup(u[i].input);
    } else if (!o->output_dir) {
      u[i].output = kd_xstrdup(o->output);
    } else {
      char *in = realpath(u[i].input, NULL);
      u[i].output = in ? mirror_path(o, root, in) : NULL;
      free(in);
      if (!u[i].output || kd_same_file(u[i].output, u[i].input)) {
        fprintf(stderr, "kdlg-opt: error: the output directory '%s' is the inputs' own: write the outputs elsewhere\n",
                o->output);
        return EXIT_USAGE;
      }
    }
    if (o->lang == KD_LANG_OPENCL && o->layout_header)
      u[i].layout_header = kd_xstrdup(o->layout_header);
    else if (o->lang == KD_LANG_OPENCL && o->diff)  // (where -o INPUT would put it)
      u[i].layout_header = kd_xasprintf("%s.layout.h", u[i].input);
    else if (o->lang == KD_LANG_OPENCL && strcmp(u[i].output, "-"))
      u[i].layout_header = kd_xasprintf("%s.layout.h", u[i].output);
  }
  return -1;
}

/* Whether a project header that this run leaves as it is has a rewritten
 * copy from an earlier run where an output would include it instead of
 * the original (error printed). */
static bool stale_copy(const Options *o, const char *root, const Unit *u, int n) {
  if (!o->output || !strcmp(o->output, "-") || o->in_place)
    return false;
  for (int k = 0; k < n; k++)
    for (int i = 1; i < u[k].src.files->nfiles; i++) {
      const KdMappedFile *mf = &u[k].src.files->files[i];
      bool written = false;
      for (int j = 0; j < n; j++)
        for (int h = 0; h < u[j].rw.nheaders; h++)
          written |= !strcmp(u[j].rw.headers[h].real, mf->real);
      char *dest = written ? NULL : mirror_path(o, root, mf->real);
      FILE *f = dest && !kd_same_file(dest, mf->real) ? fopen(dest, "rb") : NULL;
      char head[32] = "";
      if (f) {
        size_t len = fread(head, 1, sizeof head - 1, f);
        head[len] = '\0';
        fclose(f);
      }
      bool stale = !strncmp(head, KD_REWRITTEN_HEADER_MARK, strlen(KD_REWRITTEN_HEADER_MARK));
      if (stale)
        fprintf(stderr,
                "kdlg-opt: error: '%s' is a rewritten copy of '%s' from an earlier run, and this output includes the "
                "original: remove it, or rewrite the inputs that share the header in one run\n",
                dest, mf->name);
      free(dest);
      if (stale)
        return true;
    }
  return false;
}

/* --in-place: path's backup, path + suffix, must not exist yet (error printed). */
static bool backup_free(const Options *o, const char *path) {
  char *b = kd_xasprintf("%s%s", path, o->in_place);
  struct stat st;
  bool taken = stat(b, &st) == 0;
  if (taken)
    fprintf(stderr, "kdlg-opt: error: the backup '%s' exists already: remove it, or give --in-place=SUFFIX\n", b);
  free(b);
  return !taken;
}

/* --in-place: path's bytes, as they are, to path + suffix (atomically).  0 or -1 (error printed). */
static int backup(const Options *o, const char *path) {
  size_t len;
  char *buf = kd_read_file(path, &len);
  if (!buf) {
    fprintf(stderr, "kdlg-opt: error: cannot read '%s' to back it up: %s\n", path, strerror(errno));
    return -1;
  }
  char *b = kd_xasprintf("%s%s", path, o->in_place);
  int rc = kd_write_atomic("kdlg-opt", b, buf, len, stderr);
  free(b);
  free(buf);
  return rc;
}

/* --diff: each changed file against its original on stdout (a header
 * once; OpenCL's layout header as a new file).  0 or EXIT_INPUT. */
static int print_diffs(const Unit *u, int n) {
  for (int i = 0; i < n; i++) {
    if (kd_print_diff("kdlg-opt", u[i].input, u[i].input, u[i].rw.text, u[i].rw.len, stderr) != 0)
      return EXIT_INPUT;
    for (int h = 0; h < u[i].rw.nheaders; h++) {
      const KdRewrittenHeader *x = &u[i].rw.headers[h];
      bool seen = false;
      for (int j = 0; j < i && !seen; j++)
        for (int k = 0; k < u[j].rw.nheaders && !seen; k++)
          seen = !strcmp(u[j].rw.headers[k].real, x->real);
      if (!seen && kd_print_diff("kdlg-opt", x->real, x->name, x->text, x->len, stderr) != 0)
        return EXIT_INPUT;
    }
    if (u[i].rw.header &&
        kd_print_diff("kdlg-opt", NULL, u[i].layout_header, u[i].rw.header, u[i].rw.header_len, stderr) != 0)
      return EXIT_INPUT;
  }
  return 0;
}

/* A changed header that a source file of the project includes, which is
 * not an input: that file's build would see the new header without the
 * rest of the program's rewrite (tool/includers.h). */
typedef struct Included {
  const char *root;
  KD_VEC(char *) files;
} Included;

/* clang_getInclusions: each file an input's parse includes under the project's root (its real path). */
static void add_included(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  (void)stack;
  Included *inc = data;
  CXString n = clang_getFileName(f);
  char *real = depth > 0 && clang_getCString(n) ? realpath(clang_getCString(n), NULL) : NULL;
  clang_disposeString(n);
  if (real && !strncmp(real, inc->root, strlen(inc->root)))
    kd_vec_push(&inc->files, real);
  else
    free(real);
}

static void warn_includers(const char *root, const Unit *u, int n, const KdRewrittenHeader *const *hs, int nh) {
  // the inputs, and the source files they include (`#include "kernel.cu"`: compiled with the input)
  Included inc = {root, {0}};
  for (int i = 0; i < n; i++) {
    char *real = realpath(u[i].input, NULL);
    if (real)
      kd_vec_push(&inc.files, real);
    if (u[i].src.tu)
      clang_getInclusions(u[i].src.tu, add_included, &inc);
  }
  char **in = inc.files.v;
  n = inc.files.n;
  const char **hr = kd_xcalloc((size_t)nh + 1, sizeof(char *));
  for (int k = 0; k < nh; k++)
    hr[k] = hs[k]->real;
  kd_warn_outside_includers(root, (const char *const *)in, n, hr, nh, stderr);
  for (int i = 0; i < n; i++)
    free(in[i]);
  free(in);
  free(hr);
}

/* The outputs, each complete in memory before it is written atomically
 * (--dry-run: the plan and the edits on stdout, nothing written; --diff:
 * the diffs on stdout, no source written); every path is checked before
 * anything is written.  0 or EXIT_INPUT. */
static int write_outputs(const Options *o, const char *root, const Unit *u, int n, const KdPlan *plan) {
  if (o->dry_run) {
    kd_plan_write_json(stdout, plan);
    int nrw = 0, nkept = 0;
    for (int i = 0; i < n; i++) {
      fputs(u[i].rw.edits ? u[i].rw.edits : "", stdout);
      nrw = u[i].rw.nrewritten > nrw ? u[i].rw.nrewritten : nrw;
      nkept = u[i].rw.nkept > nkept ? u[i].rw.nkept : nkept;
    }
    printf("%d struct(s) rewritten, %d kept in AoS; nothing written (--dry-run)\n", nrw, nkept);
    return 0;
  }
  for (int i = 0; i < n && o->output && !o->diff; i++)
    if (u[i].rw.header && !u[i].layout_header) {
      fprintf(stderr,
              "kdlg-opt: error: -o - writes only the kernel source, and the host needs the layout header of the "
              "new layouts too: give --layout-header FILE\n");
      return EXIT_INPUT;
    }
  if (o->diff) {
    int rc = 0;
    if (o->emit_dot && emit(o->emit_dot, render_dot, plan) != 0)
      rc = EXIT_INPUT;
    if (rc == 0 && o->emit_plan && emit(o->emit_plan, kd_plan_write_json, plan) != 0)
      rc = EXIT_INPUT;
    return rc ? rc : print_diffs(u, n);
  }
  int rc = stale_copy(o, root, u, n) ? EXIT_INPUT : 0;
  KD_VEC(const KdRewrittenHeader *) hs = {0};  // each header once
  KD_VEC(char *) dests = {0};
  for (int i = 0; i < n && o->output; i++)
    for (int h = 0; h < u[i].rw.nheaders; h++) {
      bool have = false;
      for (int k = 0; k < hs.n && !have; k++)
        have = !strcmp(hs.v[k]->real, u[i].rw.headers[h].real);
      if (!have)
        kd_vec_push(&hs, &u[i].rw.headers[h]);
    }
  for (int k = 0; k < hs.n && rc == 0; k++) {
    char *d = header_dest(o, root, hs.v[k]);
    if (!d)
      rc = EXIT_INPUT;
    kd_vec_push(&dests, d);
  }
  for (int k = 0; k < hs.n && rc == 0 && o->in_place; k++)
    if (!backup_free(o, dests.v[k]))
      rc = EXIT_INPUT;
  for (int i = 0; i < n && rc == 0 && o->in_place; i++)
    if (!backup_free(o, u[i].output))
      rc = EXIT_INPUT;
  if (rc == 0 && o->emit_dot && emit(o->emit_dot, render_dot, plan) != 0)
    rc = EXIT_INPUT;
  if (rc == 0 && o->emit_plan && emit(o->emit_plan, kd_plan_write_json, plan) != 0)
    rc = EXIT_INPUT;
  for (int k = 0; k < hs.n && rc == 0; k++)
    if ((o->in_place && backup(o, dests.v[k]) != 0) || kd_make_parents("kdlg-opt", dests.v[k], stderr) != 0 ||
        kd_write_atomic("kdlg-opt", dests.v[k], hs.v[k]->text, hs.v[k]->len, stderr) != 0)
      rc = EXIT_INPUT;
  if (rc == 0 && hs.n > 0 && !o->all)
    warn_includers(root, u, n, hs.v, hs.n);
  for (int k = 0; k < dests.n; k++)
    free(dests.v[k]);
  free(dests.v);
  free(hs.v);
  for (int i = 0; i < n && o->output && rc == 0; i++) {
    if (o->output_dir && !o->in_place && kd_make_parents("kdlg-opt", u[i].output, stderr) != 0)
      rc = EXIT_INPUT;
    if (rc == 0 && o->in_place && backup(o, u[i].output) != 0)
      rc = EXIT_INPUT;
    if (rc == 0 && u[i].layout_header && u[i].rw.header &&
        kd_write_atomic("kdlg-opt", u[i].layout_header, u[i].rw.header, u[i].rw.header_len, stderr) != 0)
      rc = EXIT_INPUT;
    if (rc == 0 && kd_write_atomic("kdlg-opt", u[i].output, u[i].rw.text, u[i].rw.len, stderr) != 0)
      rc = EXIT_INPUT;
  }
  return rc;
}

/* Sect. 3.3 of the paper, step by step, for a program of one or more
 * translation units. */
int main(int argc, char **argv) {
  Options o;                   // the command line
  KdDeviceModel *loaded = NULL;      // --device-model's (NULL: the built-in one)
  const KdDeviceModel *model;        // the device model: ε and Select-Tilesize (Sect. 3.2)
  Unit *units = NULL;          // per input: parser arguments, parse, rewrite
  int nunits = 0;
  char *root = NULL;           // the project's directory (project_root)
  KdProgram **progs = NULL;    // per input: the access model of every kernel
  KdProgram *prog = NULL;      // the whole program's (kd_program_merge of progs)
  KdPlan *plan = NULL;         // per struct: KDLG, clusters, a layout per cluster
  KdOutcome *oc = NULL;        // per struct of the plan: rewritten, or kept in AoS and why
  CHeaders ch = {0};           // --all: the headers the build's C files include (they must not change)
  int rc = kd_options_parse(argc, argv, &o);
  if (rc >= 0)
    goto done;
  diag = o.quiet ? kd_quiet_stream(stderr) : stderr;
  if (!(model = device_model(&o, &loaded))) {
    rc = EXIT_INPUT;
    goto done;
  }
  int64_t epsilon = o.epsilon > 0 ? o.epsilon : model->epsilon;
  units = kd_xcalloc((size_t)o.ninputs, sizeof *units);
  progs = kd_xcalloc((size_t)o.ninputs, sizeof *progs);
  for (int i = 0; i < o.ninputs; i++)
    units[i].input = o.inputs[i];
  if (!(root = project_root(&o))) {
    rc = EXIT_INPUT;
    goto done;
  }
  if ((rc = output_paths(&o, root, units, o.ninputs)) >= 0)
    goto done;
  if ((rc = kd_c_headers(&o, &ch, diag)) >= 0)
    goto done;

  for (nunits = 0; nunits < o.ninputs; nunits++) {
    Unit *u = &units[nunits];
    if ((rc = kd_compiler_args(&o, u->input, &u->cargs, &u->ncargs)) >= 0)
      goto done;
    // 1. Front end: parse the kernel source (its project headers: those under root).
    // (a .cpp of a CUDA program as its host compiler reads it)
    bool host = !o.lang_given && kd_host_source_path(u->input);
    if ((host ? kd_frontend_parse_host(u->input, o.ninputs > 1 ? root : NULL, (const char *const *)u->cargs,
                                       u->ncargs, &u->src, diag)
              : kd_frontend_parse(u->input, o.ninputs > 1 ? root : NULL, o.lang, (const char *const *)u->cargs,
                                  u->ncargs, &u->src, diag)) != 0) {
      rc = EXIT_INPUT;
      goto done;
    }
    if (o.depfile && !o.dry_run && kd_depfile_write(o.depfile, o.output, u->src.tu, stderr) != 0) {
      rc = EXIT_INPUT;  // (what the output is made from: the input and its user headers)
      goto done;
    }
    // 2. Access model: global-memory instructions and loops of every kernel.
    // (the per-access uniform flags are needed in full only by the dump; the plan reads them per struct)
    progs[nunits] = kd_access_build(&u->src, diag, o.dump_access_model ? 0 : KD_ACCESS_UNIFORM_LAZY);
    if (o.dump_access_model)
      dump_access_model(progs[nunits]);
  }
  // ... of the whole program: one entry per struct, every kernel of every file
  prog = o.ninputs == 1 ? progs[0] : kd_program_merge(progs, o.ninputs);
  free(progs);
  progs = NULL;

  // 3.-5. The plan: KDLG per struct, ε-Kruskal partition, a layout per cluster.
  if (kd_plan_build(prog, o.input, o.lang, model, epsilon, o.structs, diag, &plan) != 0) {
    rc = EXIT_INPUT;  // (error printed)
    goto done;
  }
  if ((rc = user_layouts(&o, plan)) >= 0)
    goto done;
  kd_plan_remark_uniform(plan, diag);
  if (o.explain)
    kd_plan_explain(stderr, plan);

  // 6. Rewriting: new types, new indexing, host-side conversion; alike in every file.
  oc = kd_xcalloc((size_t)plan->nstructs + 1, sizeof *oc);
  for (int s = 0; s < plan->nstructs; s++)
    oc[s].planned_aos = kd_plan_is_aos(&plan->structs[s]);
  if ((rc = kd_rewrite_program(&o, units, nunits, &ch, plan, oc, diag)) >= 0)
    goto done;

  // 7. Outputs, and the verdict: what became of each struct.
  rc = write_outputs(&o, root, units, nunits, plan);
  if (rc == 0) {
    char *forced = o.layout ? kd_xasprintf("--layout %s", o.layout) : kd_xasprintf("--plan-in %s", o.plan_in);
    const char *unwritten = o.dry_run ? "nothing written (--dry-run)"
                            : o.diff  ? "nothing written (--diff)"
                            : !o.output ? "no source written (no -o)"
                                        : NULL;
    int nkept = kd_verdict_write(o.quiet ? NULL : stderr, plan, oc, forced, unwritten);
    free(forced);
    if (o.fail_if_kept && nkept > 0) {
      fprintf(stderr, "kdlg-opt: error: %d struct%s kept %s AoS layout (--fail-if-kept)\n", nkept,
              nkept == 1 ? "" : "s", nkept == 1 ? "its" : "their");
      rc = EXIT_KEPT;
    }
  }

done:
  for (int i = 0; units && i < o.ninputs; i++) {
    free(units[i].output);
    free(units[i].layout_header);
    kd_rewrite_result_free(&units[i].rw);
    kd_frontend_dispose(&units[i].src);
    kd_free_args(units[i].cargs, units[i].ncargs);
  }
  for (int i = 0; progs && i < nunits; i++)
    kd_program_free(progs[i]);
  free(progs);
  free(units);
  free(root);
  for (int k = 0; k < ch.n; k++)
    free(ch.real[k]);
  free(ch.real);
  free(ch.by);
  for (int s = 0; oc && plan && s < plan->nstructs; s++)
    free(oc[s].why);
  free(oc);
  kd_plan_free(plan);
  kd_program_free(prog);
  kd_device_model_free(loaded);
  kd_options_free(&o);
  if (diag && diag != stderr)
    fclose(diag);
  return rc;
}
