/* returns.c: functions that return device data (CUDA).  A function of the
 * file that returns a pointer to a planned struct or an lvalue reference to
 * one (`S *alloc(int n)`, `S &get(S *p, int i)`, `const S &at(...)`) has a
 * variable of pass 1 for its return value (Var.ret; a reference's is
 * Var.ref, a view of one element as a local reference's is): each `return
 * e` flows into it as an initialisation does, and each call gives its value
 * as a variable would (rw_ptr_source, rw_elem_source, the designator walk's
 * `call` oracle, analysis/designate.h rule 6).  Where it is a view, the
 * function returns `kdlg_view_S` (its definition and every prototype in
 * the mapped files), a returned element becomes the view of that element
 * (`return p[i]` → `return kdlg_S_offset(p, (i))`), and a call is used as
 * the view or element it stands for: `get(p, i).x` → `(*kdlg_S_f_x((get(p,
 * i)), 0))`, `S &t = get(p, i)` → `kdlg_view_S t = get(p, i)`, `S *q =
 * alloc(n)` → `kdlg_view_S q = alloc(n)`.
 *
 * A value that reaches code the rewriter does not see or cannot follow
 * keeps the struct AoS, with a remark (rw_check_returns): the function's
 * callers elsewhere (external linkage and no call here; with several
 * inputs, a call in another input, which would read the view as a
 * pointer), a function called with device data and with other pointers
 * (one return type for the clone and the original), a word of its name the
 * parser does not show as this function (a skipped branch, a macro's
 * definition), its address taken (walk.c), a call whose value is used in
 * any other way than those above (walk.c), a return type spelled other than
 * `S *` / `S &` with qualifiers (rw_edit_returns).  Methods, templates and
 * lambdas have no return variable: their returns escape as before. */
#include "rewriteInt.h"

/* A function's return variable, by its definition. */
typedef struct RetVar {
  DeclKey key;
  Var *var;
  KD_VEC(CXCursor) uses;  // every name of the function in the translation unit: declarations, references (rw_scan_returns)
  UT_hash_handle hh;
} RetVar;

/* The planned struct a function's result type points or refers to (an
 * lvalue reference), or -1; *ref: a reference. */
static int result_rs(R *r, CXCursor fn, bool *ref) {
  CXType t = clang_getCursorResultType(fn);
  int rs = rw_rs_of_pointer(r, t);
  *ref = false;
  if (rs < 0 && (rs = rw_rs_of_lvalue_ref(r, t)) >= 0)
    *ref = true;
  return rs;
}

void rw_setup_returns(R *r) {
  if (!r->cuda)
    return;
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl ||
        !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) || clang_Cursor_getNumTemplateArguments(fn) > 0)
      continue;
    bool ref;
    int rs = result_rs(r, fn, &ref);
    if (rs < 0)
      continue;
    DeclKey k = decl_key(fn);
    RetVar *rv;
    HASH_FIND(hh, r->fl.rets, &k, sizeof k, rv);
    if (rv)
      continue;
    Var *v = kd_xcalloc(1, sizeof *v);
    v->key = k;
    v->decl = fn;
    v->rs = rs;
    v->parent = v->index = r->fl.nvars;
    v->ret = true;
    v->ref = ref;
    rw_spell(fn, v->name, sizeof v->name);
    KD_GROW(r->fl.vars, r->fl.capvars, r->fl.nvars + 1);
    r->fl.vars[r->fl.nvars++] = v;
    r->fl.cdirty = true;
    if (ref)
      r->fl.nrefs++;  // (view_base asks about names of struct type only where there are references)
    if (rw_volatile_target(clang_getCursorResultType(fn)))
      rw_set_opaque(r, v, fn, "it is returned as a pointer or reference to volatile (the accessors' loads and stores "
                              "are not volatile)");
    rv = kd_xcalloc(1, sizeof *rv);
    rv->key = k;
    rv->var = v;
    HASH_ADD(hh, r->fl.rets, key, sizeof(DeclKey), rv);
  }
}

