/* explain.c: `--explain`, why each cluster has its layout (Sect. 3.1's
 * partition, Sect. 3.2's Select-Tilesize, kdlg-opt's rules). */
#include "explain.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "../analysis/mem.h"

/* Cluster index of every field of g's current partition: of[f]. */
static void cluster_of(const Kdlg *g, int *of) {
  for (int c = 0; c < g->nclusters; c++)
    for (int i = 0; i < g->clusters[c].nfields; i++)
      of[g->clusters[c].fields[i]] = c;
}

/* "{a, b, c}": the names of `fields` (n of them) of st. */
static void put_fields(FILE *out, const KdStruct *st, const int *fields, int n) {
  fputc('{', out);
  for (int i = 0; i < n; i++)
    fprintf(out, "%s%s", i ? ", " : "", st->fields[fields[i]].name);
  fputc('}', out);
}

static void put_edge(FILE *out, const KdStruct *st, const KdEdge *e) {
  fprintf(out, "%s-%s δ=%lld B", st->fields[e->a].name, st->fields[e->b].name, (long long)e->delta);
}

/* "joined by: ..." for the fields whose cluster (in `of`) is c: the edges
 * ε-Kruskal merged along inside it, in its order (δ, a, b).  A cluster of
 * the ε-partition has nfields - 1 of them and no joined edge leaves it; a
 * plan changed since (kd_plan_keep_aos) is said to be. */
static void put_joined(FILE *out, const Kdlg *g, const int *of, int c, int nfields) {
  fputs("    joined by: ", out);
  int inside = 0, leaving = 0;
  for (int i = 0; i < g->nedges; i++)
    if (g->edges[i].joined && (of[g->edges[i].a] == c || of[g->edges[i].b] == c))
      *(of[g->edges[i].a] == of[g->edges[i].b] ? &inside : &leaving) += 1;
  if (inside != nfields - 1 || leaving) {
    fputs("? (not a cluster of the ε-partition: the plan was changed after it)\n", out);
    return;
  }
  if (nfields == 1) {
    fputs("none (one field)\n", out);
    return;
  }
  int n = 0;
  for (int i = 0; i < g->nedges; i++) {
    const KdEdge *e = &g->edges[i];
    if (e->joined && of[e->a] == c) {
      fputs(n++ ? ", " : "", out);
      put_edge(out, g->st, e);
    }
  }
  fputc('\n', out);
}

/* "not joined: ...": the smallest δ from cluster c (in `of`) to a field of
 * another cluster; edges are sorted by δ, so the first one found. */
static void put_not_joined(FILE *out, const Kdlg *g, const int *of, int c, int nclusters) {
  fputs("    not joined: ", out);
  if (nclusters == 1) {
    fputs("none (the only cluster)\n", out);
    return;
  }
  for (int i = 0; i < g->nedges; i++) {
    const KdEdge *e = &g->edges[i];
    if ((of[e->a] == c) != (of[e->b] == c)) {
      put_edge(out, g->st, e);  // (≥ ε in an ε-partition; a plan changed since may have less)
      fprintf(out, "%s (cluster %d)\n", e->delta >= g->epsilon ? " ≥ ε" : "", of[e->a] == c ? of[e->b] : of[e->a]);
      return;
    }
  }
  fputs("no KDLG edge to another cluster (no kernel accesses one of its fields after another cluster's)\n", out);
}

/* The attribute's name as the cluster line spells it. */
static const char *attr_symbol(KdAttribute a) {
  switch (a) {
  case KD_ATTR_SIGMA_C:
    return "σ(c)";
  case KD_ATTR_SIGMA_MIN:
    return "σ_min(c)";
  case KD_ATTR_USED:
    return "φ(c)";
  case KD_NATTRS:
    break;
  }
  return "?";
}

/* "tree: ..." the path Select-Tilesize takes for attr (the same call as
 * kd_plan_build's), and whether it ends at the plan's layout `have`. */
static void put_tree(FILE *out, const KdDeviceModel *m, const uint64_t attr[KD_NATTRS], KdLayoutChoice have) {
  int n = 0;
  kd_device_model_select_path(m, attr[KD_ATTR_SIGMA_C], attr[KD_ATTR_SIGMA_MIN], attr[KD_ATTR_USED], NULL, 0, &n);
  int *path = kd_xmalloc((size_t)n * sizeof(int));
  KdLayoutChoice leaf = kd_device_model_select_path(m, attr[KD_ATTR_SIGMA_C], attr[KD_ATTR_SIGMA_MIN],
                                                    attr[KD_ATTR_USED], path, n, &n);
  fputs("    tree: ", out);
  if (n == 1)
    fputs("one leaf", out);
  for (int k = 0; k + 1 < n; k++) {
    const KdTreeNode *t = &m->nodes[path[k]];
    uint64_t v = attr[t->attribute];
    fprintf(out, "%s%s = %llu %s %llu", k ? " → " : "", attr_symbol(t->attribute), (unsigned long long)v,
            path[k + 1] == t->le ? "<=" : ">", (unsigned long long)t->threshold);
  }
  free(path);
  char buf[40];
  leaf.align = 0;  // a leaf has none; kdlg-opt's rule adds it (the "aligned" line)
  kd_layout_format(buf, sizeof buf, leaf, KD_LAYOUT_STYLE_PROSE);
  fprintf(out, " → %s", buf);
  if (leaf.kind != have.kind || (leaf.kind == KD_LAYOUT_TILED && leaf.tile != have.tile)) {
    kd_layout_format(buf, sizeof buf, (KdLayoutChoice){have.kind, have.tile, 0}, KD_LAYOUT_STYLE_PROSE);
    fprintf(out, " (the plan has %s: changed after the analysis)", buf);
  }
  fputc('\n', out);
}

