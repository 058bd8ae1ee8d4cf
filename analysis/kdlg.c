/* kdlg.c: KDLG edges and the ε-thresholded Kruskal partition (Sect. 3.1). */
#include "kdlg.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "distance.h"
#include "mem.h"

Kdlg *kdlg_new(const KdStruct *st) {
  Kdlg *g = kd_xcalloc(1, sizeof(Kdlg));
  g->st = st;
  size_t F = (size_t)st->nfields;
  g->dir = kd_xmalloc((F ? F * F : 1) * sizeof(int64_t));
  for (size_t i = 0; i < F * F; i++)
    g->dir[i] = KD_DIST_NONE;
  return g;
}

int64_t kdlg_delta(const Kdlg *g, int a, int b) {
  return kd_distance_symmetric(g->dir, g->st->nfields, a, b);
}

static int edge_cmp(const void *x, const void *y) {
  const KdEdge *p = x, *q = y;
  if (p->delta != q->delta)
    return p->delta < q->delta ? -1 : 1;
  if (p->a != q->a)
    return p->a - q->a;
  return p->b - q->b;
}

void kdlg_finish_edges(Kdlg *g) {
  int F = g->st->nfields;
  free(g->edges);
  g->edges = NULL;
  g->nedges = 0;
  size_t cap = (size_t)F * (size_t)(F > 0 ? F - 1 : 0) / 2;
  if (cap == 0)
    return;
  g->edges = kd_xmalloc(cap * sizeof(KdEdge));
  for (int a = 0; a < F; a++)
    for (int b = a + 1; b < F; b++) {
      int64_t d = kdlg_delta(g, a, b);
      if (d != KD_DIST_NONE)
        g->edges[g->nedges++] = (KdEdge){a, b, d, false};
    }
  qsort(g->edges, (size_t)g->nedges, sizeof(KdEdge), edge_cmp);
}

/* union-find with path halving and union by smaller index (deterministic) */
static int find(int *parent, int x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static void free_clusters(Kdlg *g) {
  for (int i = 0; i < g->nclusters; i++)
    free(g->clusters[i].fields);
  free(g->clusters);
  g->clusters = NULL;
  g->nclusters = 0;
}

void kdlg_partition(Kdlg *g, int64_t epsilon) {
  int F = g->st->nfields;
  free_clusters(g);
  g->epsilon = epsilon;
  if (F == 0)
    return;
  int *parent = kd_xmalloc((size_t)F * sizeof(int));
  int *index = kd_xmalloc((size_t)F * sizeof(int));
  int *count = kd_xcalloc((size_t)F, sizeof(int));
  for (int f = 0; f < F; f++)
    parent[f] = f;
  for (int i = 0; i < g->nedges; i++)
    g->edges[i].joined = false;
  // Edges are sorted by δ: the first edge with δ ≥ ε ends the scan (Kruskal
  // with the ε early exit); an edge inside one set is discarded.
  for (int i = 0; i < g->nedges && g->edges[i].delta < epsilon; i++) {
    int ra = find(parent, g->edges[i].a), rb = find(parent, g->edges[i].b);
    if (ra == rb)
      continue;
    if (ra < rb)
      parent[rb] = ra;
    else
      parent[ra] = rb;
    g->edges[i].joined = true;
  }
  // Number clusters by their smallest field (roots are the smallest index).
  for (int f = 0; f < F; f++)
    index[f] = -1;
  for (int f = 0; f < F; f++) {
    int r = find(parent, f);
    if (index[r] < 0)
      index[r] = g->nclusters++;
    count[index[r]]++;
  }
  g->clusters = kd_xcalloc((size_t)g->nclusters, sizeof(KdCluster));
  for (int c = 0; c < g->nclusters; c++)
    g->clusters[c].fields = kd_xmalloc((size_t)count[c] * sizeof(int));
  for (int f = 0; f < F; f++) {
    KdCluster *c = &g->clusters[index[find(parent, f)]];
    c->fields[c->nfields++] = f;
    c->bytes += g->st->fields[f].bytes;
  }
#ifndef NDEBUG
  int covered = 0;
  for (int c = 0; c < g->nclusters; c++)
    covered += g->clusters[c].nfields;
  assert(covered == F);  // clusters are disjoint and cover every field
  int njoined = 0;
  for (int i = 0; i < g->nedges; i++)
    njoined += g->edges[i].joined;
  assert(njoined == F - g->nclusters);  // a spanning forest: one edge per merge
#endif
  free(parent);
  free(index);
  free(count);
}

void kdlg_free(Kdlg *g) {
  if (!g)
    return;
  free_clusters(g);
  free(g->edges);
  free(g->dir);
  free(g);
}
