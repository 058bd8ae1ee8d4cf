/* shape.c: questions about the AST and the file's text that every pass of
 * the rewriter asks: children and spellings of cursors, ranges of nodes in
 * the main file, whether a token is spelled where it appears (not in a
 * macro body), the operand of a conversion, a null pointer constant, blanks
 * and words of the text.  No state of its own: everything is read from R's
 * input (the tree, the text). */
#include "rewriteInt.h"

#include <limits.h>

enum CXChildVisitResult rw_collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Kids *k = data;
  KD_GROW(k->v, k->cap, k->n + 1);
  k->v[k->n++] = c;
  return CXChildVisit_Continue;
}

Kids rw_kids_of(CXCursor c) {
  Kids k = {0};
  clang_visitChildren(c, rw_collect, &k);
  return k;
}

CXType rw_ctype(CXCursor c) { return clang_getCanonicalType(clang_getCursorType(c)); }

void rw_spell(CXCursor c, char *buf, size_t n) {
  CXString s = clang_getCursorSpelling(c);
  snprintf(buf, n, "%s", clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
}

KdNode *rw_node_of(R *r, CXCursor c) { return kd_tree_node(r->tree, c); }

/* The variable of decl in the instance being visited, created (with its
 * twin if it belongs to a cloneable function) on first sight. */
/* Whether t is a pointer to (or an array of) volatile-qualified elements. */
bool rw_volatile_target(CXType t) {
  t = clang_getCanonicalType(t);
  CXType e = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
  return e.kind != CXType_Invalid && clang_isVolatileQualifiedType(e);
}

/* ---- source ranges ---- */

bool rw_is_ident_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}

/* Whether NAME (a function's spelling) names an operator: `operator+`,
 * `operator()`, `operator int` (not `operatorX`, an ordinary identifier). */
bool rw_is_operator_name(const char *name) {
  return !strncmp(name, "operator", 8) && !rw_is_ident_char(name[8]);
}


bool rw_in_files(R *r, CXSourceLocation l, unsigned *off) { return kd_tree_in_files(r->tree, l, off); }

/* Whether the token at l is spelled where it appears (not in a macro body). */
static bool plain_loc(R *r, CXSourceLocation l) { return kd_tree_plain_loc(r->tree, l); }

/* The byte range of c in the main file; false if it is not one (macro bodies, other files). */
bool rw_range_of(R *r, CXCursor c, unsigned *b, unsigned *e) { return kd_tree_range(r->tree, c, b, e); }

bool rw_plain(R *r, CXCursor c) { return plain_loc(r, clang_getCursorLocation(c)); }

/* range_of and plain of a node (kept in it). */
bool rw_node_range(R *r, KdNode *n, unsigned *b, unsigned *e) { return kd_node_range(r->tree, n, b, e); }
bool rw_node_plain(R *r, KdNode *n) { return kd_node_plain(r->tree, n); }

/* n's child if it has exactly one, else NULL. */
KdNode *rw_only_kid(KdNode *n) { return n->nkids == 1 ? n->kids[0] : NULL; }

KdNode *rw_last_kid(KdNode *n) { return n->kids[n->nkids - 1]; }

/* If c is a parenthesis or a conversion (implicit, C-style, static_cast,
 * reinterpret_cast), its operand in *operand. */
bool rw_conversion_operand(KdNode *c, KdNode **operand) {
  enum CXCursorKind k = c->c.kind;
  if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr &&
      k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr)
    return false;
  if (c->nkids >= 1)
    *operand = rw_last_kid(c);  // a cast's type comes first
  return c->nkids >= 1;
}

bool rw_is_null_constant(KdNode *c) {
  for (;;) {
    enum CXCursorKind k = c->c.kind;
    if (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr)
      return true;
    if (k == CXCursor_IntegerLiteral) {
      CXEvalResult ev = clang_Cursor_Evaluate(c->c);
      bool zero = ev && clang_EvalResult_getKind(ev) == CXEval_Int && clang_EvalResult_getAsLongLong(ev) == 0;
      if (ev)
        clang_EvalResult_dispose(ev);
      return zero;
    }
    if (k == CXCursor_CXXReinterpretCastExpr || !rw_conversion_operand(c, &c))
      return false;
  }
}

/* Whether two nodes span the same source range (an implicit conversion
 * spans exactly its operand). */
bool rw_same_extent(R *r, KdNode *a, KdNode *b) {
  return clang_equalRanges(kd_node_extent(r->tree, a), kd_node_extent(r->tree, b));
}

/* ++, --, prefix or postfix: a step of a pointer variable. */
bool rw_is_step_op(enum CXUnaryOperatorKind op) {
  return op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostInc ||
         op == CXUnaryOperator_PostDec;
}

