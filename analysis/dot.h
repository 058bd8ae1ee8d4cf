/* dot.h: the KDLG as Graphviz DOT, like the paper's Fig. 2b and Fig. 3.
 *
 * One undirected graph per struct: a node per field labelled "name\nσ B", an
 * edge per finite δ labelled with δ in bytes, drawn thicker and darker the
 * smaller δ is, and the ε-partition as `subgraph cluster_N`.  Output is a
 * pure function of the KDLG: same input, same bytes.
 */
#ifndef KDLG_DOT_H
#define KDLG_DOT_H

#include <stdio.h>

#include "kdlg.h"
#include "layoutname.h"

/* Writes graph `g` (partitioned) to `out`.  layouts: one per cluster, or NULL
 * to leave layouts out of the cluster labels (spelled KD_LAYOUT_STYLE_DOT,
 * "tiled t=32").  note: a second line of the
 * graph's label (why the partition is what it is), or NULL.  Returns 0, or -1
 * on a write error. */
int kd_dot_write(FILE *out, const Kdlg *g, const KdLayoutChoice *layouts, const char *note);

#endif
