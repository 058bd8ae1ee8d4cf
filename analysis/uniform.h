/* uniform.h: work-group uniformity of expressions in one function
 * (kdlg-opt's addition to Kofler et al. 2015; docs/design.md "Uniform
 * accesses").
 *
 * An expression is *uniform* when every thread of a work-group (CUDA block)
 * that evaluates it gets the same value, *varying* otherwise.  A global
 * access whose address is uniform is a broadcast: every thread of a warp
 * reads the same element, so no data layout changes its coalescing.
 *
 * The analysis is flow-insensitive and conservative (anything it does not
 * understand is varying).  Sources of variance: threadIdx, get_local_id,
 * get_global_id and every other built-in not listed as uniform; calls
 * (atomics, shuffles, user functions) except pure math built-ins with uniform
 * arguments; loads from __shared__ / __local / private memory or through a
 * pointer not known to point into global memory at a uniform address; the
 * parameters of a non-kernel function (unless the caller binds them, below).
 * Uniform: literals, blockIdx, blockDim, gridDim, warpSize, get_group_id,
 * get_num_groups, get_local_size, get_global_size, a kernel's parameters,
 * and loads of global memory (a kernel pointer parameter and pointers derived
 * from it, __device__ / __constant__ variables) at a uniform address.
 *
 * A local variable (or parameter) is varying if any definition of it (an
 * initialiser, `=`, a compound assignment, ++/--) has a varying value, if a
 * definition lies under a varying condition (if, loop, switch, ?:, &&, ||),
 * if a loop or switch containing a definition is left by a break, continue
 * or return under a varying condition, or if its address is taken (&x, a
 * non-const reference, a method call on it, inline asm, a lambda).  A goto
 * anywhere in the function makes every variable varying.  Data-race freedom
 * is assumed: a load of global memory at a uniform address reads one value.
 */
#ifndef KDLG_UNIFORM_H
#define KDLG_UNIFORM_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "frontend.h"

typedef struct KdUniform KdUniform;

/* Analyses the function definition `fn` (a FunctionDecl, CXXMethod or
 * FunctionTemplate cursor with a body) of source `src` (its language, and
 * its tree, which the walks read: src must outlive the result) and returns
 * its uniformity facts (never NULL: out of memory aborts, mem.h).
 *
 * Parameters: with `param_uniform` NULL, a kernel's parameters are uniform
 * (its pointer parameters point into global memory: every pointer in CUDA,
 * __global / __constant ones in OpenCL) and every parameter of any other
 * function is varying.  Otherwise param_uniform has `nparams` entries, one
 * per parameter in order (missing ones are varying): true means the caller
 * binds a pointer (or reference) into global memory whose address is uniform
 * (access.c passes a device function's bound pointer arguments this way).
 * A function without a body gives a result in which everything is varying.
 * The result is freed with kd_uniform_free.
 *
 * The analysis is lazy: the function body is walked (the fixpoint) only at
 * the first question that upper bounds of the states cannot answer (an
 * expression that is varying even if every local were as uniform as its
 * initialiser is known varying without it).  The answers are the same. */
KdUniform *kd_uniform_new(const KdSource *src, CXCursor fn, const bool *param_uniform, int nparams);

/* One parameter's binding: uniform, and if `from` is not NULL, only if
 * kd_uniform_var(from, var) (asked only when the answer matters; `from`
 * must outlive the result). */
typedef struct KdUniformParam {
  bool uniform;
  KdUniform *from;
  CXCursor var;
} KdUniformParam;

/* kd_uniform_new with a binding of each parameter (params NULL: a kernel's
 * defaults, as param_uniform NULL above).  params is copied. */
KdUniform *kd_uniform_new_bound(const KdSource *src, CXCursor fn, const KdUniformParam *params, int nparams);

/* Whether the value of expression `e` (a cursor inside the analysed
 * function) is uniform.  An lvalue's value is what a load of it reads.  The
 * null cursor is uniform (an absent part). */
bool kd_uniform_expr(KdUniform *u, CXCursor e);

/* Whether the lvalue `e` designates the same memory for every thread of a
 * work-group (a broadcast when it is global memory).  Private memory (a
 * local variable) has a different address per thread: not uniform. */
bool kd_uniform_addr(KdUniform *u, CXCursor e);

/* Whether the variable or parameter `decl` holds a uniform value throughout
 * the function (a reference: refers to the same object).  Declarations
 * outside the function follow kd_uniform_expr's rules for a reference to them. */
bool kd_uniform_var(KdUniform *u, CXCursor decl);

void kd_uniform_free(KdUniform *u);

#endif