/* Map offset of the start of c after macro expansion (UINT_MAX if in no mapped file). */
unsigned rw_start_offset(R *r, CXCursor c) {
  CXFile f;
  unsigned off, g;
  clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, &off);
  return kd_filemap_offset(r->map, f, off, &g) ? g : UINT_MAX;
}

/* Argument i of call c. */
KdNode *rw_arg_node(R *r, KdNode *c, int i) {
  return kd_tree_kid(r->tree, c, clang_Cursor_getArgument(c->c, (unsigned)i));
}


bool rw_is_kernel_fn(R *r, CXCursor fn) { return kd_is_kernel(r->src->lang, fn); }

/* The declaration referenced by e after parentheses, casts and `&`; null cursor if none. */
CXCursor rw_referenced_decl(R *r, KdNode *e) {
  for (;;) {
    while (rw_conversion_operand(e, &e))
      ;
    if ((e->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e->c) == CXUnaryOperator_AddrOf) ||
        e->c.kind == CXCursor_ParenExpr)
      e = rw_only_kid(e);
    else
      break;
    if (!e)
      return clang_getNullCursor();
  }
  if (e->c.kind != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  return kd_node_referenced(r->tree, e);
}

/* A local array of void pointers: the arrays cudaLaunchKernel takes. */
bool rw_is_void_ptr_array(CXCursor d) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  if (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray)
    return false;
  CXType el = clang_getCanonicalType(clang_getArrayElementType(t));
  return el.kind == CXType_Pointer && clang_getCanonicalType(clang_getPointeeType(el)).kind == CXType_Void;
}

/* The text of declaration d in the file: from its first token after macro
 * expansion (`__host__` is a macro) to its end. */
bool rw_decl_span(R *r, CXCursor d, unsigned *b, unsigned *e) {
  CXSourceRange x = clang_getCursorExtent(d);
  CXFile f;
  unsigned off;
  clang_getExpansionLocation(clang_getRangeStart(x), &f, NULL, NULL, &off);
  if (!kd_filemap_offset(r->map, f, off, b) || !rw_in_files(r, clang_getRangeEnd(x), e) ||
      !plain_loc(r, clang_getRangeEnd(x)))
    return false;
  return *b < *e && kd_filemap_file_at(r->map, *b) == kd_filemap_file_at(r->map, *e);
}

/* Offset just after the ';' that follows offset e (blanks between), or 0. */
unsigned rw_semicolon_after(R *r, unsigned e) {
  while (e < r->len && (r->text[e] == ' ' || r->text[e] == '\t' || r->text[e] == '\n' || r->text[e] == '\r'))
    e++;
  return e < r->len && r->text[e] == ';' ? e + 1 : 0;
}

/* The callee's name token of a call: [*b, *e). */
bool rw_callee_name(R *r, KdNode *call, const char *name, unsigned *b, unsigned *e) {
  KdNode *ref = rw_callee_ref(call);
  if (!ref || ref->c.kind != CXCursor_DeclRefExpr || !rw_node_plain(r, ref) ||
      !rw_in_files(r, clang_getCursorLocation(ref->c), b))
    return false;
  size_t n = strlen(name);
  if (*b + n > r->len || strncmp(r->text + *b, name, n))
    return false;
  *e = *b + (unsigned)n;
  return true;
}

/* Whether text[b, e) holds `word` as a whole identifier. */
/* Whether text[0, n) holds `word` as a whole identifier. */
bool rw_text_has_word(const char *text, unsigned n, const char *word) {
  size_t wl = strlen(word);
  for (unsigned i = 0; i + wl <= n; i++)
    if (!strncmp(text + i, word, wl) && (i == 0 || !rw_is_ident_char(text[i - 1])) &&
        (i + wl == n || !rw_is_ident_char(text[i + wl])))
      return true;
  return false;
}

bool rw_has_word(R *r, unsigned b, unsigned e, const char *word) {
  return rw_text_has_word(r->text + b, e - b, word);
}

KdNode *rw_strip_parens_casts(KdNode *e) {
  while ((e->c.kind == CXCursor_ParenExpr || e->c.kind == CXCursor_UnexposedExpr) && rw_only_kid(e))
    e = rw_only_kid(e);
  return e;
}

bool rw_is_reference(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}

/* The end offset of a declaration's name (its location + the name's length). */
bool rw_name_end(R *r, CXCursor d, unsigned *end) {
  unsigned off;
  if (!rw_in_files(r, clang_getCursorLocation(d), &off) || !rw_plain(r, d))
    return false;
  char name[256];
  rw_spell(d, name, sizeof name);
  if (!*name || off + strlen(name) > r->len || strncmp(r->text + off, name, strlen(name)))
    return false;
  *end = off + (unsigned)strlen(name);
  return true;
}

