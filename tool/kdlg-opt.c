/* kdlg-opt.c: the command-line driver.
 *
 * main() follows the paper's Sect. 3.3: parse the kernel source, build the
 * access model, build each struct's KDLG, partition it with ε, select a
 * layout per cluster with the device's decision tree, and write the results
 * (DOT, JSON plan) and the rewritten source.
 *
 * Exit status: 0 success (also "nothing to optimize"), 1 input error
 * (diagnostics printed, no output file written), 2 usage error.
 */
#define _GNU_SOURCE /* asprintf */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "../analysis/access.h"
#include "../analysis/dot.h"
#include "../analysis/dtree.h"
#include "../analysis/frontend.h"
#include "../analysis/mem.h"
#include "../transform/plan.h"
#include "../transform/rewrite.h"
#include "compdb.h"
#include "datadir.h"
#include "depfile.h"
#include "output.h"

#ifndef KDLG_OPT_VERSION
#define KDLG_OPT_VERSION "0.1.0"
#endif

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

typedef struct Options {
  const char *input;
  const char *output;            // -o
  const char *emit_dot;          // --emit-dot
  const char *emit_plan;         // --emit-plan
  const char *only_struct;       // --struct
  const char *device_model_path; // --device-model
  const char *build_dir;         // -p
  const char *layout;            // --layout
  const char *plan_in;           // --plan-in
  bool dry_run;                  // --dry-run
  bool inline_runtime;           // --inline-runtime
  long long epsilon;             // --epsilon, -1: from the device model
  bool dump_access_model;        // --dump-access-model (for tests and debugging)
  bool verbose;                  // -v, --verbose: say which compile_commands.json was read
  const char *depfile;           // --depfile: Makefile rule OUTPUT: input and its user headers
  bool lang_given;
  KdLanguage lang;
  const char *cuda_path;         // --cuda-path: the CUDA toolkit (default: analysis/toolkit.h's search)
  const char **cargs;            // after --
  int ncargs;
} Options;

static void usage(FILE *f) {
  fputs("usage: kdlg-opt INPUT [-o OUTPUT] [--emit-dot FILE] [--emit-plan FILE] [--struct NAME]\n"
        "                [--epsilon BYTES] [--device-model FILE] [-x cuda|cl] [-p BUILD_DIR]\n"
        "                [--layout auto|aos|soa|split|tiled:N] [--plan-in FILE] [--dry-run]\n"
        "                [--inline-runtime] [--cuda-path DIR] [--depfile FILE] [-v]\n"
        "                [-- COMPILER_ARGS...]\n"
        "       kdlg-opt --help | --version\n",
        f);
}

static void help(void) {
  usage(stdout);
  fputs("\n"
        "Data-layout optimizer for CUDA and OpenCL kernels that walk arrays of structs\n"
        "(Kofler, Cosenza, Fahringer: Automatic Data Layout Optimizations for GPUs, 2015).\n"
        "For every struct reached through a kernel's global pointer it builds the Kernel\n"
        "Data Layout Graph (fields, sizes σ, memory distances δ), partitions the fields\n"
        "with ε-Kruskal and selects AoS, SoA or tiled-AoS per cluster.\n"
        "\n"
        "options:\n"
        "  -o OUTPUT            write the optimized source (OpenCL: also OUTPUT.layout.h,\n"
        "                       the host side of the new layouts)\n"
        "  --layout L           force a layout on every struct: auto (default: the paper's\n"
        "                       combined algorithm), aos, soa, split (the KDLG clusters,\n"
        "                       each AoS), tiled:N (one cluster, N elements per tile)\n"
        "  --plan-in FILE       take clusters and layouts from a plan (--emit-plan format)\n"
        "  --dry-run            print the plan and the edits; write nothing\n"
        "  --inline-runtime     CUDA: paste the runtime header into the output, so it is\n"
        "                       one self-contained file\n"
        "  --emit-dot FILE      write each struct's KDLG and partition as Graphviz DOT\n"
        "  --emit-plan FILE     write the layout plan as JSON\n"
        "                       (FILE '-' is standard output for both)\n"
        "  --struct NAME        analyse only struct NAME (default: every eligible struct)\n"
        "  --epsilon BYTES      partition threshold ε (default: the device model's, 128 B)\n"
        "  --device-model FILE  decision-tree model from kdlg-calibrate (default: built-in),\n"
        "                       or the NAME of one shipped with kdlg-opt (provisional,\n"
        "                       h200: see --version for where they are)\n"
        "  -x cuda|cl           input language (default: from the extension .cu/.cuh/.cl)\n"
        "  --cuda-path DIR      the CUDA toolkit whose headers CUDA files are parsed with\n"
        "                       (default: $CUDA_PATH, $CUDA_HOME, the nvcc on PATH,\n"
        "                       /usr/local/cuda; none found, or -nocudainc after --:\n"
        "                       kdlg-opt's built-in declarations)\n"
        "  -p BUILD_DIR         read the input's compiler arguments from\n"
        "                       BUILD_DIR/compile_commands.json (nvcc's or clang's: -I\n"
        "                       -isystem -D -U -include -std --cuda-path in either\n"
        "                       spelling, response files @F and --options-file F,\n"
        "                       paths relative to the entry's directory); without -p,\n"
        "                       the first compile_commands.json in the input's directory\n"
        "                       or above it, if it has an entry for the input\n"
        "  --depfile FILE       also write FILE, a Makefile rule 'OUTPUT: INPUT headers...'\n"
        "                       naming the user headers the input includes (needs -o;\n"
        "                       for build systems: CMake's DEPFILE, Ninja's depfile)\n"
        "  -v, --verbose        say which compile_commands.json was read\n"
        "  -- ARGS...           pass ARGS to the parser (e.g. -I dir -D N=64)\n"
        "  --dump-access-model  print each kernel's global-memory instructions and loops\n"
        "  --help, --version\n"
        "\n"
        "exit status: 0 success, 1 input error, 2 usage error\n",
        stdout);
}

