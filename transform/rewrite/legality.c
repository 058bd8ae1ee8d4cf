/* legality.c: after pass 1, what keeps a struct in AoS before any edit is
 * made (rw_resolve): a component that holds device data and a pointer from
 * elsewhere, a cudaLaunchKernel argument array used otherwise, a kernel with
 * view parameters that the file does not launch, clones that cannot be
 * written (clones.c), a view variable named where the parser does not see
 * it; and a function receiving views named in a global's initialiser
 * (rw_check_global_refs).  Each with a remark at the place. */
#include "rewriteInt.h"

/* Remarks look at variables in the order of the file (globals, parameters,
 * locals), whatever order pass 1 met them in. */
static int cmp_report(const void *x, const void *y) {
  const Var *a = *(Var *const *)x, *b = *(Var *const *)y;
  if (a->tier != b->tier)
    return a->tier - b->tier;
  if (a->key.offset != b->key.offset)
    return a->key.offset < b->key.offset ? -1 : 1;
  return a->inst - b->inst;
}

typedef KD_VEC(unsigned) Offsets;

int rw_cmp_unsigned(const void *x, const void *y) {
  unsigned a = *(const unsigned *)x, b = *(const unsigned *)y;
  return a < b ? -1 : a > b;
}

/* Whether offset o of the main file starts the word `name` (nl bytes) used
 * as a name of its own: not after `.`, `->` or `::`. */
bool rw_word_at(R *r, unsigned o, const char *name, size_t nl) {
  if (o + nl > r->len || memcmp(r->text + o, name, nl) || (o > 0 && rw_is_ident_char(r->text[o - 1])) ||
      (o + nl < r->len && rw_is_ident_char(r->text[o + nl])))
    return false;
  unsigned j = o;
  while (j > 0 && (r->text[j - 1] == ' ' || r->text[j - 1] == '\t' || r->text[j - 1] == '\n'))
    j--;
  return !(j > 0 && (r->text[j - 1] == '.' || (j > 1 && r->text[j - 1] == '>' && r->text[j - 2] == '-') ||
                     (j > 1 && r->text[j - 1] == ':' && r->text[j - 2] == ':')));
}

/* The main-file offsets (a macro argument's at the argument) of the names
 * below n that are spelled `name`: references, declarations, type and label
 * references, whatever entity they name. */
static void name_offsets(R *r, KdNode *n, const char *name, size_t nl, Offsets *out) {
  for (int i = 0; i < n->nkids; i++) {
    KdNode *c = n->kids[i];
    enum CXCursorKind kind = c->c.kind;
    unsigned off;
    if ((kind == CXCursor_DeclRefExpr || kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl ||
         kind == CXCursor_TypeRef || kind == CXCursor_LabelRef || kind == CXCursor_LabelStmt ||
         kind == CXCursor_OverloadedDeclRef || kind == CXCursor_FieldDecl || kind == CXCursor_TemplateRef ||
         kind == CXCursor_NamespaceRef) &&
        rw_in_files(r, clang_getCursorLocation(c->c), &off) && rw_word_at(r, off, name, nl))
      kd_vec_push(out, off);
    name_offsets(r, c, name, nl, out);
  }
}

/* Number of words `name` in the main file's [b, e) (word_at). */
static int count_words(R *r, unsigned b, unsigned e, const char *name, size_t nl) {
  int n = 0;
  for (unsigned o = b; o + nl <= e;) {
    const char *hit = memchr(r->text + o, name[0], e - nl + 1 - o);
    if (!hit)
      break;
    o = (unsigned)(hit - r->text);
    n += rw_word_at(r, o, name, nl);
    o++;
  }
  return n;
}

/* A view variable named in its function where the parser does not see it: in
 * a branch of #if / #ifdef the preprocessor skipped (the host side parses
 * without __CUDA_ARCH__) or in a macro argument the macro drops (the device
 * branch of NV_IF_TARGET).  That text would stay unrewritten and not compile
 * (or mean something else), so the struct keeps AoS, with a remark at the
 * word.  A word of the function body spelled like the variable (not after
 * `.`, `->`, `::`) that no name in the function's tree (a reference or a
 * declaration of any entity so spelled: another variable of the name in a
 * sibling scope is no hidden use) is at is such a use.  Only where the body
 * has more such words than the tree has names is it tokenized, so that
 * comments and literals do not count. */
