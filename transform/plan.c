/* plan.c: KDLG → clusters → layouts (Sect. 3.3), and the plan as JSON. */
#include "plan.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../analysis/diag.h"
#include "../analysis/distance.h"
#include "../analysis/dot.h"
#include "../analysis/mem.h"
#include "layout.h"

/* σ_min of cluster c: the bytes of its smallest field (the smallest KDLG
 * node weight σ(f) in c; Sect. 3.1), the decision tree's second attribute
 * (docs/decision-tree.md).  0 for a cluster without fields. */
static uint64_t cluster_min_field_bytes(const KdStruct *st, const KdCluster *c) {
  uint64_t min = 0;
  for (int i = 0; i < c->nfields; i++) {
    uint32_t b = st->fields[c->fields[i]].bytes;
    if (i == 0 || b < min)
      min = b;
  }
  return min;
}

uint32_t kd_plan_field_align(const KdStruct *st, const KdCluster *c) {
  uint32_t a = 1;
  for (int i = 0; i < c->nfields; i++)
    if (st->fields[c->fields[i]].align > a)
      a = st->fields[c->fields[i]].align;
  return a;
}

uint32_t kd_plan_vector_align(const KdStruct *st, const KdCluster *c) {
  uint64_t b = c->bytes;
  bool vector = b == 2 || b == 4 || b == 8 || b == 16;
  return vector && kd_plan_field_align(st, c) < b ? (uint32_t)b : 0;
}

/* φ(c) of cluster c over every kernel of the program: the per-mille of the
 * bytes AoS moves for c that the kernels use, the decision tree's third
 * attribute (analysis/usage.h), from sp->use. */
static uint32_t cluster_used_permille(const KdProgram *prog, const KdStructPlan *sp, const KdCluster *c) {
  const KdStruct *st = &prog->structs[sp->sid];
  KdUse u = {0, 0};
  for (int k = 0; k < prog->nkernels; k++)
    kd_use_cluster(sp->use + (size_t)k * (size_t)st->nfields, st, c->fields, c->nfields, &u);
  return kd_used_permille(u.used, u.moved);
}

void kd_plan_cluster_attributes(const KdProgram *prog, const KdStructPlan *sp, const KdCluster *c,
                                uint64_t attr[KD_NATTRS]) {
  attr[KD_ATTR_SIGMA_C] = c->bytes;
  attr[KD_ATTR_SIGMA_MIN] = cluster_min_field_bytes(&prog->structs[sp->sid], c);
  attr[KD_ATTR_USED] = cluster_used_permille(prog, sp, c);
}

/* Counts the accesses of struct sid in r (*n) and clears *all if one of them
 * is not uniform across a work-group. */
static void scan_uniform(const KdRegion *r, int sid, int *n, bool *all) {
  if (!r)
    return;
  if (r->kind == KR_ACCESS) {
    if (r->acc.struct_id == sid) {
      (*n)++;
      *all = *all && r->acc.uniform;
    }
    return;
  }
  for (int i = 0; i < r->n && *all; i++)
    scan_uniform(r->kids[i], sid, n, all);
}

/* The uniform rule: every access of the struct is a broadcast, so the
 * ε-partition is recorded (for --layout split) and replaced by one AoS cluster. */
static void keep_uniform_aos(KdStructPlan *sp) {
  const Kdlg *g = sp->g;
  int nf = g->st->nfields;
  sp->kdlg_of = kd_xmalloc(((size_t)nf + 1) * sizeof(int));
  int *one = kd_xcalloc((size_t)nf + 1, sizeof(int));
  for (int c = 0; c < g->nclusters; c++)
    for (int i = 0; i < g->clusters[c].nfields; i++)
      sp->kdlg_of[g->clusters[c].fields[i]] = c;
  sp->kdlg_nclusters = g->nclusters;
  KdLayoutChoice aos = {.kind = KD_LAYOUT_AOS, .tile = 1};
  int rc = kd_plan_set_partition(sp, one, 1, &aos);  // (one cluster of every field: valid)
  assert(rc == 0);
  (void)rc;
  free(one);
}

/* Why a plan of nstructs structs from prog has nothing to optimize, or NULL. */
static const char *nothing_why(const KdProgram *prog, int nstructs) {
  if (prog->nkernels == 0)
    return "no kernels in this file";
  if (nstructs == 0)
    return "no kernel reaches an eligible struct through a global pointer";
  return NULL;
}