static void version(void) {
  const KdDeviceModel *m = kd_device_model_builtin();
  CXString cv = clang_getClangVersion();
  printf("kdlg-opt %s (%s)\n", KDLG_OPT_VERSION, clang_getCString(cv));
  clang_disposeString(cv);
  printf("embedded device model: %s, epsilon %lld B, %s%s\n", m->device, (long long)m->epsilon,
         m->provisional ? "PROVISIONAL (not calibrated on a GPU)" : "calibrated ",
         m->provisional ? "" : (m->date ? m->date : ""));
  char *models = kd_models_dir();
  printf("device models (--device-model NAME): %s\n", models ? models : "none found");
  free(models);
}

static int usage_error(const char *fmt, const char *arg) {
  fputs("kdlg-opt: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  usage(stderr);
  return EXIT_USAGE;
}

/* Returns -1 on success (continue), or an exit status. */
static int parse_args(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->epsilon = -1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      help();
      return 0;
    }
    if (!strcmp(a, "--version")) {
      version();
      return 0;
    }
    if (!strcmp(a, "--dump-access-model")) {
      o->dump_access_model = true;
      continue;
    }
    if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
      o->verbose = true;
      continue;
    }
    if (!strcmp(a, "--dry-run")) {
      o->dry_run = true;
      continue;
    }
    if (!strcmp(a, "--inline-runtime")) {
      o->inline_runtime = true;
      continue;
    }
    if (!strcmp(a, "--")) {
      o->cargs = (const char **)argv + i + 1;
      o->ncargs = argc - i - 1;
      break;
    }
    if (!strcmp(a, "-o"))
      slot = &o->output;
    else if (!strcmp(a, "--emit-dot"))
      slot = &o->emit_dot;
    else if (!strcmp(a, "--emit-plan"))
      slot = &o->emit_plan;
    else if (!strcmp(a, "--struct"))
      slot = &o->only_struct;
    else if (!strcmp(a, "--device-model"))
      slot = &o->device_model_path;
    else if (!strcmp(a, "-p"))
      slot = &o->build_dir;
    else if (!strcmp(a, "--layout"))
      slot = &o->layout;
    else if (!strcmp(a, "--plan-in"))
      slot = &o->plan_in;
    else if (!strcmp(a, "--cuda-path"))
      slot = &o->cuda_path;
    else if (!strcmp(a, "--depfile"))
      slot = &o->depfile;
    if (slot) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs a value", a);
      *slot = argv[++i];
      continue;
    }
    if (!strcmp(a, "--epsilon")) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs a value", a);
      char *end;
      const char *v = argv[++i];
      o->epsilon = strtoll(v, &end, 10);
      if (!*v || *end || o->epsilon <= 0 || o->epsilon > (1LL << 40))
        return usage_error("--epsilon needs a positive number of bytes, not '%s'", v);
      continue;
    }
    if (!strcmp(a, "-x")) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs a value", a);
      const char *v = argv[++i];
      o->lang_given = true;
      if (!strcmp(v, "cuda"))
        o->lang = KD_LANG_CUDA;
      else if (!strcmp(v, "cl"))
        o->lang = KD_LANG_OPENCL;
      else
        return usage_error("unknown language '%s' (expected cuda or cl)", v);
      continue;
    }
    if (a[0] == '-' && a[1])
      return usage_error("unknown option '%s'", a);
    if (o->input)
      return usage_error("more than one input file ('%s')", a);
    o->input = a;
  }
  if (!o->input)
    return usage_error("%s", "no input file");
  if (!o->lang_given && kd_language_from_path(o->input, &o->lang) != 0)
    return usage_error("cannot tell the language of '%s' from its extension: use -x cuda or -x cl", o->input);
  if (o->depfile && !o->output)
    return usage_error("%s needs -o (the output is the depfile's target)", "--depfile");
  if (o->output && kd_same_file(o->output, o->input))
    return usage_error("refusing to overwrite the input '%s' (write the output elsewhere)", o->output);
  const char *outs[3] = {o->emit_dot, o->emit_plan, o->depfile};
  for (int i = 0; i < 3; i++)
    if (outs[i] && strcmp(outs[i], "-") && kd_same_file(outs[i], o->input))
      return usage_error("refusing to overwrite the input '%s' with an analysis output", outs[i]);
  return -1;
}

