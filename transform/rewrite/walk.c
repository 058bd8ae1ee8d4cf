/* walk.c: pass 2, the edits.  Walks a function body top-down; each
 * expression that reaches a view becomes the accessor of its field's place
 * in the layout (kdlg_S_f_<field>), a whole-element load or store, a view
 * value (kdlg_S_offset), or a pointer update (kdlg_S_pre / _post); calls pass
 * views on, reach clones, or keep the struct in AoS where the callee cannot
 * take a view.  Declarations are decls.c's, CUDA memory calls hostcalls.c's. */
#include "rewriteInt.h"

#include <ctype.h>

static void walk_kids(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  bool subscript = k == CXCursor_ArraySubscriptExpr;
  enum CXCursorKind save = r->cur.parent_kind;
  // c's children are block items if c is a block, or a label, case or default that is one itself
  bool listed = r->cur.in_list;
  bool kids_listed = k == CXCursor_CompoundStmt ||
                     (listed && (k == CXCursor_LabelStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt));
  for (int i = 0; i < c->nkids; i++) {
    r->cur.parent_kind = k;
    r->cur.in_list = kids_listed;
    // (the last item of a GNU statement expression's block is its value, no statement)
    bool value = k == CXCursor_CompoundStmt && save == CXCursor_StmtExpr && i == c->nkids - 1;
    r->cur.stmt = kids_listed && !value ? c->kids[i] : r->cur.stmt;
    rw_walk(r, c->kids[i], subscript && i == 0 ? CTX_SUBSCRIPT_BASE : CTX_VALUE);
  }
  r->cur.parent_kind = save;
  r->cur.in_list = listed;
}

static bool balanced(R *r, unsigned b, unsigned e);
static bool top_comma(R *r, unsigned b, unsigned e);

/* Where a token is: its expansion location (KIND_EXPANSION: where the
 * macro that produced it is called), its spelling location (KIND_SPELLING:
 * a macro's body or argument), its file location (KIND_FILE: an argument's
 * written place, else the expansion's). */
enum { KIND_EXPANSION, KIND_SPELLING, KIND_FILE };

static bool same_loc(CXSourceLocation a, int ka, CXSourceLocation b, int kb) {
  CXFile f[2];
  unsigned o[2];
  CXSourceLocation l[2] = {a, b};
  int kind[2] = {ka, kb};
  for (int i = 0; i < 2; i++) {
    if (kind[i] == KIND_EXPANSION)
      clang_getExpansionLocation(l[i], &f[i], NULL, NULL, &o[i]);
    else if (kind[i] == KIND_SPELLING)
      clang_getSpellingLocation(l[i], &f[i], NULL, NULL, &o[i]);
    else
      clang_getFileLocation(l[i], &f[i], NULL, NULL, &o[i]);
  }
  return o[0] == o[1] && f[0] && f[1] && clang_File_isEqual(f[0], f[1]);
}

/* Whether l is a token a macro expansion produced (from its body or an argument). */
static bool in_macro(CXSourceLocation l) { return !same_loc(l, KIND_EXPANSION, l, KIND_SPELLING); }

/* Whether tokens a and b come from the same macro expansion. */
static bool same_expansion(CXSourceLocation a, CXSourceLocation b) {
  return same_loc(a, KIND_EXPANSION, b, KIND_EXPANSION);
}

/* Whether l is a token of a macro's argument (its file location, where the
 * argument is written, is not where the macro expands). */
static bool macro_argument(CXSourceLocation l) { return !same_loc(l, KIND_EXPANSION, l, KIND_FILE); }

/* The map range of index term t of an access: its text where spelled in
 * the file, or else, where it is a subscript's whole index written with a
 * macro (`d[IDX(n, j, 0, k)]`, HeCBench testSNAP), the text between the
 * brackets, which are in the file: whatever the macro expands to, the
 * subscript's index is all of it.  False if neither. */
/* The first token of node t and the location of its last (its rightmost leaf's). */
static void term_ends(R *r, KdNode *t, CXSourceLocation *first, CXSourceLocation *last) {
  KdNode *l = t;
  while (l->nkids > 0)
    l = l->kids[l->nkids - 1];
  *first = clang_getRangeStart(kd_node_extent(r->tree, t));
  *last = clang_getCursorLocation(l->c);
}

/* Whether a term of vr other than term i has a token of the macro
 * expansion that produced location l at either end. */
static bool other_term_in(R *r, const VRef *vr, int i, CXSourceLocation l) {
  for (int j = 0; j < vr->nterms; j++) {
    CXSourceLocation f, z;
    if (j == i)
      continue;
    term_ends(r, vr->term[j], &f, &z);
    if ((in_macro(f) && same_expansion(f, l)) || (in_macro(z) && same_expansion(z, l)))
      return true;
  }
  return false;
}

static bool term_range(R *r, const VRef *vr, int i, unsigned *b, unsigned *e) {
  KdNode *t = vr->term[i];
  CXSourceLocation first, lastl;
  term_ends(r, t, &first, &lastl);
  // no macro at either end: the text as spelled.  A term that begins in one macro argument and ends in
  // another (`#define SUM(a, b) a + b`, `d[SUM(i, 1)]`) spans `i, 1` in the file, which is not it (found
  // by review: the index became a comma expression)
  if (!in_macro(first) && !in_macro(lastl) && rw_node_range(r, t, b, e))
    return true;
  // begun in the file, ended by a macro's body (`tables + (size_t)t * SLOTS`): the text up to the end of
  // the macro's call, unless the rest of that expansion belongs to another term (`#define TAIL 2 + 1`,
  // `p + k * TAIL` parses as `(p + k * 2) + 1`: the terms k * 2 and 1 share it)
  if (!in_macro(first) && !macro_argument(lastl) && !other_term_in(r, vr, i, lastl) && rw_node_range(r, t, b, e) &&
      balanced(r, *b, *e))
    return true;
  // both ends in one argument of one macro call (`TWICE(p[i].y)`): the argument's text, in the file
  if (macro_argument(first) && macro_argument(lastl) && same_expansion(first, lastl) && rw_node_range(r, t, b, e) &&
      balanced(r, *b, *e) && !top_comma(r, *b, *e))
    return true;
  unsigned tb, te;
  if (macro_argument(first) || !kd_node_expansion_range(r->tree, t, &tb, &te) || !balanced(r, tb, te))
    return false;
  unsigned k = tb;
  while (k > 0 && (r->text[k - 1] == ' ' || r->text[k - 1] == '\t' || r->text[k - 1] == '\n'))
    k--;
  if (k == 0 || r->text[k - 1] != '[' || r->text[rw_skip_blanks(r, te)] != ']')
    return false;
  *b = tb;
  *e = te;
  return true;
}