static void check_hidden_uses(R *r) {
  Offsets seen = {0};
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    if (!rw_var_live(v) || !r->fl.vars[rw_uf_find(r, i)]->seed || r->rs[v->rs].bad)
      continue;
    CXCursor fn = clang_getCursorSemanticParent(v->decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate &&
        fk != CXCursor_Constructor && fk != CXCursor_Destructor && fk != CXCursor_ConversionFunction)
      continue;  // a global: no body to look into
    CXCursor body = kd_function_body(fn);
    if (clang_Cursor_isNull(body))
      continue;
    KdNode *bn = rw_node_of(r, body);
    unsigned b, e, off;
    if (!rw_node_range(r, bn, &b, &e))
      continue;
    const char *name = v->name;
    size_t nl = strlen(name);
    if (!nl)
      continue;
    for (unsigned k = b; k + 8 < e; k++)  // (a file included in the body: its text is not looked at)
      if (r->text[k] == '#' && rw_line_start(r, k) && !strncmp(r->text + rw_skip_blanks(r, k + 1), "include", 7)) {
        rw_set_bad_loc(r, v->rs, kd_filemap_location(r->map, r->src->tu, k),
                       "the body of the function that uses '%s' includes a file, whose text the rewriter does not "
                       "check for uses the parser does not see",
                       name);
        break;
      }
    if (r->rs[v->rs].bad)
      continue;
    int words = count_words(r, b, e, name, nl);
    seen.n = 0;
    name_offsets(r, bn, name, nl, &seen);
    if (seen.n > 1)  // (none yet: seen.v may be NULL)
      qsort(seen.v, (size_t)seen.n, sizeof *seen.v, rw_cmp_unsigned);
    int named = 0;
    for (int a = 0; a < seen.n; a++)
      named += (a == 0 || seen.v[a] != seen.v[a - 1]) && seen.v[a] >= b && seen.v[a] < e;
    if (words <= named)
      continue;
    // tokens decide: comments, strings and character literals do not count
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(r->src->tu, clang_getCursorExtent(body), &toks, &nt);
    for (unsigned t = 0; t < nt; t++) {
      CXSourceLocation l = clang_getTokenLocation(r->src->tu, toks[t]);
      if (clang_getTokenKind(toks[t]) != CXToken_Identifier || !rw_in_files(r, l, &off) || off < b || off >= e ||
          !rw_word_at(r, off, name, nl) || (seen.n && bsearch(&off, seen.v, (size_t)seen.n, sizeof *seen.v, rw_cmp_unsigned)))
        continue;
      unsigned at;
      if (rw_config_branch(r, l, &at)) {  // (branches.c: an #error line there, and a warning)
        rw_add_branch_guard(r, v->rs, at, l, name);
        continue;
      }
      rw_set_bad_loc(r, v->rs, l,
                     "'%s' is used where the parser does not see it (in a branch of #if that the preprocessor skips "
                     "on the host side, or in a macro argument that the macro drops, such as NV_IF_TARGET's other "
                     "branch), which would stay unrewritten",
                     name);
      break;
    }
    clang_disposeTokens(r->src->tu, toks, nt);
  }
  free(seen.v);
}

/* Whether token t spells s. */
static bool token_is(R *r, CXToken t, const char *s) {
  CXString sp = clang_getTokenSpelling(r->src->tu, t);
  bool is = !strcmp(clang_getCString(sp), s);
  clang_disposeString(sp);
  return is;
}

static void read_idents(R *r);

/* Whether map offset o lies in the part of a view variable's declaration
 * that its rewrite replaces (from its start to its name). */
static bool in_view_declaration(R *r, unsigned o) {
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    unsigned b, e, ne;
    if (!v->ret && rw_var_live(v) && rw_is_view(r, v) && rw_range_of(r, v->decl, &b, &e) && rw_name_end(r, v->decl, &ne) &&
        b <= o && o < ne)
      return true;
  }
  return false;
}

const char *const rw_typeof_words[] = {"decltype", "__decltype", "__typeof__", "__typeof", "typeof", NULL};

/* Whether token t is `decltype` or one of GNU's `typeof` keywords. */
static bool is_typeof_keyword(R *r, CXToken t) {
  if (clang_getTokenKind(t) != CXToken_Keyword && clang_getTokenKind(t) != CXToken_Identifier)
    return false;
  bool is = false;
  for (int i = 0; rw_typeof_words[i] && !is; i++)
    is = token_is(r, t, rw_typeof_words[i]);
  return is;
}