void kd_plan_remark_uniform(const KdPlan *plan, FILE *remarks) {
  for (int i = 0; i < plan->nstructs; i++) {  // kdlg-opt's rule (docs/design.md "Uniform accesses")
    const KdStructPlan *sp = &plan->structs[i];
    if (sp->uniform && !sp->forced)
      kd_remark(remarks, (KdLoc){sp->file, sp->line, sp->col}, "uniform", "struct '%s': %s; kept in AoS", sp->name,
                KD_UNIFORM_NOTE);
  }
}

/* sp->layout from its clusters and layouts (again after each change of them):
 * the one layout description the rewriter reads. */
static void finish_layout(KdStructPlan *sp) {
  kd_layout_release(&sp->layout);
  kd_layout_from_plan(sp->g, sp->layouts, &sp->layout);
}

/* Whether st is called `name` (its tag, or its typedef name). */
static bool named(const KdStruct *st, const char *name) {
  return !strcmp(st->name, name) || (st->alias && !strcmp(st->alias, name));
}

int kd_plan_build(const KdProgram *prog, const char *input, KdLanguage lang, const KdDeviceModel *model,
                  int64_t epsilon, const char *const *only, FILE *remarks, KdPlan **out) {
  for (int k = 0; only && only[k]; k++) {
    bool found = false;
    for (int i = 0; i < prog->nstructs; i++)
      found |= named(&prog->structs[i], only[k]);
    if (!found) {
      if (remarks)
        fprintf(remarks, "%s: error: no struct named '%s' is reached from a kernel\n", input, only[k]);
      return -1;
    }
  }
  KdPlan *plan = kd_xcalloc(1, sizeof *plan);
  plan->input = input;
  plan->lang = lang;
  plan->model = model;
  plan->prog = prog;
  plan->structs = kd_xcalloc((size_t)(prog->nstructs ? prog->nstructs : 1), sizeof(KdStructPlan));
  for (int sid = 0; sid < prog->nstructs; sid++) {
    const KdStruct *st = &prog->structs[sid];
    bool listed = !only;
    for (int k = 0; only && only[k]; k++)
      listed |= named(st, only[k]);
    if (!st->eligible || !listed)
      continue;
    KdStructPlan *sp = &plan->structs[plan->nstructs++];
    sp->sid = sid;
    sp->usr = st->usr;
    sp->name = st->name;
    sp->alias = st->alias;
    sp->file = st->file;
    sp->line = st->line;
    sp->col = st->col;
    sp->g = kdlg_new(st);
    // δ over every kernel that reaches the struct: the maximum (conservative)
    for (int k = 0; k < prog->nkernels; k++)
      kd_distance_accumulate(prog->kernels[k].body, sid, st->nfields, sp->g->dir);
    kdlg_finish_edges(sp->g);
    kdlg_partition(sp->g, epsilon);
    int naccesses = 0;
    bool all = true;
    for (int k = 0; k < prog->nkernels && all; k++)
      scan_uniform(prog->kernels[k].body, sid, &naccesses, &all);
    sp->uniform = all && naccesses > 0;
    sp->layouts = kd_xcalloc((size_t)(sp->g->nclusters ? sp->g->nclusters : 1), sizeof(KdLayoutChoice));
    sp->use = kd_xcalloc((size_t)(prog->nkernels ? prog->nkernels : 1) * (size_t)(st->nfields ? st->nfields : 1),
                         sizeof(KdFieldUse));
    for (int k = 0; k < prog->nkernels; k++)  // one walk per kernel; each cluster's φ is then a sum
      kd_use_fields(prog->kernels[k].body, st, sid, sp->use + (size_t)k * (size_t)st->nfields);
    // whole-element moves among the struct's accesses, by executions: only they get wider when aligned
    double whole = 0, moves = 0;
    for (int k = 0; k < prog->nkernels; k++)
      kd_use_whole_moves(prog->kernels[k].body, sid, &whole, &moves);
    sp->whole_moves = whole;
    sp->moves = moves;
    // (one AoS cluster and no whole moves to speak of: aligning would rewrite the struct for nothing)
    bool widen = sp->g->nclusters != 1 || kd_plan_whole_moves_pay(sp);
    for (int c = 0; c < sp->g->nclusters; c++) {
      const KdCluster *cl = &sp->g->clusters[c];
      uint64_t attr[KD_NATTRS];
      kd_plan_cluster_attributes(prog, sp, cl, attr);
      sp->layouts[c] =
          kd_device_model_select(model, attr[KD_ATTR_SIGMA_C], attr[KD_ATTR_SIGMA_MIN], attr[KD_ATTR_USED]);
      if (sp->layouts[c].kind == KD_LAYOUT_AOS && widen)
        sp->layouts[c].align = kd_plan_vector_align(st, cl);
    }
    if (sp->g->nclusters == 1 && sp->layouts[0].align) {
      // the whole struct in one aligned AoS cluster: only where its bytes stay
      // where they are (no field reordered, stride = sizeof), so that a copy
      // through a pointer plus an offset stays a plain copy (codegen.c)
      finish_layout(sp);
      if (!kd_layout_identity(&sp->layout))
        sp->layouts[0].align = 0;
    }
    if (sp->uniform)
      keep_uniform_aos(sp);
    sp->epsilon = sp->g->epsilon;
    finish_layout(sp);
  }
  const char *why = nothing_why(prog, plan->nstructs);
  if (remarks && why)
    kd_remark(remarks, (KdLoc){input, 1, 1}, "nothing", "nothing to optimize: %s", why);
  *out = plan;
  return 0;
}