/* Appends the element index of vr to the current edit: Σ ± terms. */
bool rw_edit_index(R *r, const VRef *vr) {
  if (vr->nterms == 0) {
    kd_edit_text(r->cur.E, "0");
    return true;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned b, e;
    if (!term_range(r, vr, i, &b, &e))
      return false;
    if (vr->nterms == 1 && !vr->neg[i]) {
      kd_edit_text(r->cur.E, "(");
    } else {
      kd_edit_text(r->cur.E, "%s(kdlg_index)(", vr->neg[i] ? " - " : i ? " + " : "");
    }
    kd_edit_hole(r->cur.E, b, e);
    kd_edit_text(r->cur.E, ")");
  }
  return true;
}

/* Whether n, the start of an access's chain, names its view: a variable,
 * or (in a member function's clone) `this` or an implicit `this->m`. */
bool rw_named_ref(const KdNode *n) {
  return n->c.kind == CXCursor_DeclRefExpr || n->c.kind == CXCursor_CXXThisExpr ||
         (n->c.kind == CXCursor_MemberRefExpr && n->nkids == 0);
}

/* Appends the view of vr to the current edit: the variable's name, or a
 * pointer update it starts from (`(q++)->x`), in parentheses, which
 * walk_terms then rewrites (`kdlg_S_f_x((kdlg_S_post(&q, 1)), 0)`). */
bool rw_edit_view(R *r, const VRef *vr) {
  if (rw_named_ref(vr->ref)) {
    kd_edit_text(r->cur.E, "%s", vr->var->name);
    return true;
  }
  unsigned b, e;
  if (!rw_node_range(r, vr->ref, &b, &e))
    return false;
  kd_edit_text(r->cur.E, "(");
  kd_edit_hole(r->cur.E, b, e);
  kd_edit_text(r->cur.E, ")");
  return true;
}

/* The edits inside an access's holes: its pointer update (if it starts from
 * one), then its index terms, in evaluation order. */
void rw_walk_terms(R *r, const VRef *vr) {
  if (!rw_named_ref(vr->ref)) {
    r->cur.claimed = vr->ref;  // (a call whose returned view is the base: walk_call takes it as it is)
    rw_walk(r, vr->ref, CTX_VALUE);
  }
  for (int i = 0; i < vr->nterms; i++)
    rw_walk(r, vr->term[i], CTX_VALUE);
}

/* Whether both ends of n's extent are spelled where they appear (a base
 * that is a call or a pointer update, copied whole into the edit: a macro
 * may spell its closing parenthesis, or all of it). */
static bool plain_ends(R *r, KdNode *n) {
  unsigned b, e;
  if (!rw_node_plain(r, n) || !kd_tree_plain_loc(r->tree, clang_getRangeEnd(clang_getCursorExtent(n->c))) ||
      !rw_node_range(r, n, &b, &e))
    return false;
  if (n->c.kind != CXCursor_CallExpr)
    return true;
  // a call's text: its function's name (qualified or not), then `(` ... `)` ending the range (a macro that
  // forms the call, `CALL(at, p, i)`, has the range `at, p, i)`)
  unsigned k = b;
  while (k < e && (rw_is_ident_char(r->text[k]) || r->text[k] == ':'))
    k++;
  k = rw_skip_blanks(r, k);
  unsigned close;
  return k > b && k < e && r->text[k] == '(' && rw_matching_paren(r, k, e, &close) && close == e - 1;
}

/* Scans map text [b, e) (string and character literals skipped): whether
 * its parentheses and brackets balance and never close more than they
 * opened, and (*comma) whether it holds a comma outside them and braces. */
static bool scan_brackets(R *r, unsigned b, unsigned e, bool *comma) {
  int depth = 0, braces = 0;
  *comma = false;
  for (unsigned k = b; k < e; k++) {
    char ch = r->text[k];
    if (ch == '"' || ch == '\'') {
      for (k++; k < e && r->text[k] != ch; k++)
        k += r->text[k] == '\\';
      continue;
    }
    depth += ch == '(' || ch == '[' ? 1 : ch == ')' || ch == ']' ? -1 : 0;
    braces += ch == '{' ? 1 : ch == '}' ? -1 : 0;
    if (depth < 0)
      return false;
    *comma |= ch == ',' && depth == 0 && braces == 0;
  }
  return depth == 0;
}

/* Whether the parentheses and brackets of map text [b, e) balance and never
 * close more than they opened: an access whose extent crosses the end of a
 * macro's argument (`ID(p)->x`: `p)->x`) does not. */
static bool balanced(R *r, unsigned b, unsigned e) {
  bool comma;
  return scan_brackets(r, b, e, &comma);
}

/* Whether map text [b, e) holds a comma outside parentheses and brackets:
 * two macro arguments. */
static bool top_comma(R *r, unsigned b, unsigned e) {
  bool comma;
  return !scan_brackets(r, b, e, &comma) || comma;
}

/* Common checks before an edit of vr at node c; false (and the struct keeps AoS) if not safe. */
bool rw_editable(R *r, const VRef *vr, KdNode *c, unsigned *b, unsigned *e) {
  int rs = vr->var->rs;
  if (!rw_node_range(r, c, b, e) || !rw_node_plain(r, vr->ref) || !rw_node_plain(r, c) ||
      (!rw_named_ref(vr->ref) && !plain_ends(r, vr->ref)) || !balanced(r, *b, *e)) {
    rw_set_bad(r, rs, c->c, "an access is spelled inside a macro (the rewriter edits only code spelled in the file)");
    return false;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned tb, te;
    if (!term_range(r, vr, i, &tb, &te) || tb < *b || te > *e) {
      rw_set_bad(r, rs, vr->term[i]->c,
                 "an index is spelled inside a macro (the rewriter edits only code spelled in the file)");
      return false;
    }
  }
  return true;
}

static void emit_field(R *r, const VRef *vr, KdNode *c) {
  unsigned b, e;
  if (!rw_editable(r, vr, c, &b, &e))
    return;
  RStruct *S = &r->rs[vr->var->rs];
  kd_edit_begin(r->cur.E, b, e, vr->var->rs);
  kd_edit_text(r->cur.E, "(*");
  rw_edit_name(r, KD_NAME_FIELD, vr->var->rs, S->L->fields[vr->field].name);
  kd_edit_text(r->cur.E, "(");
  rw_edit_view(r, vr);
  kd_edit_text(r->cur.E, ", ");
  rw_edit_index(r, vr);
  kd_edit_text(r->cur.E, "))");
  rw_walk_terms(r, vr);
}

