/* globals.c: host pointer variables of namespace scope and static locals
 * (Var.global).  One that device data flows into is a view like a local
 * (`Point_Struct *p_d;` at file scope, as Rodinia-style programs keep their
 * device arrays): its declaration becomes `kdlg_view_S p_d` (a `static`
 * kept), every use is rewritten as a local's.  What could reach it unseen
 * keeps its struct AoS: a declaration the rewriter cannot rewrite alone
 * (rw_global_why), a word of its name that the parser does not show as one
 * (a macro, a branch of #if: check_global_uses; a branch the configuration
 * leaves out gets branches.c's #error), and a reference outside the
 * function bodies that pass 2 walks.  With external linkage its symbol
 * changes (rw_edit_global_symbol), so that another translation unit that
 * reads it as a pointer fails to link.  A null initialiser becomes `{}`
 * (zero-initialisation, constant like the null pointer's: a dynamic
 * initialiser would run in another order). */
#include "rewriteInt.h"

/* Whether variable declaration c is of namespace scope (not a static
 * local, nor in an extern "C" block: rw_global_why refuses those). */
static bool namespace_scope(CXCursor c) {
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(c));
  return pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace;
}

/* The mapped file holding map offset o, or -1. */
static int file_of(R *r, unsigned o) {
  for (int i = 0; i < r->map->nfiles; i++)
    if (o >= r->map->files[i].base && o < r->map->files[i].base + r->map->files[i].len)
      return i;
  return -1;
}

/* Whether the declaration at map offset o comes after struct rs's generated
 * block (its view type): after its definition in the same file, or in the
 * main file after the #include that brings in the struct's header. */
bool rw_after_block(R *r, int rs, unsigned o) {
  int fs = file_of(r, r->rs[rs].insert_at), fo = file_of(r, o);
  if (fs < 0 || fo < 0)
    return false;
  if (fs == fo)
    return o >= r->rs[rs].insert_at;
  return fo == 0 && r->map->files[fs].include_end <= o;
}

/* Whether the declarator whose name starts at map offset o follows a ','
 * (the second or a later declarator of its declaration): back over
 * blanks, '*', '&', '(' and qualifiers. */
static bool after_comma(R *r, unsigned o) {
  static const char *const quals[] = {"const", "volatile", "restrict", "__restrict", "__restrict__", NULL};
  for (;;) {
    while (o > 0 && strchr(" \t\r\n*&(", r->text[o - 1]))
      o--;
    unsigned w = o;
    while (w > 0 && rw_is_ident_char(r->text[w - 1]))
      w--;
    bool qual = false;
    for (int q = 0; quals[q] && w < o; q++)
      qual |= o - w == strlen(quals[q]) && !strncmp(r->text + w, quals[q], o - w);
    if (!qual)
      return o > 0 && r->text[o - 1] == ',';
    o = w;
  }
}

/* Why the global or static pointer variable c (namespace scope, a static
 * local or a static member) is not tracked, or NULL.  A tracked one is a
 * variable like a local: a view where device data flows into it, its
 * declaration rewritten (rw_walk_globals) and every use checked
 * (check_global_uses). */
const char *rw_global_why(R *r, CXCursor c) {
  if (!r->cuda)
    return "a program-scope or static pointer variable is not tracked (OpenCL)";
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(c));
  if (pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl || pk == CXCursor_ClassTemplate)
    return "a static data member holding a pointer to it is not tracked";
  if (clang_Cursor_getStorageClass(c) == CX_SC_Extern)
    return "a global pointer variable is declared extern (its definition and uses may be elsewhere)";
  if (clang_getCursorKind(clang_getCursorLexicalParent(c)) == CXCursor_LinkageSpec)
    return "a global pointer variable is declared in a linkage specification (extern \"C\")";
  if (clang_getCursorTLSKind(c) != CXTLS_None)
    return "a thread_local pointer variable is not tracked";
  if (clang_isVolatileQualifiedType(clang_getCanonicalType(clang_getCursorType(c))))
    return "a global pointer variable is itself volatile (a view is not)";
  if (!clang_equalCursors(clang_getCanonicalCursor(c), c))
    return "a global pointer variable is declared more than once";
  Kids ks = rw_kids_of(c);
  bool attr = false;
  for (int i = 0; i < ks.n && !attr; i++)
    attr = clang_isAttribute(clang_getCursorKind(ks.v[i]));
  free(ks.v);
  if (attr)
    return "a global pointer variable has an attribute (__device__, __constant__ and __managed__ ones live in "
           "device memory, which the rewriter does not follow)";
  unsigned b, e, ne, n0;
  if (!rw_range_of(r, c, &b, &e) || !rw_name_end(r, c, &ne) || !rw_in_files(r, clang_getCursorLocation(c), &n0))
    return "a global or static pointer variable is declared inside a macro";
  if (after_comma(r, n0))
    return "a global or static pointer variable is declared together with other variables (`S *a, *b;`)";
  // declared alone: `static P *t_d = nullptr, *t_e;` would lose its `static` when split
  for (unsigned k = b; k < ne; k++)
    if (r->text[k] == ',')
      return "a global or static pointer variable is declared together with other variables (`S *a, *b;`)";
  if (!rw_declarator_end(r, b, ne, &ne))
    return "a global or static pointer variable's declarator has parentheses the rewriter does not read";
  unsigned k = rw_skip_blanks(r, e);  // (e: the end of its initialiser, or of its name)
  if (k < r->len && r->text[k] == ',')
    return "a global or static pointer variable is declared together with other variables (`S *a, *b;`)";
  if (!namespace_scope(c))
    return NULL;  // (a static local)
  if (clang_getCursorLinkage(c) == CXLinkage_External && rw_skip_blanks(r, ne) < r->len &&
      r->text[rw_skip_blanks(r, ne)] == '(')
    return "a global pointer variable of external linkage is initialised with parentheses (`P *g(x)`: its own "
           "symbol, rw_edit_global_symbol, cannot be given there)";
  int rs = rw_rs_of_pointer(r, clang_getCursorType(c));
  if (rs >= 0 && !rw_after_block(r, rs, b))
    return "a global pointer variable is declared before the struct's definition, or in another header (the view "
           "type is declared after the definition)";
  return NULL;
}

