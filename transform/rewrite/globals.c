/* globals.c: host pointer variables of namespace scope and static locals
 * (Var.global).  One that device data flows into is a view like a local
 * (`Point_Struct *p_d;` at file scope, as Rodinia-style programs keep their
 * device arrays): its declaration becomes `kdlg_view_S p_d` (a `static`
 * kept), every use is rewritten as a local's.  What could reach it unseen
 * keeps its struct AoS: a declaration the rewriter cannot rewrite alone
 * (rw_global_why), a word of its name that the parser does not show as one
 * (a macro, a branch of #if: check_global_uses; a branch the configuration
 * leaves out gets branches.c's #error), and, with external linkage, another
 * source of the project that names it (another translation unit could
 * read the view as a pointer: KdRewriteOptions.outside_names). */
#include "rewriteInt.h"

/* Why the global or static pointer variable c (namespace scope, a static
 * local or a static member) is not tracked, or NULL.  A tracked one is a
 * variable like a local: a view where device data flows into it, its
 * declaration rewritten (rw_walk_globals), every use checked (legality.c's
 * check_global_uses) and, with external linkage, not named by the
 * project's other sources (check_global_linkage). */
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
static bool after_block(R *r, int rs, unsigned o) {
  int fs = file_of(r, r->rs[rs].insert_at), fo = file_of(r, o);
  if (fs < 0 || fo < 0)
    return false;
  if (fs == fo)
    return o >= r->rs[rs].insert_at;
  return fo == 0 && r->map->files[fs].include_end <= o;
}

const char *rw_global_why(R *r, CXCursor c) {
  if (!r->cuda)
    return "a program-scope or static pointer variable is not tracked (OpenCL)";
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(c));
  if (pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl || pk == CXCursor_ClassTemplate)
    return "a static data member holding a pointer to it is not tracked";
  if (clang_Cursor_getStorageClass(c) == CX_SC_Extern)
    return "a global pointer variable is declared extern (its definition and uses may be elsewhere)";
  if (clang_getCursorTLSKind(c) != CXTLS_None)
    return "a thread_local pointer variable is not tracked";
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
  if (pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace && pk != CXCursor_LinkageSpec)
    return NULL;  // (a static local: its declaration statement is split like a local's)
  unsigned b, e, ne;
  if (!rw_range_of(r, c, &b, &e) || !rw_name_end(r, c, &ne))
    return "a global pointer variable is declared inside a macro";
  int rs = rw_rs_of_pointer(r, clang_getCursorType(c));
  if (rs >= 0 && !after_block(r, rs, b))
    return "a global pointer variable is declared before the struct's definition, or in another header (the view "
           "type is declared after the definition)";
  for (unsigned k = b; k < ne; k++)
    if (r->text[k] == ',')
      return "a global pointer variable is declared together with other variables (`S *a, *b;`)";
  if (!rw_declarator_end(r, b, ne, &ne))
    return "a global pointer variable's declarator has parentheses the rewriter does not read";
  unsigned k = rw_skip_blanks(r, e);  // (e: the end of its initialiser, or of its name)
  if (k < r->len && r->text[k] == ',')
    return "a global pointer variable is declared together with other variables (`S *a, *b;`)";
  return NULL;
}

/* The declarations of tracked global variables of namespace scope that are
 * views (Var.global; a static local's is in its function's body). */
void rw_walk_globals(R *r) {
  if (r->fl.nglobals == 0)
    return;
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(v->decl));
    if (v->global && rw_is_view(r, v) &&
        (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec))
      rw_walk_vardecl(r, rw_node_of(r, v->decl), false);
  }
}

/* Every word of a tracked global view's name in the mapped files must be a
 * name the parser shows (its declaration, references, another entity of
 * that name anywhere); see the file comment. */
typedef struct Named {
  const char *name;
  KD_VEC(unsigned) offs;
  R *r;
} Named;