Var *rw_ret_var(R *r, CXCursor fn) {
  if (!r->fl.rets || clang_Cursor_isNull(fn))
    return NULL;
  CXCursor def = clang_getCursorDefinition(fn);
  if (clang_Cursor_isNull(def))
    return NULL;
  DeclKey k = decl_key(def);
  RetVar *rv;
  HASH_FIND(hh, r->fl.rets, &k, sizeof k, rv);
  return rv ? rv->var : NULL;
}

Var *rw_call_ret(R *r, KdNode *call) {
  if (!r->fl.rets || call->c.kind != CXCursor_CallExpr)
    return NULL;
  CXCursor callee = kd_node_referenced(r->tree, call);
  if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
    return NULL;
  return rw_ret_var(r, callee);
}

void rw_pass1_call(R *r, KdNode *call, CXCursor callee) {
  (void)callee;
  Var *v = rw_call_ret(r, call);
  if (v && !clang_equalCursors(clang_getCursorDefinition(r->cur.visiting_fn), v->decl))
    v->ncalls++;  // (a call of itself is no caller: recursion)
}

/* ---- every name of a function in the translation unit (rw_scan_returns) ---- */

typedef struct Scan {
  R *r;
  bool defs;  // record the names of this file's functions with a return variable
} Scan;

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Scan *s = data;
  R *r = s->r;
  if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
    return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXCursor fn = k == CXCursor_FunctionDecl                                    ? c
                : k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef ? clang_getCursorReferenced(c)
                                                                               : clang_getNullCursor();
  if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
    Var *v = s->defs ? rw_ret_var(r, fn) : NULL;
    bool ref;
    if (v) {
      RetVar *rv;
      HASH_FIND(hh, r->fl.rets, &v->key, sizeof v->key, rv);
      kd_vec_push(&rv->uses, c);
    } else if (k != CXCursor_FunctionDecl && clang_Cursor_isNull(clang_getCursorDefinition(fn)) &&
               result_rs(r, fn, &ref) >= 0) {
      CXString u = clang_getCursorUSR(fn);  // (another input's function: KdRewriteResult.ext_calls "USR#r=C")
      if (clang_getCString(u) && *clang_getCString(u))
        kd_vec_push(&r->fl.ext_ret_calls, kd_xasprintf("%s#r=C", clang_getCString(u)));
      clang_disposeString(u);
    }
  }
  return CXChildVisit_Recurse;
}

/* Every declaration of and reference to a function that returns a pointer
 * or reference to a planned struct, anywhere in the translation unit but
 * the system headers (global initialisers, default arguments, member
 * initialisers, lambdas at namespace scope, headers outside the project
 * too): those of this file's functions with a return variable (RetVar.uses,
 * rw_check_returns), and references to functions without a body here
 * (another input's: r->fl.ext_ret_calls). */
void rw_scan_returns(R *r) {
  bool changes = false;
  for (int i = 0; i < r->nrs; i++)
    changes |= r->rs[i].changes && !r->rs[i].bad;
  if (!r->cuda || !changes)
    return;
  Scan s = {r, r->fl.rets != NULL};
  clang_visitChildren(clang_getTranslationUnitCursor(r->src->tu), scan_visit, &s);
}


bool rw_pass1_return(R *r, KdNode *ret) {
  if (r->cur.pass1_lambda > 0 || ret->nkids != 1)
    return false;
  Var *v = rw_ret_var(r, r->cur.visiting_fn);
  if (!v)
    return false;
  if (v->ref)
    rw_bind_ref(r, v, ret->kids[0]);
  else
    rw_flow(r, v, ret->kids[0]);
  return true;
}

/* Whether the identifier at map offset off (spelling a function's name) is
 * a name the parser shows: a declaration's, or a reference to something (an
 * overload of the same name, another entity so named; a name of this
 * function is rewritten where pass 2 meets it). */
static bool shown(R *r, unsigned off) {
  CXSourceLocation l = kd_filemap_location(r->map, r->src->tu, off);
  CXCursor c = clang_getCursor(r->src->tu, l);
  enum CXCursorKind k = clang_getCursorKind(c);
  if (!clang_isDeclaration(k) && !clang_isReference(k) && k != CXCursor_DeclRefExpr && k != CXCursor_CallExpr &&
      k != CXCursor_MemberRefExpr)
    return false;
  unsigned at;
  return rw_in_files(r, clang_getCursorLocation(c), &at) && at == off;
}

