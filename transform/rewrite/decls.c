/* decls.c: pass 2 at declarations: a view variable's type becomes
 * kdlg_view_S (a declaration of several variables split into one each), a
 * parameter's type too (OpenCL kernels: one buffer per region and the
 * element count, the view built in the body), in every declaration of the
 * function. */
#include "rewriteInt.h"

/* The struct of a view variable that expression e names anywhere, or -1. */
static int view_named(R *r, KdNode *e) {
  if (e->c.kind == CXCursor_DeclRefExpr) {
    Var *v = rw_ref_var(r, e);
    if (v && rw_var_live(v) && rw_is_view(r, v))
      return v->rs;
  }
  for (int i = 0; i < e->nkids; i++) {
    int rs = view_named(r, e->kids[i]);
    if (rs >= 0)
      return rs;
  }
  return -1;
}

/* Past the storage and inline specifiers that start the declaration at
 * [b, ne) (`static`, `inline`), which its rewrite keeps. */
static unsigned after_specifiers(R *r, unsigned b, unsigned ne) {
  static const char *const spec[] = {"static", "inline", NULL};
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; spec[i]; i++) {
      size_t n = strlen(spec[i]);
      if (b + n < ne && !strncmp(r->text + b, spec[i], n) && !rw_is_ident_char(r->text[b + n])) {
        b = rw_skip_blanks(r, b + (unsigned)n);
        again = true;
      }
    }
  }
  return b;
}

/* A variable declaration.  `split`: one of several declarators that
 * walk_declstmt writes as separate declarations (the view's type and name
 * are in that edit). */
void rw_walk_vardecl(R *r, KdNode *v, bool split) {
  Var *var = rw_var_find(r, v->c);
  // its initialiser (the other expressions a declaration holds are parts of its type: an array bound,
  // `float t[sizeof(*p)]`; a decltype, which legality.c's check_decltype refuses)
  CXCursor ic = clang_Cursor_getVarDeclInitializer(v->c);
  KdNode *init = NULL;
  for (int i = 0; i < v->nkids && !clang_Cursor_isNull(ic); i++)
    if (clang_isExpression(v->kids[i]->c.kind) &&
        clang_equalRanges(clang_getCursorExtent(ic), clang_getCursorExtent(v->kids[i]->c)))
      init = v->kids[i];
  unsigned name;  // (a view's declaration is replaced up to its name)
  bool have_name = rw_in_files(r, clang_getCursorLocation(v->c), &name);
  for (int i = 0; i < v->nkids && (!var || !rw_is_view(r, var)); i++) {
    KdNode *k = v->kids[i];
    unsigned kb, ke;
    if (!clang_isExpression(k->c.kind) || k == init)
      continue;
    // before the name: the type's (decltype, typeof; also through a macro legality.c's check_decltype does
    // not see); after it, an array bound: `float t[sizeof(p[0])] = {0}`
    int rs = !have_name || !rw_node_range(r, k, &kb, &ke) || kb < name ? view_named(r, k) : -1;
    if (rs >= 0) {
      rw_set_bad(r, rs, k->c,
                 "a pointer to it is named in a declaration's type (decltype or typeof), whose type would become a "
                 "reference to the new layout's field");
      return;
    }
    rw_walk(r, k, CTX_VALUE);
  }
  if (var && rw_is_view(r, var)) {
    unsigned b, e, ne;
    if (!split && (!rw_node_range(r, v, &b, &e) || !rw_name_end(r, v->c, &ne))) {
      rw_set_bad(r, var->rs, v->c, "a %s variable is declared inside a macro", var->ref ? "reference" : "pointer");
      return;
    }
    if (!split && !rw_declarator_end(r, b, ne, &ne)) {
      rw_set_bad(r, var->rs, v->c, "a %s variable's declarator has parentheses the rewriter does not read",
                 var->ref ? "reference" : "pointer");
      return;
    }
    if (!split) {
      b = after_specifiers(r, b, ne);  // `static S *d = nullptr;` keeps its `static`
      kd_edit_begin(r->cur.E, b, ne, var->rs);
      rw_edit_name(r, KD_NAME_VIEW, var->rs, NULL);
      kd_edit_text(r->cur.E, " %s", var->name);
      rw_edit_global_symbol(r, var);
    }
    if (init && var->ref)  // `S &r = p[i]` → `kdlg_view_S r = kdlg_S_offset(p, (i))`: the index, once
      rw_emit_elem_view(r, init, var->rs);
    else if (init && var->global)  // (static storage: a null pointer is zero-initialisation, constant: `{}`)
      rw_emit_static_view_value(r, init, var->rs);
    else if (init)
      rw_emit_view_value(r, init, var->rs, "a pointer variable");
    return;
  }
  if (!init)
    return;
  LaunchArray *la = rw_launch_array(r, v->c, false);
  if (la && la->launch_refs > 0 && la->refs == la->launch_refs && init->c.kind == CXCursor_InitListExpr) {
    // &view stays as it is: the kernel's parameter is now a view passed by value
    for (int i = 0; i < init->nkids; i++) {
      Var *av = rw_address_of_var(r, init->kids[i]);
      if (!av || !rw_is_view(r, av))
        rw_walk(r, init->kids[i], CTX_VALUE);
    }
    return;
  }
  if (rw_is_reference(clang_getCursorType(v->c))) {
    // (a local `S &` / `const S &` bound directly to an element is a view, above)
    VRef vr;
    if (rw_bound_elem(r, init, &vr)) {
      rw_set_bad(r, vr.var->rs, v->c, "%s",
                 var ? "a reference is bound to an element through an expression the rewriter does not follow (a "
                       "conditional, a comma, a cast: its rewrite would bind it to a copy)"
                     : "a static, global or rvalue reference is bound to an element (only local lvalue references "
                       "to an element are rewritten)");
      return;
    }
    rw_vref(r, init, &vr);
    if (vr.kind == VR_FIELD || vr.kind == VR_SUB) {
      rw_set_bad(r, vr.var->rs, v->c, "a reference to a field of an element is bound to a variable");
      return;
    }
  }
  rw_walk(r, init, CTX_VALUE);
}