static bool in_directive(R *r, unsigned o);

/* Whether [b, e) of the mapped text spells `name` as a word. */
static bool spells_word(R *r, unsigned b, unsigned e, const char *name) {
  size_t nl = strlen(name);
  for (unsigned o = b; o + nl <= e; o++)
    if (rw_word_at(r, o, name, nl))
      return true;
  return false;
}

/* The name of the macro whose #define line holds map offset o, into name
 * (RW_MAX_IDENT + 1 bytes), and its offset; false if that line is no
 * #define of a name. */
static bool defined_macro(R *r, unsigned o, char *name, unsigned *at) {
  unsigned ls = rw_logical_line_start(r, o), le = rw_logical_line_end(r, o);
  unsigned d = rw_skip_blanks(r, ls + 1);
  if (r->text[ls] != '#' || strncmp(r->text + d, "define", 6) != 0 || rw_is_ident_char(r->text[d + 6]))
    return false;
  unsigned b = rw_skip_blanks(r, d + 6), e = b;
  while (e < le && rw_is_ident_char(r->text[e]))
    e++;
  if (e == b || e - b > RW_MAX_IDENT)
    return false;
  memcpy(name, r->text + b, e - b);
  name[e - b] = '\0';
  *at = b;
  return true;
}

/* Whether view variable `vname` may reach what macro `name` (defined at
 * map offset def) is given: its definition spells the name, or one of its
 * uses does in its arguments, or a use's arguments cannot be told (not
 * followed by `(`, parentheses the scan does not match, a quote inside
 * them); a use in another macro's definition makes that macro one to ask
 * in turn (depth: how many deep). */
static bool macro_given(R *r, const char *name, unsigned def, const char *vname, int depth) {
  if (depth > 8 || spells_word(r, rw_logical_line_start(r, def), rw_logical_line_end(r, def), vname))
    return true;
  const Ident *id = rw_ident(r, name);
  size_t nl = strlen(name);
  for (int u = 0; id && u < id->offs.n; u++) {
    unsigned use = id->offs.v[u];
    if (use == def)
      continue;
    if (in_directive(r, use)) {  // in another macro's definition: what that one is given
      char outer[RW_MAX_IDENT + 1];
      unsigned odef;
      if (!defined_macro(r, use, outer, &odef) || odef == use || macro_given(r, outer, odef, vname, depth + 1))
        return true;
      continue;
    }
    unsigned p = rw_skip_blanks(r, use + (unsigned)nl);
    unsigned q;
    if (p >= r->len || r->text[p] != '(' || !rw_matching_paren(r, p, r->len, &q) || spells_word(r, p, q, vname))
      return true;
  }
  return false;
}

/* Whether view variable v may reach the operand of a decltype or typeof
 * spelled in a macro's definition (r->decltype_macros; *at: that keyword):
 * macro_given of that macro.  A member function's clone (whose view,
 * `this`, is not spelled) counts as reached.  Words decide, whichever
 * entity they name: conservative.  (HeCBench chemv's `ppcg_min(x, y) ({
 * __typeof__(x) _x = (x); ... })`, used on loop bounds.) */
static bool macro_typeof_reaches(R *r, const Var *v, unsigned *at) {
  for (int k = 0; k < r->decltype_macros.n; k++) {
    *at = r->decltype_macros.v[k];
    char name[RW_MAX_IDENT + 1];
    unsigned def;
    if (!*v->name || !strncmp(v->name, "kdlg_", 5) || !defined_macro(r, *at, name, &def) ||
        macro_given(r, name, def, v->name, 0))
      return true;
  }
  return false;
}

/* decltype gives the declared type of a field access (`decltype(p[i].x)`
 * is float) but a reference for the accessor call it is rewritten into
 * (`decltype((*kdlg_P_f_x(p, (i))))` is float &), so a variable of that
 * type would alias the element instead of copying it; `decltype(auto)`
 * deduces the same reference from a rewritten initialiser or return value.
 * A view variable named inside a decltype's parentheses, or a
 * decltype(auto) in a function that has a view variable, keeps the struct
 * AoS (the tokens of the function decide: comments do not count). */
