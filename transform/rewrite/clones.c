/* clones.c: the clones of functions called both with device data and with
 * other pointers (rewriteInt.h, "Clones"): the checks that a clone behaves
 * like its original and compiles where it did (rw_check_clones), the walk of
 * its body into its own edit lists (rw_walk_clone) and its text inserted
 * after the original's definition and prototypes (rw_insert_clones). */
#include "rewriteInt.h"

/* Where the call of edge E ends up in the output: where it is, or after
 * the caller's definition if it is in the caller's clone. */
static unsigned edge_position(R *r, const Edge *E) {
  unsigned b, e;
  if (E->caller && E->caller->cloned && E->inst == 1 && rw_decl_span(r, E->caller->def, &b, &e))
    return e;
  return rw_start_offset(r, E->call->c);
}

static enum CXChildVisitResult find_static_local(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(c) == 1) {
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
  }
  if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr || clang_getCursorKind(c) == CXCursor_AsmStmt ||
      clang_getCursorKind(c) == CXCursor_GCCAsmStmt || clang_getCursorKind(c) == CXCursor_MSAsmStmt) {
    *(CXCursor *)data = clang_getCursorKind(c) == CXCursor_CUDASharedAttr ? parent : c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Why F's text [b, e) (name at nb) cannot be copied into a clone that
 * behaves like it, or NULL: a static or __shared__ local would be two
 * variables, an asm statement's labels would be defined twice, a
 * preprocessor line may hide code the parser did not see (the other side of
 * #ifdef __CUDA_ARCH__) that would be copied unrewritten,
 * __func__ names the function, a constexpr clone cannot call the accessors,
 * and a parameter that takes device data cannot keep a default argument. */
static const char *clone_text_problem(R *r, const Fn *F, unsigned b, unsigned e, unsigned nb, CXCursor *at) {
  CXCursor found = clang_getNullCursor();
  clang_visitChildren(kd_function_body(F->def), find_static_local, &found);
  if (!clang_Cursor_isNull(found)) {
    *at = found;
    return clang_getCursorKind(found) == CXCursor_VarDecl
               ? "it declares a static or __shared__ variable (the original and the clone would each have their own)"
               : "it has an asm statement (its labels or symbols would be defined twice)";
  }
  *at = F->def;
  for (unsigned i = b; i < e; i++) {  // (#pragma lines, e.g. unroll, are copied as they are)
    if (r->text[i] != '#')
      continue;
    unsigned w = i + 1;
    while (w < e && (r->text[w] == ' ' || r->text[w] == '\t'))
      w++;
    if (rw_line_start(r, i) && !(w + 6 <= e && !strncmp(r->text + w, "pragma", 6)))
      return "a preprocessor directive is inside it (code the parser does not see would be copied unrewritten)";
  }
  bool via;
  if (rw_uses_words(r, b, e, RW_OWN_NAME, &via))
    return via ? "it uses its own name (__func__ or std::source_location, through a macro)"
               : "it uses its own name (__func__ or std::source_location)";
  if (rw_uses_words(r, b, e, RW_COUNTER, &via))
    return "it expands __COUNTER__ (the clone would take other values, and shift the later ones)";
  if (rw_has_word(r, b, nb, "constexpr") || rw_has_word(r, b, nb, "consteval"))
    return "it is constexpr (its clone calls the accessors, which are not)";
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor g = r->funcs.v[f];
    if (!clang_equalCursors(clang_getCanonicalCursor(g), clang_getCanonicalCursor(F->def)))
      continue;
    int np = clang_Cursor_getNumArguments(g);
    for (int i = 0; i < np && i < clang_Cursor_getNumArguments(F->def); i++) {
      Var *pv = rw_base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
      if (!pv || !pv->twin || !rw_is_view(r, pv->twin))
        continue;
      Kids ks = rw_kids_of(clang_Cursor_getArgument(g, (unsigned)i));
      bool dflt = false;
      for (int k = 0; k < ks.n; k++)
        dflt |= clang_isExpression(clang_getCursorKind(ks.v[k]));
      free(ks.v);
      if (dflt) {
        *at = clang_Cursor_getArgument(g, (unsigned)i);
        return "a parameter that would take device data has a default argument";
      }
    }
  }
  return NULL;
}

/* Whether name lookup at call c, made in function `in`, that finds F finds
 * its clone too (declared beside it): the call names F qualified by F's
 * namespace, or unqualified from inside it; not through a using-declaration
 * or using-directive elsewhere, a namespace alias or argument-dependent
 * lookup. */
static bool clone_visible(R *r, KdNode *c, CXCursor in, const Fn *F) {
  // F's scope; extern "C" { }, anonymous and inline namespaces also put its name in the enclosing one
  CXCursor scopes[16];
  int ns = 0;
  CXCursor scope = clang_getCursorSemanticParent(F->def);
  for (;;) {
    scopes[ns++] = clang_getCanonicalCursor(scope);
    enum CXCursorKind k = clang_getCursorKind(scope);
    char name[256];
    rw_spell(scope, name, sizeof name);
    if (ns == 16 ||
        (k != CXCursor_LinkageSpec && !(k == CXCursor_Namespace && (!*name || clang_Cursor_isInlineNamespace(scope)))))
      break;
    scope = clang_getCursorSemanticParent(scope);
  }
  KdNode *ref = rw_callee_ref(c);
  CXCursor q = clang_getNullCursor();
  bool other = false;
  for (int k = 0; ref && k < ref->nkids; k++) {
    if (ref->kids[k]->c.kind == CXCursor_NamespaceRef)
      q = kd_node_referenced(r->tree, ref->kids[k]);
    else
      other = true;  // a class or template qualifier, template arguments
  }
  if (other)
    return false;
  if (!clang_Cursor_isNull(q)) {  // ns::f: the namespace named must be one of those
    for (int i = 0; i < ns; i++)
      if (clang_getCursorKind(q) == CXCursor_Namespace && clang_equalCursors(clang_getCanonicalCursor(q), scopes[i]))
        return true;
    return false;
  }
  if (clang_getCursorKind(scopes[ns - 1]) == CXCursor_TranslationUnit)
    return true;
  for (CXCursor s = in; !clang_Cursor_isNull(s) && clang_getCursorKind(s) != CXCursor_TranslationUnit;
       s = clang_getCursorSemanticParent(s))
    if (clang_equalCursors(clang_getCanonicalCursor(s), scopes[ns - 1]))
      return true;
  return false;
}

/* Whether a clone of F is written this round: F is called with device data
 * and with other pointers, the checks passed, its struct is rewritten. */
bool rw_clone_active(R *r, const Fn *F) {
  return F->cloned && F->clone_ok && F->clone_rs >= 0 && !r->rs[F->clone_rs].bad && r->rs[F->clone_rs].changes;
}

/* What a clone needs, checked once after pass 1 (any failure keeps the
 * struct in AoS): views of one struct among its parameters, its text and
 * name in the file, no overload or function with the clone's name, a ';'
 * after each prototype, and every call routed to it spelled in the file
 * (its name is renamed) and giving it only device data of that struct. */
void rw_check_clones(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    if (!F->cloned)
      continue;
    int np = clang_Cursor_getNumArguments(F->def);
    int rs = -1, other = -1;
    for (int i = 0; i < np; i++) {
      Var *pv = rw_base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
      if (!pv || !pv->twin || !rw_is_view(r, pv->twin) || !r->rs[pv->rs].changes)
        continue;
      if (rs < 0)
        rs = pv->rs;
      else if (pv->rs != rs)
        other = pv->rs;
    }
    if (rs < 0)
      continue;  // nothing changes in the clone: the original serves every call
    if (other >= 0) {
      for (int i = 0; i < np; i++) {
        Var *pv = rw_base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
        if (pv && pv->twin && rw_is_view(r, pv->twin) && r->rs[pv->rs].changes)
          rw_set_bad(r, pv->rs, F->def,
                     "'%s' is called with device data of structs '%s' and '%s' and with other pointers; "
                     "a clone for the device data of two structs is not supported",
                     F->name, r->rs[rs].sp->name, r->rs[other].sp->name);
      }
      continue;
    }
    F->clone_rs = rs;
    char *clone_name = kd_gen_name(KD_NAME_CLONE, r->rs[rs].tag, F->name, 0);
    snprintf(F->clone_name, sizeof F->clone_name, "%s", clone_name);
    free(clone_name);
    unsigned b, e, ne;
    if (!rw_decl_span(r, F->def, &b, &e) || r->text[e - 1] != '}' || !rw_name_end(r, F->def, &ne)) {
      rw_set_bad(r, rs, F->def,
                 "'%s' is called with device data and with other pointers, and its definition is not spelled in this "
                 "file (a clone of it cannot be written)",
                 F->name);
      continue;
    }
    bool ok = true;
    CXCursor canon = clang_getCanonicalCursor(F->def), at;
    unsigned nb, off;
    const char *why = rw_in_files(r, clang_getCursorLocation(F->def), &nb) ? clone_text_problem(r, F, b, e, nb, &at) : NULL;
    if (why) {
      rw_set_bad(r, rs, at, "'%s' is called with device data and with other pointers, and %s", F->name, why);
      continue;
    }
    if (!rw_in_files(r, clang_getCursorLocation(canon), &off)) {
      rw_set_bad(r, rs, F->def,
                 "'%s' is called with device data and with other pointers, and it is first declared in another file "
                 "(its clone would be declared only here)",
                 F->name);
      continue;
    }
    unsigned first = e;  // where the clone is first declared: after the definition or a prototype
    for (int f = 0; f < r->funcs.n && ok; f++) {
      CXCursor g = r->funcs.v[f];
      char gname[256];
      rw_spell(g, gname, sizeof gname);
      bool same = clang_equalCursors(clang_getCanonicalCursor(g), canon);
      if (!same && !strcmp(gname, F->clone_name)) {
        rw_set_bad(r, rs, g,
                   "'%s' is called with device data and with other pointers, and its clone '%s' would clash with "
                   "this declaration",
                   F->name, F->clone_name);
        ok = false;
      } else if (same && !clang_isCursorDefinition(g)) {
        unsigned pb, pe, pn;
        if (!rw_decl_span(r, g, &pb, &pe) || !rw_name_end(r, g, &pn) || !rw_semicolon_after(r, pe)) {
          rw_set_bad(r, rs, g,
                     "'%s' is called with device data and with other pointers, and this declaration of it is not a "
                     "plain prototype ending with ';' (its clone's prototype cannot be written)",
                     F->name);
          ok = false;
        } else {
          rw_collect(g, g, &F->protos);
          if (kd_filemap_compare(r->map, rw_semicolon_after(r, pe), first) < 0)
            first = rw_semicolon_after(r, pe);
        }
      }
    }
    for (int i = 0; i < r->cl.nedges && ok; i++) {
      Edge *E = &r->cl.edges[i];
      if (E->callee != F || E->route != 1)
        continue;
      unsigned cb, ce;
      bool mixed;
      rw_call_class(r, E->call, F, E->inst, rs, &mixed);
      if (E->shared || !rw_callee_name(r, E->call, F->name, &cb, &ce)) {
        rw_set_bad(r, rs, E->call->c,
                   "'%s' is called with device data and with other pointers, and this call of it with device data does "
                   "not spell its name in the file (a macro, a call through an expression): it cannot be renamed to "
                   "the clone",
                   F->name);
        ok = false;
      } else if (!clone_visible(r, E->call, E->in, F)) {
        rw_set_bad(r, rs, E->call->c,
                   "'%s' is called with device data and with other pointers, and this call of it with device data does "
                   "not name it in its namespace (through a using-declaration or argument-dependent lookup the clone "
                   "would not be found)",
                   F->name);
        ok = false;
      } else if (kd_filemap_compare(r->map, edge_position(r, E), first) < 0) {
        rw_set_bad(r, rs, E->call->c,
                   "'%s' is called with device data and with other pointers, and this call of it with device data "
                   "comes before its clone is declared (declare '%s' before it in this file)",
                   F->name, F->name);
        ok = false;
      } else if (mixed) {
        rw_set_bad(r, rs, E->call->c,
                   "this call gives '%s' both device data and another pointer to it, and '%s' is also called with "
                   "other pointers only (a clone takes device data alone)",
                   F->name, F->name);
        ok = false;
      }
    }
    F->clone_ok = ok;
  }
  // two clones of one name (overloads that are both cloned)
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    Fn *G, *t2;
    HASH_ITER(hh, r->cl.fns, G, t2) {
      if (G != F && F->clone_ok && G->clone_ok && !strcmp(F->clone_name, G->clone_name))
        rw_set_bad(r, F->clone_rs, G->def, "'%s' is overloaded and more than one of its overloads would need a clone",
                   F->name);
    }
  }
}

