/* plan.c: KDLG → clusters → layouts (Sect. 3.3), and the plan as JSON. */
#include "plan.h"

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../analysis/distance.h"

int kd_plan_build(const KdProgram *prog, const char *input, KdLanguage lang, const KdModel *model,
                  int64_t epsilon, const char *only, KdPlan **out) {
  KdPlan *plan = calloc(1, sizeof *plan);
  if (!plan)
    return -1;
  plan->input = input;
  plan->lang = lang;
  plan->model = model;
  plan->prog = prog;
  plan->structs = calloc((size_t)(prog->nstructs ? prog->nstructs : 1), sizeof(KdStructPlan));
  if (!plan->structs)
    goto oom;
  for (int sid = 0; sid < prog->nstructs; sid++) {
    const KdStruct *st = &prog->structs[sid];
    if (!st->eligible || (only && strcmp(st->name, only) && (!st->alias || strcmp(st->alias, only))))
      continue;
    KdStructPlan *sp = &plan->structs[plan->nstructs++];
    sp->sid = sid;
    sp->g = kdlg_new(st);
    if (!sp->g)
      goto oom;
    // δ over every kernel that reaches the struct: the maximum (conservative)
    for (int k = 0; k < prog->nkernels; k++)
      if (kd_distance_accumulate(prog->kernels[k].body, sid, st->nfields, sp->g->dir) != 0)
        goto oom;
    if (kdlg_finish_edges(sp->g) != 0 || kdlg_partition(sp->g, epsilon) != 0)
      goto oom;
    sp->layouts = calloc((size_t)(sp->g->nclusters ? sp->g->nclusters : 1), sizeof(KdLayoutChoice));
    if (!sp->layouts)
      goto oom;
    for (int c = 0; c < sp->g->nclusters; c++)
      sp->layouts[c] = kd_model_select(model, sp->g->clusters[c].bytes);
  }
  *out = plan;
  return 0;
oom:
  kd_plan_free(plan);
  return -1;
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
    json_array_append_new(fields, json_pack("{s:s, s:i, s:i}", "name", st->fields[f].name, "bytes",
                                            (int)st->fields[f].bytes, "offset", (int)st->fields[f].offset));
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
    json_array_append_new(clusters, json_pack("{s:o, s:i, s:s, s:o}", "fields", names, "bytes",
                                              (int)g->clusters[c].bytes, "layout", kd_layout_name(L.kind), "tile",
                                              tile));
  }
  json_t *loops = json_array();
  for (int i = 0; i < plan->prog->nloops; i++)
    if (kernel_uses(st, plan->prog->loops[i]->kernel))
      json_array_append_new(loops, loop_json(plan->prog->loops[i]));
  json_t *kernels = json_array();
  for (int k = 0; k < plan->prog->nkernels; k++)
    if (kernel_uses(st, plan->prog->kernels[k].name))
      json_array_append_new(kernels, json_string(plan->prog->kernels[k].name));
  return json_pack("{s:s, s:i, s:o, s:I, s:o, s:o, s:o, s:o}", "name", st->name, "bytes", (int)st->bytes, "fields",
                   fields, "epsilon", (json_int_t)g->epsilon, "edges", edges, "clusters", clusters, "loops", loops,
                   "kernels", kernels);
}

int kd_plan_write_json(FILE *out, const KdPlan *plan) {
  json_t *structs = json_array();
  for (int i = 0; i < plan->nstructs; i++)
    json_array_append_new(structs, struct_json(plan, &plan->structs[i]));
  const KdModel *m = plan->model;
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

void kd_plan_free(KdPlan *plan) {
  if (!plan)
    return;
  for (int i = 0; i < plan->nstructs; i++) {
    kdlg_free(plan->structs[i].g);
    free(plan->structs[i].layouts);
  }
  free(plan->structs);
  free(plan);
}
