/* options.c: kdlg-opt's command line through getopt_long (options.h),
 * the usage, --help (also the man page's source: help2man) and --version.
 */
#define _GNU_SOURCE /* getopt_long */
#include "options.h"
#include "compdb.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <clang-c/Index.h>

#include "../analysis/dtree.h"
#include "../analysis/mem.h"
#include "datadir.h"
#include "output.h"

static void usage(FILE *f) {
  fputs("usage: kdlg-opt INPUT... | -p BUILD_DIR --all [-o OUTPUT | -o DIR/ | -i | --diff] [--emit-dot FILE] [--emit-plan FILE]\n"
        "                [--struct NAME]... [--epsilon BYTES] [--device-model FILE] [-x cuda|cl]\n"
        "                [-p BUILD_DIR] [--layout auto|aos|soa|split|tiled:N] [--plan-in FILE]\n"
        "                [--dry-run] [--explain] [-q] [--fail-if-kept] [--inline-runtime]\n"
        "                [--cuda-path DIR] [--depfile FILE] [--layout-header FILE] [-v]\n"
        "                [-I DIR] [-D NAME[=VALUE]] [-U NAME] [-- COMPILER_ARGS...]\n"
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
        "Every run ends with a verdict on stderr: a line per struct (rewritten into\n"
        "which clusters and layouts, or kept in AoS and why, at the place that decided\n"
        "it) and a summary line.\n"
        "\n"
        "options:\n"
        "  -o OUTPUT            write the optimized source (OpenCL: also OUTPUT.layout.h,\n"
        "                       the host side of the new layouts); a project header\n"
        "                       (under the input's directory) that must change is\n"
        "                       written beside OUTPUT at its path relative to the input;\n"
        "                       '-' is standard output\n"
        "  -o DIR/              several inputs are one program (one plan per struct,\n"
        "                       pointers followed across files): each output, and each\n"
        "                       header that changes, at its path relative to the\n"
        "                       inputs' common directory under DIR; a C file (.c) among\n"
        "                       them is read only for the project headers it includes,\n"
        "                       which then must not change\n"
        "  -i, --in-place[=SUFFIX]\n"
        "                       write each input and changed header over itself, the\n"
        "                       original kept as FILE.orig (FILE + SUFFIX)\n"
        "  --diff               print a unified diff of every file the rewrite changes\n"
        "                       (and of the OpenCL layout header, a new file) against\n"
        "                       its original on stdout; write nothing\n"
        "  --layout-header FILE OpenCL: where the host's layout header goes (default\n"
        "                       OUTPUT.layout.h; needed with -o - when a struct changes)\n"
        "  --layout L           force a layout on every struct: auto (default: the paper's\n"
        "                       combined algorithm), aos, soa, split (the KDLG clusters,\n"
        "                       each AoS), tiled:N (one cluster, N elements per tile)\n"
        "  --plan-in FILE       take clusters and layouts from a plan (--emit-plan format)\n"
        "  --dry-run            print the plan and the edits; write nothing\n"
        "  --explain            say on stderr why each cluster has its layout: σ(c),\n"
        "                       σ_min(c), φ(c), the decision tree's path, the KDLG edges\n"
        "                       that joined it\n"
        "  -q, --quiet          print no verdict and no remarks (errors still)\n"
        "  --fail-if-kept       exit 3 when a struct keeps its AoS layout (with --struct:\n"
        "                       one of those named), for CI\n"
        "  --inline-runtime     CUDA: paste the runtime header into the output, so it is\n"
        "                       one self-contained file\n"
        "  --emit-dot FILE      write each struct's KDLG and partition as Graphviz DOT\n"
        "  --emit-plan FILE     write the layout plan as JSON\n"
        "                       (FILE '-' is standard output for both)\n"
        "  --struct NAME        analyse only struct NAME (repeatable; default: every\n"
        "                       eligible struct)\n"
        "  --epsilon BYTES      partition threshold ε (default: the device model's, 128 B)\n"
        "  --device-model FILE  decision-tree model from kdlg-calibrate (default: built-in),\n"
        "                       or the NAME of one shipped with kdlg-opt (provisional,\n"
        "                       h200: see --version for where they are)\n"
        "  -x cuda|cl           input language (default: from the extension .cu/.cuh/.cl)\n"
        "  --cuda-path DIR      the CUDA toolkit whose headers CUDA files are parsed with\n"
        "                       (default: $CUDA_PATH, $CUDA_HOME, the nvcc on PATH,\n"
        "                       /usr/local/cuda; none found, or -nocudainc after --:\n"
        "                       kdlg-opt's built-in declarations)\n"
        "  --all                with -p: every CUDA file BUILD_DIR/compile_commands.json\n"
        "                       compiles (.cu), and its host C++ files (.cpp, .cc, .cxx:\n"
        "                       built by the host compiler, they call cudaMalloc and the\n"
        "                       launchers), are the inputs, one program; its C files (.c)\n"
        "                       are read for the headers they include, which must not\n"
        "                       change (a struct whose rewrite would change one keeps AoS)\n"
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
        "  -I DIR, -D NAME[=VALUE], -U NAME, -isystem DIR, -include FILE, -std=STD\n"
        "                       passed to the parser (before those after --)\n"
        "  -- ARGS...           pass ARGS to the parser (e.g. -I dir -D N=64)\n"
        "  --dump-access-model  print each kernel's global-memory instructions and loops\n"
        "  --help, --version\n"
        "\n"
        "exit status: 0 success, 1 input error, 2 usage error, 3 a struct kept AoS\n"
        "under --fail-if-kept\n",
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

/* The long options' codes beyond the short ones'. */
enum {
  OPT_EMIT_DOT = 256,
  OPT_EMIT_PLAN,
  OPT_STRUCT,
  OPT_DEVICE_MODEL,
  OPT_LAYOUT,
  OPT_PLAN_IN,
  OPT_DRY_RUN,
  OPT_DIFF,
  OPT_FAIL_IF_KEPT,
  OPT_EXPLAIN,
  OPT_INLINE_RUNTIME,
  OPT_EPSILON,
  OPT_DUMP,
  OPT_DEPFILE,
  OPT_CUDA_PATH,
  OPT_LAYOUT_HEADER,
  OPT_VERSION,
  OPT_ALL,
};

static const struct option long_options[] = {
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {"output", required_argument, NULL, 'o'},
    {"in-place", optional_argument, NULL, 'i'},
    {"emit-dot", required_argument, NULL, OPT_EMIT_DOT},
    {"emit-plan", required_argument, NULL, OPT_EMIT_PLAN},
    {"struct", required_argument, NULL, OPT_STRUCT},
    {"device-model", required_argument, NULL, OPT_DEVICE_MODEL},
    {"layout", required_argument, NULL, OPT_LAYOUT},
    {"plan-in", required_argument, NULL, OPT_PLAN_IN},
    {"dry-run", no_argument, NULL, OPT_DRY_RUN},
    {"diff", no_argument, NULL, OPT_DIFF},
    {"quiet", no_argument, NULL, 'q'},
    {"fail-if-kept", no_argument, NULL, OPT_FAIL_IF_KEPT},
    {"explain", no_argument, NULL, OPT_EXPLAIN},
    {"inline-runtime", no_argument, NULL, OPT_INLINE_RUNTIME},
    {"epsilon", required_argument, NULL, OPT_EPSILON},
    {"dump-access-model", no_argument, NULL, OPT_DUMP},
    {"verbose", no_argument, NULL, 'v'},
    {"depfile", required_argument, NULL, OPT_DEPFILE},
    {"cuda-path", required_argument, NULL, OPT_CUDA_PATH},
    {"layout-header", required_argument, NULL, OPT_LAYOUT_HEADER},
    {"all", no_argument, NULL, OPT_ALL},
    {0, 0, 0, 0},
};

/* clang's spellings that getopt would read as a cluster of short options
 * (-isystem as -i -s ...): with their value, they go to the parser.  The
 * number of argv entries it takes (1 or 2), or 0 when a is none of them. */
static int parser_spelling(const char *a, const char *next) {
  static const char *const joined[] = {"-isystem", "-iquote", "-idirafter", "-include", "-std=", "-nocudainc",
                                       "-nocudalib", "-W"};
  for (size_t k = 0; k < sizeof joined / sizeof *joined; k++) {
    size_t n = strlen(joined[k]);
    if (strncmp(a, joined[k], n))
      continue;
    bool takes_value = k < 4;  // -isystem DIR, -iquote DIR, -idirafter DIR, -include FILE (or joined)
    return takes_value && !a[n] && next ? 2 : 1;
  }
  return 0;
}

static void add_carg(Options *o, int *cap, char *s) {
  if (o->ncargs + 1 >= *cap) {
    *cap = *cap ? 2 * *cap : 16;
    o->cargs = kd_xrealloc(o->cargs, (size_t)*cap * sizeof(char *));
  }
  o->cargs[o->ncargs++] = s;
  o->cargs[o->ncargs] = NULL;
}

/* --all: the build's files as the inputs (CUDA and host C++) and the C
 * files.  -1, or an exit status (printed). */
static int all_inputs(Options *o) {
  if (!o->build_dir)
    return usage_error("%s", "--all needs -p BUILD_DIR (the build whose compile_commands.json lists the files)");
  if (o->ninputs)
    return usage_error("--all takes its inputs from the build: no INPUT ('%s')", o->inputs[0]);
  if (o->lang_given)
    return usage_error("%s", "--all takes each file's language from its extension: no -x");
  char **files;
  int n;
  if (kd_compdb_files(o->build_dir, &files, &n, stderr) != 0)
    return EXIT_USAGE;
  free(o->inputs);
  o->inputs = kd_xcalloc((size_t)n + 1, sizeof(char *));
  o->owned = files;
  o->nowned = n;
  o->c_files = kd_xcalloc((size_t)n + 1, sizeof(char *));
  bool cuda = false;
  for (int i = 0; i < n; i++) {
    KdLanguage l;
    const char *dot = strrchr(files[i], '.');
    if (kd_host_source_path(files[i]))
      o->inputs[o->ninputs++] = files[i];
    else if (kd_language_from_path(files[i], &l) == 0 && l == KD_LANG_CUDA)
      o->inputs[o->ninputs++] = files[i], cuda = true;
    else if (dot && !strcmp(dot, ".c"))
      o->c_files[o->nc_files++] = files[i];
  }
  if (!cuda)
    return usage_error("%s/compile_commands.json compiles no CUDA file (.cu): nothing for --all", o->build_dir);
  return -1;
}

/* Everything after the options: each input's language, and the outputs'
 * consistency.  -1, or EXIT_USAGE (printed). */
static int check(Options *o) {
  if (o->all) {
    int rc = all_inputs(o);
    if (rc >= 0)
      return rc;
  }
  if (!o->all && !o->lang_given) {
    // a C file of a CUDA program (nvcc builds it with the host C compiler): read only for the project
    // headers it includes, which must not change, as under --all (it cannot use the generated code)
    int k = 0;
    for (int i = 0; i < o->ninputs; i++) {
      const char *dot = strrchr(o->inputs[i], '.');
      if (dot && !strcmp(dot, ".c") && !strchr(dot, '/')) {
        if (!o->c_files)
          o->c_files = kd_xcalloc((size_t)o->ninputs + 1, sizeof(char *));
        o->c_files[o->nc_files++] = o->inputs[i];
      } else {
        o->inputs[k++] = o->inputs[i];
      }
    }
    if (o->nc_files && !k)
      return usage_error("'%s' is a C file: it is read only for the headers it includes, as part of a CUDA program "
                         "whose .cu files are inputs too (or use -x cuda or -x cl to read it as a kernel file)",
                         o->c_files[0]);
    o->ninputs = k;
  }
  if (!o->ninputs)
    return usage_error("%s", "no input file");
  o->input = o->inputs[0];
  int nlang = 0;  // inputs whose extension gave the language (not host-compiled C++ files)
  for (int i = 0; i < o->ninputs; i++) {
    KdLanguage l;
    if (!o->lang_given && kd_host_source_path(o->inputs[i]))
      continue;  // a CUDA program's host-compiled file (.cpp): checked below
    if (!o->lang_given && kd_language_from_path(o->inputs[i], &l) != 0)
      return usage_error("cannot tell the language of '%s' from its extension: use -x cuda or -x cl", o->inputs[i]);
    if (!o->lang_given && nlang > 0 && l != o->lang)
      return usage_error("'%s' is not in the language of the first input: CUDA and OpenCL inputs are separate programs",
                         o->inputs[i]);
    if (!o->lang_given)
      o->lang = l;
    nlang++;
  }
  for (int i = 0; i < o->ninputs && !o->lang_given; i++)
    if (kd_host_source_path(o->inputs[i]) && (nlang == 0 || o->lang != KD_LANG_CUDA))
      return usage_error("'%s' is a host C++ file: it is read as part of a CUDA program whose .cu files are inputs too "
                         "(or use -x cuda to read it as CUDA)",
                         o->inputs[i]);
  if (o->in_place && o->output)
    return usage_error("%s", "-i / --in-place writes each input over itself: it takes no -o");
  if (o->diff && (o->output || o->in_place || o->dry_run))
    return usage_error("%s", "--diff prints the changes instead of writing them: it takes no -o, -i or --dry-run");
  if (o->diff)
    o->output = "-";  // (rendered in memory like -o -; write_outputs prints the diff instead)
  if (o->in_place) {
    o->output = ".";  // (paths come from the inputs themselves: output_paths, header_dest)
    o->output_dir = true;
  }
  if (o->output && !o->in_place && !o->diff) {
    struct stat st;
    size_t n = strlen(o->output);
    o->output_dir = (n > 0 && o->output[n - 1] == '/') || (stat(o->output, &st) == 0 && S_ISDIR(st.st_mode));
  }
  if (o->depfile && (!o->output || o->diff))
    return usage_error("%s needs -o (the output is the depfile's target)", "--depfile");
  if (o->depfile && o->ninputs > 1)
    return usage_error("%s takes one input (its rule's target is the output)", "--depfile");
  if (o->layout_header && (o->lang != KD_LANG_OPENCL || o->ninputs > 1 || !o->output || o->output_dir))
    return usage_error("%s is for one OpenCL input written with -o FILE or -o -", "--layout-header");
  if (o->ninputs > 1 && o->output && !o->output_dir && !o->diff)
    return usage_error("several inputs are one program: give -o DIR/ (outputs mirror the inputs' tree), not -o '%s'",
                       o->output);
  for (int i = 0; i < o->ninputs && !o->in_place; i++) {
    if (o->output && !o->output_dir && !o->diff && kd_same_file(o->output, o->inputs[i]))
      return usage_error("refusing to overwrite the input '%s' (write the output elsewhere)", o->output);
    const char *outs[4] = {o->emit_dot, o->emit_plan, o->depfile, o->layout_header};
    for (int k = 0; k < 4; k++)
      if (outs[k] && strcmp(outs[k], "-") && kd_same_file(outs[k], o->inputs[i]))
        return usage_error("refusing to overwrite the input '%s' with an analysis output", outs[k]);
  }
  return -1;
}

int kd_options_parse(int argc, char **argv, Options *o) {
  memset(o, 0, sizeof *o);
  o->epsilon = -1;
  int ccap = 0;
  o->inputs = kd_xcalloc((size_t)argc + 1, sizeof(char *));
  o->structs = kd_xcalloc((size_t)argc + 1, sizeof(char *));
  int end = argc;  // argv[end] is "--" (or end == argc)
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--")) {
      end = i;
      break;
    }
  // getopt_long permutes its argv: it gets a copy, without what goes to the parser
  char **av = kd_xcalloc((size_t)end + 1, sizeof(char *));
  int ac = 0;
  av[ac++] = argv[0];
  for (int i = 1; i < end; i++) {
    int n = parser_spelling(argv[i], i + 1 < end ? argv[i + 1] : NULL);
    if (n == 2)
      add_carg(o, &ccap, kd_xasprintf("%s%s", argv[i], argv[i + 1]));
    else if (n == 1)
      add_carg(o, &ccap, kd_xstrdup(argv[i]));
    else
      av[ac++] = argv[i];
    i += n ? n - 1 : 0;
  }
  optind = 0;  // (0: getopt reinitialises; the tests' harnesses call this more than once)
  opterr = 0;
  int rc = -1;
  int c;
  while (rc < 0 && (c = getopt_long(ac, av, "-:ho:i::qvx:p:I:D:U:", long_options, NULL)) != -1) {
    switch (c) {
    case 1:  // an input ('-' in optstring: in order, as they come)
      o->inputs[o->ninputs++] = optarg;
      break;
    case 'h':
      help();
      rc = 0;
      break;
    case OPT_VERSION:
      version();
      rc = 0;
      break;
    case 'o':
      o->output = optarg;
      break;
    case 'i':
      o->in_place = optarg ? optarg : ".orig";
      if (!*o->in_place || strchr(o->in_place, '/'))
        rc = usage_error("--in-place needs a backup suffix without '/', not '%s'", o->in_place);
      break;
    case 'q':
      o->quiet = true;
      break;
    case 'v':
      o->verbose = true;
      break;
    case 'x':
      o->lang_given = true;
      if (!strcmp(optarg, "cuda"))
        o->lang = KD_LANG_CUDA;
      else if (!strcmp(optarg, "cl"))
        o->lang = KD_LANG_OPENCL;
      else
        rc = usage_error("unknown language '%s' (expected cuda or cl)", optarg);
      break;
    case 'p':
      o->build_dir = optarg;
      break;
    case 'I':
    case 'D':
    case 'U':
      add_carg(o, &ccap, kd_xasprintf("-%c%s", c, optarg));
      break;
    case OPT_EMIT_DOT:
      o->emit_dot = optarg;
      break;
    case OPT_EMIT_PLAN:
      o->emit_plan = optarg;
      break;
    case OPT_STRUCT:
      o->structs[o->nstructs++] = optarg;
      break;
    case OPT_DEVICE_MODEL:
      o->device_model_path = optarg;
      break;
    case OPT_LAYOUT:
      o->layout = optarg;
      break;
    case OPT_PLAN_IN:
      o->plan_in = optarg;
      break;
    case OPT_DRY_RUN:
      o->dry_run = true;
      break;
    case OPT_DIFF:
      o->diff = true;
      break;
    case OPT_FAIL_IF_KEPT:
      o->fail_if_kept = true;
      break;
    case OPT_EXPLAIN:
      o->explain = true;
      break;
    case OPT_INLINE_RUNTIME:
      o->inline_runtime = true;
      break;
    case OPT_ALL:
      o->all = true;
      break;
    case OPT_DUMP:
      o->dump_access_model = true;
      break;
    case OPT_DEPFILE:
      o->depfile = optarg;
      break;
    case OPT_CUDA_PATH:
      o->cuda_path = optarg;
      break;
    case OPT_LAYOUT_HEADER:
      o->layout_header = optarg;
      break;
    case OPT_EPSILON: {
      char *e;
      o->epsilon = strtoll(optarg, &e, 10);
      if (!*optarg || *e || o->epsilon <= 0 || o->epsilon > (1LL << 40))
        rc = usage_error("--epsilon needs a positive number of bytes, not '%s'", optarg);
      break;
    }
    case ':':    // a value missing (':' first in optstring)
    case '?': {  // an unknown option (opterr = 0: the messages are ours, in the driver's format)
      const char *a = av[optind - 1];
      bool is_short = c == '?' ? optopt != 0 : a[1] != '-';  // (unknown short: optind may not have moved yet)
      char *name = is_short ? kd_xasprintf("-%c", optopt) : kd_xstrndup(a, strcspn(a, "="));
      rc = usage_error(c == ':' ? "option '%s' needs a value" : "unknown option '%s'", name);
      free(name);
      break;
    }
    }
  }
  free(av);
  for (int i = end + 1; i < argc; i++)
    add_carg(o, &ccap, kd_xstrdup(argv[i]));
  if (o->nstructs == 0) {
    free(o->structs);
    o->structs = NULL;
  }
  return rc >= 0 ? rc : check(o);
}

void kd_options_free(Options *o) {
  for (int i = 0; i < o->ncargs; i++)
    free(o->cargs[i]);
  free(o->cargs);
  free(o->inputs);
  free(o->structs);
  for (int i = 0; i < o->nowned; i++)
    free(o->owned[i]);
  free(o->owned);
  free(o->c_files);
  memset(o, 0, sizeof *o);
}