/* The name of declaration d of F becomes its clone's. */
static void rename_decl(R *r, CXCursor d, const Fn *F) {
  unsigned b, e;
  if (!rw_in_files(r, clang_getCursorLocation(d), &b) || !rw_name_end(r, d, &e))
    return;  // (check_clones made sure)
  kd_edit_begin(r->cur.E, b, e, F->clone_rs);
  kd_edit_text(r->cur.E, "%s", F->clone_name);
}

/* F's clone for this round: its definition in F->E, its prototypes in
 * F->PE, walked in instance 1 (calls in it reach what pass 1 routed them to). */
void rw_walk_clone(R *r, Fn *F) {
  KdEdits *E0 = r->cur.E;
  r->cur.inst = 1;
  r->cur.E = F->E;
  rw_walk(r, rw_node_of(r, kd_function_body(F->def)), CTX_VALUE);
  rw_edit_decl_params(r, F->def, F->def);
  rename_decl(r, F->def, F);
  for (int k = 0; k < F->protos.n; k++) {
    r->cur.E = F->PE[k];
    rw_edit_decl_params(r, F->protos.v[k], F->def);
    rename_decl(r, F->protos.v[k], F);
  }
  r->cur.E = E0;
  r->cur.inst = 0;
}

/* Fresh edit lists for every clone (each round of pass 2). */
void rw_clone_edits_reset(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    kd_edits_free(F->E);
    F->E = kd_edits_new();
    if (!F->PE && F->protos.n)
      F->PE = kd_xcalloc((size_t)F->protos.n, sizeof(KdEdits *));
    for (int k = 0; k < F->protos.n; k++) {
      kd_edits_free(F->PE[k]);
      F->PE[k] = kd_edits_new();
    }
  }
}