static void emit_load(R *r, const VRef *vr, KdNode *c) {
  unsigned b, e;
  const char *why = r->rs[vr->var->rs].load_why;
  if (*why) {  // (structs.c's whole_copy: no kdlg_S_load is generated)
    rw_set_bad(r, vr->var->rs, c->c, "an element is loaded whole and %s", why);
    return;
  }
  if (!rw_editable(r, vr, c, &b, &e))
    return;
  // a parenthesised element keeps its parentheses: sizeof(*p) must not become sizeofkdlg_S_load(p, 0)
  KdNode *k = c;
  while (k->c.kind == CXCursor_UnexposedExpr) {
    KdNode *ch = rw_only_kid(k);
    if (!ch || !rw_same_extent(r, k, ch))
      break;
    k = ch;
  }
  bool paren = k->c.kind == CXCursor_ParenExpr;
  kd_edit_begin(r->cur.E, b, e, vr->var->rs);
  kd_edit_text(r->cur.E, "%s", paren ? "(" : "");
  rw_edit_name(r, KD_NAME_LOAD, vr->var->rs, NULL);
  kd_edit_text(r->cur.E, "(");
  rw_edit_view(r, vr);
  kd_edit_text(r->cur.E, ", ");
  rw_edit_index(r, vr);
  kd_edit_text(r->cur.E, ")%s", paren ? ")" : "");
  rw_walk_terms(r, vr);
}

/* `lhs = rhs` with lhs an element: the whole node c becomes a store. */
static void emit_store(R *r, const VRef *vr, KdNode *c, KdNode *rhs) {
  unsigned b, e, rb, re;
  const char *why = r->rs[vr->var->rs].store_why;
  if (*why) {  // (structs.c's whole_copy: no kdlg_S_store is generated)
    rw_set_bad(r, vr->var->rs, c->c, "an element is stored whole and %s", why);
    return;
  }
  if (!rw_editable(r, vr, c, &b, &e))
    return;
  if (!rw_node_range(r, rhs, &rb, &re)) {
    rw_set_bad(r, vr->var->rs, rhs->c, "an assigned value is spelled inside a macro");
    return;
  }
  kd_edit_begin(r->cur.E, b, e, vr->var->rs);
  rw_edit_name(r, KD_NAME_STORE, vr->var->rs, NULL);
  kd_edit_text(r->cur.E, "(");
  rw_edit_view(r, vr);
  kd_edit_text(r->cur.E, ", ");
  rw_edit_index(r, vr);
  kd_edit_text(r->cur.E, ", ");
  kd_edit_hole(r->cur.E, rb, re);
  kd_edit_text(r->cur.E, ")");
  rw_walk_terms(r, vr);
  rw_walk(r, rhs, CTX_VALUE);
}

/* A null pointer constant that is the standard macro NULL, alone (`S *d =
 * NULL;`): the map range of the name in *b, *x.  Both ends of e expand
 * within one use of the name NULL, so the whole constant is that one macro
 * use and replacing the name replaces exactly it. */
static bool null_macro_range(R *r, KdNode *e, unsigned *b, unsigned *x) {
  CXSourceRange ext = clang_getCursorExtent(e->c);
  CXFile f1, f2;
  unsigned o1, o2, g;
  clang_getExpansionLocation(clang_getRangeStart(ext), &f1, NULL, NULL, &o1);
  clang_getExpansionLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &o2);
  // (the extent's end is the end of its last token: the name's end, or its start in some spellings)
  if (!f1 || !f2 || !clang_File_isEqual(f1, f2) || (o2 != o1 && o2 != o1 + 4) ||
      !kd_filemap_offset(r->map, f1, o1, &g))
    return false;
  const char *t = r->text + g;  // (NUL-terminated: filemap.c)
  if (strncmp(t, "NULL", 4) != 0 || isalnum((unsigned char)t[4]) || t[4] == '_' ||
      (g > 0 && (isalnum((unsigned char)t[-1]) || t[-1] == '_')))
    return false;
  *b = g;
  *x = g + 4;
  return true;
}

/* Appends the view that vr reaches (a pointer, or an element's view for a
 * reference) to the current edit: the view, or kdlg_S_offset of it. */
static void edit_view_value(R *r, const VRef *vr) {
  if (vr->nterms == 0) {
    rw_edit_view(r, vr);
    return;
  }
  rw_edit_name(r, KD_NAME_OFFSET, vr->var->rs, NULL);
  kd_edit_text(r->cur.E, "(");
  rw_edit_view(r, vr);
  kd_edit_text(r->cur.E, ", ");
  rw_edit_index(r, vr);
  kd_edit_text(r->cur.E, ")");
}

static void emit_value(R *r, KdNode *e, int rs, const char *what, bool zero);

/* A pointer expression e that must evaluate to a view of struct rs (an
 * argument for a view parameter, the initial value of a view variable, ...). */
void rw_emit_view_value(R *r, KdNode *e, int rs, const char *what) { emit_value(r, e, rs, what, false); }

/* rw_emit_view_value for the initialiser of a variable of static storage:
 * a null pointer becomes `{}` (zero-initialisation, constant as the null
 * pointer's was; kdlg_S_null() would be a dynamic initialiser, run in
 * another order). */
void rw_emit_static_view_value(R *r, KdNode *e, int rs) { emit_value(r, e, rs, "a pointer variable", true); }

