/* usage.h: φ(c), the share of the bytes an AoS layout moves for a cluster
 * that its kernels use: the decision tree's third attribute (kdlg-opt's
 * extension of Kofler et al. 2015, Sect. 3.2; docs/decision-tree.md).
 *
 * The paper's training kernels load and store every field of the element
 * they visit, so every byte AoS moves is used and layouts differ only in
 * coalescing.  Real kernels often load some fields and store others
 * (BlackScholes loads S, X, T and stores call, put): in AoS each such access
 * still moves the whole cluster's bytes through the memory hierarchy, and a
 * store of part of an element writes back the whole of it; in SoA or with
 * tiles, only the touched fields move.  φ measures that waste:
 *
 *   for every kernel k and direction d (loads, stores) that touches c:
 *     T(k,d) = the fields of c that k accesses in direction d
 *     N(k,d) = the largest execution count of one such access (loops count
 *              by their trip counts, Sect. 3.1; both arms of a branch count)
 *   used  = Σ N(k,d) · σ(T(k,d))      moved = Σ N(k,d) · σ(c)
 *   φ(c)  = 1000 · used / moved, rounded to the nearest per-mille
 *
 * A whole-struct access touches every field.  For the calibration kernels
 * (docs/calibration.md) the same formula with N = 1 gives 1000 for `rw`
 * (every field loaded and stored), 500 for `split`, 1000 / m for `one` and
 * 1000 (m + 1) / 2m for `reduce`: the trainer (tool/calibrate/learn.c) sums their byte
 * counts with kd_use_add, so
 * training and prediction use one definition.
 */
#ifndef KDLG_USAGE_H
#define KDLG_USAGE_H

#include <stdint.h>

#include "region.h"

/* Bytes used and moved (each a sum of execution count × bytes). */
typedef struct KdUse {
  double used;   // Σ N(k,d) · σ(T(k,d)), bytes
  double moved;  // Σ N(k,d) · σ(c), bytes
} KdUse;

/* What one kernel does to one field, per direction (0 loads, 1 stores):
 * whether it accesses it, and the largest execution count of such an
 * access (0 when none). */
typedef struct KdFieldUse {
  double count[2];
} KdFieldUse;

/* One walk of a kernel's regions for struct st (program struct index sid):
 * out[f] for every field f of st (st->nfields entries, overwritten).  body
 * may be NULL (no accesses).  Accesses of other structs and of other arrays
 * are ignored.  Never fails. */
void kd_use_fields(const KdRegion *body, const KdStruct *st, int sid, KdFieldUse *out);

/* Adds one kernel's terms for the cluster fields[0..nfields) (field indices
 * into st->fields) to *u, from that kernel's kd_use_fields table: per
 * direction, N = the largest count among the cluster's fields and σ(T) the
 * bytes of those with a non-zero count.  Never fails. */
void kd_use_cluster(const KdFieldUse *per_field, const KdStruct *st, const int *fields, int nfields, KdUse *u);

/* One kernel's term for one direction: count = N(k,d) (0: the direction
 * does not touch the cluster, nothing is added), used_bytes = σ(T(k,d)),
 * cluster_bytes = σ(c).  kd_use_cluster's sum, and the trainer's for the
 * calibration kernels (tool/calibrate/learn.c, N = 1). */
void kd_use_add(KdUse *u, double count, double used_bytes, double cluster_bytes);

/* φ = 1000 · used / moved rounded to the nearest integer (halves up), in
 * 0 .. 1000; 1000 when moved is 0 (a cluster no kernel touches wastes
 * nothing).  used <= moved is expected; larger values give 1000. */
uint32_t kd_used_permille(double used, double moved);

/* Adds to *whole and *all one kernel's executions of the accesses of struct
 * sid that move whole elements (a copy `S t = p[i]`, `p[i] = t`: field -1)
 * and of all its accesses, each counted as usage.c counts (loops by their
 * trip counts, both arms of a branch).  The share decides whether raising
 * an AoS element's alignment can pay (docs/design.md "Aligned AoS"): only a
 * whole move gets wider.  Never fails. */
void kd_use_whole_moves(const KdRegion *body, int sid, double *whole, double *all);
#endif