/* Renders an output into memory with `fn`, then writes it atomically. */
typedef int (*Render)(FILE *, const KdPlan *);

static int render_dot(FILE *f, const KdPlan *plan) {
  for (int i = 0; i < plan->nstructs; i++) {
    const KdStructPlan *sp = &plan->structs[i];
    const char *note = sp->uniform && !sp->forced ? "uniform: " KD_UNIFORM_NOTE "; kept in one AoS cluster" : NULL;
    if (kd_dot_write(f, sp->g, sp->layouts, note) != 0)
      return -1;
  }
  return 0;
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

/* The parser's arguments: the build's first (compile_commands.json: -p's,
 * else one found above the input; tool/compdb.h), then those after --.
 * Returns -1 with *out (free with free_args), or an exit status. */
static int compiler_args(const Options *o, char ***out, int *nout) {
  KdCompdbArgs db;
  int rc = kd_compdb_lookup(o->build_dir, o->input, o->verbose, &db, stderr);
  if (rc != 0)
    return rc == KD_COMPDB_NO_DATABASE ? EXIT_USAGE : EXIT_INPUT;
  int ndb = db.nargs;
  *out = kd_xcalloc((size_t)(ndb + o->ncargs + 2), sizeof(char *));
  for (int i = 0; i < ndb; i++)
    (*out)[i] = kd_xstrdup(db.args[i]);
  for (int i = 0; i < o->ncargs; i++)
    (*out)[ndb + i] = kd_xstrdup(o->cargs[i]);
  *nout = ndb + o->ncargs;
  if (o->cuda_path) {  // (last: it wins over one among the compiler arguments, as clang's last one does)
    (*out)[(*nout)++] = kd_xasprintf("--cuda-path=%s", o->cuda_path);
  }
  kd_compdb_args_free(&db);
  return -1;
}

static void free_args(char **args, int n) {
  for (int i = 0; i < n; i++)
    free(args[i]);
  free(args);
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

/* Rewrites src per plan into *rw when -o or --dry-run asks for it;
 * *header_path: OpenCL's <output>.layout.h (malloc'd) or NULL.  -1, or an
 * exit status. */
static int rewrite(const Options *o, const KdSource *src, const KdPlan *plan, KdRewriteResult *rw,
                   char **header_path) {
  memset(rw, 0, sizeof *rw);
  *header_path = NULL;
  if (!o->output && !o->dry_run)
    return -1;
  if (o->output && o->lang == KD_LANG_OPENCL && asprintf(header_path, "%s.layout.h", o->output) < 0)
    *header_path = NULL;
  const char *hbase = *header_path ? strrchr(*header_path, '/') : NULL;
  KdRewriteOptions ro = {o->inline_runtime, hbase ? hbase + 1 : *header_path, KDLG_OPT_VERSION, o->dry_run};
  return kd_rewrite(src, plan, &ro, rw, stderr) != 0 ? EXIT_INPUT : -1;
}

/* The outputs, each complete in memory before it is written atomically
 * (--dry-run: the plan and the edits on stdout, nothing written).  0 or
 * EXIT_INPUT. */
static int write_outputs(const Options *o, const KdPlan *plan, const KdRewriteResult *rw, const char *header_path) {
  if (o->dry_run) {
    kd_plan_write_json(stdout, plan);
    fputs(rw->edits ? rw->edits : "", stdout);
    printf("%d struct(s) rewritten, %d kept in AoS; nothing written (--dry-run)\n", rw->nrewritten, rw->nkept);
    return 0;
  }
  int rc = 0;
  if (o->emit_dot && emit(o->emit_dot, render_dot, plan) != 0)
    rc = EXIT_INPUT;
  if (o->emit_plan && emit(o->emit_plan, kd_plan_write_json, plan) != 0)
    rc = EXIT_INPUT;
  if (o->output && rc == 0) {
    if (header_path && rw->header && kd_write_atomic("kdlg-opt", header_path, rw->header, rw->header_len, stderr) != 0)
      rc = EXIT_INPUT;
    if (rc == 0 && kd_write_atomic("kdlg-opt", o->output, rw->text, rw->len, stderr) != 0)
      rc = EXIT_INPUT;
  }
  return rc;
}

/* Sect. 3.3 of the paper, step by step. */
int main(int argc, char **argv) {
  Options o;                   // the command line
  KdDeviceModel *loaded = NULL;      // --device-model's (NULL: the built-in one)
  const KdDeviceModel *model;        // the device model: ε and Select-Tilesize (Sect. 3.2)
  char **cargs = NULL;         // the parser's arguments
  int ncargs = 0;
  KdSource src = {0};          // the parsed translation unit
  KdProgram *prog = NULL;      // the access model of every kernel
  KdPlan *plan = NULL;         // per struct: KDLG, clusters, a layout per cluster
  KdRewriteResult rw = {0};    // the rewritten source
  char *header_path = NULL;    // OpenCL: <output>.layout.h
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  if (!(model = device_model(&o, &loaded)))
    return EXIT_INPUT;
  int64_t epsilon = o.epsilon > 0 ? o.epsilon : model->epsilon;
  if ((rc = compiler_args(&o, &cargs, &ncargs)) >= 0)
    goto done;

  // 1. Front end: parse the kernel source.
  rc = EXIT_INPUT;
  if (kd_frontend_parse(o.input, o.lang, (const char *const *)cargs, ncargs, &src, stderr) != 0)
    goto done;
  if (o.depfile && !o.dry_run && kd_depfile_write(o.depfile, o.output, src.tu, stderr) != 0)
    goto done;  // (what the output is made from: the input and its user headers)

  // 2. Access model: global-memory instructions and loops of every kernel.
  // (the per-access uniform flags are needed in full only by the dump; the plan reads them per struct)
  prog = kd_access_build(&src, stderr, o.dump_access_model ? 0 : KD_ACCESS_UNIFORM_LAZY);
  if (o.dump_access_model)
    dump_access_model(prog);

  // 3.-5. The plan: KDLG per struct, ε-Kruskal partition, a layout per cluster.
  if (kd_plan_build(prog, o.input, o.lang, model, epsilon, o.only_struct, stderr, &plan) != 0) {
    rc = EXIT_INPUT;  // (error printed)
    goto done;
  }
  if ((rc = user_layouts(&o, plan)) >= 0)
    goto done;
  kd_plan_remark_uniform(plan, stderr);

  // 6. Rewriting: new types, new indexing, host-side conversion.
  if ((rc = rewrite(&o, &src, plan, &rw, &header_path)) >= 0)
    goto done;

  // 7. Outputs.
  rc = write_outputs(&o, plan, &rw, header_path);

done:
  free(header_path);
  kd_rewrite_result_free(&rw);
  kd_plan_free(plan);
  kd_program_free(prog);
  kd_frontend_dispose(&src);
  free_args(cargs, ncargs);
  kd_device_model_free(loaded);
  return rc;
}