static enum CXChildVisitResult collect_named(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Named *nm = data;
  unsigned off;
  if (!rw_in_files(nm->r, clang_getCursorLocation(c), &off))
    return CXChildVisit_Continue;  // (a system or toolkit header: nothing of the user's below)
  CXString sp = clang_getCursorSpelling(c);
  if (clang_getCString(sp) && !strcmp(clang_getCString(sp), nm->name))
    kd_vec_push(&nm->offs, off);
  clang_disposeString(sp);
  return CXChildVisit_Recurse;
}

static int cmp_unsigned(const void *x, const void *y) {
  unsigned a = *(const unsigned *)x, b = *(const unsigned *)y;
  return a < b ? -1 : a > b;
}

static void check_global_uses(R *r, Var *v) {
  Named nm = {.name = v->name, .r = r};
  clang_visitChildren(clang_getTranslationUnitCursor(r->src->tu), collect_named, &nm);
  if (nm.offs.n > 1)
    qsort(nm.offs.v, (size_t)nm.offs.n, sizeof *nm.offs.v, cmp_unsigned);
  size_t nl = strlen(v->name);
  for (int i = 0; i < r->map->nfiles && !r->rs[v->rs].bad; i++) {
    const KdMappedFile *mf = &r->map->files[i];
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(r->src->tu,
                   clang_getRange(clang_getLocationForOffset(r->src->tu, mf->file, 0),
                                  clang_getLocationForOffset(r->src->tu, mf->file, mf->len)),
                   &toks, &nt);
    for (unsigned t = 0; t < nt && !r->rs[v->rs].bad; t++) {
      CXSourceLocation l = clang_getTokenLocation(r->src->tu, toks[t]);
      unsigned off, at;
      if (clang_getTokenKind(toks[t]) != CXToken_Identifier || !rw_in_files(r, l, &off) ||
          !rw_word_at(r, off, v->name, nl) ||
          (nm.offs.n && bsearch(&off, nm.offs.v, (size_t)nm.offs.n, sizeof *nm.offs.v, cmp_unsigned)))
        continue;
      if (rw_config_branch(r, l, &at))
        rw_add_branch_guard(r, v->rs, at, l, v->name);
      else
        rw_set_bad_loc(r, v->rs, l,
                       "global '%s' holds its device data, and this '%s' is not a use of it the parser shows (a "
                       "macro's definition, a branch of #if that the preprocessor skips on the host side), which "
                       "would stay unrewritten",
                       v->name, v->name);
    }
    clang_disposeTokens(r->src->tu, toks, nt);
  }
  free(nm.offs.v);
}

/* A tracked global view with external linkage: another translation unit
 * could declare it extern and read it as a pointer (a variable's mangled
 * name does not carry its type, so nothing would fail to link); another
 * file of the project (another input too) that spells its name keeps the
 * struct AoS, and so does no way to look (KdRewriteOptions.outside_names
 * NULL). */
static void check_global_linkage(R *r, Var *v) {
  if (clang_getCursorLinkage(v->decl) != CXLinkage_External)
    return;
  if (!r->opt->outside_names) {
    rw_set_bad(r, v->rs, v->decl, "global '%s' holds its device data and has external linkage (another file "
               "could use it)", v->name);
    return;
  }
  const char **skip = kd_xcalloc((size_t)r->map->nfiles + 1, sizeof(char *));
  for (int i = 0; i < r->map->nfiles; i++)
    skip[i] = r->map->files[i].real;
  char file[4096];
  if (r->opt->outside_names(r->opt->outside_ctx, v->name, skip, r->map->nfiles, file, sizeof file))
    rw_set_bad(r, v->rs, v->decl,
               "global '%s' holds its device data and has external linkage, and '%s', another file of the "
               "project, names it (another translation unit could read the view as a pointer): make it static",
               v->name, file);
  free(skip);
}

void rw_check_globals(R *r) {
  for (int i = 0; i < r->fl.nvars && r->fl.nglobals > 0; i++) {
    Var *v = r->fl.vars[i];
    if (!v->global || !rw_var_live(v) || !r->fl.vars[rw_uf_find(r, i)]->seed || r->rs[v->rs].bad)
      continue;
    check_global_linkage(r, v);
    if (!r->rs[v->rs].bad)
      check_global_uses(r, v);
  }
}