/* The declarations of tracked global variables of namespace scope that are
 * views (Var.global; a static local's is in its function's body). */
void rw_walk_globals(R *r) {
  if (r->fl.nglobals == 0)
    return;
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    if (v->global && rw_is_view(r, v) && namespace_scope(v->decl))
      rw_walk_vardecl(r, rw_node_of(r, v->decl), false);
  }
}

/* Every word of a tracked global view's name in the mapped files must be a
 * name the parser shows (its declaration, references, another entity of
 * that name anywhere), and every reference to it must be where pass 2
 * rewrites it: in a function's body, or in the initialiser of another
 * tracked global view of namespace scope (`static P *s_e = s_d + 1;`).
 * Elsewhere (`static void *slot = &s_d;`, `sizeof(s_d)` or a cudaMalloc
 * in an initialiser of namespace scope, a default member initialiser) it
 * would stay as written; see the file comment. */
typedef struct Named {
  const char *name;
  KdDeclKey key;         // the variable's
  KD_VEC(unsigned) offs; // every cursor spelled `name`
  KD_VEC(unsigned) refs; // the references to the variable
  KD_VEC(unsigned) redecls;  // other declarations of it (`extern P *g_d;` in a function)
  R *r;
} Named;

static enum CXChildVisitResult collect_named(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Named *nm = data;
  unsigned off;
  if (!rw_in_files(nm->r, clang_getCursorLocation(c), &off))
    return CXChildVisit_Continue;  // (a system or toolkit header: nothing of the user's below)
  CXString sp = clang_getCursorSpelling(c);
  if (clang_getCString(sp) && !strcmp(clang_getCString(sp), nm->name)) {
    kd_vec_push(&nm->offs, off);
    KdDeclKey k = kd_decl_key(clang_getCursorReferenced(c));
    if (clang_getCursorKind(c) != CXCursor_VarDecl && !memcmp(&k, &nm->key, sizeof k))
      kd_vec_push(&nm->refs, off);
    KdDeclKey own = kd_decl_key(c), canon = kd_decl_key(clang_getCanonicalCursor(c));
    if (clang_getCursorKind(c) == CXCursor_VarDecl && memcmp(&own, &nm->key, sizeof own) &&
        !memcmp(&canon, &nm->key, sizeof canon))
      kd_vec_push(&nm->redecls, off);
  }
  clang_disposeString(sp);
  return CXChildVisit_Recurse;
}

/* Whether map offset o lies in a function's body, or in the declaration of
 * a tracked global view of namespace scope (rw_walk_globals walks it). */
static bool rewritten_at(R *r, unsigned o) {
  unsigned b, e;
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor body = clang_isCursorDefinition(r->funcs.v[f]) ? kd_function_body(r->funcs.v[f]) : clang_getNullCursor();
    if (!clang_Cursor_isNull(body) && rw_range_of(r, body, &b, &e) && b <= o && o < e)
      return true;
  }
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *g = r->fl.vars[i];
    if (g->global && rw_is_view(r, g) && namespace_scope(g->decl) && rw_range_of(r, g->decl, &b, &e) && b <= o &&
        o < e)
      return true;
  }
  return false;
}