/* Whether the input's other inputs call fn (KdRewriteOptions.extern_rets). */
static bool called_elsewhere(R *r, CXCursor fn) {
  if (!r->opt->nextern_rets)
    return false;
  CXString u = clang_getCursorUSR(fn);
  const char *us = clang_getCString(u);
  bool found = false;
  for (int i = 0; us && *us && i < r->opt->nextern_rets && !found; i++)
    found = !strcmp(r->opt->extern_rets[i], us);
  clang_disposeString(u);
  return found;
}

/* Where a name of view-returning function v (uses[k]) is not one the
 * rewrite handles: a declaration must be one of the file's (r->funcs: not
 * at block scope, a friend, in a header outside the project) and come
 * after the struct's generated block; a reference must lie in the body of
 * one of the file's function definitions, which pass 2 walks (not a global
 * or member initialiser, a default argument, a lambda at namespace scope,
 * a header outside the project).  Why, or NULL. */
static const char *use_why(R *r, const Var *v, CXCursor c) {
  unsigned o;
  bool in = rw_in_files(r, clang_getCursorLocation(c), &o);
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl) {
    bool listed = false;
    for (int f = 0; f < r->funcs.n && !listed; f++)
      listed = clang_equalCursors(r->funcs.v[f], c);
    if (!in || !listed)
      return "is declared where the rewriter does not rewrite the declaration (at block scope, as a friend, or "
             "outside the project's files)";
    if (!rw_after_block(r, v->rs, o))
      return "is declared before the struct's definition, or in another header (the view type is declared after "
             "the definition)";
    return NULL;
  }
  for (int f = 0; in && f < r->funcs.n; f++) {
    unsigned b, e;
    CXCursor body = clang_isCursorDefinition(r->funcs.v[f]) ? kd_function_body(r->funcs.v[f]) : clang_getNullCursor();
    if (!clang_Cursor_isNull(body) && rw_range_of(r, body, &b, &e) && b <= o && o < e)
      return NULL;
  }
  return "is named outside the function bodies the rewriter rewrites (a global, member or default-argument "
         "initialiser, a lambda at namespace scope, a header outside the project)";
}

void rw_check_returns(R *r) {
  RetVar *rv, *tmp;
  HASH_ITER(hh, r->fl.rets, rv, tmp) {
    Var *v = rv->var;
    if (!rw_is_view(r, v))
      continue;
    CXCursor fn = v->decl;
    const char *why = NULL;
    CXCursor at = fn;
    for (int k = 0; k < rv->uses.n && !why; k++)
      if ((why = use_why(r, v, rv->uses.v[k])))
        at = rv->uses.v[k];
    if (why) {
      rw_set_bad(r, v->rs, at, "function '%s', which returns it, %s", v->name, why);
      continue;
    }
    Fn *F = rw_fn_find(r, fn);
    if (F && F->live[0] && F->live[1]) {
      rw_set_bad(r, v->rs, fn,
                 "function '%s' returns it and is called with device data and with other pointers (its clone and "
                 "the original would need different return types)",
                 v->name);
      continue;
    }
    if (clang_getCursorLinkage(fn) == CXLinkage_External && v->ncalls == 0) {
      rw_set_bad(r, v->rs, fn,
                 "function '%s' returns it and has external linkage, and nothing in this file calls it (its callers "
                 "elsewhere would read the view as a pointer)",
                 v->name);
      continue;
    }
    if (called_elsewhere(r, fn)) {
      rw_set_bad(r, v->rs, fn,
                 "function '%s' returns it and another input names it (calls it or takes its address), which would "
                 "read the view as a pointer",
                 v->name);
      continue;
    }
    const Ident *id = rw_ident(r, v->name);
    for (int i = 0; id && i < id->offs.n; i++) {
      if (shown(r, id->offs.v[i]))
        continue;
      CXSourceLocation l = kd_filemap_location(r->map, r->src->tu, id->offs.v[i]);
      unsigned at;
      if (rw_config_branch(r, l, &at)) {  // (branches.c: an #error line there, and a warning)
        rw_add_branch_guard(r, v->rs, at, l, v->name);
        continue;
      }
      rw_set_bad_loc(r, v->rs, l,
                     "'%s', which returns it, is named where the parser does not show it as that function (a branch "
                     "of #if the preprocessor skips, a macro's definition, another entity of that name), which would "
                     "stay unrewritten",
                     v->name);
      break;
    }
  }
}

