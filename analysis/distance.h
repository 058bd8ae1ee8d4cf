/* distance.h: memory distance δ between the fields of one struct
 * (Kofler et al. 2015, Sect. 3.1; the reading of docs/method-notes.md §1).
 *
 * For an access i of field f1, the distance to field g is the shortest path
 * (IN = min over predecessors) from i to the nearest following access of g in
 * the loop-unrolled instruction stream, counting σ(j) of every global-memory
 * instruction j after i up to and including that access; the largest of
 * these over the instances of i is lowered to the distance from the nearest
 * preceding access of g in i's block (straight-line code and branches; loops,
 * switches, calls and jumps end a block), when that is nearer.  δ→(f1,g) is
 * the maximum over every access of f1 that has a following access of g;
 * δ(f1,g) = max(δ→(f1,g), δ→(g,f1)).  Fields moved by the same
 * instruction (a whole-struct copy) are at distance 0 from each other there.
 *
 * Loops are never unrolled literally: a loop of n iterations is summarised
 * by a path algebra (the distance from a point to the next access of g is
 * always min(C, W + x) for the distance x at the region's exit), and the
 * contexts of all iterations are represented by their extremes (the first
 * iteration and the last), which is exact because distances are monotone in
 * the continuation.  Cost: O(accesses × fields × 2^d) for loop depth d, with
 * the number of contexts capped (KD_MAX_CONTEXTS; past it, contexts that are
 * infinite in the same components are merged into their component-wise
 * maximum: δ→ stays an upper bound of the exact value and keeps every edge).
 */
#ifndef KDLG_DISTANCE_H
#define KDLG_DISTANCE_H

#include "region.h"

/* No path: δ = ∞ (no edge) / a distance that does not exist. */
#define KD_DIST_NONE INT64_C(-1)
/* Finite distances saturate here (bytes); anything larger is reported as this. */
#define KD_DIST_CAP (INT64_C(1) << 60)
#define KD_MAX_CONTEXTS 64

/* Accumulates the directed distances δ→ of one kernel into `dir`.
 *
 * body:      the kernel's region tree (may be NULL: no accesses).
 * struct_id: which struct's fields are the nodes; accesses of other structs
 *            and other arrays only add distance.
 * nfields:   number of fields F of that struct.
 * dir:       F×F row-major matrix, dir[f1*F+g] = δ→(f1,g) in bytes or
 *            KD_DIST_NONE; this call raises entries to the maximum of their
 *            old value and this kernel's value (max over kernels is the
 *            paper's conservative choice).  Diagonal entries are untouched.
 * Never fails (out of memory aborts: mem.h). */
void kd_distance_accumulate(const KdRegion *body, int struct_id, int nfields, int64_t *dir);

/* δ(a,b) = max(δ→(a,b), δ→(b,a)) from a directed matrix; KD_DIST_NONE if neither exists. */
int64_t kd_distance_symmetric(const int64_t *dir, int nfields, int a, int b);

#endif
