/* dot.c: KDLG → DOT (see dot.h). */
#include "dot.h"

#include <math.h>
#include <string.h>

#include "distance.h"

/* Text inside a double-quoted DOT string: escape quotes and backslashes. */
static void escaped(FILE *out, const char *s) {
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fputc('\\', out);
    fputc(*s, out);
  }
}

/* A field's node id, quoted: "STRUCT.FIELD", or "STRUCT#I.FIELD" for the
 * struct at index i whose name an earlier struct has. */
static void node_id(FILE *out, const KdDotStruct *structs, int i, int field) {
  const KdStruct *st = structs[i].g->st;
  bool repeated = false;
  for (int j = 0; j < i && !repeated; j++)
    repeated = !strcmp(structs[j].g->st->name, st->name);
  fputc('"', out);
  escaped(out, st->name);
  if (repeated)
    fprintf(out, "#%d", i);
  fputc('.', out);
  escaped(out, st->fields[field].name);
  fputc('"', out);
}

/* Grey of unused fields, and of the legend's frame. */
#define GREY "#999999"

static void write_struct(FILE *out, const KdDotStruct *structs, int s) {
  const KdDotStruct *ds = &structs[s];
  const Kdlg *g = ds->g;
  const KdStruct *st = g->st;
  fprintf(out, "  subgraph cluster_s%d {\n    label=\"KDLG of ", s);
  escaped(out, st->name);
  fprintf(out, " (%u B, %d fields), ε = %lld B", st->bytes, st->nfields, (long long)g->epsilon);
  if (ds->note) {
    fputs("\\n", out);
    escaped(out, ds->note);
  }
  fputs("\";\n    style=filled;\n    color=\"#f2f2f2\";\n", out);
  for (int c = 0; c < g->nclusters; c++) {
    const KdCluster *cl = &g->clusters[c];
    fprintf(out, "    subgraph cluster_s%d_%d {\n      label=\"cluster %d: %u B", s, c, c, cl->bytes);
    if (ds->layouts) {
      char text[32];
      kd_layout_format(text, sizeof text, ds->layouts[c], KD_LAYOUT_STYLE_DOT);
      fprintf(out, ", %s", text);
    }
    fputs("\";\n      style=\"rounded,filled\";\n      color=black;\n      fillcolor=white;\n", out);
    for (int i = 0; i < cl->nfields; i++) {
      int f = cl->fields[i];
      const KdField *fd = &st->fields[f];
      fputs("      ", out);
      node_id(out, structs, s, f);
      fputs(" [label=\"", out);
      escaped(out, fd->name);
      fprintf(out, "\\n%u B", fd->bytes);
      if (ds->unused && ds->unused[f])
        fputs("\\nunused\", style=dashed, color=\"" GREY "\", fontcolor=\"" GREY "\"];\n", out);
      else
        fputs("\"];\n", out);
    }
    fputs("    }\n", out);
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
    fputs("    ", out);
    node_id(out, structs, s, e->a);
    fputs(" -- ", out);
    node_id(out, structs, s, e->b);
    fprintf(out, " [label=\"δ=%lld B\", penwidth=%.2f, color=\"#%02x%02x%02x\"];\n", (long long)e->delta,
            1.0 + 4.0 * (1.0 - t), grey, grey, grey);
  }
  fputs("  }\n", out);
}

/* What the drawing means: one plain-text node, its lines left-aligned (\l). */
static void write_legend(FILE *out) {
  fputs("  subgraph cluster_legend {\n"
        "    label=\"legend\";\n"
        "    style=rounded;\n"
        "    color=\"" GREY "\";\n"
        "    \"legend\" [shape=plaintext, fontsize=10, label=\""
        "ellipse: a field, with its size σ in bytes\\l"
        "line: the memory distance δ in bytes between two fields' accesses (thicker and darker: smaller δ)\\l"
        "white box: a cluster of the ε-partition (fields joined by δ < ε), with its bytes and its layout\\l"
        "dashed grey ellipse: a field that no kernel uses\\l"
        "grey panel: one struct, with its size and ε in bytes\\l\"];\n"
        "  }\n",
        out);
}

int kd_dot_write(FILE *out, const KdDotStruct *structs, int n, const char *why) {
  fputs("graph \"kdlg\" {\n", out);
  if (n == 0) {
    fputs("  label=\"kdlg-opt: nothing to optimize", out);
    if (why) {
      fputs(": ", out);
      escaped(out, why);
    }
    fputs("\";\n  fontname=\"Helvetica\";\n}\n", out);
    return ferror(out) ? -1 : 0;
  }
  fputs("  labelloc=t;\n  fontname=\"Helvetica\";\n  node [shape=ellipse, fontname=\"Helvetica\"];\n"
        "  edge [fontname=\"Helvetica\"];\n",
        out);
  for (int s = 0; s < n; s++)
    write_struct(out, structs, s);
  write_legend(out);
  fputs("}\n", out);
  return ferror(out) ? -1 : 0;
}