/* Where the first declarator of a declaration starts, given its name at
 * `name`: back over each '*' or '&' and the qualifiers after it
 * (`S *const a`); 0 if what is left does not end with a type's name (a '('
 * of a function pointer, a template's '>', ...). */
static unsigned first_declarator(R *r, unsigned start, unsigned name) {
  static const char *quals[] = {"const", "volatile", "restrict", "__restrict", "__restrict__", NULL};
  unsigned d = name;
  for (;;) {
    unsigned j = rw_back_blanks(r, start, d);
    for (;;) {  // qualifiers, which belong to the declarator only if a '*' comes before them
      unsigned w = j;
      while (w > start && rw_is_ident_char(r->text[w - 1]))
        w--;
      bool qual = false;
      for (int q = 0; quals[q] && w < j; q++)
        qual |= j - w == strlen(quals[q]) && !strncmp(r->text + w, quals[q], j - w);
      if (!qual)
        break;
      j = rw_back_blanks(r, start, w);
    }
    if (j > start && (r->text[j - 1] == '*' || r->text[j - 1] == '&')) {
      d = j - 1;
      continue;
    }
    break;
  }
  unsigned k = rw_back_blanks(r, start, d);
  return k > start && rw_is_ident_char(r->text[k - 1]) ? d : 0;
}

/* `S *a = p, *b = a + 1;` with a view among the variables: one edit writes
 * each declarator as its own declaration, in order (an initialiser may use
 * an earlier variable), the view ones as `kdlg_view_S name` and the rest of
 * the declarator, the others as the declaration's type and the declarator;
 * edits inside initialisers nest in the holes.  The reason it cannot, or
 * NULL when done. */