static void check_global_uses(R *r, Var *v) {
  Named nm = {.name = v->name, .key = v->key, .r = r};
  clang_visitChildren(clang_getTranslationUnitCursor(r->src->tu), collect_named, &nm);
  if (nm.redecls.n > 0)
    rw_set_bad_loc(r, v->rs, kd_filemap_location(r->map, r->src->tu, nm.redecls.v[0]),
                   "global '%s' holds its device data and is declared again (`extern` in a function), as a "
                   "pointer", v->name);
  for (int i = 0; i < nm.refs.n && !r->rs[v->rs].bad; i++)
    if (!rewritten_at(r, nm.refs.v[i]))
      rw_set_bad_loc(r, v->rs, kd_filemap_location(r->map, r->src->tu, nm.refs.v[i]),
                     "global '%s' holds its device data and is named outside any function (an initialiser of "
                     "namespace scope, a default member initialiser), where the rewriter does not follow it",
                     v->name);
  if (nm.offs.n > 1)
    qsort(nm.offs.v, (size_t)nm.offs.n, sizeof *nm.offs.v, rw_cmp_unsigned);
  const Ident *id = rw_ident(r, v->name);  // every token of its name in the mapped files
  size_t nl = strlen(v->name);
  for (int t = 0; id && t < id->offs.n && !r->rs[v->rs].bad; t++) {
    unsigned off = id->offs.v[t], at;
    if (!rw_word_at(r, off, v->name, nl) ||
        (nm.offs.n && bsearch(&off, nm.offs.v, (size_t)nm.offs.n, sizeof *nm.offs.v, rw_cmp_unsigned)))
      continue;
    CXSourceLocation l = kd_filemap_location(r->map, r->src->tu, off);
    if (rw_config_branch(r, l, &at))
      rw_add_branch_guard(r, v->rs, at, l, v->name);
    else
      rw_set_bad_loc(r, v->rs, l,
                     "global '%s' holds its device data, and this '%s' is not a use of it the parser shows (a "
                     "macro's definition, a branch of #if that the preprocessor skips on the host side), which "
                     "would stay unrewritten",
                     v->name, v->name);
  }
  free(nm.offs.v);
  free(nm.refs.v);
  free(nm.redecls.v);
}

void rw_check_globals(R *r) {
  for (int i = 0; i < r->fl.nvars && r->fl.nglobals > 0; i++) {
    Var *v = r->fl.vars[i];
    if (v->global && rw_var_live(v) && r->fl.vars[rw_uf_find(r, i)]->seed && !r->rs[v->rs].bad)
      check_global_uses(r, v);
  }
}

/* A tracked global view with external linkage keeps its name in this
 * file but not its symbol: another translation unit that declares it
 * `extern` would read the view as a pointer, and a variable's mangled name
 * does not carry its type, so nothing would fail to link.  The declaration
 * gets a symbol of its own (a GNU asm label: `kdlg_view_` and the
 * variable's qualified name, each part after its length, `1a1g` for a::g,
 * as Itanium mangling does, so that two names never share one), and such a
 * unit fails to link instead (kdlg-opt says so: rw_print_global_symbols).
 * Appends it to the edit being written. */
static void global_symbol(const Var *v, char *out, size_t n) {
  char qual[1024] = "";
  for (CXCursor p = clang_getCursorSemanticParent(v->decl); clang_getCursorKind(p) == CXCursor_Namespace;
       p = clang_getCursorSemanticParent(p)) {
    char ns[256], tmp[1024];
    rw_spell(p, ns, sizeof ns);
    snprintf(tmp, sizeof tmp, "%zu%s%s", strlen(ns), ns, qual);
    snprintf(qual, sizeof qual, "%s", tmp);
  }
  snprintf(out, n, "kdlg_view_%s%zu%s", qual, strlen(v->name), v->name);
}

void rw_edit_global_symbol(R *r, const Var *v) {
  if (!v->global || clang_getCursorLinkage(v->decl) != CXLinkage_External)
    return;
  char sym[1400];
  global_symbol(v, sym, sizeof sym);
  kd_edit_text(r->cur.E, " __asm__(\"%s\")", sym);
}

void rw_print_global_symbols(R *r) {
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    if (!v->global || !rw_is_view(r, v) || !rw_rewritten(&r->rs[v->rs]) || !namespace_scope(v->decl) ||
        clang_getCursorLinkage(v->decl) != CXLinkage_External)
      continue;
    char sym[1400];
    global_symbol(v, sym, sizeof sym);
    kd_remark_at(r->rem, clang_getCursorLocation(v->decl), r->src->path, "global-symbol",
                 "global '%s' holds a view of struct '%s' and has external linkage: its symbol is now '%s', so a "
                 "translation unit that declares it as a pointer fails to link (give that file too, or make it "
                 "static)",
                 v->name, r->rs[v->rs].sp->name, sym);
  }
}
