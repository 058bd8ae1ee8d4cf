/* route.c: the calls of cloneable functions (pass 1): each call is an Edge
 * from an instance of its caller; rw_route_calls decides which instance of
 * the callee it reaches (1, the view clone, for device data; 0, the
 * original, for other pointers), making that instance live (its body is then
 * visited); pass 2 asks rw_call_route where a call went. */
#include "rewriteInt.h"

/* ---- pass 1: calls of cloneable functions ---- */

static RouteKey route_key(R *r, CXCursor call, int inst) {
  RouteKey k;
  memset(&k, 0, sizeof k);
  CXSourceRange x = clang_getCursorExtent(call);
  clang_getExpansionLocation(clang_getRangeStart(x), NULL, NULL, NULL, &k.b);
  clang_getExpansionLocation(clang_getRangeEnd(x), NULL, NULL, NULL, &k.e);
  k.inst = inst;
  (void)r;
  return k;
}

/* Records call c of F made in the instance being visited. */
void rw_add_edge(R *r, KdNode *c, Fn *F) {
  KD_GROW(r->cl.edges, r->cl.capedges, r->cl.nedges + 1);
  Edge *e = &r->cl.edges[r->cl.nedges];
  memset(e, 0, sizeof *e);
  e->call = c;
  e->callee = F;
  e->caller = r->cur.visiting;
  e->in = r->cur.visiting_fn;
  e->inst = r->cur.inst;
  e->route = -1;
  RouteKey k = route_key(r, c->c, r->cur.inst);
  Route *ro;
  HASH_FIND(hh, r->cl.routes, &k, sizeof k, ro);
  if (ro) {  // two calls expanded from one macro: pass 2 could not tell them apart
    e->shared = true;
    r->cl.edges[ro->edge].shared = true;
  } else {
    ro = kd_xcalloc(1, sizeof *ro);
    ro->key = k;
    ro->edge = r->cl.nedges;
    HASH_ADD(hh, r->cl.routes, key, sizeof(RouteKey), ro);
  }
  r->cl.nedges++;
}

/* The class of the pointers call c (visited in instance `inst`) gives to
 * F's struct-pointer parameters: CL_VIEW if one is device data, CL_OTHER if
 * one comes from elsewhere.  *mixed (if not NULL): whether the parameters
 * of struct mix_rs receive both. */
int rw_call_class(R *r, KdNode *c, const Fn *F, int inst, int mix_rs, bool *mixed) {
  int save = r->cur.inst;
  r->cur.inst = inst;
  int nargs = clang_Cursor_getNumArguments(c->c), np = clang_Cursor_getNumArguments(F->def);
  int cls = 0, mix = 0;
  for (int i = 0; i < nargs && i < np; i++) {
    Var *pv = rw_base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
    if (!pv)
      continue;
    KdNode *arms[16];
    int narms = pv->ref ? 1 : rw_ptr_arms(rw_arg_node(r, c, i), arms, 16);  // (each arm of a `?:`)
    if (pv->ref)
      arms[0] = rw_arg_node(r, c, i);
    for (int a = 0; a < narms; a++) {
      Var *from = NULL;
      bool moved;
      Src s = a >= 16 ? SRC_OTHER
              : pv->ref ? rw_elem_source(r, arms[a], &from, &moved)
                        : rw_ptr_source(r, arms[a], &from);
      int k = 0;
      if (s == SRC_VAR && from->rs == pv->rs) {
        k = rw_comp_class(r, from);
        if (k == (CL_VIEW | CL_OTHER))
          k = 0;  // already both (that struct keeps AoS): it decides nothing, nor drags others along
      } else if (s == SRC_VAR || s == SRC_OTHER) {
        k = CL_OTHER;
      }
      cls |= k;
      if (pv->rs == mix_rs)
        mix |= k;
    }
  }
  if (mixed)
    *mixed = mix == (CL_VIEW | CL_OTHER);
  r->cur.inst = save;
  return cls;
}

/* Instance `inst` of F is reached: its body's flows and calls count from now on. */
static void fn_make_live(R *r, Fn *F, int inst) {
  if (F->live[inst])
    return;
  F->live[inst] = true;
  int save = r->cur.inst;
  Fn *vsave = r->cur.visiting;
  CXCursor fsave = r->cur.visiting_fn;
  r->cur.inst = inst;
  r->cur.visiting = F;
  r->cur.visiting_fn = F->def;
  rw_pass1_below(r, rw_node_of(r, kd_function_body(F->def)));
  r->cur.inst = save;
  r->cur.visiting = vsave;
  r->cur.visiting_fn = fsave;
  r->fl.cdirty = true;
}

