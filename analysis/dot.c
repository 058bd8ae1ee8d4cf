/* dot.c: KDLG → DOT (see dot.h). */
#include "dot.h"

#include <math.h>

#include "distance.h"

/* DOT double-quoted string: escape quotes and backslashes. */
static void escaped(FILE *out, const char *s);

static void quoted(FILE *out, const char *s) {
  fputc('"', out);
  escaped(out, s);
  fputc('"', out);
}

/* Text inside a double-quoted DOT string: escape quotes and backslashes. */
static void escaped(FILE *out, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', out);
    fputc(*s, out);
  }
}

int kd_dot_write(FILE *out, const Kdlg *g, const KdLayoutChoice *layouts, const char *note) {
  const KdStruct *st = g->st;
  fputs("graph ", out);
  quoted(out, st->name);
  fputs(" {\n", out);
  fputs("  label=\"KDLG of ", out);
  escaped(out, st->name);
  fprintf(out, " (%u B, %d fields), epsilon = %lld B", st->bytes, st->nfields, (long long)g->epsilon);
  if (note) {
    fputs("\\n", out);
    escaped(out, note);
  }
  fputs("\";\n", out);
  fputs("  labelloc=t;\n  node [shape=ellipse, fontname=\"Helvetica\"];\n  edge [fontname=\"Helvetica\"];\n", out);
  for (int c = 0; c < g->nclusters; c++) {
    const KdCluster *cl = &g->clusters[c];
    fprintf(out, "  subgraph cluster_%d {\n    label=\"cluster %d: %u B", c, c, cl->bytes);
    if (layouts) {
      char text[32];
      kd_layout_format(text, sizeof text, layouts[c], KD_LAYOUT_STYLE_DOT);
      fprintf(out, ", %s", text);
    }
    fputs("\";\n    style=rounded;\n", out);
    for (int i = 0; i < cl->nfields; i++) {
      const KdField *f = &st->fields[cl->fields[i]];
      fputs("    ", out);
      quoted(out, f->name);
      fputs(" [label=\"", out);
      escaped(out, f->name);
      fprintf(out, "\\n%u B\"];\n", f->bytes);
    }
    fputs("  }\n", out);
  }
  int64_t dmax = 0;
  for (int i = 0; i < g->nedges; i++)
    if (g->edges[i].delta > dmax)
      dmax = g->edges[i].delta;
  for (int i = 0; i < g->nedges; i++) {
    const KdEdge *e = &g->edges[i];
    // shade on a log scale: δ = 0 black and 5 pt wide, the largest δ light grey and 1 pt
    double t = dmax > 0 ? log2(1.0 + (double)e->delta) / log2(1.0 + (double)dmax) : 0.0;
    int grey = (int)(t * 200.0 + 0.5);
    fputs("  ", out);
    quoted(out, st->fields[e->a].name);
    fputs(" -- ", out);
    quoted(out, st->fields[e->b].name);
    fprintf(out, " [label=\"%lld\", penwidth=%.2f, color=\"#%02x%02x%02x\"];\n", (long long)e->delta,
            1.0 + 4.0 * (1.0 - t), grey, grey, grey);
  }
  fputs("}\n", out);
  return ferror(out) ? -1 : 0;
}
