/* program.h: the rewrite of a program of one or more inputs (units) with one
 * plan per struct (issue 19, "Whole programs"): the parser's arguments of
 * each unit, the headers the build's C files include, and the rounds of
 * kd_rewrite over every unit until they agree (a struct one unit keeps in
 * AoS is AoS in all; a header two units would rewrite differently, or one a
 * C file includes, sends every struct back).  Functions defined in one unit
 * and called from another are followed by their USRs (extern views,
 * functions returning the struct's pointer).  Sect. 3.3 of Kofler et al.
 * 2015, for a program instead of one file. */
#ifndef KDLG_TOOL_PROGRAM_H
#define KDLG_TOOL_PROGRAM_H

#include <stdio.h>

#include "../analysis/frontend.h"
#include "../transform/plan.h"
#include "../transform/rewrite.h"
#include "options.h"
#include "report.h"

/* One input of the program: its parse, its access model, its rewrite. */
typedef struct Unit {
  const char *input;      // as given
  char *output;           // where its rewritten source goes (malloc'd; NULL: no -o)
  char *layout_header;    // OpenCL: <output>.layout.h (malloc'd), or NULL
  char **cargs;           // the parser's arguments
  int ncargs;
  KdSource src;           // the parsed translation unit
  KdRewriteResult rw;     // its rewrite
} Unit;

/* The headers the build's C files include (kdlg-opt --all): they must not
 * change, C cannot use the generated code. */
typedef struct CHeaders {
  char **real;       // real paths (malloc'd)
  const char **by;   // the C file that includes each (Options.c_files')
  int n;
} CHeaders;

/* The parser's arguments for input `input`: the build's first
 * (compile_commands.json: -p's, else one found above the input;
 * tool/compdb.h), then those after --, then --cuda-path.  Returns -1 with
 * *out (*nout strings; free with kd_free_args), or an exit status (error
 * printed). */
int kd_compiler_args(const Options *o, const char *input, char ***out, int *nout);
void kd_free_args(char **args, int n);

/* Reads every C file of o->c_files (--all's, or .c inputs) for the project
 * headers it includes into *ch (real paths).  -1, or an exit status
 * (diagnostics on diag). */
int kd_c_headers(const Options *o, CHeaders *ch, FILE *diag);

/* Rewrites every unit of u[0..n) per plan, in memory (also where nothing
 * is written, for the verdict), in rounds until the units agree; remarks
 * go to diag, each once.  oc (plan->nstructs entries) gets each struct's
 * outcome; plan's structs that some unit keeps go back to AoS.  -1, or an
 * exit status. */
int kd_rewrite_program(const Options *o, Unit *u, int n, const CHeaders *ch, KdPlan *plan, KdOutcome *oc, FILE *diag);

#endif
