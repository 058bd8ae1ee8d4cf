/* vars.c: pass 1's variables (one Var per pointer-to-planned-struct
 * variable or parameter, per instance of a cloneable function), the
 * union-find that joins those a pointer flows between, and what each
 * component holds: device data (a seed: kernel parameter, cudaMalloc
 * target), a pointer from elsewhere (opaque, with the reason), an offset
 * (moved).  A component that is a seed is a view (rw_is_view). */
#include "rewriteInt.h"

/* The instance-0 variable of the declaration with key k. */
static Var *var_by_key(R *r, DeclKey k) {
  Var *v;
  HASH_FIND(hh, r->fl.var_map, &k, sizeof k, v);
  return v;
}

/* The instance-0 variable of decl (whatever instance is being visited). */
Var *rw_base_var(R *r, CXCursor decl) { return var_by_key(r, decl_key(decl)); }

/* v in the instance being visited (r->cur.inst). */
static Var *in_inst(R *r, Var *v) { return v && r->cur.inst == 1 && v->twin ? v->twin : v; }

/* The variable of decl in the instance being visited (r->cur.inst). */
Var *rw_var_find(R *r, CXCursor decl) { return in_inst(r, rw_base_var(r, decl)); }

/* var_find of the declaration that n references. */
Var *rw_ref_var(R *r, KdNode *n) { return in_inst(r, var_by_key(r, kd_node_ref_key(r->tree, n))); }

Fn *rw_fn_find(R *r, CXCursor def) {
  if (clang_Cursor_isNull(def))
    return NULL;
  DeclKey k = decl_key(def);
  Fn *f;
  HASH_FIND(hh, r->cl.fns, &k, sizeof k, f);
  return f;
}

static Var *var_new(R *r, CXCursor decl, int rs) {
  Var *v = kd_xcalloc(1, sizeof *v);
  v->key = decl_key(decl);
  v->decl = decl;
  v->rs = rs;
  v->parent = r->fl.nvars;
  v->index = r->fl.nvars;
  rw_spell(decl, v->name, sizeof v->name);
  KD_GROW(r->fl.vars, r->fl.capvars, r->fl.nvars + 1);
  r->fl.vars[r->fl.nvars++] = v;
  r->fl.cdirty = true;
  return v;
}

Var *rw_var_add(R *r, CXCursor decl, int rs) {
  Var *v = rw_base_var(r, decl);
  if (!v) {
    v = var_new(r, decl, rs);
    HASH_ADD(hh, r->fl.var_map, key, sizeof(DeclKey), v);
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    v->tier = clang_getCursorKind(decl) == CXCursor_ParmDecl ? 1
              : pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod || pk == CXCursor_Constructor ||
                      pk == CXCursor_Destructor
                  ? 2
                  : 0;
    v->fn = rw_fn_find(r, clang_getCursorSemanticParent(decl));
    if (v->fn) {
      Var *t = var_new(r, decl, rs);
      t->tier = v->tier;
      t->fn = v->fn;
      t->inst = 1;
      v->twin = t;
    }
    if (rw_volatile_target(clang_getCursorType(decl)))
      for (Var *x = v; x; x = x->twin)
        rw_set_opaque(r, x, decl, "it is a pointer to volatile (the accessors' loads and stores are not volatile)");
  }
  return r->cur.inst == 1 && v->twin ? v->twin : v;
}

int rw_uf_find(R *r, int i) {
  while (r->fl.vars[i]->parent != i) {
    r->fl.vars[i]->parent = r->fl.vars[r->fl.vars[i]->parent]->parent;
    i = r->fl.vars[i]->parent;
  }
  return i;
}

void rw_uf_union(R *r, Var *a, Var *b) {
  int x = rw_uf_find(r, a->index), y = rw_uf_find(r, b->index);
  if (x != y)
    r->fl.vars[y]->parent = x;
  r->fl.cdirty = true;
}