static void check_decltype(R *r) {
  read_idents(r);
  for (int i = 0; i < r->fl.nvars && r->decltypes > 0; i++) {
    Var *v = r->fl.vars[i];
    if (!rw_var_live(v) || !r->fl.vars[rw_uf_find(r, i)]->seed || r->rs[v->rs].bad || !*v->name)
      continue;
    unsigned mat;
    if (macro_typeof_reaches(r, v, &mat)) {
      rw_set_bad_loc(r, v->rs, kd_filemap_location(r->map, r->src->tu, mat),
                     "a macro's definition spells decltype or typeof, and '%s' may reach its operand where the macro "
                     "is used (the rewriter does not rewrite a decltype's operand)",
                     v->name);
      continue;
    }
    CXCursor fn = clang_getCursorSemanticParent(v->decl);
    unsigned b, e;
    CXSourceRange x = clang_getCursorExtent(fn);  // (where it starts with `__global__`, a macro's expansion)
    if (!clang_isDeclaration(clang_getCursorKind(fn)) || clang_getCursorKind(fn) == CXCursor_TranslationUnit ||
        !rw_in_files(r, clang_getRangeStart(x), &b) || !rw_in_files(r, clang_getRangeEnd(x), &e) || e <= b)
      continue;
    CXToken *toks = NULL;  // (fn may be the other side's cursor: its range in this parse's terms)
    unsigned nt = 0;
    clang_tokenize(r->src->tu,
                   clang_getRange(kd_filemap_location(r->map, r->src->tu, b), kd_filemap_location(r->map, r->src->tu, e)),
                   &toks, &nt);
    for (unsigned t = 0; t + 1 < nt && !r->rs[v->rs].bad; t++) {
      if (!is_typeof_keyword(r, toks[t]) || !token_is(r, toks[t + 1], "("))
        continue;
      bool is_auto = t + 3 < nt && token_is(r, toks[t + 2], "auto") && token_is(r, toks[t + 3], ")");
      bool named = false;
      for (unsigned u = t + 2, depth = 1; u < nt && depth > 0 && !named; u++) {
        depth += token_is(r, toks[u], "(") ? 1 : token_is(r, toks[u], ")") ? -1u : 0;
        named = clang_getTokenKind(toks[u]) == CXToken_Identifier && token_is(r, toks[u], v->name);
      }
      // `decltype(r)` alone is the variable's declared type (a pointer or a reference, a view of its own
      // after the rewrite): the declaration of another view may spell it (`decltype(r) e = d;`), which is
      // replaced up to the name; anywhere else its type changes (`std::is_same_v<decltype(p), P *>`)
      unsigned off;
      if (named && t + 3 < nt && token_is(r, toks[t + 2], v->name) && token_is(r, toks[t + 3], ")") &&
          rw_in_files(r, clang_getTokenLocation(r->src->tu, toks[t]), &off) && in_view_declaration(r, off))
        named = false;
      if (is_auto || named)
        rw_set_bad_loc(r, v->rs, clang_getTokenLocation(r->src->tu, toks[t]),
                       is_auto ? "decltype(auto) is used where '%s' is a view: it would deduce a reference to the "
                                 "new layout's field where the original deduces a copy"
                               : "'%s' is named in a decltype or typeof, whose operand the rewriter does not "
                                 "rewrite (and whose type, for an access, would become a reference to the new "
                                 "layout's field)",
                       v->name);
    }
    clang_disposeTokens(r->src->tu, toks, nt);
  }
}

/* Whether offset o is on a (logical) line that starts with '#' (a
 * preprocessor directive: a macro's definition, its continuation lines
 * too). */
static bool in_directive(R *r, unsigned o) {
  return r->text[rw_logical_line_start(r, o)] == '#';
}

/* The explicit instantiations (and `extern template` declarations) among
 * one mapped file's tokens: keyword `template` not followed by `<` and not
 * after `.`, `->` or `::` (`p.template f<T>()`), up to the `;` that ends it
 * (r->expl).  libclang does not show them as cursors. */