static const char *split_declstmt(R *r, KdNode *c, int rs) {
  const int n = c->nkids;
  KdNode **kids = c->kids;
  unsigned sb, se;
  if (!rw_node_range(r, c, &sb, &se) || r->text[se - 1] != ';')
    return "it is spelled inside a macro";
  unsigned *db = kd_xcalloc((size_t)n, sizeof(unsigned)), *de = kd_xcalloc((size_t)n, sizeof(unsigned));
  unsigned *nb = kd_xcalloc((size_t)n, sizeof(unsigned)), *ne = kd_xcalloc((size_t)n, sizeof(unsigned));
  const char *why = NULL;
  for (unsigned k = sb; k < se && !why; k++)  // the text between declarators is rewritten
    if (r->text[k] == '#' && rw_line_start(r, k))
      why = "a preprocessor directive is inside it";
  for (int i = 0; i < n && !why; i++) {
    unsigned vb;
    if (!rw_node_range(r, kids[i], &vb, &de[i]) || !rw_in_files(r, clang_getCursorLocation(kids[i]->c), &nb[i]) ||
        !rw_name_end(r, kids[i]->c, &ne[i]) || de[i] > se) {
      why = "a declarator is spelled inside a macro";
      break;
    }
    int open = 0;  // a direct initialiser's ')' lies outside the extent: `S *a(p), *b;`
    for (unsigned k = ne[i]; k < de[i]; k++)
      open += r->text[k] == '(' ? 1 : r->text[k] == ')' ? -1 : 0;
    for (unsigned k; open > 0 && (k = rw_skip_blanks(r, de[i])) < se && r->text[k] == ')'; open--)
      de[i] = k + 1;
    for (unsigned k = sb; i == 0 && !why && k < nb[0]; k++) {  // the type is written once per declaration
      if (r->text[k] == '{' || r->text[k] == '}')
        why = "its type defines a struct";
      else if (r->text[k] == '#' || r->text[k] == '/')
        why = "a comment or directive is inside its type";  // (a // comment would swallow the rest)
    }
    if (why)
      break;
    if (i == 0) {
      db[0] = first_declarator(r, sb, nb[0]);
    } else {  // after the ',' that ends the previous declarator
      unsigned k = rw_skip_blanks(r, de[i - 1]);
      db[i] = k < r->len && r->text[k] == ',' ? rw_skip_blanks(r, k + 1) : 0;
    }
    if (db[i] == 0 || db[i] > nb[i] || ne[i] > de[i])
      why = "its declarators could not be told apart";
    for (unsigned k = db[i]; !why && k < nb[i]; k++)  // `S *a = p, (*b) = p + 1;`: the ')' after the name
      if (r->text[k] == '(')
        why = "its declarators could not be told apart";
  }
  if (!why && rw_skip_blanks(r, de[n - 1]) != se - 1)
    why = "its declarators could not be told apart";
  if (!why) {
    unsigned spec_end = rw_back_blanks(r, sb, db[0]);
    kd_edit_begin(r->cur.E, sb, se, rs);
    for (int i = 0; i < n; i++) {
      Var *v = rw_var_find(r, kids[i]->c);
      if (i > 0)
        kd_edit_text(r->cur.E, " ");
      if (v && rw_is_view(r, v)) {
        rw_edit_name(r, KD_NAME_VIEW, v->rs, NULL);
        kd_edit_text(r->cur.E, " %s", v->name);
        kd_edit_hole(r->cur.E, ne[i], de[i]);  // = init, (init), {init} or nothing
      } else if (i == 0) {
        kd_edit_hole(r->cur.E, sb, de[0]);
      } else {
        kd_edit_text(r->cur.E, "%.*s ", (int)(spec_end - sb), r->text + sb);
        kd_edit_hole(r->cur.E, db[i], de[i]);
      }
      kd_edit_text(r->cur.E, ";");
    }
  }
  free(db);
  free(de);
  free(nb);
  free(ne);
  return why;
}

/* A declaration statement whose parent is of kind `parent`; several
 * variables with a view among them are split into one declaration each,
 * only where a block holds it (directly, or after labels, cases or defaults
 * that are block items themselves): a for or if statement's initialisation
 * takes one declaration, and the variables of an unbraced if or loop body
 * (labelled or not) would move out of its scope or condition. */
void rw_walk_declstmt(R *r, KdNode *c, enum CXCursorKind parent) {
  int rs = -1;
  bool vars = true;
  CXCursor at = c->c;
  for (int i = 0; i < c->nkids; i++) {
    if (c->kids[i]->c.kind != CXCursor_VarDecl) {
      vars = false;
      continue;
    }
    Var *v = rw_var_find(r, c->kids[i]->c);
    if (v && rw_is_view(r, v) && rs < 0) {
      rs = v->rs;
      at = c->kids[i]->c;
    }
  }
  bool split = c->nkids > 1 && rs >= 0;
  if (split) {
    // a block item, directly or after labels (`again: S *a = p, *b = q;` as an unbraced if body is not)
    bool listed = r->cur.in_list && (parent == CXCursor_CompoundStmt || parent == CXCursor_CaseStmt ||
                                 parent == CXCursor_DefaultStmt || parent == CXCursor_LabelStmt);
    const char *why = !listed ? "it is not directly in a block: a for statement's initialisation, an unbraced body"
                      : !vars ? "it declares something else too"
                              : split_declstmt(r, c, rs);
    if (why) {
      rw_set_bad(r, rs, at, "a declaration of several variables includes a pointer to it and cannot be split (%s)", why);
      return;
    }
  }
  for (int i = 0; i < c->nkids; i++) {
    enum CXCursorKind k = c->kids[i]->c.kind;
    int trs = k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl ? view_named(r, c->kids[i]) : -1;
    if (trs >= 0) {  // `typedef decltype(q[i].x) T;`, also through a macro
      rw_set_bad(r, trs, c->kids[i]->c,
                 "a pointer to it is named in a type alias (decltype or typeof), whose type would become a "
                 "reference to the new layout's field");
      return;
    }
    if (k == CXCursor_VarDecl)
      rw_walk_vardecl(r, c->kids[i], split);
    else
      rw_walk(r, c->kids[i], CTX_VALUE);
  }
}

/* OpenCL: the base of the names of parameter `name`'s region buffers and
 * element count (`<base>_kd_r<c>`, `<base>_kd_n`): the name itself, or the
 * first `<name>_<k>` none of whose names the file spells (a parameter named
 * `p_kd_n` beside `p`). */