static void emit_value(R *r, KdNode *e, int rs, const char *what, bool zero) {
  if (rw_is_null_constant(e)) {
    unsigned b, x;
    if (!rw_node_range(r, e, &b, &x) && !null_macro_range(r, e, &b, &x)) {
      rw_set_bad(r, rs, e->c, "a null pointer is spelled inside a macro");
      return;
    }
    kd_edit_begin(r->cur.E, b, x, rs);
    if (zero) {
      kd_edit_text(r->cur.E, "{}");
      return;
    }
    rw_edit_name(r, KD_NAME_NULL, rs, NULL);
    kd_edit_text(r->cur.E, "()");
    return;
  }
  KdNode *s = rw_strip_parens_casts(e);
  if (s->c.kind == CXCursor_ConditionalOperator && s->nkids == 3) {
    // `c ? a : b`: a view if each arm is one (or null; pass 1 joined both with the target, rw_flow);
    // the condition as any expression
    if (zero) {  // (a null arm's `{}` is no expression; kdlg_S_null() would make it dynamic)
      rw_set_bad(r, rs, e->c, "a pointer chosen by ?: initialises a variable of static storage");
      return;
    }
    rw_walk(r, s->kids[0], CTX_VALUE);
    emit_value(r, s->kids[1], rs, what, zero);
    emit_value(r, s->kids[2], rs, what, zero);
    return;
  }
  Var *rv = rw_call_ret(r, s);
  if (rv && !rv->ref && rv->rs == rs && rw_is_view(r, rv)) {  // a view a function returns, as it is (returns.c)
    if (!plain_ends(r, s) || !plain_ends(r, e)) {
      rw_set_bad(r, rs, e->c, "a call that returns a view is spelled inside a macro");
      return;
    }
    r->cur.claimed = s;
    rw_walk(r, s, CTX_VALUE);
    return;
  }
  VRef vr;
  rw_vref(r, e, &vr);
  // an offset from a view a function returns (`at(p, i) + 1`: VR_BAD anywhere else) is a view value here
  bool call = vr.kind == VR_BAD && vr.var && vr.var->ret && vr.ref && vr.ref->c.kind == CXCursor_CallExpr &&
              !vr.var->ref;
  if ((vr.kind != VR_PTR && !call) || vr.var->rs != rs) {
    rw_set_bad(r, rs, e->c, "%s is given a pointer the rewriter does not track", what);
    return;
  }
  if (vr.nterms == 0 && rw_strip_parens_casts(e)->c.kind == CXCursor_DeclRefExpr)
    return;  // the view itself
  unsigned b, x;
  if (!rw_editable(r, &vr, e, &b, &x))
    return;
  kd_edit_begin(r->cur.E, b, x, rs);
  edit_view_value(r, &vr);
  rw_walk_terms(r, &vr);
}

/* The initialiser e of a reference variable `S &r = e` that is a view
 * (Var.ref): the view of the element it is bound to, its index evaluated
 * here, once (`kdlg_S_offset(p, (i))`; `r2 = r`, `*q`: the view itself). */
void rw_emit_elem_view(R *r, KdNode *e, int rs) {
  VRef vr;
  rw_vref(r, e, &vr);
  if (vr.kind != VR_ELEM || vr.var->rs != rs) {
    rw_set_bad(r, rs, e->c, "a reference variable is bound to an element the rewriter does not track");
    return;
  }
  if (vr.nterms == 0 && rw_strip_parens_casts(e)->c.kind == CXCursor_DeclRefExpr)
    return;  // another reference's view
  unsigned b, x;
  if (!rw_editable(r, &vr, e, &b, &x))
    return;
  kd_edit_begin(r->cur.E, b, x, rs);
  edit_view_value(r, &vr);
  rw_walk_terms(r, &vr);
}

/* A call whose function depends on a template parameter (`h<N>(p, i)` in
 * a function template, unresolved until instantiation): a view it gives a
 * view parameter of the function template it certainly calls
 * (rw_dependent_callee) is passed as a view; anything else it is given of
 * a view, other than a value read from it, keeps that struct AoS. */
static void walk_dependent_call(R *r, KdNode *c) {
  CXCursor tpl = rw_dependent_callee(r, c);  // (where certain: the function template it calls)
  int nargs = clang_Cursor_isNull(tpl) ? 0 : clang_Cursor_getNumArguments(c->c);
  int np = nargs > 0 ? kd_function_nparams(tpl) : 0;
  for (int k = 0; k < c->nkids; k++) {
    Var *pv = NULL;
    for (int i = 0; i < nargs && i < np && !pv; i++)
      if (rw_same_extent(r, c->kids[k], rw_arg_node(r, c, i)))
        pv = rw_var_find(r, kd_function_param(tpl, (unsigned)i));
    if (pv && rw_is_view(r, pv)) {
      rw_emit_view_value(r, c->kids[k], pv->rs, "a function parameter");
      continue;
    }
    VRef vr;
    rw_vref(r, c->kids[k], &vr);
    if (vr.kind == VR_PTR || vr.kind == VR_ELEM || vr.kind == VR_FIELD || vr.kind == VR_SUB || vr.kind == VR_FADDR)
      rw_set_bad(r, vr.var->rs, c->kids[k]->c,
                 "it is passed to a call whose function depends on a template parameter (the rewriter reads a "
                 "function template's text, and cannot tell which function that call reaches, nor how)");
    else
      rw_walk(r, c->kids[k], CTX_VALUE);
  }
}

/* Why a pointer to a view given to function `callee` (defined at def, in
 * the files if `local`) as argument i cannot follow it there. */
static const char *passed_why(R *r, CXCursor callee, CXCursor def, bool local, int i) {
  CXCursor tpl = local ? clang_getSpecializedCursorTemplate(def) : clang_getNullCursor();
  if (clang_getCursorKind(tpl) == CXCursor_FunctionTemplate && kd_decl_key(tpl).offset == kd_decl_key(def).offset &&
      kd_decl_key(tpl).file == kd_decl_key(def).file) {  // an instantiation (not an explicit specialization)
    if (!kd_function_template_plain(tpl))
      return "a function template the rewriter does not rewrite (a member, an operator, or one with a parameter pack)";
    return "a function template whose parameter there has a type that depends on a template parameter (the "
           "rewriter rewrites a template's text, and there it is no pointer to the struct)";
  }
  return local || rw_extern_mixed(r, callee, i) ? "whose parameter receives other pointers too"
                                                : "which the rewriter cannot see into";
}

/* A call of a function whose return value is a view (returns.c) that no
 * construct above took as its base or value (r->cur.claimed): a returned
 * element is loaded whole where it is used as a value (`S t = get(p, i)`,
 * `h(get(p, i))` by value); a returned pointer may only be discarded (a
 * call as a statement).  True if c was handled (or refused) here. */
static bool walk_returned_view(R *r, KdNode *c) {
  bool claimed = r->cur.claimed == c;
  r->cur.claimed = NULL;
  Var *rv = rw_call_ret(r, c);
  if (claimed || !rv || !rw_is_view(r, rv) || r->cur.stmt == c)  // (a statement: its value is discarded)
    return false;
  if (rv->ref) {
    VRef vr;
    rw_vref(r, c, &vr);
    if (vr.kind == VR_ELEM) {
      emit_load(r, &vr, c);
      return true;
    }
  }
  rw_set_bad(r, rv->rs, c->c,
             "the view function '%s' returns is used in a way the rewriter does not follow (only as a view "
             "variable's or parameter's value, returned, or as the base of an access)",
             rv->name);
  return true;
}