static void read_explicit_instantiations(R *r, CXToken *toks, unsigned nt) {
  for (unsigned t = 0; t + 1 < nt; t++) {
    if (clang_getTokenKind(toks[t]) != CXToken_Keyword || !token_is(r, toks[t], "template") ||
        token_is(r, toks[t + 1], "<"))
      continue;
    if (t > 0 && (token_is(r, toks[t - 1], ".") || token_is(r, toks[t - 1], "->") || token_is(r, toks[t - 1], "::")))
      continue;
    unsigned e = t + 1;
    while (e < nt && !token_is(r, toks[e], ";"))
      e++;
    unsigned b_off, e_off;
    if (!rw_in_files(r, clang_getTokenLocation(r->src->tu, toks[t]), &b_off) ||
        !rw_in_files(r, clang_getTokenLocation(r->src->tu, toks[e < nt ? e : nt - 1]), &e_off))
      continue;
    // in a macro's definition the names are its parameters: it may instantiate any
    if (in_directive(r, b_off) && !r->expl_any_set) {
      r->expl_any_set = true;
      r->expl_any = b_off;
    }
    kd_vec_push(&r->expl, b_off);
    kd_vec_push(&r->expl, e_off);
    t = e;
  }
}

/* The identifier tokens of one mapped file, each with its first offset. */
static void read_file_idents(R *r, const KdMappedFile *mf) {
  CXTranslationUnit tu = r->src->tu;
  CXSourceRange all = clang_getRange(clang_getLocationForOffset(tu, mf->file, 0),
                                     clang_getLocationForOffset(tu, mf->file, mf->len));
  CXToken *toks = NULL;
  unsigned nt = 0;
  clang_tokenize(tu, all, &toks, &nt);
  read_explicit_instantiations(r, toks, nt);
  bool after_define = false;
  for (unsigned t = 0; t < nt; t++) {
    unsigned off;
    if (is_typeof_keyword(r, toks[t]) && rw_in_files(r, clang_getTokenLocation(tu, toks[t]), &off)) {
      r->decltypes++;
      if (in_directive(r, off))
        kd_vec_push(&r->decltype_macros, off);
    }
    if (clang_getTokenKind(toks[t]) != CXToken_Identifier) {
      after_define = false;
      continue;
    }
    CXString sp = clang_getTokenSpelling(tu, toks[t]);
    const char *name = clang_getCString(sp);
    if (name && rw_in_files(r, clang_getTokenLocation(tu, toks[t]), &off)) {
      if (after_define && !strcmp(name, "KDLG_FN"))
        r->prelude_defined = true;
      Ident *id;
      HASH_FIND_STR(r->idents, name, id);
      if (!id) {
        id = kd_xcalloc(1, sizeof *id);
        id->name = kd_xstrdup(name);
        id->off = off;
        HASH_ADD_KEYPTR(hh, r->idents, id->name, strlen(id->name), id);
      }
      kd_vec_push(&id->offs, off);
    }
    after_define = name && !strcmp(name, "define");
    clang_disposeString(sp);
  }
  clang_disposeTokens(tu, toks, nt);
}

/* The mapped files' identifier tokens, each with its first offset (once). */
static void read_idents(R *r) {
  if (r->idents_read)
    return;
  r->idents_read = true;
  for (int i = 0; i < r->map->nfiles; i++)
    read_file_idents(r, &r->map->files[i]);
}

/* Whether the main file spells identifier `name` anywhere (a declaration, a
 * use, a macro; comments and literals do not count). */
bool rw_file_spells(R *r, const char *name) { return rw_ident(r, name) != NULL; }

const Ident *rw_ident(R *r, const char *name) {
  read_idents(r);
  Ident *id;
  HASH_FIND_STR(r->idents, name, id);
  return id;
}

/* Whether an explicit instantiation (or `extern template`) of the mapped
 * files names `name`; *at: where the first such one starts. */
bool rw_explicit_instantiation(R *r, const char *name, unsigned *at) {
  read_idents(r);
  if (r->expl_any_set) {
    *at = r->expl_any;
    return true;
  }
  for (int i = 0; i + 1 < r->expl.n; i += 2)
    if (rw_has_word(r, r->expl.v[i], r->expl.v[i + 1], name)) {
      *at = r->expl.v[i];
      return true;
    }
  return false;
}

void rw_free_idents(R *r) {
  free(r->expl.v);
  free(r->decltype_macros.v);
  Ident *id, *tmp;
  HASH_ITER(hh, r->idents, id, tmp) {
    HASH_DEL(r->idents, id);
    free(id->offs.v);
    free(id->name);
    free(id);
  }
}