/* The end of a declarator whose declaration starts at `start` and whose
 * name ends at `name_end`: past the ')' that close the parentheses opened
 * before the name (`S (*d) = p`, `S ((*d))`), so that an edit from the
 * declaration's start to the result replaces the whole declarator.  false
 * if those ')' do not follow the name (a declarator such as `S (*d)[4]`
 * or `S (*f)(int)`, which declares no pointer to S). */
bool rw_declarator_end(R *r, unsigned start, unsigned name_end, unsigned *end) {
  int open = 0;
  for (unsigned k = start; k < name_end; k++)
    open += r->text[k] == '(' ? 1 : r->text[k] == ')' ? -1 : 0;
  unsigned k = name_end;
  for (; open > 0; open--) {
    k = rw_skip_blanks(r, k);
    if (k >= r->len || r->text[k] != ')')
      return false;
    k++;
  }
  *end = open == 0 ? k : name_end;
  return open == 0;
}

/* Whether the line break at text[nl] ('\n') is escaped: a backslash before
 * it, with only blanks or '\r' between (clang accepts `\ ` with a warning). */
static bool continued(R *r, unsigned nl) {
  unsigned k = nl;
  while (k > 0 && (r->text[k - 1] == ' ' || r->text[k - 1] == '\t' || r->text[k - 1] == '\r'))
    k--;
  return k > 0 && r->text[k - 1] == '\\';
}

unsigned rw_logical_line_start(R *r, unsigned o) {
  unsigned ls = o;
  for (;;) {
    while (ls > 0 && r->text[ls - 1] != '\n')
      ls--;
    if (ls == 0 || !continued(r, ls - 1))
      break;
    ls--;  // (onto the '\n' that the previous line escapes)
  }
  while (ls < o && (r->text[ls] == ' ' || r->text[ls] == '\t'))
    ls++;
  return ls;
}

unsigned rw_logical_line_end(R *r, unsigned o) {
  for (; o < r->len; o++)
    if (r->text[o] == '\n' && !continued(r, o))
      return o + 1;
  return o;
}

unsigned rw_skip_blanks(R *r, unsigned i) {
  while (i < r->len && (r->text[i] == ' ' || r->text[i] == '\t' || r->text[i] == '\n' || r->text[i] == '\r'))
    i++;
  return i;
}

unsigned rw_back_blanks(R *r, unsigned start, unsigned i) {
  while (i > start && (r->text[i - 1] == ' ' || r->text[i - 1] == '\t' || r->text[i - 1] == '\n' || r->text[i - 1] == '\r'))
    i--;
  return i;
}

/* Whether only blanks precede text[i] on its line (a '#' there starts a
 * preprocessor directive). */
bool rw_line_start(R *r, unsigned i) {
  while (i > 0 && (r->text[i - 1] == ' ' || r->text[i - 1] == '\t'))
    i--;
  return i == 0 || r->text[i - 1] == '\n';
}

bool rw_is_atomic_name(const char *n) {
  return !strncmp(n, "atomic", 6) || !strncmp(n, "atom_", 5) || !strcmp(n, "__ldg");
}

/* The callee's name token: the first child of a call, stripped to its DeclRefExpr (NULL if none). */
KdNode *rw_callee_ref(KdNode *call) { return call->nkids ? rw_strip_parens_casts(call->kids[0]) : NULL; }

/* Appends struct rs's generated name `what` (codegen's kd_gen_name, with
 * `arg` and `index`) to the edit being written. */
void rw_edit_name_at(R *r, KdGenName what, int rs, const char *arg, unsigned index) {
  char *name = kd_gen_name(what, r->rs[rs].tag, arg, index);
  // (what the struct's block declares, in the struct's namespaces: by its qualified name, so that a
  // call whose view argument is cast, `kdlg_S_malloc((void **)&d, ...)`, finds it too)
  if (what != KD_NAME_CLONE && what != KD_NAME_THIS && what != KD_NAME_CL_REGION && what != KD_NAME_CL_COUNT)
    kd_edit_text(r->cur.E, "%s", r->rs[rs].qual);
  kd_edit_text(r->cur.E, "%s", name);
  free(name);
}

void rw_edit_name(R *r, KdGenName what, int rs, const char *arg) { rw_edit_name_at(r, what, rs, arg, 0); }

/* The ')' that closes the '(' at map offset open, before end: *close; false
 * if none does, or a quote comes first (a string or character literal
 * whose parentheses the scan would miscount). */
bool rw_matching_paren(R *r, unsigned open, unsigned end, unsigned *close) {
  int depth = 0;
  for (unsigned q = open; q < end; q++) {
    char c = r->text[q];
    if (c == '"' || c == '\'')
      return false;
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth == 0) {
      *close = q;
      return true;
    }
  }
  return false;
}

/* Whether t is void or a character type (a pointer to it reads bytes). */
bool rw_byte_type(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Void:
  case CXType_Char_S:
  case CXType_Char_U:
  case CXType_SChar:
  case CXType_UChar:
    return true;
  default:
    return false;
  }
}