/* "aligned: ..." for an AoS cluster of the tree's where kdlg-opt's rule
 * raised the alignment, or would have for a struct's only cluster. */
static void put_align(FILE *out, const KdStructPlan *sp, const KdCluster *c, KdLayoutChoice L) {
  const KdStruct *st = sp->g->st;
  if (L.kind != KD_LAYOUT_AOS)
    return;
  uint32_t want = kd_plan_vector_align(st, c);
  if (L.align)
    fprintf(out, "    aligned: %u B = σ(c), above its fields' %u B, so that an element moves as one access\n",
            L.align, kd_plan_field_align(st, c));
  else if (want && sp->g->nclusters == 1 && !kd_plan_whole_moves_pay(sp))
    fprintf(out,
            "    not aligned: σ(c) = %u B would be one access, but whole elements move in %.1f %% of its accesses "
            "(by executions), less than half: field accesses are as wide either way, and the struct stays as it is\n",
            want, sp->moves > 0 ? 100.0 * sp->whole_moves / sp->moves : 0.0);
  else if (want)
    fprintf(out,
            "    not aligned: σ(c) = %u B would be one access, but the struct's one cluster would then not keep its "
            "bytes in place\n",
            want);
}

static void explain_struct(FILE *out, const KdPlan *plan, const KdStructPlan *sp) {
  const Kdlg *g = sp->g;
  const KdStruct *st = g->st;
  int nf = st->nfields;
  fprintf(out, "struct '%s' (%s:%u:%u): %d field%s, %u B, ε = %lld B, %d cluster%s", sp->name, sp->file, sp->line,
          sp->col, nf, nf == 1 ? "" : "s", st->bytes, (long long)sp->epsilon, g->nclusters,
          g->nclusters == 1 ? "" : "s");
  if (sp->forced)
    fputs(", forced by --layout or --plan-in (no decision tree)", out);
  else if (sp->uniform)
    fputs(", uniform (no decision tree)", out);
  fputc('\n', out);
  if (sp->uniform)
    fprintf(out, "  uniform: %s; %s\n", KD_UNIFORM_NOTE,
            sp->forced ? "the layout was forced by --layout or --plan-in" : "kept in one AoS cluster");
  int *of = kd_xmalloc(((size_t)nf + 1) * sizeof(int));
  if (sp->uniform && sp->kdlg_of) {  // the ε-partition it did not use (--layout split's)
    fprintf(out, "  ε-partition, not used: %d cluster%s", sp->kdlg_nclusters, sp->kdlg_nclusters == 1 ? "" : "s");
    int *fields = kd_xmalloc(((size_t)nf + 1) * sizeof(int));
    for (int c = 0; c < sp->kdlg_nclusters; c++) {
      int n = 0;
      for (int f = 0; f < nf; f++)
        if (sp->kdlg_of[f] == c)
          fields[n++] = f;
      fputc(' ', out);
      put_fields(out, st, fields, n);
    }
    fputc('\n', out);
    free(fields);
    fputs("    joined by: ", out);
    int n = 0;
    for (int i = 0; i < g->nedges; i++)
      if (g->edges[i].joined) {
        fputs(n++ ? ", " : "", out);
        put_edge(out, st, &g->edges[i]);
      }
    fputs(n ? "\n" : "none\n", out);
  }
  cluster_of(g, of);
  for (int c = 0; c < g->nclusters; c++) {
    const KdCluster *cl = &g->clusters[c];
    KdLayoutChoice L = sp->layouts[c];
    uint64_t attr[KD_NATTRS];
    kd_plan_cluster_attributes(plan->prog, sp, cl, attr);
    char buf[40];
    kd_layout_format(buf, sizeof buf, L, KD_LAYOUT_STYLE_PROSE);
    fprintf(out, "  cluster %d ", c);
    put_fields(out, st, cl->fields, cl->nfields);
    fprintf(out, ": σ = %llu B, σ_min = %llu B, φ = %llu‰ → %s%s\n", (unsigned long long)attr[KD_ATTR_SIGMA_C],
            (unsigned long long)attr[KD_ATTR_SIGMA_MIN], (unsigned long long)attr[KD_ATTR_USED], buf,
            sp->forced ? " (forced)" : sp->uniform ? " (uniform rule)" : "");
    if (sp->forced || sp->uniform)
      continue;
    put_joined(out, g, of, c, cl->nfields);
    put_not_joined(out, g, of, c, g->nclusters);
    put_tree(out, plan->model, attr, L);
    put_align(out, sp, cl, L);
  }
  free(of);
}

void kd_plan_explain(FILE *out, const KdPlan *plan) {
  const KdDeviceModel *m = plan->model;
  fprintf(out, "explain: device model '%s' (%s)\n", m->device ? m->device : "?", m->source ? m->source : "?");
  if (plan->nstructs == 0)
    fputs("explain: nothing to explain (no kernel reaches an eligible struct)\n", out);
  for (int i = 0; i < plan->nstructs; i++)
    explain_struct(out, plan, &plan->structs[i]);
}
