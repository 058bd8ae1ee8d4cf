/* uniform.c: work-group uniformity analysis (see uniform.h).
 *
 * Every local variable and parameter of the function gets a state of two
 * bits: F_U (its value is uniform) and F_G (as a pointer, it points into
 * global memory, where a load at a uniform address reads one value).  Locals
 * start optimistic (F_U | F_G); the function body is walked repeatedly, each
 * definition lowering its variable's state to the meet with the defining
 * value (and to 0 under divergent control flow), until nothing changes.  The
 * states only go down, so this terminates after at most 2 × variables + 1
 * walks.  Expressions are then evaluated over the final states.
 *
 * Lazily: kd_uniform_new registers the parameters only.  Until the fixpoint
 * runs (solve), un_val evaluates over upper bounds of the final states (a
 * parameter's initial state, a local's initialiser, else every flag); it
 * is monotone in the states, so a varying answer there is final and the
 * body is walked only for the questions it cannot settle.
 *
 * This file: the variables' states, the set-up and the fixpoint (solve),
 * and the public functions; uniformInt.h lists the others.
 */
#include "uniformInt.h"

/* ---- variables ---- */

Var *un_var_find(const KdUniform *u, CXCursor decl) {
  KdDeclKey k = kd_decl_key(decl);
  Var *v;
  HASH_FIND(hh, u->vars, &k, sizeof k, v);
  return v;
}

static void var_add(KdUniform *u, CXCursor decl, VarKind kind, unsigned flags) {
  Var *v = un_var_find(u, decl);
  if (v) {  // two declarations at one location (a macro): share the lower state
    if (v->kind != kind)
      v->kind = V_STATIC;
    v->flags &= flags;
    return;
  }
  v = kd_xcalloc(1, sizeof *v);
  v->key = kd_decl_key(decl);
  v->kind = kind;
  v->flags = flags;
  HASH_ADD(hh, u->vars, key, sizeof(KdDeclKey), v);
}

/* Lowers v's state to flags & its state. */
void un_var_lower(KdUniform *u, Var *v, unsigned flags) {
  unsigned nf = v->flags & flags;
  if (nf != v->flags) {
    v->flags = nf;
    u->changed = true;
  }
}

static Var *ub_var(KdUniform *u, CXCursor d);

/* The variable decl of this function: exact once solved; before, an upper
 * bound of its final state (V_TOP: anything). */
Var *un_lookup(const KdUniform *u, CXCursor d) {
  if (u->solved)
    return un_var_find(u, d);
  return ub_var((KdUniform *)u, d);
}

/* ---- set-up ---- */

static VarKind var_kind(const KdUniform *u, CXCursor d) {
  CXType t = ctype(u, d);
  if (un_shared_decl(u, d))
    return V_SHARED;
  if (clang_Cursor_getStorageClass(d) == CX_SC_Static || clang_Cursor_getStorageClass(d) == CX_SC_Extern)
    return V_STATIC;
  if (is_array(t))
    return V_ARRAY;
  if (is_ref(t))
    return V_REF;
  return V_VALUE;
}

typedef struct Setup {
  KdUniform *u;
  bool has_goto;
} Setup;

static enum CXChildVisitResult register_locals(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Setup *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl)
    var_add(s->u, c, var_kind(s->u, c), F_U | F_G);  // optimistic: the walk lowers it
  else if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
    s->has_goto = true;
  return CXChildVisit_Recurse;
}

static bool global_pointer_param(KdLanguage lang, CXType t) {
  if (!is_ptr(t))
    return false;
  if (lang == KD_LANG_CUDA)
    return true;
  if (kd_opencl_global_pointer(t))
    return true;
  return type_spelled_with(clang_getPointeeType(t), "__constant", "constant ");
}

static void free_vars(Var **vars) {
  Var *v, *tmp;
  HASH_ITER(hh, *vars, v, tmp) {
    HASH_DEL(*vars, v);
    free(v);
  }
}

/* Registers the parameters with their initial states; a binding to a
 * caller's variable is resolved only with `resolve` (else: every flag, an
 * upper bound). */
static void register_params(KdUniform *u, bool resolve) {
  int np = kd_function_nparams(u->fn);
  for (int i = 0; i < np; i++) {
    CXCursor p = kd_function_param(u->fn, (unsigned)i);
    CXType t = ctype(u, p);
    VarKind kind = is_ref(t) ? V_REF : V_VALUE;
    unsigned flags = 0;
    if (!u->kernel) {
      if (i < u->nparams && u->params[i].uniform) {
        flags = F_U | F_G;  // a uniform pointer (reference) into global memory bound by the caller
        if (u->params[i].from && resolve && !kd_uniform_var(u->params[i].from, u->params[i].var))
          flags = 0;
      }
    } else if (kd_is_kernel(u->lang, u->fn)) {
      flags = F_U | (global_pointer_param(u->lang, t) ? F_G : 0);
    }
    var_add(u, p, kind, flags);
  }
}

