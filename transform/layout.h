/* layout.h: from a struct's plan (clusters and their layouts) to the layout
 * description of runtime/kdlg_layout.h, which the rewriter and the runtime
 * both read (Sect. 3.3: one (cluster, tile) pair per cluster).
 */
#ifndef KDLG_TRANSFORM_LAYOUT_H
#define KDLG_TRANSFORM_LAYOUT_H

#include "../analysis/dtree.h"
#include "../analysis/kdlg.h"
#include "../runtime/kdlg_layout.h"

/* Fills *out for struct g->st partitioned as g->clusters with one layout per
 * cluster.  Inside a cluster, fields are ordered by decreasing alignment, ties
 * by declaration order; an AoS cluster's alignment is the plan's where it
 * raises the fields' (KdLayoutChoice.align), the AoS stride rounded up to
 * it.  Allocates out->fields and out->clusters (free with
 * kd_layout_release).  Never fails (out of memory aborts:
 * analysis/mem.h). */
void kd_layout_from_plan(const Kdlg *g, const KdLayoutChoice *layouts, kd_layout *out);

void kd_layout_release(kd_layout *L);

#endif