static json_t *loop_json(const KdLoop *lp) {
  char rule[2] = {lp->rule, 0};
  return json_pack("{s:s, s:s, s:i, s:I, s:s}", "kernel", lp->kernel, "function", lp->func, "line",
                   (int)lp->line, "trip", (json_int_t)lp->trip, "rule", rule);
}

static bool kernel_uses(const KdStruct *st, const char *kernel) {
  for (int i = 0; i < st->nkernels; i++)
    if (!strcmp(st->kernels[i], kernel))
      return true;
  return false;
}

static json_t *struct_json(const KdPlan *plan, const KdStructPlan *sp) {
  const KdStruct *st = &plan->prog->structs[sp->sid];
  const Kdlg *g = sp->g;
  json_t *fields = json_array();
  for (int f = 0; f < st->nfields; f++)
    json_array_append_new(fields, json_pack("{s:s, s:i, s:i, s:i}", "name", st->fields[f].name, "bytes",
                                            (int)st->fields[f].bytes, "offset", (int)st->fields[f].offset,
                                            "align", (int)(st->fields[f].align ? st->fields[f].align : 1)));
  json_t *edges = json_array();
  for (int i = 0; i < g->nedges; i++)
    json_array_append_new(edges, json_pack("{s:s, s:s, s:I}", "a", st->fields[g->edges[i].a].name, "b",
                                           st->fields[g->edges[i].b].name, "delta", (json_int_t)g->edges[i].delta));
  json_t *clusters = json_array();
  for (int c = 0; c < g->nclusters; c++) {
    json_t *names = json_array();
    for (int i = 0; i < g->clusters[c].nfields; i++)
      json_array_append_new(names, json_string(st->fields[g->clusters[c].fields[i]].name));
    KdLayoutChoice L = sp->layouts[c];
    json_t *tile = L.kind == KD_LAYOUT_SOA ? json_null() : json_integer(L.tile);
    json_t *jc = json_pack("{s:o, s:i, s:i, s:s, s:o}", "fields", names, "bytes", (int)g->clusters[c].bytes,
                           "used_permille", (int)cluster_used_permille(plan->prog, sp, &g->clusters[c]), "layout",
                           kd_layout_word(L.kind, KD_LAYOUT_STYLE_FILE), "tile", tile);
    if (jc && L.align)  // only where the plan raises it: other clusters read as before
      json_object_set_new(jc, "align", json_integer(L.align));
    json_array_append_new(clusters, jc);
  }
  json_t *loops = json_array();
  for (int i = 0; i < plan->prog->nloops; i++)
    if (kernel_uses(st, plan->prog->loops[i]->kernel))
      json_array_append_new(loops, loop_json(plan->prog->loops[i]));
  json_t *kernels = json_array();
  for (int k = 0; k < plan->prog->nkernels; k++)
    if (kernel_uses(st, plan->prog->kernels[k].name))
      json_array_append_new(kernels, json_string(plan->prog->kernels[k].name));
  json_t *js = json_pack("{s:s, s:i, s:o, s:I, s:o, s:o}", "name", st->name, "bytes", (int)st->bytes, "fields",
                          fields, "epsilon", (json_int_t)g->epsilon, "edges", edges, "clusters", clusters);
  if (js && sp->uniform) {  // only where it applies: the other structs' plans read as before
    json_object_set_new(js, "uniform", json_true());
    json_object_set_new(js, "note", json_string(sp->forced ? KD_UNIFORM_NOTE "; the layout was forced by --layout or --plan-in"
                                                          : KD_UNIFORM_NOTE "; kept in one AoS cluster"));
  }
  if (js) {
    json_object_set_new(js, "loops", loops);
    json_object_set_new(js, "kernels", kernels);
  }
  return js;
}