/* Names the generated code would share with the user's (issue 21), and
 * names too long for the rewriter's buffers (RW_MAX_IDENT): the
 * prelude's macros and type (KDLG_FN, KDLG_GLOBAL, kdlg_index: spelled in
 * the file other than by an earlier output's own prelude), a struct's
 * generated names (kdlg_view_S, kdlg_S_..., KDLG_S_...) already spelled in
 * the file, and a field spelled like a KDLG_ macro (`s.KDLG_GLOBAL` in the
 * generated load would lose its name to the macro).  The struct keeps AoS. */
void rw_check_names(R *r) {
  read_idents(r);
  static const char *const prelude[] = {"KDLG_FN", "KDLG_GLOBAL", "kdlg_index"};
  // the rewriter spells names into buffers of 128 bytes and more (a variable's,
  // a struct's tag): a longer one would be cut short
  Ident *id, *tmp;
  HASH_ITER(hh, r->idents, id, tmp) {
    size_t n = strlen(id->name);
    if (n <= RW_MAX_IDENT)
      continue;
    for (int i = 0; i < r->nrs; i++)
      if (!r->rs[i].bad && r->rs[i].changes)
        rw_set_bad_loc(r, i, kd_filemap_location(r->map, r->src->tu, id->off),
                       "the file spells an identifier of %zu characters; the rewriter handles up to %d", n,
                       RW_MAX_IDENT);
    break;
  }
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    if (S->bad || !S->changes)
      continue;
    for (uint32_t f = 0; f < S->L->nfields && !S->bad; f++)
      if (!strncmp(S->L->fields[f].name, "KDLG_", 5))
        rw_set_bad(r, i, S->decl, "field '%s' is spelled like the macros the generated code defines (KDLG_...)",
                   S->L->fields[f].name);
    char view[300], low[300], up[300];
    snprintf(view, sizeof view, "kdlg_view_%s", S->tag);
    snprintf(low, sizeof low, "kdlg_%s_", S->tag);
    snprintf(up, sizeof up, "KDLG_%s_", S->tag);
    HASH_ITER(hh, r->idents, id, tmp) {
      if (S->bad)
        break;
      bool clash = !strcmp(id->name, view) || !strncmp(id->name, low, strlen(low)) || !strncmp(id->name, up, strlen(up));
      for (int k = 0; k < 3 && !r->prelude_defined; k++)
        clash |= !strcmp(id->name, prelude[k]);
      if (clash)
        rw_set_bad_loc(r, i, kd_filemap_location(r->map, r->src->tu, id->off),
                       "the file already spells '%s', a name the generated code declares", id->name);
    }
  }
}

/* Views and opaque pointers in one component: that struct keeps AoS. */
/* A function template is rewritten in place, its text standing for every
 * instantiation (kd_function_template_plain).  An explicit instantiation
 * (`template __global__ void k<4>(S *, int);`) spells the parameter types
 * again where libclang shows no cursor: where one names a template whose
 * parameter becomes a view, that struct keeps AoS. */
static void check_templates(R *r) {
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate || !clang_isCursorDefinition(fn))
      continue;
    int np = kd_function_nparams(fn);
    for (int i = 0; i < np; i++) {
      Var *v = rw_var_find(r, kd_function_param(fn, (unsigned)i));
      char name[256];
      rw_spell(fn, name, sizeof name);
      unsigned at;
      if (rw_is_view(r, v) && rw_explicit_instantiation(r, name, &at))
        rw_set_bad_loc(r, v->rs, kd_filemap_location(r->map, r->src->tu, at),
                       "function template '%s' takes it and is explicitly instantiated (an explicit instantiation "
                       "spells the parameter types again, and the rewriter does not rewrite it)",
                       name);
    }
  }
}

/* Whether the kernel whose parameter v is is launched in this file, or by
 * another input with device data (rw_extern_any). */
static bool kernel_launched(R *r, const Var *v) {
  CXCursor fn = clang_getCursorSemanticParent(v->decl);
  DeclKey k = decl_key(fn);
  Launched *l;
  HASH_FIND(hh, r->fl.launched, &k, sizeof k, l);
  return l || rw_extern_any(r, fn);
}