/* Edits the result type of declaration fn (of a function whose return
 * value is view v) into kdlg_view_S: from the start of its type name (with
 * `const`, `struct` or `class` before it) to the function's name, which
 * must hold only that name, one `*` or `&`, and blanks. */
static void edit_result_type(R *r, CXCursor fn, Var *v) {
  unsigned name;
  if (!rw_in_files(r, clang_getCursorLocation(fn), &name) || !rw_plain(r, fn)) {
    rw_set_bad(r, v->rs, fn, "function '%s', which returns it, is declared inside a macro", v->name);
    return;
  }
  // the type's name: the first child before the function's name that names a type (S, ns::S: a NamespaceRef first)
  Kids k = rw_kids_of(fn);
  unsigned tb = name, te = 0;
  bool type = false;
  for (int i = 0; i < k.n; i++) {
    enum CXCursorKind ck = clang_getCursorKind(k.v[i]);
    unsigned b, e;
    if ((ck != CXCursor_TypeRef && ck != CXCursor_NamespaceRef) || !rw_range_of(r, k.v[i], &b, &e) || b >= name)
      continue;
    if (b < tb)
      tb = b;
    if (ck == CXCursor_TypeRef && e > te) {
      te = e;
      type = rw_rs_of_record(r, clang_getCanonicalType(clang_getCursorType(k.v[i]))) == v->rs;  // (S, or a typedef of S)
    }
  }
  free(k.v);
  int marks = 0;
  bool ok = type && te > 0 && te <= name;
  for (unsigned o = te; ok && o < name; o++) {
    char ch = r->text[o];
    if (ch == '*' || ch == '&')
      marks++;
    else if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r')
      ok = false;
  }
  if (!ok || marks != 1) {
    rw_set_bad(r, v->rs, fn,
               "function '%s' returns it through a type the rewriter does not rewrite (only `S *` and `S &`, "
               "`const` or `struct` before them, are)",
               v->name);
    return;
  }
  static const char *const words[] = {"const", "struct", "class", NULL};
  for (bool again = true; again;) {
    again = false;
    unsigned j = rw_back_blanks(r, 0, tb);
    for (int w = 0; words[w]; w++) {
      size_t n = strlen(words[w]);
      if (j >= n && !strncmp(r->text + j - n, words[w], n) && (j == n || !rw_is_ident_char(r->text[j - n - 1]))) {
        tb = (unsigned)(j - n);
        again = true;
        break;
      }
    }
  }
  kd_edit_begin(r->cur.E, tb, name, v->rs);
  rw_edit_name(r, KD_NAME_VIEW, v->rs, NULL);
  kd_edit_text(r->cur.E, " ");
}

void rw_edit_returns(R *r) {
  if (!r->fl.rets)
    return;
  for (int f = 0; f < r->funcs.n; f++) {
    Var *v = clang_getCursorKind(r->funcs.v[f]) == CXCursor_FunctionDecl ? rw_ret_var(r, r->funcs.v[f]) : NULL;
    if (v && rw_is_view(r, v))
      edit_result_type(r, r->funcs.v[f], v);
  }
}

void rw_free_returns(R *r) {
  RetVar *rv, *tmp;
  HASH_ITER(hh, r->fl.rets, rv, tmp) {
    HASH_DEL(r->fl.rets, rv);
    free(rv->uses.v);
    free(rv);
  }
  for (int k = 0; k < r->fl.ext_ret_calls.n; k++)
    free(r->fl.ext_ret_calls.v[k]);
  free(r->fl.ext_ret_calls.v);
}