int kd_plan_write_json(FILE *out, const KdPlan *plan) {
  json_t *structs = json_array();
  for (int i = 0; i < plan->nstructs; i++)
    json_array_append_new(structs, struct_json(plan, &plan->structs[i]));
  const KdDeviceModel *m = plan->model;
  json_t *model = json_pack("{s:s, s:s, s:b}", "source", m->source, "device", m->device, "provisional",
                            m->provisional);
  json_t *root = json_pack("{s:s, s:s, s:o, s:o}", "input", plan->input, "language", kd_language_name(plan->lang),
                           "model", model, "structs", structs);
  if (!root)
    return -1;
  int rc = json_dumpf(root, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', out);
  json_decref(root);
  return rc == 0 && !ferror(out) ? 0 : -1;
}

int kd_plan_write_dot(FILE *out, const KdPlan *plan) {
  KdDotStruct *ds = kd_xcalloc((size_t)plan->nstructs + 1, sizeof *ds);
  bool **unused = kd_xcalloc((size_t)plan->nstructs + 1, sizeof *unused);
  for (int i = 0; i < plan->nstructs; i++) {
    const KdStructPlan *sp = &plan->structs[i];
    int nf = sp->g->st->nfields;
    unused[i] = kd_xcalloc((size_t)nf + 1, sizeof(bool));
    for (int f = 0; f < nf; f++) {  // no kernel accesses it (sp->use: the largest execution count, per direction)
      unused[i][f] = true;
      for (int k = 0; k < plan->prog->nkernels && unused[i][f]; k++) {
        const KdFieldUse *u = &sp->use[(size_t)k * (size_t)nf + (size_t)f];
        unused[i][f] = !(u->count[0] > 0) && !(u->count[1] > 0);
      }
    }
    ds[i] = (KdDotStruct){sp->g, sp->layouts, unused[i],
                          sp->uniform && !sp->forced ? "uniform: " KD_UNIFORM_NOTE "; kept in one AoS cluster" : NULL};
  }
  int rc = kd_dot_write(out, ds, plan->nstructs, nothing_why(plan->prog, plan->nstructs));
  for (int i = 0; i < plan->nstructs; i++)
    free(unused[i]);
  free(unused);
  free(ds);
  return rc;
}

void kd_plan_free(KdPlan *plan) {
  if (!plan)
    return;
  for (int i = 0; i < plan->nstructs; i++) {
    kdlg_free(plan->structs[i].g);
    kd_layout_release(&plan->structs[i].layout);
    free(plan->structs[i].layouts);
    free(plan->structs[i].kdlg_of);
    free(plan->structs[i].use);
  }
  free(plan->structs);
  free(plan);
}

/* ---- partitions chosen by the user (--layout, --plan-in) ---- */

int kd_plan_set_partition(KdStructPlan *sp, const int *cluster_of, int nclusters, const KdLayoutChoice *choices) {
  Kdlg *g = sp->g;
  int nf = g->st->nfields;
  if (nclusters < 1 || nclusters > nf)
    return -1;
  // renumber clusters by first field
  int *renum = kd_xmalloc((size_t)nclusters * sizeof(int));
  int *count = kd_xcalloc((size_t)nclusters, sizeof(int));
  KdCluster *cl = kd_xcalloc((size_t)nclusters, sizeof(KdCluster));
  KdLayoutChoice *lay = kd_xcalloc((size_t)nclusters, sizeof(KdLayoutChoice));
  for (int c = 0; c < nclusters; c++)
    renum[c] = -1;
  int next = 0;
  for (int f = 0; f < nf; f++) {
    int c = cluster_of[f];
    if (c < 0 || c >= nclusters) {
      free(renum), free(count), free(cl), free(lay);
      return -1;
    }
    if (renum[c] < 0)
      renum[c] = next++;
    count[renum[c]]++;
  }
  if (next != nclusters) {  // an empty cluster
    free(renum), free(count), free(cl), free(lay);
    return -1;
  }
  for (int c = 0; c < nclusters; c++)
    cl[c].fields = kd_xmalloc((size_t)count[c] * sizeof(int));
  for (int f = 0; f < nf; f++) {
    KdCluster *c = &cl[renum[cluster_of[f]]];
    c->fields[c->nfields++] = f;
    c->bytes += g->st->fields[f].bytes;
  }
  for (int c = 0; c < nclusters; c++)
    lay[renum[c]] = choices[c];
  for (int c = 0; c < nclusters; c++)  // an alignment that raises nothing is no alignment
    if (lay[c].kind != KD_LAYOUT_AOS || lay[c].align <= kd_plan_field_align(g->st, &cl[c]))
      lay[c].align = 0;
  for (int c = 0; c < g->nclusters; c++)
    free(g->clusters[c].fields);
  free(g->clusters);
  free(sp->layouts);
  g->clusters = cl;
  g->nclusters = nclusters;
  sp->layouts = lay;
  free(renum);
  free(count);
  finish_layout(sp);
  return 0;
}

void kd_plan_keep_aos(KdStructPlan *sp) {
  int nf = sp->g->st->nfields;
  int *of = kd_xcalloc((size_t)nf + 1, sizeof(int));
  KdLayoutChoice aos = {.kind = KD_LAYOUT_AOS, .tile = 1};
  int rc = kd_plan_set_partition(sp, of, 1, &aos);  // (one cluster: valid)
  assert(rc == 0);
  (void)rc;
  free(of);
}

int kd_plan_force(KdPlan *plan, const char *spec, char *err, size_t n) {
  bool split = !strcmp(spec, "split");
  KdLayoutChoice one;  // aos, soa, tiled:N: one cluster of this layout
  if (!strcmp(spec, "auto"))
    return 0;
  if (!split && kd_layout_parse(spec, KD_LAYOUT_STYLE_CLI, &one) != 0) {
    snprintf(err, n, "unknown layout '%s' (expected auto, aos, soa, split or tiled:N with 2 <= N <= 32768)", spec);
    return -1;
  }
  for (int s = 0; s < plan->nstructs; s++) {
    KdStructPlan *sp = &plan->structs[s];
    int nf = sp->g->st->nfields;
    int *of = kd_xcalloc((size_t)nf + 1, sizeof(int));
    KdLayoutChoice *ch = kd_xcalloc((size_t)nf + 1, sizeof(KdLayoutChoice));
    int nc = 1;
    sp->forced = true;
    if (split && sp->kdlg_of) {  // a uniform struct: the ε-partition it did not use
      nc = sp->kdlg_nclusters;
      for (int f = 0; f < nf; f++)
        of[f] = sp->kdlg_of[f];
      for (int c = 0; c < nc; c++)
        ch[c] = (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
    } else if (split) {
      nc = sp->g->nclusters;
      for (int c = 0; c < nc; c++) {
        for (int i = 0; i < sp->g->clusters[c].nfields; i++)
          of[sp->g->clusters[c].fields[i]] = c;
        ch[c] = (KdLayoutChoice){.kind = KD_LAYOUT_AOS, .tile = 1};
      }
    } else {
      ch[0] = one;
    }
    int rc = kd_plan_set_partition(sp, of, nc, ch);  // (the KDLG's clusters, or one: valid)
    assert(rc == 0);
    (void)rc;
    free(of);
    free(ch);
  }
  return 0;
}

/* err: jansson's error in the plan at path, `path:line:col: error: text`,
 * then the line and a caret under the column (kd_snippet_file, jansson's
 * column counts characters), as far as n bytes hold. */
static void plan_syntax_error(char *err, size_t n, const char *path, const json_error_t *je) {
  char *snippet = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&snippet, &len);
  if (je->line > 0 && je->column > 0)
    kd_snippet_file(f, path, (unsigned)je->line, (unsigned)je->column, true);
  fclose(f);
  if (len > 0 && snippet[len - 1] == '\n')
    snippet[--len] = '\0';
  snprintf(err, n, "%s:%d:%d: error: %s%s%s", path, je->line, je->column, je->text, len ? "\n" : "", snippet);
  free(snippet);
}

int kd_plan_read_layouts(KdPlan *plan, const char *path, char *err, size_t n) {
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  if (!root) {
    plan_syntax_error(err, n, path, &je);
    return -1;
  }
  int rc = 0;
  json_t *structs = json_object_get(root, "structs");
  if (!json_is_array(structs)) {
    snprintf(err, n, "%s: error: no \"structs\" array (expected the --emit-plan format)", path);
    json_decref(root);
    return -1;
  }
  for (int s = 0; s < plan->nstructs && rc == 0; s++) {
    KdStructPlan *sp = &plan->structs[s];
    const KdStruct *st = sp->g->st;
    json_t *js = NULL;
    size_t i;
    json_t *it;
    json_array_foreach(structs, i, it) {
      const char *nm = json_string_value(json_object_get(it, "name"));
      if (nm && !strcmp(nm, st->name))
        js = it;
    }
    if (!js)
      continue;  // not in the file: the analysis's plan stands
    json_t *clusters = json_object_get(js, "clusters");
    size_t nc = json_array_size(clusters);
    int *of = kd_xmalloc(((size_t)st->nfields + 1) * sizeof(int));
    KdLayoutChoice *ch = kd_xcalloc(nc + 1, sizeof(KdLayoutChoice));
    for (int f = 0; f < st->nfields; f++)
      of[f] = -1;
    json_t *jc;
    json_array_foreach(clusters, i, jc) {
      json_t *fields = json_object_get(jc, "fields");
      const char *layout = json_string_value(json_object_get(jc, "layout"));
      json_t *tile = json_object_get(jc, "tile");
      json_t *align = json_object_get(jc, "align");
      size_t k;
      json_t *jf;
      json_array_foreach(fields, k, jf) {
        const char *fname = json_string_value(jf);
        int found = -1;
        for (int f = 0; fname && f < st->nfields; f++)
          if (!strcmp(st->fields[f].name, fname))
            found = f;
        if (found < 0 || of[found] >= 0) {
          snprintf(err, n, "%s: error: struct '%s': field '%s' is unknown or in two clusters", path, st->name,
                   fname ? fname : "?");
          rc = -1;
        } else {
          of[found] = (int)i;
        }
      }
      json_int_t a = json_integer_value(align);
      KdLayoutChoice c = {0};
      bool known = kd_layout_parse(layout, KD_LAYOUT_STYLE_FILE, &c) == 0;
      if (known && c.kind == KD_LAYOUT_AOS && align && (!json_is_integer(align) || a < 1 || a > 16 || (a & (a - 1)))) {
        if (rc == 0)
          snprintf(err, n, "%s: error: struct '%s': cluster %zu: \"align\" must be a power of two from 1 to 16 (bytes)",
                   path, st->name, i);
        rc = -1;
      } else if (known && c.kind == KD_LAYOUT_AOS) {
        c.align = (uint32_t)a;
        ch[i] = c;
      } else if (known && c.kind == KD_LAYOUT_SOA) {
        ch[i] = c;
      } else if (known && c.kind == KD_LAYOUT_TILED && json_is_integer(tile) && json_integer_value(tile) >= 2 &&
                 json_integer_value(tile) <= 32768) {
        c.tile = (uint32_t)json_integer_value(tile);
        ch[i] = c;
      } else if (rc == 0) {
        snprintf(err, n, "%s: error: struct '%s': cluster %zu needs \"layout\" aos, soa or tiled (with \"tile\" 2..32768)",
                 path, st->name, i);
        rc = -1;
      }
    }
    for (int f = 0; f < st->nfields && rc == 0; f++)
      if (of[f] < 0) {
        snprintf(err, n, "%s: error: struct '%s': field '%s' is in no cluster", path, st->name, st->fields[f].name);
        rc = -1;
      }
    if (rc == 0)
      sp->forced = true;
    if (rc == 0 && (rc = kd_plan_set_partition(sp, of, (int)nc, ch)) != 0)
      snprintf(err, n, "%s: error: struct '%s': invalid clusters", path, st->name);
    free(of);
    free(ch);
  }
  json_decref(root);
  return rc;
}