static void walk_call(R *r, KdNode *c) {
  if (walk_returned_view(r, c))
    return;
  CXCursor callee = kd_node_referenced(r->tree, c);
  int nargs = clang_Cursor_getNumArguments(c->c);
  if (clang_Cursor_isNull(callee) && kd_node_type_kind(r->tree, c) == CXType_Dependent) {
    walk_dependent_call(r, c);
    return;
  }
  if (nargs < 0 || clang_Cursor_isNull(callee)) {
    walk_kids(r, c);
    return;
  }
  char name[256];
  rw_spell(callee, name, sizeof name);
  enum CXCursorKind ck = clang_getCursorKind(callee);
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 2) {
    KdNode *lhs = rw_arg_node(r, c, 0), *rhs = rw_arg_node(r, c, 1);
    VRef vr;
    rw_vref(r, lhs, &vr);
    if (vr.kind == VR_ELEM) {
      emit_store(r, &vr, c, rhs);
      return;
    }
    rw_walk(r, lhs, CTX_VALUE);
    rw_walk(r, rhs, CTX_VALUE);
    return;
  }
  if (ck == CXCursor_CXXMethod && rw_is_operator_name(name) && nargs >= 1) {
    // `p[i] += v`, `p[i](v)`: a member operator of the struct called on an element (operator= is a store,
    // above); the new layout has no element for it to work on (a load would give it a copy)
    VRef ov;
    rw_vref(r, rw_arg_node(r, c, 0), &ov);
    if (ov.kind == VR_ELEM) {
      rw_set_bad(r, ov.var->rs, c->c,
                 "its member '%s' is called on an element (the new layout has no element for it to work on)", name);
      return;
    }
  }
  if (ck == CXCursor_Constructor) {
    // an element copied (S's copy or move constructor: the load is the copy); another constructor
    // taking it by reference (`W w(p[i])`, W holding `const S &`) would be given a copy
    bool copy = clang_CXXConstructor_isCopyConstructor(callee) || clang_CXXConstructor_isMoveConstructor(callee);
    CXType cft = clang_getCursorType(callee);
    for (int i = 0; i < nargs; i++) {
      KdNode *a = rw_arg_node(r, c, i);
      VRef ev;
      if (!copy && i < clang_getNumArgTypes(cft) && rw_is_reference(clang_getArgType(cft, (unsigned)i)) &&
          rw_bound_elem(r, a, &ev)) {
        rw_set_bad(r, ev.var->rs, a->c,
                   "an element is passed by reference to a constructor of '%s' (a reference parameter needs the "
                   "element's address, which the new layout does not have)",
                   name);
        continue;
      }
      rw_walk(r, a, CTX_VALUE);
    }
    return;
  }
  const HostCall *h = rw_host_call(r, callee);
  if (h) {
    rw_walk_host_call(r, c, h, nargs);
    return;
  }
  CXCursor lk, la;
  if (rw_launch_call(r, c, &lk, &la)) {  // the kernel and the argument array are handled where declared
    for (int i = 1; i < nargs; i++)
      if (i != 3)
        rw_walk(r, rw_arg_node(r, c, i), CTX_VALUE);
    return;
  }
  CXCursor def = rw_def_or_extern(r, callee);
  unsigned off;
  bool local = !clang_Cursor_isNull(def) && rw_in_files(r, clang_getCursorLocation(def), &off);
  if (nargs >= 1 && rw_is_atomic_name(name) && !local) {
    KdNode *a0 = rw_strip_parens_casts(rw_arg_node(r, c, 0));
    VRef vr;
    rw_vref(r, a0, &vr);
    if (vr.kind == VR_FADDR) {
      if (rw_only_kid(a0))
        rw_walk(r, rw_only_kid(a0), CTX_VALUE);  // the field itself: &(*kdlg_S_f(p, i))
    } else {
      rw_walk(r, rw_arg_node(r, c, 0), CTX_VALUE);
    }
    for (int i = 1; i < nargs; i++)
      rw_walk(r, rw_arg_node(r, c, i), CTX_VALUE);
    return;
  }
  // a member function called on an element: its clone (methods.c); the arguments are walked below
  bool mcall = ck == CXCursor_CXXMethod && rw_method_call(r, c, callee, nargs);
  CXType ft = clang_getCursorType(callee);
  Fn *F = local ? rw_fn_find(r, def) : NULL;
  int route = F ? rw_call_route(r, c, F) : 0;
  if (F && route == 1 && rw_clone_active(r, F)) {  // device data: the clone
    unsigned nb, ne;
    if (rw_callee_name(r, c, F->name, &nb, &ne)) {  // (check_clones made sure)
      kd_edit_begin(r->cur.E, nb, ne, F->clone_rs);
      kd_edit_text(r->cur.E, "%s", F->clone_name);
    }
  }
  // a member operator's call lists its object first (`a == b`: a, b), its type's parameters do not
  int shift = ck == CXCursor_CXXMethod && rw_is_operator_name(name) &&
              nargs == clang_getNumArgTypes(ft) + 1;
  for (int i = 0; i < nargs; i++) {
    KdNode *a = rw_arg_node(r, c, i);
    int pi = i - shift;  // (-1: the object, which no parameter takes; a field of an element is one in place)
    Var *pv = local && pi >= 0 && pi < clang_Cursor_getNumArguments(def)
                  ? rw_base_var(r, clang_Cursor_getArgument(def, (unsigned)pi))
                  : NULL;
    if (pv && route == 1 && pv->twin)
      pv = pv->twin;
    if (pv && rw_is_view(r, pv) && !r->cuda && rw_is_kernel_fn(r, def)) {
      // OpenCL: the kernel's parameter became region buffers and a count, not a view
      rw_set_bad(r, pv->rs, a->c, "it is passed to kernel '%s', whose parameter becomes buffers, not a view", name);
      continue;
    }
    if (pv && rw_is_view(r, pv) && pv->ref) {  // a reference parameter: a view of the element bound to it
      rw_emit_elem_view(r, a, pv->rs);
      continue;
    }
    if (pv && rw_is_view(r, pv)) {
      rw_emit_view_value(r, a, pv->rs, "a function parameter");
      continue;
    }
    VRef vr;
    rw_vref(r, a, &vr);
    Var *uv = vr.kind == VR_PTR ? NULL : rw_updated_view(r, a);
    if (uv) {
      rw_set_bad(r, uv->rs, a->c, "a pointer update's value is passed to '%s'", name);
      continue;
    }
    if (vr.kind == VR_PTR) {
      rw_set_bad(r, vr.var->rs, a->c, "a pointer to it is passed to '%s', %s", name,
                 passed_why(r, callee, def, local, i));
      continue;
    }
    bool byref = pi >= 0 && pi < clang_getNumArgTypes(ft) && rw_is_reference(clang_getArgType(ft, (unsigned)pi));
    VRef ev;
    if (byref && rw_bound_elem(r, a, &ev)) {  // (a reference variable's element too: `bump(r)`)
      rw_set_bad(r, ev.var->rs, a->c,
                 "an element is passed by reference to '%s' (a reference parameter needs the element's address, "
                 "which the new layout does not have; the callee is not rewritten)",
                 name);
      continue;
    }
    if ((vr.kind == VR_FIELD || vr.kind == VR_SUB) && byref) {
      rw_set_bad(r, vr.var->rs, a->c, "a field of an element is passed by reference to '%s'", name);
      continue;
    }
    if (vr.kind == VR_FADDR && local && pi >= 0 && kd_node_type_kind(r->tree, a) == CXType_Pointer &&
        rw_field_param_ok(r, def, pi, clang_getPointeeType(kd_node_type(r->tree, a)))) {
      // `&e->f` for a parameter used only within the field (fieldptr.c): `&(*kdlg_S_f_f(p, i))`
      KdNode *amp = rw_strip_parens_casts(a);
      if (rw_only_kid(amp))
        rw_walk(r, rw_only_kid(amp), CTX_VALUE);
      continue;
    }
    rw_walk(r, a, CTX_VALUE);
  }
  // the rest: a launch's configuration; a member call's callee (`p[i].norm`:
  // its object, an element, is a use the walk rejects), not a plain callee
  // (walked, its name would count as the function's address taken)
  bool member = ck == CXCursor_CXXMethod && c->nkids > 0 && c->kids[0]->c.kind == CXCursor_MemberRefExpr;
  for (int k = member && !mcall ? 0 : 1; k < c->nkids; k++) {
    bool is_arg = false;
    for (int i = 0; i < nargs && !is_arg; i++)  // (cursors of the same node may compare unequal)
      is_arg = rw_same_extent(r, c->kids[k], rw_arg_node(r, c, i));
    if (!is_arg)
      rw_walk(r, c->kids[k], CTX_VALUE);
  }
}

