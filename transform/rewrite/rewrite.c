/* rewrite.c: kd_rewrite, the rewriter's entry point (rewrite.h): structs,
 * pass 1, legality, pass 2 repeated while a struct drops out, clones,
 * output; then everything R holds is freed.  rewriteInt.h says how the
 * directory fits together. */
#include "rewriteInt.h"

/* Number of structs that keep AoS. */
static int nbad(const R *r) {
  int n = 0;
  for (int i = 0; i < r->nrs; i++)
    n += r->rs[i].bad;
  return n;
}

/* One round of pass 2: fresh edit lists, every function body walked in
 * the instance its text stands for, the parameters, the clones; edits that
 * overlap keep their struct in AoS.  Returns 0, or -1 on an overlap of
 * nobody's edits (a bug). */
static int pass2_round(R *r) {
  kd_edits_free(r->cur.E);
  r->cur.E = kd_edits_new();
  rw_clone_edits_reset(r);
  rw_method_edits_reset(r);
  r->vm.gen++;  // (resolve and the rounds before decided which variables are views)
  for (int f = 0; f < r->funcs.n; f++)
    if (clang_isCursorDefinition(r->funcs.v[f])) {
      Fn *F = rw_fn_find(r, r->funcs.v[f]);
      r->cur.inst = F ? F->text : 0;  // the instance the original text stands for
      r->cur.walking_fn = r->funcs.v[f];
      rw_walk(r, rw_node_of(r, kd_function_body(r->funcs.v[f])), CTX_VALUE);
    }
  r->cur.inst = 0;
  r->cur.walking_fn = clang_getNullCursor();  // (clones and methods: their returns are not followed)
  rw_edit_params(r);
  rw_edit_returns(r);
  rw_walk_globals(r);
  rw_edit_branch_guards(r);
  Fn *F, *ftmp;
  HASH_ITER(hh, r->cl.fns, F, ftmp) {
    if (rw_clone_active(r, F))
      rw_walk_clone(r, F);
  }
  rw_walk_methods(r);
  int rc = rw_check_overlaps(r, r->cur.E);
  for (Method *M = r->methods; M && rc == 0; M = M->hh.next)
    if (M->E)
      rc = rw_check_overlaps(r, M->E);
  HASH_ITER(hh, r->cl.fns, F, ftmp) {
    if (rc == 0)
      rc = rw_check_overlaps(r, F->E);
    for (int k = 0; k < F->protos.n && rc == 0; k++)
      rc = rw_check_overlaps(r, F->PE[k]);
  }
  return rc;
}

/* Pass 2, repeated while a struct drops out (its pointers stop being
 * views, so edits of other structs through them change): at most 4 rounds. */
static int pass2(R *r) {
  bool any = false;
  for (int i = 0; i < r->nrs; i++)
    any |= !r->rs[i].bad && r->rs[i].changes && r->rs[i].nviews > 0;
  int rc = 0;
  for (int round = 0; round < 4 && any; round++) {
    int bad_before = nbad(r);
    rc = pass2_round(r);
    int bad_after = nbad(r);
    for (int i = 0; i < r->nrs; i++)
      if (r->rs[i].bad)
        rw_drop_owner_all(r, i);
    if (bad_after == bad_before || rc != 0)
      break;
  }
  return rc;
}

/* Frees everything r holds (not its input). */
static void rw_free(R *r) {
  for (int i = 0; i < r->nrs; i++) {
    if (r->rs[i].gf)
      for (int f = 0; f < (int)r->rs[i].L->nfields; f++) {
        free((void *)r->rs[i].gf[f].decl_pre);
        free((void *)r->rs[i].gf[f].decl_post);
        free((void *)r->rs[i].gf[f].scalar);
      }
    free(r->rs[i].gf);
    free(r->rs[i].why);
    HASH_CLEAR(hh, r->rs[i].fnames);
    free(r->rs[i].fname_mem);
    FieldDecl *d, *dt;
    HASH_ITER(hh, r->rs[i].fdecls, d, dt) {
      HASH_DEL(r->rs[i].fdecls, d);
      free(d);
    }
  }
  free(r->rs);
  free(r->guards.v);
  for (int i = 0; i < r->pp_defined.n; i++)
    free(r->pp_defined.v[i].name);
  free(r->pp_defined.v);
  HASH_CLEAR(hh, r->fl.var_map);
  rw_untyped_free(r);
  for (int i = 0; i < r->fl.nvars; i++)  // (twins are not in the hash)
    free(r->fl.vars[i]);
  free(r->fl.vars);
  Launched *l, *lt;
  LaunchArray *la, *lat;
  HASH_ITER(hh, r->fl.arrays, la, lat) {
    HASH_DEL(r->fl.arrays, la);
    free(la);
  }
  HASH_ITER(hh, r->fl.launched, l, lt) {
    HASH_DEL(r->fl.launched, l);
    free(l);
  }
  SoleName *sn, *snt;
  HASH_ITER(hh, r->fl.sole_names, sn, snt) {
    HASH_DEL(r->fl.sole_names, sn);
    free(sn);
  }
  free(r->funcs.v);
  free(r->global_refs.v);
  Fn *fn, *fnt;
  HASH_ITER(hh, r->cl.fns, fn, fnt) {
    HASH_DEL(r->cl.fns, fn);
    kd_edits_free(fn->E);
    for (int k = 0; k < fn->protos.n && fn->PE; k++)
      kd_edits_free(fn->PE[k]);
    free(fn->PE);
    free(fn->protos.v);
    free(fn);
  }
  Route *ro, *rot;
  HASH_ITER(hh, r->cl.routes, ro, rot) {
    HASH_DEL(r->cl.routes, ro);
    free(ro);
  }
  free(r->cl.edges);
  free(r->fl.moves);
  free(r->fl.ext_calls.v);
  rw_free_returns(r);
  free(r->fl.cflags);
  free(r->vm.memo);
  rw_free_methods(r);
  rw_free_hits(r->mac.own_name_hits);
  rw_free_idents(r);
  rw_free_hits(r->mac.counter_hits);
  kd_edits_free(r->cur.E);
}

