/* kdlg.h: the Kernel Data Layout Graph and its ε-Kruskal partition
 * (Kofler et al. 2015, Sect. 3.1 "KDLG Partitioning"; docs/method-notes.md §3).
 *
 * KDLG = (F, E, σ, δ): one node per field of a struct (σ = field bytes), an
 * undirected edge per pair of fields with a finite memory distance δ (bytes).
 * The partition joins two fields iff an edge with δ < ε connects them
 * (single linkage, Kruskal over edges sorted by δ, union-find), ties broken by
 * field declaration order, so the result is deterministic.
 */
#ifndef KDLG_KDLG_H
#define KDLG_KDLG_H

#include "region.h"

typedef struct KdEdge {
  int a, b;       // field indices, a < b
  int64_t delta;  // δ(a,b) in bytes
  bool joined;    // the last kdlg_partition merged two clusters along it (an edge of its spanning forest)
} KdEdge;

typedef struct KdCluster {
  int nfields;
  int *fields;     // field indices, ascending
  uint32_t bytes;  // σ(c) = Σ σ(f) over the cluster's fields
} KdCluster;

typedef struct Kdlg {
  const KdStruct *st;   // the struct (fields, σ); not owned
  int64_t *dir;         // F×F directed distances δ→ (KD_DIST_NONE = none); owned
  int nedges;
  KdEdge *edges;        // finite edges, sorted by (δ, a, b); owned
  int64_t epsilon;      // ε used for the partition, bytes
  int nclusters;
  KdCluster *clusters;  // disjoint, covering all fields, ordered by first field; owned
} Kdlg;

/* Creates an empty KDLG for `st` (no edges yet).  None of these functions
 * fails: out of memory aborts (mem.h). */
Kdlg *kdlg_new(const KdStruct *st);

/* Derives the symmetric edges from the accumulated directed distances
 * (δ = max of both directions) and sorts them by (δ, a, b). */
void kdlg_finish_edges(Kdlg *g);

/* δ between fields a and b, or KD_DIST_NONE (∞, no edge). */
int64_t kdlg_delta(const Kdlg *g, int a, int b);

/* ε-Kruskal: partitions the fields into clusters joined by edges with δ < ε
 * (strict), replacing any previous partition.  epsilon ≥ 0, bytes.  Marks
 * the edges that merged two clusters (KdEdge.joined; every other edge's
 * flag is cleared): per cluster of k fields, k - 1 edges, a spanning tree
 * of it, the first in (δ, a, b) order that connect it.
 */
void kdlg_partition(Kdlg *g, int64_t epsilon);

void kdlg_free(Kdlg *g);

#endif
