/* layout.c: plan → layout description (see layout.h). */
#include "layout.h"

#include <stdlib.h>

#include "../analysis/mem.h"

void kd_layout_from_plan(const Kdlg *g, const KdLayoutChoice *layouts, kd_layout *out) {
  const KdStruct *st = g->st;
  kd_layout_field *fields = kd_xcalloc((size_t)st->nfields + 1, sizeof *fields);
  kd_layout_cluster *clusters = kd_xcalloc((size_t)g->nclusters + 1, sizeof *clusters);
  for (int c = 0; c < g->nclusters; c++) {
    const KdCluster *cl = &g->clusters[c];
    kd_layout_cluster *L = &clusters[c];
    L->tile = layouts[c].kind == KD_LAYOUT_SOA ? 0 : layouts[c].kind == KD_LAYOUT_AOS ? 1 : layouts[c].tile;
    L->align = 1;
    // cluster order: decreasing alignment, then declaration order (insertion sort, stable)
    int *order = kd_xmalloc((size_t)cl->nfields * sizeof(int));
    for (int i = 0; i < cl->nfields; i++) {
      int f = cl->fields[i], j = i;
      while (j > 0 && st->fields[order[j - 1]].align < st->fields[f].align) {
        order[j] = order[j - 1];
        j--;
      }
      order[j] = f;
    }
    uint32_t off = 0;
    for (int i = 0; i < cl->nfields; i++) {
      const KdField *f = &st->fields[order[i]];
      kd_layout_field *F = &fields[order[i]];
      F->name = f->name;
      F->aos_offset = f->offset;
      F->bytes = f->bytes;
      F->align = f->align ? f->align : 1;
      F->cluster = (uint32_t)c;
      F->offset = off;
      off += f->bytes;
      if (F->align > L->align)
        L->align = F->align;
    }
    free(order);
    L->bytes = off;
    if (layouts[c].kind == KD_LAYOUT_AOS && layouts[c].align > L->align)  // the plan's vector alignment
      L->align = layouts[c].align;
  }
  out->aos_bytes = st->bytes;
  out->nfields = (uint32_t)st->nfields;
  out->fields = fields;
  out->nclusters = (uint32_t)g->nclusters;
  out->clusters = clusters;
}

void kd_layout_release(kd_layout *L) {
  free((void *)L->fields);
  free((void *)L->clusters);
  L->fields = NULL;
  L->clusters = NULL;
}