/* Whether v's instance is reached (variables of functions that are not cloneable always are). */
bool rw_var_live(const Var *v) { return !v->fn || v->fn->live[v->inst]; }

/* Whether v's component is a view (after rw_resolve()). */
bool rw_is_view(R *r, const Var *v) {
  if (!v || r->rs[v->rs].bad)
    return false;
  return r->fl.vars[rw_uf_find(r, v->index)]->seed;
}

/* Records why v is opaque.  Variables of cloneable functions receive their
 * arguments in routing order, not in the order of the file: the earliest
 * place in the file is kept, as for everything else (first seen). */
void rw_set_opaque(R *r, Var *v, CXCursor at, const char *why) {
  if (v->opaque && !(v->fn && rw_start_offset(r, at) < rw_start_offset(r, v->opaque_at)))
    return;
  v->opaque = true;
  v->opaque_at = at;
  snprintf(v->why, sizeof v->why, "%s", why);
  r->fl.cdirty = true;
}

/* v may hold a pointer plus an offset, added at `at`. */
void rw_mark_moved(Var *v, CXCursor at) {
  if (!v->moved) {
    v->moved = true;
    v->moved_at = at;
  }
}

/* The value of variable `from` flows into `to`: an offset it may hold too. */
void rw_add_move(R *r, Var *from, Var *to) {
  KD_GROW(r->fl.moves, r->fl.capmoves, r->fl.nmoves + 1);
  r->fl.moves[r->fl.nmoves][0] = from->index;
  r->fl.moves[r->fl.nmoves][1] = to->index;
  r->fl.nmoves++;
}

/* Closes `moved` over the flows (a variable given one that may hold an
 * offset may hold one too): flow-insensitive, so conservative. */
void rw_close_moves(R *r) {
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; i < r->fl.nmoves; i++) {
      Var *from = r->fl.vars[r->fl.moves[i][0]], *to = r->fl.vars[r->fl.moves[i][1]];
      if (from->moved && !to->moved) {
        rw_mark_moved(to, from->moved_at);
        again = true;
      }
    }
  }
}

/* Why a pointer that e gives variable `to` is not followed, where e's shape
 * says it (into why): an element of an array, a member of a struct or class,
 * a function's value (also cast), the address of a variable or of an element
 * of an array variable (memory that keeps AoS); false for anything else. */
static bool other_why(R *r, KdNode *e, const char *to, char *why, size_t n) {
  KdNode *s = e, *ch;
  while (rw_conversion_operand(s, &ch) || (s->c.kind == CXCursor_CXXConstCastExpr && s->nkids && (ch = rw_last_kid(s))))
    s = ch;
  char name[128] = "";
  switch (s->c.kind) {
  case CXCursor_ArraySubscriptExpr: {
    KdNode *b = s->nkids == 2 ? rw_strip_parens_casts(s->kids[0]) : NULL;
    if (!b || (b->c.kind != CXCursor_DeclRefExpr && b->c.kind != CXCursor_MemberRefExpr))
      return false;
    rw_spell(kd_node_referenced(r->tree, b), name, sizeof name);
    snprintf(why, n, "'%s' is given an element of array '%s' (pointers stored in an array are not followed)", to, name);
    return true;
  }
  case CXCursor_MemberRefExpr:
    rw_spell(kd_node_referenced(r->tree, s), name, sizeof name);
    snprintf(why, n, "'%s' is given member '%s' (pointers stored in a struct or class are not followed)", to, name);
    return true;
  case CXCursor_UnaryOperator: {
    KdNode *o = rw_only_kid(s);
    if (clang_getCursorUnaryOperatorKind(s->c) != CXUnaryOperator_AddrOf || !o)
      return false;
    o = rw_strip_parens_casts(o);
    bool elem = o->c.kind == CXCursor_ArraySubscriptExpr && o->nkids == 2;
    KdNode *b = elem ? rw_strip_parens_casts(o->kids[0]) : o;
    enum CXTypeKind bt = kd_node_type_kind(r->tree, b);
    if (b->c.kind != CXCursor_DeclRefExpr || (elem && bt != CXType_ConstantArray && bt != CXType_IncompleteArray))
      return false;
    CXCursor d = kd_node_referenced(r->tree, b);
    if ((clang_getCursorKind(d) != CXCursor_VarDecl && clang_getCursorKind(d) != CXCursor_ParmDecl) ||
        rw_is_reference(clang_getCursorType(d)))
      return false;  // (`&r` of a reference may be an element of device data)
    rw_spell(d, name, sizeof name);
    snprintf(why, n, "'%s' is given the address of %s '%s', whose memory keeps its AoS layout", to,
             elem ? "an element of array" : "variable", name);
    return true;
  }
  case CXCursor_CallExpr: {
    CXCursor callee = kd_node_referenced(r->tree, s);
    if (clang_Cursor_isNull(callee))
      return false;
    rw_spell(callee, name, sizeof name);
    snprintf(why, n, "'%s' is given the value of a call to '%s' (a pointer a function returns is not followed)", to,
             name);
    return true;
  }
  default:
    return false;
  }
}