int kd_rewrite(const KdSource *src, const KdPlan *plan, const KdRewriteOptions *opt, KdRewriteResult *out,
               FILE *remarks) {
  memset(out, 0, sizeof *out);
  R r;
  memset(&r, 0, sizeof r);
  r.src = src;
  r.plan = plan;
  r.opt = opt;
  r.rem = remarks;
  r.cuda = src->lang == KD_LANG_CUDA;
  r.map = src->files;
  r.text = r.map->text;
  r.len = r.map->len;
  if (!r.map->files[0].file) {
    fprintf(remarks, "kdlg-opt: error: cannot read the contents of '%s'\n", src->path);
    return -1;
  }
  r.tree = src->tree;  // (the analysis has read most bodies into it)
  r.cur.E = kd_edits_new();
  r.cur.walking_fn = clang_getNullCursor();
  rw_setup_structs(&r);                                                               // 1. structs
  rw_check_names(&r);                                                                 //    names
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), rw_collect_funcs, &r);  // the file's functions, globals
  rw_pass1(&r);                                                                       // 2. flows, routes
  rw_resolve(&r);                                                                     //    legality
  rw_check_global_refs(&r);
  int rc = pass2(&r);                                                                 // 3. edits
  for (int i = 0; i < r.nrs; i++) {
    if (!r.rs[i].changes)
      rw_drop_owner_all(&r, i);
    out->nrewritten += rw_rewritten(&r.rs[i]);
    out->nkept += r.rs[i].bad;
  }
  out->kept = kd_xcalloc((size_t)r.nrs + 1, sizeof(bool));
  out->rewritten = kd_xcalloc((size_t)r.nrs + 1, sizeof(bool));
  out->why = kd_xcalloc((size_t)r.nrs + 1, sizeof(char *));
  out->nstructs = r.nrs;
  for (int i = 0; i < r.nrs; i++) {
    out->kept[i] = r.rs[i].bad;
    out->rewritten[i] = rw_rewritten(&r.rs[i]);
    out->why[i] = r.rs[i].why ? kd_xstrdup(r.rs[i].why) : NULL;
  }
  rw_print_branch_guards(&r);
  rw_print_global_symbols(&r);
  rw_extern_report(&r, out);
  if (rc == 0)
    rc = rw_insert_clones(&r);
  if (rc == 0)
    rc = rw_build_output(&r, out);                                                    // 4. output
  if (rc == 0 && !r.cuda && out->nrewritten > 0)
    rw_opencl_header(&r, out);
  rw_free(&r);
  return rc;
}

void kd_rewrite_result_free(KdRewriteResult *r) {
  free(r->text);
  for (int i = 0; i < r->nheaders; i++) {
    free(r->headers[i].name);
    free(r->headers[i].real);
    free(r->headers[i].text);
  }
  free(r->headers);
  free(r->kept);
  free(r->rewritten);
  for (int i = 0; r->why && i < r->nstructs; i++)
    free(r->why[i]);
  free(r->why);
  for (int i = 0; i < r->next_calls; i++)
    free(r->ext_calls[i]);
  free(r->ext_calls);
  for (int i = 0; i < r->next_defs; i++)
    free(r->ext_defs[i]);
  free(r->ext_defs);
  free(r->header);
  free(r->edits);
  memset(r, 0, sizeof *r);
}