/* Operands the new layout cannot give: an element (or a view) that a
 * pointer to member is applied to (`(p[i].*f)()`, `p->*m`), and, in a
 * function template, an element that is an operand of an expression whose
 * type depends on a template parameter (`p[i] += v` with `T v`: a user's
 * operator until instantiation; a load would give it a copy).  True if
 * such an operand kept its struct in AoS (then c is not walked further). */
static bool walk_refused_operand(R *r, KdNode *c) {
  bool ptrmem = false;
  if (c->c.kind == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
    ptrmem = op == CXBinaryOperator_PtrMemD || op == CXBinaryOperator_PtrMemI;
  }
  bool dep = !ptrmem && kd_node_type_kind(r->tree, c) == CXType_Dependent;
  if (!ptrmem && !dep)
    return false;
  for (int i = 0; i < c->nkids; i++) {
    VRef vr;
    rw_vref(r, c->kids[i], &vr);
    if (vr.kind == VR_ELEM || (ptrmem && i == 0 && vr.kind == VR_PTR)) {
      rw_set_bad(r, vr.var->rs, c->kids[i]->c, "%s",
                 ptrmem ? "a pointer to member is applied to an element (the new layout has no element for it)"
                        : "an element is an operand of an expression whose type depends on a template parameter "
                          "(the rewriter reads a function template's text, where that operator is not known until "
                          "instantiation)");
      return true;
    }
  }
  return false;
}

/* q = e, q += k, q -= k, ++q, q++, --q, q-- on a view variable q. */
static bool walk_pointer_update(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  bool handled = false;
  if (c->nkids >= 1 && c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
    Var *v = rw_ref_var(r, c->kids[0]);
    if (v && rw_is_view(r, v)) {
      handled = true;
      const char *name = v->name;
      unsigned b, e;
      if (k == CXCursor_BinaryOperator) {  // q = e
        if (c->nkids == 2)
          rw_emit_view_value(r, c->kids[1], v->rs, "a pointer variable");
      } else if (!rw_node_range(r, c, &b, &e) || !rw_node_plain(r, c->kids[0])) {
        rw_set_bad(r, v->rs, c->c, "pointer arithmetic is spelled inside a macro");
      } else if (k == CXCursor_CompoundAssignOperator && c->nkids == 2) {
        unsigned kb, ke;
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
        if ((op != CXBinaryOperator_AddAssign && op != CXBinaryOperator_SubAssign) ||
            !rw_node_range(r, c->kids[1], &kb, &ke)) {
          rw_set_bad(r, v->rs, c->c, "unsupported pointer arithmetic");
        } else {
          kd_edit_begin(r->cur.E, b, e, v->rs);
          rw_edit_name(r, KD_NAME_PRE, v->rs, NULL);
          kd_edit_text(r->cur.E, "(&%s, %s(kdlg_index)(", name, op == CXBinaryOperator_SubAssign ? "-" : "");
          kd_edit_hole(r->cur.E, kb, ke);
          kd_edit_text(r->cur.E, "))");
          rw_walk(r, c->kids[1], CTX_VALUE);
        }
      } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c->c);
        bool pre = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        bool inc = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc;
        if (!rw_is_step_op(op)) {
          handled = false;
        } else {
          kd_edit_begin(r->cur.E, b, e, v->rs);
          rw_edit_name(r, pre ? KD_NAME_PRE : KD_NAME_POST, v->rs, NULL);
          kd_edit_text(r->cur.E, "(&%s, %s1)", name, inc ? "" : "-");
        }
      }
    }
  }
  return handled;
}

/* Whether c is a parenthesis or an implicit conversion that a macro body
 * spells around its argument (`(e)` of `#define TWICE(e) ((e) + (e))`),
 * with one child, the argument's expression: the edit goes there, in the
 * argument's text (each use of the argument in the body gives the same
 * edit, merged by edits.c; different ones overlap and keep the struct AoS). */