/* A pointer expression e flows into variable `to` (each arm of a `?:`
 * does: `S *q = c ? a : b` joins q with a and with b). */
void rw_flow(R *r, Var *to, KdNode *e) {
  KdNode *arms[2];
  if (rw_ptr_arms(e, arms, 2) > 1) {
    KdNode *s = rw_strip_parens_casts(e);
    rw_flow(r, to, s->kids[1]);
    rw_flow(r, to, s->kids[2]);
    return;
  }
  Var *from = NULL;
  bool moved = false;
  Src s = rw_ptr_source_m(r, e, &from, &moved);
  if (s == SRC_VAR && from->rs == to->rs) {
    rw_uf_union(r, to, from);
    if (moved)
      rw_mark_moved(to, e->c);
    rw_add_move(r, from, to);
  } else if (s == SRC_VAR || s == SRC_OTHER) {
    char why[480];
    if (!rw_untyped_why(r, e, to->name, why, sizeof why) && !other_why(r, e, to->name, why, sizeof why))
      snprintf(why, sizeof why, "'%s' is given a pointer that does not come from a kernel argument or cudaMalloc",
               to->name);
    rw_set_opaque(r, to, e->c, why);
  }
}


/* Argument e of a call flows into parameter `to`: bound to it where the
 * parameter is a reference (Var.ref), else a pointer's flow. */
void rw_param_flow(R *r, Var *to, KdNode *e) {
  if (to->ref)
    rw_bind_ref(r, to, e);
  else
    rw_flow(r, to, e);
}

/* Reference variable `to` is bound to element expression e (`S &r = p[i]`):
 * it joins the pointer e is reached through, with the offset `&e` adds, as
 * `S *r = &p[i]` would; a reference bound to anything else (a local
 * element, a temporary, a conditional) holds other data. */
void rw_bind_ref(R *r, Var *to, KdNode *e) {
  Var *from = NULL;
  bool moved = false;
  Src s = rw_elem_source(r, e, &from, &moved);
  if (s == SRC_VAR && from->rs == to->rs) {
    rw_uf_union(r, to, from);
    if (moved)
      rw_mark_moved(to, e->c);
    rw_add_move(r, from, to);
  } else {
    char why[320];
    snprintf(why, sizeof why, "reference '%s' is bound to something other than an element of a tracked pointer",
             to->name);
    rw_set_opaque(r, to, e->c, why);
  }
}

/* What v's component holds: CL_VIEW (a kernel parameter or cudaMalloc'd
 * pointer), CL_OTHER (a pointer from elsewhere), both or neither. */
int rw_comp_class(R *r, const Var *v) {
  if (r->fl.cdirty) {
    free(r->fl.cflags);
    r->fl.cflags = kd_xcalloc((size_t)r->fl.nvars + 1, sizeof(int));
    for (int i = 0; i < r->fl.nvars; i++)
      r->fl.cflags[rw_uf_find(r, i)] |= (r->fl.vars[i]->seed ? CL_VIEW : 0) | (r->fl.vars[i]->opaque ? CL_OTHER : 0);
    r->fl.cdirty = false;
  }
  return r->fl.cflags[rw_uf_find(r, v->index)];
}