/* Before solving: an upper bound of the final state of decl, which the
 * solved analysis would find among the function's variables, or NULL if it
 * certainly would not (a declaration outside the function's extent: every
 * local's key lies inside it).  Parameters: their initial state (states only
 * go down).  A local scalar defined by an initialiser (in the function
 * itself, where the walk reaches it): the initialiser's bound (var_decl
 * lowers the state to the initialiser's value, or to 0).  Anything else
 * that may be a local: V_TOP. */
static Var *ub_var(KdUniform *u, CXCursor d) {
  Var *v = un_var_find(u, d);
  if (v)
    return v;
  KdDeclKey k = kd_decl_key(d);
  if (!u->ext_any && (k.file != u->ext_file || k.offset < u->ext_beg || k.offset > u->ext_end))
    return NULL;
  HASH_FIND(hh, u->ubvars, &k, sizeof k, v);
  if (v)
    return v;
  v = kd_xcalloc(1, sizeof *v);
  v->key = k;
  v->kind = V_TOP;  // also while its initialiser is evaluated (a cycle)
  v->flags = F_U | F_G;
  HASH_ADD(hh, u->ubvars, key, sizeof(KdDeclKey), v);
  if (clang_getCursorKind(d) != CXCursor_VarDecl || var_kind(u, d) != V_VALUE ||
      !clang_equalCursors(clang_getCursorSemanticParent(d), u->fn))
    return v;
  KdKids ks = kd_kids_of(u->tree, d);
  CXCursor init = clang_getNullCursor();
  if (ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])))
    init = ks.v[ks.n - 1];
  if (clang_Cursor_isNull(init))
    return v;
  unsigned f = un_val(u, init);
  v->kind = V_VALUE;
  v->flags = f;
  return v;
}

/* The fixpoint (once, at the first question the upper bounds cannot answer). */
static void solve(KdUniform *u) {
  if (u->solved)
    return;
  u->solved = true;
  free_vars(&u->ubvars);
  free_vars(&u->vars);
  register_params(u, true);
  CXCursor body = kd_function_body(u->fn);
  Setup s = {u, false};
  if (!clang_Cursor_isNull(body))
    clang_visitChildren(body, register_locals, &s);
  if (s.has_goto || clang_Cursor_isNull(body)) {
    Var *v, *tmp;
    HASH_ITER(hh, u->vars, v, tmp) v->flags = 0;  // goto: control flow not followed
    return;
  }
  do {
    u->changed = false;
    u->nframes = 0;
    un_walk(u, body, false);
  } while (u->changed);
}

KdUniform *kd_uniform_new_bound(const KdSource *src, CXCursor fn, const KdUniformParam *params, int nparams) {
  KdUniform *u = kd_xcalloc(1, sizeof *u);
  u->lang = src->lang;
  u->tree = src->tree;
  u->fn = fn;
  u->kernel = params == NULL;
  if (params && nparams > 0) {
    u->params = kd_xmalloc((size_t)nparams * sizeof *params);
    memcpy(u->params, params, (size_t)nparams * sizeof *params);
    u->nparams = nparams;
  }
  CXSourceRange ext = clang_getCursorExtent(fn);
  CXFile f1, f2;
  unsigned o1, o2;
  clang_getFileLocation(clang_getRangeStart(ext), &f1, NULL, NULL, &o1);
  clang_getFileLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &o2);
  u->ext_file = f1;
  u->ext_beg = o1;
  u->ext_end = o2;
  u->ext_any = !f1 || f1 != f2 || o2 < o1;
  register_params(u, false);
  return u;
}

KdUniform *kd_uniform_new(const KdSource *src, CXCursor fn, const bool *param_uniform, int nparams) {
  if (!param_uniform)
    return kd_uniform_new_bound(src, fn, NULL, 0);
  KdUniformParam *ps = kd_xcalloc((size_t)(nparams > 0 ? nparams : 1), sizeof *ps);
  for (int i = 0; i < nparams; i++)
    ps[i].uniform = param_uniform[i];
  KdUniform *u = kd_uniform_new_bound(src, fn, ps, nparams);
  free(ps);
  return u;
}

bool kd_uniform_expr(KdUniform *u, CXCursor e) {
  if (clang_Cursor_isNull(e))
    return true;
  if (!u->solved && !(un_val(u, e) & F_U))
    return false;  // varying even over the upper bounds (val is monotone in the states)
  solve(u);
  return un_val(u, e) & F_U;
}

bool kd_uniform_addr(KdUniform *u, CXCursor e) {
  solve(u);
  return un_addr(u, e) & F_U;
}

bool kd_uniform_var(KdUniform *u, CXCursor decl) {
  if (!u->solved) {
    Var *p = un_var_find(u, decl);  // a parameter that starts varying stays so
    if (p && !(p->flags & F_U))
      return false;
  }
  solve(u);
  Var *v = un_var_find(u, decl);
  if (!v)
    return un_outer_var_value(u, decl) & F_U;
  return v->kind == V_VALUE || v->kind == V_REF ? (v->flags & F_U) != 0 : false;
}

void kd_uniform_free(KdUniform *u) {
  if (!u)
    return;
  free_vars(&u->vars);
  free_vars(&u->ubvars);
  free(u->params);
  free(u);
}