static void cl_param_base(R *r, const char *name, uint32_t nregions, char *out, size_t n) {
  for (unsigned k = 0;; k++) {
    if (k)
      snprintf(out, n, "%s_%u", name, k);
    else
      snprintf(out, n, "%s", name);
    char *cnt = kd_gen_name(KD_NAME_CL_COUNT, "", out, 0);
    bool taken = rw_file_spells(r, cnt);
    free(cnt);
    for (uint32_t c = 0; c < nregions && !taken; c++) {
      char *reg = kd_gen_name(KD_NAME_CL_REGION, "", out, c);
      taken = rw_file_spells(r, reg);
      free(reg);
    }
    if (!taken)
      return;
  }
}

/* The parameters of declaration fn of def that are views (in instance r->cur.inst). */
void rw_edit_decl_params(R *r, CXCursor fn, CXCursor def) {
  int np = kd_function_nparams(fn);
  bool kernel = rw_is_kernel_fn(r, def);
  for (int i = 0; i < np && i < kd_function_nparams(def); i++) {
    Var *v = rw_var_find(r, kd_function_param(def, (unsigned)i));
    if (!v || !rw_is_view(r, v))
      continue;
    CXCursor p = kd_function_param(fn, (unsigned)i);
    RStruct *S = &r->rs[v->rs];
    char name[128];
    rw_spell(p, name, sizeof name);
    unsigned b, e, ne;
    if (!rw_range_of(r, p, &b, &e) || (*name && !rw_name_end(r, p, &ne))) {
      rw_set_bad(r, v->rs, p, "a parameter is declared inside a macro");
      continue;
    }
    Kids dk = rw_kids_of(p);
    bool dflt = false;
    for (int k = 0; k < dk.n; k++)
      dflt |= clang_isExpression(clang_getCursorKind(dk.v[k]));
    free(dk.v);
    if (dflt) {  // `S *p = nullptr` would become `kdlg_view_S p = nullptr`
      rw_set_bad(r, v->rs, p, "a parameter that receives it has a default argument");
      continue;
    }
    if (!*name)
      ne = e;
    else if (!rw_declarator_end(r, b, ne, &ne)) {
      rw_set_bad(r, v->rs, p, "a parameter's declarator has parentheses the rewriter does not read");
      continue;
    }
    kd_edit_begin(r->cur.E, b, ne, v->rs);
    if (kernel && !r->cuda) {
      // OpenCL: one buffer per region and the element count; the view is built in the body
      char pname[160];
      cl_param_base(r, *name ? name : "kd_unnamed", S->L->nclusters, pname, sizeof pname);
      for (uint32_t c = 0; c < S->L->nclusters; c++) {
        kd_edit_text(r->cur.E, "%s__global uchar *", c ? ", " : "");
        rw_edit_name_at(r, KD_NAME_CL_REGION, v->rs, pname, c);
      }
      kd_edit_text(r->cur.E, ", long ");
      rw_edit_name(r, KD_NAME_CL_COUNT, v->rs, pname);
      if (fn.kind == def.kind && clang_equalCursors(fn, def) && *name) {
        CXCursor body = kd_function_body(def);
        unsigned bb, be;
        if (!clang_Cursor_isNull(body) && rw_range_of(r, body, &bb, &be)) {
          kd_edit_begin(r->cur.E, bb + 1, bb + 1, v->rs);
          kd_edit_text(r->cur.E, "\n  ");
          rw_edit_name(r, KD_NAME_VIEW, v->rs, NULL);
          kd_edit_text(r->cur.E, " %s = ", name);
          rw_edit_name(r, KD_NAME_MAKE_VIEW, v->rs, NULL);
          kd_edit_text(r->cur.E, "(");
          for (uint32_t c = 0; c < S->L->nclusters; c++) {
            rw_edit_name_at(r, KD_NAME_CL_REGION, v->rs, pname, c);
            kd_edit_text(r->cur.E, ", ");
          }
          rw_edit_name(r, KD_NAME_CL_COUNT, v->rs, pname);
          kd_edit_text(r->cur.E, ");");
        }
      }
    } else {
      rw_edit_name(r, KD_NAME_VIEW, v->rs, NULL);
      kd_edit_text(r->cur.E, "%s%s", *name ? " " : "", name);
    }
  }
}

/* Parameters of every declaration of a function whose parameters are views
 * (a cloneable function: in the instance its text stands for). */
void rw_edit_params(R *r) {
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    CXCursor def = rw_def_or_extern(r, fn);
    if (clang_Cursor_isNull(def))
      continue;
    Fn *F = rw_fn_find(r, def);
    r->cur.inst = F ? F->text : 0;
    rw_edit_decl_params(r, fn, def);
  }
  r->cur.inst = 0;
}
