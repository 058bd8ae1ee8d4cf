/* dot.h: the KDLG as Graphviz DOT, like the paper's Fig. 2b and Fig. 3.
 *
 * One undirected graph `graph "kdlg"` for the whole program, so that
 * `dot -Tpng F.dot -o F.png` draws every struct in one picture (Graphviz
 * renders only the first of several graphs in a file to -o):
 *
 *   - per struct S (its index) a grey panel `subgraph cluster_sS`
 *     labelled "KDLG of NAME (BYTES B, N fields), ε = EPSILON B";
 *   - in it, the ε-partition as boxes `subgraph cluster_sS_C` labelled
 *     "cluster C: σ(c) B, LAYOUT";
 *   - a node per field, id "STRUCT.FIELD", labelled "FIELD\nσ B"; a field no
 *     kernel uses dashed and grey, its label ending in "unused";
 *   - an edge per finite δ, labelled "δ=N B", thicker and darker the smaller
 *     δ is (log scale over the struct's edges);
 *   - a legend, `subgraph cluster_legend`, that says what these mean.
 *
 * With no struct (nothing to optimize) the graph has only a label saying
 * why.  Output is a pure function of the arguments: same input, same bytes.
 * Text is UTF-8 (σ, δ, ε), which is Graphviz's default charset.
 */
#ifndef KDLG_DOT_H
#define KDLG_DOT_H

#include <stdbool.h>
#include <stdio.h>

#include "kdlg.h"
#include "layoutname.h"

/* One struct of the graph. */
typedef struct KdDotStruct {
  const Kdlg *g;                  // its KDLG, partitioned (g->st: the struct)
  const KdLayoutChoice *layouts;  // one per cluster, or NULL: no layouts in the cluster labels
                                  // (spelled KD_LAYOUT_STYLE_DOT, "tiled t=32")
  const bool *unused;             // per field of g->st: true where no kernel uses it; NULL: all used
  const char *note;               // a second line of the struct's label (why the partition is
                                  // what it is), or NULL
} KdDotStruct;

/* Writes the graph of structs[0..n) to `out` (the structs' node ids must
 * differ: a struct whose name an earlier one has gets "NAME#I." as prefix,
 * I its index).  n == 0: a graph labelled "kdlg-opt: nothing to optimize:
 * WHY" (`why` NULL: without ": WHY").  Returns 0, or -1 on a write error. */
int kd_dot_write(FILE *out, const KdDotStruct *structs, int n, const char *why);

#endif
