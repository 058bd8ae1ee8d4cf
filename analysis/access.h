/* access.h: from a parsed translation unit to the access model
 * (Kofler et al. 2015, Sect. 3.1: the global-memory instructions of each
 * kernel, with loops counted by trip count).
 *
 * Candidate structs are the struct types reached through a pointer parameter
 * of a CUDA __global__ function or through an OpenCL __kernel's __global
 * pointer, including when the pointer is passed on to device or helper
 * functions (followed interprocedurally, each call site with its own binding
 * of pointer arguments to parameters).  A field of vector, array or nested
 * struct type is one field of its full size.
 *
 * What counts as a global-memory instruction: a load or store of a struct
 * field (a vector component p[i].pos.x moves the component's bytes of field
 * pos), a whole-struct load or store (all fields at once), atomics on a field
 * (a load and a store), and loads/stores of other global arrays reached from
 * kernel pointer parameters or __device__ variables.  Locals, __shared__ and
 * __constant__ memory are ignored, as in the paper.
 *
 * Loop trip counts follow docs/method-notes.md §2: constant bounds exactly
 * (clang's evaluator, 64-bit, saturated at KD_TRIP_MAX); bound by the
 * work-group size (blockDim / get_local_size) 256; by the NDRange size
 * (gridDim*blockDim / get_global_size) 10^6; grid-stride loops and anything
 * else 512·10^3.
 */
#ifndef KDLG_ACCESS_H
#define KDLG_ACCESS_H

#include <stdio.h>

#include "frontend.h"
#include "region.h"

typedef struct KdKernel {
  const char *name;
  const char *file;  // where it is defined (the input, or a header)
  unsigned line, col;
  KdRegion *body;  // NULL: no global-memory instruction
} KdKernel;

typedef struct KdProgram {
  KdArena *arena;     // owns everything below except the arrays
  int nstructs;
  KdStruct *structs;  // candidates, in order of first appearance (owned array)
  int nkernels;
  KdKernel *kernels;  // in source order (owned array)
  int nloops;
  KdLoop **loops;     // every loop of every kernel, in analysis order (owned array)
  struct KdProgram **parts;  // kd_program_merge's: the programs whose regions it holds (owned), or NULL
  int nparts;
} KdProgram;

/* Flags of kd_access_build.  KD_ACCESS_UNIFORM_LAZY computes
 * KdAccess.uniform only where the plan's uniform rule reads it: exactly for
 * the accesses of a struct until one of them is known not uniform; false for
 * every later access of that struct and for accesses of other data.  (The
 * uniformity analysis then often never walks a function.)  Everything else
 * is the same as with flags 0, which computes it for every access (what
 * --dump-access-model prints). */
enum { KD_ACCESS_UNIFORM_LAZY = 1 };

/* Builds the access model of every kernel in `src` (flags: 0 or
 * KD_ACCESS_UNIFORM_LAZY).  Remarks (structs not eligible, calls not
 * followed, recursion, goto) go to `remarks` in clang's
 * `file:line:col: remark: ... [kdlg-...]` form.  Never fails (out of
 * memory aborts: analysis/mem.h).  Returns the program, which the caller
 * frees with kd_program_free. */
KdProgram *kd_access_build(const KdSource *src, FILE *remarks, unsigned flags);

/* The access model of a whole program from those of its translation units
 * (issue 19: one plan per struct for every file): the structs by identity
 * (KdStruct.usr), one entry each, eligible only where every unit found it
 * eligible (the first unit's reason otherwise); every kernel once (a kernel
 * of a header that several units include counts once: same name, file,
 * line and column), its accesses' struct_id renumbered into the merged
 * table; the loops of all.  Takes the n programs (they are freed with the
 * result, kd_program_free).  n >= 1. */
KdProgram *kd_program_merge(KdProgram **progs, int n);

void kd_program_free(KdProgram *p);

#endif