/* The text [b, e) of the file with the edits of E, which all lie inside it,
 * applied (malloc'd), or NULL if an edit lies outside. */
char *rw_render_span(R *r, KdEdits *E, unsigned b, unsigned e) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = kd_xopen_memstream(&buf, &n);
  int rc = kd_edits_apply(E, r->text, r->len, f);
  fclose(f);
  size_t tail = r->len - e;
  if (rc != 0 || n < b + tail || memcmp(buf, r->text, b) || memcmp(buf + n - tail, r->text + e, tail)) {
    free(buf);
    return NULL;
  }
  memmove(buf, buf + b, n - tail - b);
  buf[n - tail - b] = 0;
  return buf;
}

/* The clones that are written: each definition right after the original's
 * (replacing its closing brace, so no other edit can start at the same
 * place), each prototype after the original prototype's ';'. */
int rw_insert_clones(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    if (!rw_clone_active(r, F))
      continue;
    unsigned b, e;
    char *text = rw_decl_span(r, F->def, &b, &e) && r->text[e - 1] == '}' ? rw_render_span(r, F->E, b, e) : NULL;
    if (!text) {
      fprintf(r->rem, "kdlg-opt: error: the clone of '%s' could not be written\n", F->name);
      return -1;
    }
    kd_edit_begin(r->cur.E, e - 1, e, F->clone_rs);
    kd_edit_text(r->cur.E, "}\n/* kdlg-opt: '%s' for device data of %s (the calls that pass it) */\n%s", F->name,
                 r->rs[F->clone_rs].type, text);
    free(text);
    for (int k = 0; k < F->protos.n; k++) {
      unsigned pb, pe, semi;
      text = rw_decl_span(r, F->protos.v[k], &pb, &pe) && (semi = rw_semicolon_after(r, pe)) ? rw_render_span(r, F->PE[k], pb, pe)
                                                                                         : NULL;
      if (!text) {
        fprintf(r->rem, "kdlg-opt: error: the clone prototype of '%s' could not be written\n", F->name);
        return -1;
      }
      kd_edit_begin(r->cur.E, semi - 1, semi, F->clone_rs);
      kd_edit_text(r->cur.E, ";\n%s;", text);
      free(text);
    }
  }
  return 0;
}
