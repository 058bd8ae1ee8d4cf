/* options.h: kdlg-opt's command line (getopt_long): what the user asked
 * for, checked for consistency before anything is read or written.
 *
 * Every option takes the usual GNU spellings: `--opt=value` and `--opt
 * value`, `-oFILE` and `-o FILE`; options and inputs mix in any order;
 * `--` ends the options, and what follows goes to the parser.  -I, -D and
 * -U, and clang's -isystem / -iquote / -idirafter / -include / -std=, may
 * also come before `--`: they go to the parser, in order, before those
 * after it.
 */
#ifndef KDLG_OPTIONS_H
#define KDLG_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "../analysis/frontend.h"

enum { EXIT_INPUT = 1, EXIT_USAGE = 2, EXIT_KEPT = 3 };

typedef struct Options {
  const char *input;             // the first input
  const char **inputs;           // every input (several: one program, -o DIR/)
  int ninputs;
  const char *in_place;          // -i / --in-place[=SUFFIX]: the backup suffix (outputs replace their inputs)
  bool output_dir;               // -o names a directory (ends with '/', or exists as one): outputs mirror the inputs' tree
  const char *output;            // -o
  const char *layout_header;     // --layout-header: OpenCL's host header (default: OUTPUT.layout.h)
  const char *emit_dot;          // --emit-dot
  const char *emit_plan;         // --emit-plan
  const char **structs;          // --struct, each (NULL-terminated; NULL: every eligible struct)
  int nstructs;
  const char *device_model_path; // --device-model
  const char *build_dir;         // -p
  const char *layout;            // --layout
  const char *plan_in;           // --plan-in
  bool dry_run;                  // --dry-run
  bool diff;                     // --diff: a unified diff of every output against its original, nothing written
  bool quiet;                    // -q, --quiet: no verdict, no remarks (errors still)
  bool fail_if_kept;             // --fail-if-kept: exit EXIT_KEPT when a struct keeps AoS
  bool explain;                  // --explain: why each cluster has its layout (stderr)
  bool inline_runtime;           // --inline-runtime
  long long epsilon;             // --epsilon, -1: from the device model
  bool dump_access_model;        // --dump-access-model (for tests and debugging)
  bool verbose;                  // -v, --verbose: say which compile_commands.json was read
  const char *depfile;           // --depfile: Makefile rule OUTPUT: input and its user headers
  bool lang_given;
  KdLanguage lang;
  const char *cuda_path;         // --cuda-path: the CUDA toolkit (default: analysis/toolkit.h's search)
  bool all;                      // --all: the inputs are the CUDA and host C++ files of -p's database
  char **owned;                  // --all: the database's files (real paths, owned; inputs and c_files point here)
  int nowned;
  const char **c_files;          // --all: its C files (.c), read for the project headers they include
  int nc_files;
  char **cargs;                  // parser arguments: -I/-D/-U/... before --, then all after -- (owned strings)
  int ncargs;
} Options;

/* Reads argv into *o (argv is not modified; o keeps pointers into it).
 * Returns -1 to go on, or an exit status: 0 after --help / --version
 * (printed on stdout), EXIT_USAGE after a usage error (`kdlg-opt: error:
 * ...` and the usage on stderr).  Free with kd_options_free either way. */
int kd_options_parse(int argc, char **argv, Options *o);

void kd_options_free(Options *o);

/* The driver's version string. */
#ifndef KDLG_OPT_VERSION
#define KDLG_OPT_VERSION "0.1.0"
#endif

#endif