/* Edge i goes to instance `to` of its callee: its arguments flow into that
 * instance's parameters. */
static void route_edge(R *r, int i, int to) {
  Edge e = r->cl.edges[i];  // (fn_make_live may add edges)
  r->cl.edges[i].route = to;
  int save = r->cur.inst;
  r->cur.inst = e.inst;
  int nargs = clang_Cursor_getNumArguments(e.call->c), np = clang_Cursor_getNumArguments(e.callee->def);
  for (int a = 0; a < nargs && a < np; a++) {
    Var *pv = rw_base_var(r, clang_Cursor_getArgument(e.callee->def, (unsigned)a));
    if (pv)
      rw_param_flow(r, to == 1 && pv->twin ? pv->twin : pv, rw_arg_node(r, e.call, a));
  }
  r->cur.inst = save;
  fn_make_live(r, e.callee, to);
}

/* Routes every call of a cloneable function (see the top comment): calls
 * whose pointers decide first, then an undecided one to the instance its
 * callee already has (0 if none), then functions nobody calls (instance 0,
 * as written; with external linkage, their struct-pointer parameters come
 * from another file, as AoS: opaque), until nothing is left.  Each step routes a call or reaches an
 * instance, so this ends. */
void rw_route_calls(R *r) {
  for (;;) {
    bool progress = false;
    for (int i = 0; i < r->cl.nedges; i++) {
      if (r->cl.edges[i].route >= 0)
        continue;
      int cls = rw_call_class(r, r->cl.edges[i].call, r->cl.edges[i].callee, r->cl.edges[i].inst, -1, NULL);
      if (cls) {
        route_edge(r, i, cls & CL_VIEW ? 1 : 0);
        progress = true;
      }
    }
    if (progress)
      continue;
    int i = 0;
    while (i < r->cl.nedges && r->cl.edges[i].route >= 0)
      i++;
    if (i < r->cl.nedges) {
      Fn *F = r->cl.edges[i].callee;
      route_edge(r, i, F->live[1] && !F->live[0] ? 1 : 0);
      continue;
    }
    Fn *F, *tmp, *idle = NULL;
    HASH_ITER(hh, r->cl.fns, F, tmp) {
      if (!F->live[0] && !F->live[1] && (!idle || rw_start_offset(r, F->def) < rw_start_offset(r, idle->def)))
        idle = F;
    }
    if (!idle)
      break;
    if (clang_getCursorLinkage(idle->def) == CXLinkage_External) {
      // nothing here calls it: its pointers come from another file, in the layout that file has (AoS)
      int np = clang_Cursor_getNumArguments(idle->def);
      for (int a = 0; a < np; a++) {
        CXCursor p = clang_Cursor_getArgument(idle->def, (unsigned)a);
        Var *pv = rw_base_var(r, p);
        if (pv && !pv->seed && rw_extern_mixed(r, idle->def, a))  // (a seed: device data from another input)
          rw_set_opaque(r, pv, p,
                        "it is a parameter of a function that other inputs call both with the struct's device data and "
                        "with other pointers (a clone across files is not written)");
        else if (pv && !pv->seed)
          rw_set_opaque(r, pv, p,
                      "it is a parameter of a function with external linkage that nothing in this file calls (its "
                      "callers elsewhere pass AoS pointers)");
      }
    }
    fn_make_live(r, idle, 0);
  }
  Fn *F, *tmp;
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    F->text = F->live[1] && !F->live[0] ? 1 : 0;
    F->cloned = F->live[0] && F->live[1];
  }
}

/* The instance of cloneable F that call c, walked in instance r->cur.inst, reaches (pass 1 decided). */
int rw_call_route(R *r, KdNode *c, const Fn *F) {
  if (!F->cloned)
    return F->text;  // every call reaches the one instance
  RouteKey k = route_key(r, c->c, r->cur.inst);
  Route *ro;
  HASH_FIND(hh, r->cl.routes, &k, sizeof k, ro);
  return ro && r->cl.edges[ro->edge].callee == F && r->cl.edges[ro->edge].route >= 0 ? r->cl.edges[ro->edge].route : 0;
}
