/* rewrite.h: the source-to-source rewriter (the last stage of Fig. 4 in
 * Kofler et al. 2015, Sect. 3.3: new struct types, new indexing, and the host
 * code that moves data into the new layout).
 *
 * For every struct of the plan whose layout is not plain AoS, every pointer
 * to it that the kernels reach becomes a view (kdlg_view_S, see codegen.h):
 * kernel and device-function parameters, local pointer variables derived from
 * them, and on the CUDA host side the device pointers allocated with
 * cudaMalloc*.  A CUDA function called both with such pointers and with
 * others (a __host__ __device__ helper used by a kernel and by host code) is
 * cloned: the original stays for the others, a copy taking views follows it
 * and the calls with device data call the copy.  Each access p[i].f,
 * (p + i)->f, p->f, p[i].f.x, p[i].a[k], whole-element copies, compound
 * assignments, ++/-- and atomics on &p[i].f is rewritten to the accessor of
 * the field's place in the layout; cudaMalloc, cudaMemcpy, cudaMemset and
 * cudaFree on those pointers call the runtime's converting versions
 * (runtime/kdlg_cuda.cuh).  OpenCL kernels receive one buffer per storage
 * region plus the element count; the host adapts with the generated
 * <output>.layout.h.
 *
 * Legality comes first: any use of a pointer to the struct that the rewriter
 * does not handle (a cast to another type, a call of a function without a body
 * or of a library function, storing the pointer in memory or returning it,
 * pointer comparison or difference, an address of a field that escapes, an
 * access spelled inside a macro body, a kernel never launched in a CUDA file,
 * ...) keeps the whole struct in AoS, with a remark
 * `file:line:col: remark: ... [kdlg-rewrite]` at the use.  docs/rewriter.md
 * lists what is supported.
 */
#ifndef KDLG_REWRITE_H
#define KDLG_REWRITE_H

#include <stdbool.h>
#include <stdio.h>

#include "../analysis/frontend.h"
#include "plan.h"

typedef struct KdRewriteOptions {
  bool inline_runtime;        // CUDA: paste runtime/kdlg_cuda.cuh (and kdlg_layout.h) into the output
  const char *layout_header;  // OpenCL: the name the output's comment gives <output>.layout.h
  const char *version;        // kdlg-opt version for the header comment
  bool blocks_in_headers;     // a struct of a project header gets its generated code there, never in the
                              // input (several inputs share it: each must see one definition)
  bool describe;              // fill KdRewriteResult.edits (--dry-run)
  // a program of several inputs: the parameters of functions defined in one input and called in
  // another that take the struct's device data ("USR#i", sorted by strcmp): in the input that
  // defines the function the parameter is device data (a view) though nothing there calls it; in
  // the inputs that call it, the argument must be a view and the function's declarations take one
  const char *const *extern_views;
  int nextern_views;
  const char *const *extern_mixed;  // ... called with device data and with other pointers ("USR#i", sorted)
  int nextern_mixed;
  // ... the functions called in one input and defined in another that return a pointer or reference
  // to a planned struct (USRs): the input that defines one keeps that struct AoS if the return value
  // would become a view (the callers read it as a pointer)
  const char *const *extern_rets;
  int nextern_rets;
  // CUDA, a program with a host-compiled file (KdSource.host_compiled): a struct whose block is in a project
  // header has its host wrappers declared there (KD_GEN_HOST_EXTERN) ...
  bool extern_host_api;
  const char *const *define_host_api;  // ... and defined in the one file whose list (USRs, NULL-terminated) has it
} KdRewriteOptions;

/* The first bytes of a rewritten header (KdRewrittenHeader.text). */
#define KD_REWRITTEN_HEADER_MARK "/* Rewritten by kdlg-opt "

/* A project header the rewrite changed (filemap.h): it must be written
 * where the rewritten source finds it before the original. */
typedef struct KdRewrittenHeader {
  char *name;          // the header as the parse named it (malloc'd)
  char *real;          // its real path (malloc'd)
  char *text;          // its new contents (malloc'd)
  size_t len;
} KdRewrittenHeader;

typedef struct KdRewriteResult {
  char *text;          // the rewritten source (malloc'd)
  size_t len;
  KdRewrittenHeader *headers;  // the project headers that changed, in the order they are included (malloc'd)
  int nheaders;
  char *header;        // OpenCL: contents of <output>.layout.h (malloc'd), or NULL
  size_t header_len;
  int nrewritten;      // structs whose layout changed in the output
  int nkept;           // structs of the plan kept in AoS (remarks say why)
  int nstructs;        // the plan's structs: the entries of kept, rewritten and why
  bool *kept;          // per struct of the plan: kept in AoS here, a construct refused (malloc'd)
  bool *rewritten;     // per struct of the plan: its layout changed in the output (malloc'd)
  char **why;          // per struct of the plan: kept, the remark that says why, one line
                       // `file:line:col: remark: ... [kdlg-rewrite]` without its newline; else NULL (malloc'd)
  char **ext_calls;    // calls of functions with no body here, per struct-pointer argument:
  int next_calls;      //   "USR#i=V" (device data) or "USR#i=O" (another pointer), and "USR#r=C" for a
                       //   call of one that returns a pointer or reference to a planned struct (malloc'd strings)
  char **ext_defs;     // USRs of the functions with external linkage defined here (malloc'd strings)
  int next_defs;
  char *edits;         // one line per edit, for --dry-run (malloc'd)
} KdRewriteResult;

/* Rewrites src per plan.  Remarks go to `remarks`.  Returns 0 and fills *out
 * (free with kd_rewrite_result_free), or -1 on an internal error (message on
 * `remarks`).  The input is never modified. */
int kd_rewrite(const KdSource *src, const KdPlan *plan, const KdRewriteOptions *opt, KdRewriteResult *out,
               FILE *remarks);

void kd_rewrite_result_free(KdRewriteResult *r);

#endif