/* ---- functions of other inputs (KdRewriteOptions.extern_views) ---- */

static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

static bool in_list(CXCursor fn, int i, const char *const *list, int n) {
  if (!n)
    return false;
  CXString u = clang_getCursorUSR(fn);
  const char *us = clang_getCString(u);
  char *key = kd_xasprintf("%s#%d", us ? us : "", i);
  clang_disposeString(u);
  const char *k = key;
  bool found = us && *us && bsearch(&k, list, (size_t)n, sizeof(char *), cmp_str);
  free(key);
  return found;
}

bool rw_extern_view(R *r, CXCursor fn, int i) { return in_list(fn, i, r->opt->extern_views, r->opt->nextern_views); }

bool rw_extern_mixed(R *r, CXCursor fn, int i) { return in_list(fn, i, r->opt->extern_mixed, r->opt->nextern_mixed); }

bool rw_extern_any(R *r, CXCursor fn) {
  int np = kd_function_nparams(fn);
  for (int i = 0; i < np; i++)
    if (rw_extern_view(r, fn, i))
      return true;
  return false;
}

CXCursor rw_def_or_extern(R *r, CXCursor fn) {
  CXCursor def = clang_getCursorDefinition(fn);
  if (!clang_Cursor_isNull(def) || clang_Cursor_isNull(fn) || !rw_extern_any(r, fn))
    return def;
  return clang_getCanonicalCursor(fn);
}

void rw_extern_report(R *r, KdRewriteResult *out) {
  KD_VEC(char *) calls = {0};
  for (int k = 0; k < r->fl.ext_calls.n; k++) {
    KdNode *c = r->fl.ext_calls.v[k];
    CXCursor callee = kd_node_referenced(r->tree, c);
    CXString u = clang_getCursorUSR(callee);
    const char *us = clang_getCString(u);
    int nargs = clang_Cursor_getNumArguments(c->c);
    for (int i = 0; us && *us && i < nargs && i < clang_Cursor_getNumArguments(callee); i++) {
      if (rw_rs_of_pointer(r, rw_ctype(clang_Cursor_getArgument(callee, (unsigned)i))) < 0)
        continue;
      KdNode *arms[16];
      int narms = rw_ptr_arms(rw_arg_node(r, c, i), arms, 16);
      bool view = narms <= 16, any = false;
      for (int a = 0; a < narms && a < 16 && view; a++) {  // (device data in every arm: `c ? p : p + 1`)
        Var *from = NULL;
        bool moved = false;
        Src src = rw_ptr_source_m(r, arms[a], &from, &moved);
        if (src == SRC_NULL)
          continue;
        view = src == SRC_VAR && (rw_comp_class(r, from) & CL_VIEW) && !(rw_comp_class(r, from) & CL_OTHER);
        any = true;
      }
      kd_vec_push(&calls, kd_xasprintf("%s#%d=%c", us, i, view && any ? 'V' : 'O'));
    }
    clang_disposeString(u);
  }
  for (int k = 0; k < r->fl.ext_ret_calls.n; k++)  // (returns.c: the input that defines it must know)
    kd_vec_push(&calls, kd_xstrdup(r->fl.ext_ret_calls.v[k]));
  out->ext_calls = calls.v;
  out->next_calls = calls.n;
  KD_VEC(char *) defs = {0};
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn) || clang_getCursorLinkage(fn) != CXLinkage_External)
      continue;
    CXString u = clang_getCursorUSR(fn);
    if (clang_getCString(u) && *clang_getCString(u))
      kd_vec_push(&defs, kd_xstrdup(clang_getCString(u)));
    clang_disposeString(u);
  }
  out->ext_defs = defs.v;
  out->next_defs = defs.n;
}