static bool macro_wrapper(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  unsigned b, e;
  return (k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && c->nkids == 1 &&
         !(rw_node_plain(r, c) && rw_node_range(r, c, &b, &e));
}

/* An element that is an operand of `?:` or of a comma yielding the struct
 * (`(c ? p[i] : p[0]) = t`, `(0, p[i]).x = 7`), or that initialises a
 * braced aggregate holding a reference (`W w{p[i]}` with `const S &r`):
 * the original's result may be the element itself (an lvalue, a bound
 * reference), the rewrite's a loaded copy, so a store through it would be
 * lost (found by review, older than returned views).  True if c kept a
 * struct AoS for it. */
static bool walk_element_operand(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  bool comma = k == CXCursor_BinaryOperator && c->nkids == 2 &&
               clang_getCursorBinaryOperatorKind(c->c) == CXBinaryOperator_Comma;
  if (k != CXCursor_ConditionalOperator && !comma && k != CXCursor_InitListExpr)
    return false;
  if (k == CXCursor_InitListExpr) {  // (a record with a reference member: whichever kid initialises it)
    CXType t = clang_getCanonicalType(kd_node_type(r->tree, c));
    CXCursor d = t.kind == CXType_Record ? clang_getTypeDeclaration(t) : clang_getNullCursor();
    Kids f = clang_Cursor_isNull(d) ? (Kids){0} : rw_kids_of(d);
    bool refs = false;
    for (int i = 0; i < f.n && !refs; i++)
      refs = clang_getCursorKind(f.v[i]) == CXCursor_FieldDecl && rw_is_reference(clang_getCursorType(f.v[i]));
    free(f.v);
    if (!refs)
      return false;
  } else if (rw_rs_of_record(r, clang_getCanonicalType(kd_node_type(r->tree, c))) < 0) {
    return false;  // (a ?: or comma of another type: `c ? p[i].x : 0`)
  }
  for (int i = k == CXCursor_ConditionalOperator ? 1 : comma ? 1 : 0; i < c->nkids; i++) {
    VRef ev;
    if (rw_bound_elem(r, c->kids[i], &ev)) {
      rw_set_bad(r, ev.var->rs, c->kids[i]->c, "%s",
                 k == CXCursor_InitListExpr
                     ? "an element initialises a braced aggregate that holds a reference (the rewrite would bind it to "
                       "a loaded copy)"
                     : "an element is an operand of ?: or of a comma (the original's result may be the element itself, "
                       "the rewrite's would be a loaded copy)");
      return true;
    }
  }
  return false;
}

/* Pointers compared or subtracted (`q < p + e` of a loop over an array by
 * pointer, `q - p` as an index, `q == r`, `q != nullptr`) where one is a
 * view: both views of one struct (or, for == and !=, a null constant), as
 * C asks of pointers compared or subtracted (into one array): their element
 * offsets (kdlg_S_diff), for == and != the same array too (kdlg_S_same),
 * against null the view's arrays (kdlg_S_is_null).  A view compared with any
 * other pointer keeps the struct AoS.  True if c was handled here. */
static bool walk_pointer_compare(R *r, KdNode *c) {
  if (c->c.kind != CXCursor_BinaryOperator || c->nkids != 2)
    return false;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
  static const char *const rel[] = {[CXBinaryOperator_LT] = "<", [CXBinaryOperator_GT] = ">",
                                    [CXBinaryOperator_LE] = "<=", [CXBinaryOperator_GE] = ">="};
  bool eq = op == CXBinaryOperator_EQ || op == CXBinaryOperator_NE;
  bool cmp = op == CXBinaryOperator_LT || op == CXBinaryOperator_GT || op == CXBinaryOperator_LE ||
             op == CXBinaryOperator_GE;
  bool sub = op == CXBinaryOperator_Sub;
  if (!eq && !cmp && !sub)
    return false;
  KdNode *a = c->kids[0], *b = c->kids[1];
  if (kd_node_type_kind(r->tree, a) != CXType_Pointer || kd_node_type_kind(r->tree, b) != CXType_Pointer)
    return false;  // (p - k: an offset)
  VRef va, vb;
  bool na = rw_is_null_constant(a), nb = rw_is_null_constant(b);
  if (na)
    memset(&va, 0, sizeof va);
  else
    rw_vref(r, a, &va);
  if (nb)
    memset(&vb, 0, sizeof vb);
  else
    rw_vref(r, b, &vb);
  bool pa = va.kind == VR_PTR, pb = vb.kind == VR_PTR;
  if (!pa && !pb)
    return false;  // (no view: other pointers, walked as any expression)
  const VRef *v = pa ? &va : &vb;
  int rs = v->var->rs;
  bool null_cmp = eq && (na || nb);
  if (!null_cmp && !(pa && pb && va.var->rs == vb.var->rs)) {
    rw_set_bad(r, rs, c->c, "a pointer to it and a pointer the rewriter does not track are %s",
               sub ? "subtracted" : "compared");
    return true;
  }
  // the edit spans both operands: each spelled in the file (a null constant may be the macro NULL)
  unsigned cb = 0, ce = 0, ob[2], oe[2];
  bool ok = true;
  for (int i = 0; i < 2 && ok; i++) {
    KdNode *o = i ? b : a;
    const VRef *ov = i ? &vb : &va;
    if (ov->kind == VR_PTR)
      ok = rw_editable(r, ov, o, &ob[i], &oe[i]);
    else
      ok = rw_node_range(r, o, &ob[i], &oe[i]) || null_macro_range(r, o, &ob[i], &oe[i]);
  }
  if (ok) {
    cb = ob[0] < ob[1] ? ob[0] : ob[1];
    ce = oe[0] > oe[1] ? oe[0] : oe[1];
    ok = ob[0] < ob[1] && oe[0] <= ob[1] && balanced(r, cb, ce);
  }
  if (!ok) {
    if (!r->rs[rs].bad)
      rw_set_bad(r, rs, c->c, "a pointer comparison is spelled inside a macro");
    return true;
  }
  kd_edit_begin(r->cur.E, cb, ce, rs);
  if (null_cmp) {
    kd_edit_text(r->cur.E, "(%s", op == CXBinaryOperator_NE ? "!" : "");
    rw_edit_name(r, KD_NAME_IS_NULL, rs, NULL);
    kd_edit_text(r->cur.E, "(");
    edit_view_value(r, v);
    kd_edit_text(r->cur.E, "))");
    rw_walk_terms(r, v);
    return true;
  }
  kd_edit_text(r->cur.E, "(%s", op == CXBinaryOperator_NE ? "!" : "");
  rw_edit_name(r, eq ? KD_NAME_SAME : KD_NAME_DIFF, rs, NULL);
  kd_edit_text(r->cur.E, "(");
  edit_view_value(r, &va);
  kd_edit_text(r->cur.E, ", ");
  edit_view_value(r, &vb);
  if (cmp)
    kd_edit_text(r->cur.E, ") %s 0)", rel[op]);
  else
    kd_edit_text(r->cur.E, "))");
  rw_walk_terms(r, &va);
  rw_walk_terms(r, &vb);
  return true;
}

void rw_walk(R *r, KdNode *c, Ctx ctx) {
  enum CXCursorKind k = c->c.kind;
  if (walk_element_operand(r, c) || walk_pointer_compare(r, c))
    return;
  switch (k) {
  case CXCursor_DeclStmt:
    rw_walk_declstmt(r, c, r->cur.parent_kind);
    return;
  case CXCursor_VarDecl:
    rw_walk_vardecl(r, c, false);
    return;
  case CXCursor_CallExpr:
    walk_call(r, c);
    return;
  case CXCursor_LambdaExpr: {
    // (a reference to an element declared outside it is refused there: designate.c's view_base)
    unsigned save = r->cur.lambda_at;
    r->cur.lambda_at = rw_start_offset(r, c->c);
    walk_kids(r, c);
    r->cur.lambda_at = save;
    return;
  }
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
  case CXCursor_ConversionFunction:
  case CXCursor_FunctionTemplate:  // (a local class's function: its returns are its own)
    r->cur.nested_fn++;
    walk_kids(r, c);
    r->cur.nested_fn--;
    return;
  case CXCursor_UnexposedDecl:  // `auto &[x, y] = p[i]` (a copy, `auto [x, y] = p[i]`, constructs one first)
    for (int i = 0; i < c->nkids; i++) {
      VRef ev;
      if (clang_isExpression(c->kids[i]->c.kind) && rw_bound_elem(r, c->kids[i], &ev)) {
        rw_set_bad(r, ev.var->rs, c->kids[i]->c,
                   "an element is bound by reference to a structured binding (only reference variables are "
                   "rewritten)");
        return;
      }
    }
    walk_kids(r, c);
    return;
  case CXCursor_ReturnStmt: {
    Var *rv = r->cur.lambda_at == 0 && r->cur.nested_fn == 0 ? rw_ret_var(r, r->cur.walking_fn) : NULL;
    if (rv && rw_is_view(r, rv) && c->nkids == 1) {  // a function whose return value is a view (returns.c)
      if (rv->ref)
        rw_emit_elem_view(r, c->kids[0], rv->rs);
      else
        rw_emit_view_value(r, c->kids[0], rv->rs, "a function's return value");
      return;
    }
    // C++ returns an element by value through a copy constructor (a call); bare, it is returned by reference
    VRef ev;
    if (r->cuda && c->nkids == 1 && rw_bound_elem(r, c->kids[0], &ev)) {
      rw_set_bad(r, ev.var->rs, c->kids[0]->c,
                 "an element is returned by reference (the new layout has no element to refer to)");
      return;
    }
    walk_kids(r, c);
    return;
  }
  default:
    break;
  }
  if (clang_isExpression(k) && walk_refused_operand(r, c))
    return;
  if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c->c) == CXBinaryOperator_Assign) {
    bool done = false;
    if (c->nkids == 2) {
      VRef vr;
      rw_vref(r, c->kids[0], &vr);
      if (vr.kind == VR_ELEM) {
        emit_store(r, &vr, c, c->kids[1]);
        done = true;
      }
    }
    if (done || walk_pointer_update(r, c))
      return;
  }
  if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) && walk_pointer_update(r, c))
    return;
  if (!clang_isExpression(k)) {
    walk_kids(r, c);
    return;
  }
  VRef vr;
  rw_vref(r, c, &vr);
  if ((vr.kind == VR_FIELD || vr.kind == VR_ELEM) && macro_wrapper(r, c)) {
    // `(e)` of `#define TWICE(e) ((e) + (e))`: the access is the argument's text, inside
    rw_walk(r, c->kids[0], ctx);
    return;
  }
  switch (vr.kind) {
  case VR_FIELD:
    emit_field(r, &vr, c);
    return;
  case VR_SUB:
    if (vr.decay && ctx != CTX_SUBSCRIPT_BASE) {
      rw_set_bad(r, vr.var->rs, c->c, "an array field decays to a pointer that leaves the expression");
      return;
    }
    walk_kids(r, c);
    return;
  case VR_ELEM:
    emit_load(r, &vr, c);
    return;
  case VR_PTR:
    rw_set_bad(r, vr.var->rs, c->c,
               "a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, "
               "subtracted or passed on)");
    return;
  case VR_FADDR:
    rw_set_bad(r, vr.var->rs, c->c, "the address of field '%s' escapes", r->rs[vr.var->rs].L->fields[vr.field].name);
    return;
  case VR_BAD:
    rw_set_bad(r, vr.var->rs, c->c, "%s", vr.why ? vr.why : "unsupported use");
    return;
  default:
    break;
  }
  if (k == CXCursor_DeclRefExpr) {
    // a function whose parameters become views may only be called (a name
    // of arithmetic or pointer type is not a function's: not asked, nor kept)
    enum CXTypeKind tk = kd_node_type_kind(r->tree, c);
    bool value = tk == CXType_Pointer || (tk >= CXType_Bool && tk <= CXType_LongDouble);
    CXCursor d = value ? clang_getNullCursor() : clang_getCursorReferenced(c->c);
    if (clang_getCursorKind(d) == CXCursor_FunctionDecl) {
      Var *rv = rw_ret_var(r, d);
      if (rv && rw_is_view(r, rv))
        rw_set_bad(r, rv->rs, c->c, "the address of function '%s', which returns it, is taken", rv->name);
      CXCursor def = clang_getCursorDefinition(d);
      Fn *F = rw_fn_find(r, def);
      int np = clang_Cursor_isNull(def) ? 0 : clang_Cursor_getNumArguments(def);
      for (int i = 0; i < np; i++) {
        Var *pv = rw_base_var(r, clang_Cursor_getArgument(def, (unsigned)i));
        for (int inst = 0; pv && inst < 2; inst++) {  // either instance of a cloneable function
          Var *iv = inst ? pv->twin : pv;
          if (iv && (!F || F->live[inst]) && rw_is_view(r, iv))
            rw_set_bad(r, iv->rs, c->c, "the address of a function that receives it is taken");
        }
      }
    }
    return;
  }
  walk_kids(r, c);
}