void rw_resolve(R *r) {
  rw_close_moves(r);
  // CUDA: a kernel that no input launches gives its parameters no device data (dead code, or launched by
  // a file kdlg-opt is not given, with device data of its own, in AoS): they stay pointers unless another
  // seed's data reaches them (then the check below keeps the struct AoS)
  for (int i = 0; r->cuda && i < r->fl.nvars; i++) {
    Var *v = r->fl.vars[i];
    if (v->kernel_param && !kernel_launched(r, v)) {
      v->seed = false;
      r->fl.cdirty = true;
    }
  }
  // a launch argument array used in any other way: the addresses in it escape
  LaunchArray *a, *at;
  HASH_ITER(hh, r->fl.arrays, a, at) {
    if (a->launch_refs == 0 || a->refs == a->launch_refs)
      continue;
    KdNode *il = rw_init_list_of(r, a->decl);
    for (int i = 0; il && i < il->nkids; i++) {
      Var *v = rw_address_of_var(r, il->kids[i]);
      for (; v; v = v->twin)  // both instances of a cloneable function's variable
        rw_set_opaque(r, v, il->kids[i]->c,
                    "the cudaLaunchKernel argument array holding its address is also used elsewhere");
    }
  }
  Var **order = kd_xmalloc(((size_t)r->fl.nvars + 1) * sizeof(Var *));
  if (r->fl.nvars > 0) {  // (none: r->fl.vars may be NULL, which memcpy must not be given)
    memcpy(order, r->fl.vars, (size_t)r->fl.nvars * sizeof(Var *));
    qsort(order, (size_t)r->fl.nvars, sizeof(Var *), cmp_report);
  }
  for (int i = 0; i < r->fl.nvars; i++) {
    Var *v = order[i];
    if (v->opaque && rw_var_live(v) && (rw_comp_class(r, v) & CL_VIEW))
      rw_set_bad(r, v->rs, v->opaque_at, "%s, and it also holds the struct's device data", v->why);
  }
  free(order);
  for (int i = 0; i < r->fl.nvars; i++)
    if (r->fl.vars[i]->seed)
      r->fl.vars[rw_uf_find(r, i)]->seed = true;
  for (int i = 0; i < r->fl.nvars; i++)
    if (rw_var_live(r->fl.vars[i]) && r->fl.vars[rw_uf_find(r, i)]->seed)
      r->rs[r->fl.vars[i]->rs].nviews++;
  // CUDA: a kernel whose parameter becomes a view must be launched here (its callers change)
  if (r->cuda) {
    for (int i = 0; i < r->fl.nvars; i++) {
      Var *v = r->fl.vars[i];
      if (!v->kernel_param || r->rs[v->rs].bad || !rw_is_view(r, v))
        continue;
      CXCursor fn = clang_getCursorSemanticParent(v->decl);
      if (!kernel_launched(r, v)) {
        char name[128];
        rw_spell(fn, name, sizeof name);
        rw_set_bad(r, v->rs, fn,
                   "kernel '%s' is not launched in this file, yet its parameter would become a view (launched code's "
                   "device data reaches it, through a function or variable they share), which its callers elsewhere "
                   "would not be given",
                   name);
      }
    }
  }
  check_templates(r);
  rw_check_clones(r);
  rw_scan_returns(r);
  rw_check_returns(r);
  check_hidden_uses(r);  // after the clone checks, whose remarks say more
  check_decltype(r);
  rw_check_globals(r);
}

/* A global variable's initialiser names a function (calls it, or takes its
 * address) outside any function body, where pass 1 does not look: if the
 * function's parameters become views, in place or in a clone, that struct
 * keeps AoS (conservative: the initialiser's call is not routed; rewritten in
 * place, the function would no longer accept its host arguments there). */
void rw_check_global_refs(R *r) {
  for (int i = 0; i < r->global_refs.n; i++) {
    CXCursor ref = r->global_refs.v[i];
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(ref));
    int np = clang_Cursor_isNull(def) ? 0 : clang_Cursor_getNumArguments(def);
    for (int a = 0; a < np; a++) {
      Var *pv = rw_base_var(r, clang_Cursor_getArgument(def, (unsigned)a));
      for (Var *v = pv; v; v = v->twin)
        if (rw_is_view(r, v)) {
          char name[256];
          rw_spell(def, name, sizeof name);
          rw_set_bad(r, v->rs, ref, "'%s' receives it and is named in a global variable's initialiser, outside any function",
                     name);
        }
    }
  }
}
