/* methods.c: member functions called on elements (issue 21, class 3):
 * `p[i].norm()`, `q->set(v)`, `(p + i)->update(dt)`, `r.f()` with a
 * reference `S &r = p[i]`.  A view has no element whose address could be
 * `this`, so the member function is cloned into a free function that takes
 * the element's view, `kdlg_S_m_<name>(kdlg_view_S kdlg_S_this, params...)`,
 * whose body is the original's text walked by pass 2 with `this` as that
 * view (designate.c's this oracle): `x`, `this->x` and `(*this).x` become
 * `(*kdlg_S_f_x(kdlg_S_this, 0))`, so the clone reads and writes exactly the
 * fields the original does, in the same order; a call of another member
 * function on `this` calls that one's clone.  The calls on elements of
 * device data become `kdlg_S_m_norm(kdlg_S_offset(p, (i)), args)`; every
 * other call (host objects, locals) keeps calling the original, which stays
 * as written.  The clones are written after S's generated block (they use its
 * accessors): all prototypes, then the definitions, each `static`.
 *
 * Only what can be shown to behave like the original is cloned; anything
 * else keeps the struct in AoS with the reason (method_check): a member
 * function without a body in the file, defined outside its struct,
 * virtual, static (called through an element), a template, an operator,
 * overloaded, constexpr, inherited, with a default argument, a qualifier
 * other than const after its parameters, `this` used other than to name a
 * member (stored, returned, passed on, compared, `*this` whole), a member
 * of the struct other than its fields and member functions named (its
 * clone, outside the struct, would not find it), a private member of
 * another object named, a call of a member function on `this` that is not
 * cloneable itself, a lambda, a static or __shared__ local, asm, a
 * preprocessor line, __func__, __COUNTER__ or decltype in it; and a call
 * whose element index and arguments are not all free of side effects
 * (the clone's arguments are evaluated in an unspecified order, the
 * original's object first). */
#include "rewriteInt.h"

#include <stdarg.h>

/* Keeps M's struct AoS from now on (its calls on elements): `why`, at `at`. */
static void refuse(Method *M, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void refuse(Method *M, CXCursor at, const char *fmt, ...) {
  if (M->state == -1)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(M->why, sizeof M->why, fmt, ap);
  va_end(ap);
  M->why_at = at;
  M->state = -1;
}

/* Whether declaration d is a member of struct rs (directly, or of a type
 * nested in it), not a local of one of its member functions. */
static bool member_of_struct(R *r, int rs, CXCursor d) {
  for (CXCursor p = clang_getCursorSemanticParent(d); !clang_Cursor_isNull(p);
       p = clang_getCursorSemanticParent(p)) {
    enum CXCursorKind k = clang_getCursorKind(p);
    if (k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_UnionDecl) {
      if (clang_equalCursors(clang_getCanonicalCursor(p), clang_getCanonicalCursor(r->rs[rs].decl)))
        return true;
      continue;
    }
    if (k != CXCursor_Namespace && k != CXCursor_LinkageSpec)  // a function, the translation unit
      return false;
  }
  return false;
}

static Method *method_get(R *r, CXCursor callee, int rs);

typedef struct NameScan {
  R *r;
  Method *M;
} NameScan;

/* Every name in M's definition: a member of the struct other than a field
 * or member function (a static data member, a nested type or enumerator), or
 * a member function named other than as a member (`sf()`, `&S::f`), would
 * not be found from outside the struct. */
static enum CXChildVisitResult scan_names(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  NameScan *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_LambdaExpr) {
    refuse(s->M, c, "member function '%s' has a lambda (its captures of 'this' are not rewritten)", s->M->name);
    return CXChildVisit_Break;
  }
  if (k == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(c) == 1) {
    refuse(s->M, c, "member function '%s' declares a static variable (the original and the clone would each have their own)",
           s->M->name);
    return CXChildVisit_Break;
  }
  if (k == CXCursor_CUDASharedAttr || k == CXCursor_AsmStmt || k == CXCursor_GCCAsmStmt || k == CXCursor_MSAsmStmt) {
    refuse(s->M, c, "member function '%s' has a __shared__ variable or an asm statement (the clone would have its own)",
           s->M->name);
    return CXChildVisit_Break;
  }
  if (k == CXCursor_DeclRefExpr || k == CXCursor_TypeRef || k == CXCursor_TemplateRef ||
      k == CXCursor_OverloadedDeclRef) {
    CXCursor d = clang_getCursorReferenced(c);
    if (!clang_Cursor_isNull(d) && member_of_struct(s->r, s->M->rs, d)) {
      char name[128];
      rw_spell(d, name, sizeof name);
      refuse(s->M, c,
             "member function '%s' names '%s', a member of '%s' that its clone, a function outside the struct, "
             "would not find",
             s->M->name, name, s->r->rs[s->M->rs].type);
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

/* n with parentheses and implicit conversions taken off. */
static KdNode *strip(KdNode *n) {
  while ((n->c.kind == CXCursor_ParenExpr || n->c.kind == CXCursor_UnexposedExpr) && n->nkids == 1)
    n = n->kids[0];
  return n;
}

/* If member reference m is on `this` (implicit, `this->m`, `(*this).m`):
 * true, and *th the CXXThisExpr (NULL if implicit). */
static bool on_this(KdNode *m, KdNode **th) {
  *th = NULL;
  if (m->nkids == 0)
    return true;
  KdNode *b = strip(m->kids[0]);
  if (b->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(b->c) == CXUnaryOperator_Deref &&
      b->nkids == 1)
    b = strip(b->kids[0]);
  if (b->c.kind != CXCursor_CXXThisExpr)
    return false;
  *th = b;
  return true;
}

typedef KD_VEC(KdNode *) Nodes;

/* The uses of `this` and of members in M's body (below n; callee: n is a
 * call's callee): members on `this` must be fields or (called) cloneable
 * member functions, other objects' members of the struct public, and
 * `this` is used for nothing else.  ok collects the CXXThisExprs that name
 * a member. */
static void scan_body(R *r, Method *M, KdNode *n, bool callee, Nodes *ok, Nodes *all) {
  if (M->state == -1)
    return;
  if (n->c.kind == CXCursor_CXXThisExpr)
    kd_vec_push(all, n);
  if (n->c.kind == CXCursor_MemberRefExpr) {
    CXCursor d = kd_node_referenced(r->tree, n);
    KdNode *th;
    bool self = on_this(n, &th);
    char name[128];
    rw_spell(d, name, sizeof name);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (self) {
      if (th)
        kd_vec_push(ok, th);
      if (dk == CXCursor_FieldDecl && member_of_struct(r, M->rs, d)) {
        // a field: the walk rewrites it
      } else if (dk == CXCursor_CXXMethod && callee && !clang_CXXMethod_isStatic(d)) {
        Method *G = method_get(r, d, M->rs);
        if (G->state == -1)
          refuse(M, n->c, "member function '%s' calls '%s' on 'this', which is not rewritten: %s", M->name, name, G->why);
      } else {
        refuse(M, n->c,
               "member function '%s' names '%s' on 'this' (only fields of '%s' and calls of its member functions "
               "are rewritten)",
               M->name, name, r->rs[M->rs].type);
      }
    } else if (member_of_struct(r, M->rs, d) && clang_getCXXAccessSpecifier(d) != CX_CXXPublic) {
      refuse(M, n->c, "member function '%s' names '%s', not public, of another object (its clone is outside the struct)",
             M->name, name);
    }
  }
  bool call = n->c.kind == CXCursor_CallExpr;
  for (int i = 0; i < n->nkids && M->state != -1; i++)
    scan_body(r, M, n->kids[i], call && i == 0 && n->kids[i]->c.kind == CXCursor_MemberRefExpr, ok, all);
}

/* The text of M's declarator: name, parentheses, the part after them up
 * to the body; the clone's edits (name, view parameter, `const` removed)
 * go into M->E when walked (edit_declarator). */
typedef struct Declarator {
  unsigned name_b, name_e;  // its name
  unsigned open, close;     // its parameters' '(' and ')'
  bool none;                // no parameters (`()`, `(void)`: replaced)
  unsigned const_b;         // the `const` after them, or 0
} Declarator;

static bool declarator(R *r, Method *M, Declarator *D) {
  memset(D, 0, sizeof *D);
  if (!rw_in_files(r, clang_getCursorLocation(M->def), &D->name_b))
    return false;
  size_t nl = strlen(M->name);
  if (D->name_b + nl > M->body || strncmp(r->text + D->name_b, M->name, nl))
    return false;
  D->name_e = D->name_b + (unsigned)nl;
  D->open = rw_skip_blanks(r, D->name_e);
  if (D->open >= M->body || r->text[D->open] != '(')
    return false;
  int depth = 0;
  unsigned i;
  for (i = D->open; i < M->body; i++) {
    char ch = r->text[i];
    if (ch == '"' || ch == '\'' || ch == '/' || ch == '=')  // (strings, comments, default arguments)
      return false;
    if (ch == '(')
      depth++;
    if (ch == ')' && --depth == 0)
      break;
  }
  if (i >= M->body)
    return false;
  D->close = i;
  unsigned p = rw_skip_blanks(r, D->open + 1);
  D->none = p == D->close || (p + 4 == rw_back_blanks(r, p, D->close) && !strncmp(r->text + p, "void", 4));
  for (unsigned w = rw_skip_blanks(r, D->close + 1); w < M->body; w = rw_skip_blanks(r, w)) {
    unsigned x = w;
    while (x < M->body && rw_is_ident_char(r->text[x]))
      x++;
    if (x == w + 5 && !strncmp(r->text + w, "const", 5) && !D->const_b)
      D->const_b = w;
    else if (!(x == w + 8 && !strncmp(r->text + w, "noexcept", 8)))
      return false;
    w = x;
  }
  return true;
}

/* refuse, then return from the (void) check. */
#define REFUSE(...)      \
  do {                   \
    refuse(__VA_ARGS__); \
    return;              \
  } while (0)

/* The checks of the top comment, once per member function. */
static void method_check(R *r, Method *M) {
  CXCursor d = M->def;
  CXCursor sp = clang_getCursorSemanticParent(d);
  if (clang_CXXMethod_isStatic(d))
    REFUSE(M, d, "static member function '%s' is called through an element (not rewritten)", M->name);
  if (clang_CXXMethod_isVirtual(d))
    REFUSE(M, d, "member function '%s' is virtual (its clone would not be called through the vtable)", M->name);
  if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(d)) || clang_getCursorKind(d) != CXCursor_CXXMethod)
    REFUSE(M, d, "member function '%s' is a template (not cloned)", M->name);
  if (rw_is_operator_name(M->name))
    REFUSE(M, d, "member function '%s' is an operator (not cloned)", M->name);
  if (rw_rs_of_record(r, clang_getCursorType(sp)) != M->rs)
    REFUSE(M, d, "member function '%s' is inherited from another class (not cloned)", M->name);
  if (!clang_equalCursors(clang_getCanonicalCursor(clang_getCursorLexicalParent(d)), clang_getCanonicalCursor(sp)))
    REFUSE(M, d, "member function '%s' is defined outside its struct (not cloned)", M->name);
  Kids ks = rw_kids_of(sp);
  int same = 0;
  for (int i = 0; i < ks.n; i++) {
    enum CXCursorKind k = clang_getCursorKind(ks.v[i]);
    char nm[128];
    rw_spell(ks.v[i], nm, sizeof nm);
    same += (k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) && !strcmp(nm, M->name);
  }
  free(ks.v);
  if (same > 1)
    REFUSE(M, d, "member function '%s' is overloaded (not cloned)", M->name);
  CXCursor body = kd_function_body(d);
  unsigned bb, be;
  if (clang_Cursor_isNull(body) || !rw_decl_span(r, d, &M->b, &M->e) || r->text[M->e - 1] != '}' ||
      !rw_range_of(r, body, &bb, &be) || r->text[bb] != '{')
    REFUSE(M, d, "member function '%s' is not spelled in the file as the rewriter copies it", M->name);
  M->body = bb;
  Declarator D;
  if (!declarator(r, M, &D))
    REFUSE(M, d,
                  "member function '%s' is declared in a form the rewriter does not copy (a default argument, a "
                  "qualifier other than const after its parameters, a comment or macro in its declarator)",
                  M->name);
  if (rw_has_word(r, M->b, D.name_b, "constexpr") || rw_has_word(r, M->b, D.name_b, "consteval"))
    REFUSE(M, d, "member function '%s' is constexpr (its clone calls the accessors, which are not)", M->name);
  for (unsigned i = M->b; i < M->e; i++)
    if (r->text[i] == '#' && rw_line_start(r, i))
      REFUSE(M, d, "a preprocessor directive is inside member function '%s' (code the parser does not see "
                    "would be copied unrewritten)", M->name);
  bool via;
  if (rw_uses_words(r, M->b, M->e, RW_OWN_NAME, &via) || rw_has_word(r, M->b, M->e, "__FUNCTION__") ||
      rw_has_word(r, M->b, M->e, "__PRETTY_FUNCTION__"))
    REFUSE(M, d, "member function '%s' uses its own name (__func__; the clone has another)", M->name);
  if (rw_uses_words(r, M->b, M->e, RW_COUNTER, &via))
    REFUSE(M, d, "member function '%s' expands __COUNTER__ (the clone would take other values)", M->name);
  bool typeof_word = false;
  for (int i = 0; rw_typeof_words[i] && !typeof_word; i++)
    typeof_word = rw_has_word(r, M->b, M->e, rw_typeof_words[i]);
  if (typeof_word)
    REFUSE(M, d, "member function '%s' uses decltype or typeof (of a field rewritten into an accessor it would change)",
                  M->name);
  char *self = kd_gen_name(KD_NAME_THIS, r->rs[M->rs].tag, NULL, 0);
  if (strlen(self) >= sizeof M->self->name) {
    free(self);
    REFUSE(M, d, "the name of the struct is too long for the clone's parameter");
  }
  NameScan s = {r, M};
  clang_visitChildren(d, scan_names, &s);
  if (M->state == -1) {
    free(self);
    return;
  }
  Nodes ok = {0}, all = {0};
  scan_body(r, M, rw_node_of(r, body), false, &ok, &all);
  for (int i = 0; i < all.n && M->state != -1; i++) {
    bool named = false;
    for (int k = 0; k < ok.n && !named; k++)
      named = ok.v[k] == all.v[i];
    if (!named)
      refuse(M, all.v[i]->c,
             "'this' is used in member function '%s' other than to name a member (stored, passed, returned, "
             "compared or copied whole: the clone's view has no address)",
             M->name);
  }
  free(ok.v);
  free(all.v);
  if (M->state != -1) {
    M->clone_name = kd_gen_name(KD_NAME_METHOD, r->rs[M->rs].tag, M->name, 0);
    // the clone's `this`: a view (a seed of its own component), named kdlg_S_this
    Var *v = kd_xcalloc(1, sizeof *v);
    v->key = decl_key(d);
    v->decl = d;
    v->rs = M->rs;
    v->parent = v->index = r->fl.nvars;
    v->seed = true;
    v->tier = 1;
    snprintf(v->name, sizeof v->name, "%s", self);
    KD_GROW(r->fl.vars, r->fl.capvars, r->fl.nvars + 1);
    r->fl.vars[r->fl.nvars++] = v;
    r->fl.cdirty = true;
    M->self = v;
    M->state = 2;
  }
  free(self);
}

/* The Method of callee's definition (checked on first use), struct rs. */
static Method *method_get(R *r, CXCursor callee, int rs) {
  CXCursor def = clang_getCursorDefinition(callee);
  DeclKey k = decl_key(clang_Cursor_isNull(def) ? callee : def);
  Method *M;
  HASH_FIND(hh, r->methods, &k, sizeof k, M);
  if (M)
    return M;
  M = kd_xcalloc(1, sizeof *M);
  M->key = k;
  M->def = clang_Cursor_isNull(def) ? callee : def;
  M->rs = rs;
  M->E = kd_edits_new();
  rw_spell(M->def, M->name, sizeof M->name);
  HASH_ADD(hh, r->methods, key, sizeof(DeclKey), M);
  unsigned off;
  M->state = 1;  // (a recursive call finds it being checked: fine)
  if (clang_Cursor_isNull(def) || !rw_in_files(r, clang_getCursorLocation(def), &off))
    refuse(M, callee, "member function '%s' has no body in the files the rewriter may change (not cloned)", M->name);
  else
    method_check(r, M);
  return M;
}

/* Whether evaluating n may change something (an assignment, ++/--, or,
 * with calls, a call: a call cannot change a view variable, whose address
 * never escapes, but may change what an index reads). */
static bool side_effects(R *r, KdNode *n, bool calls) {
  enum CXCursorKind k = n->c.kind;
  if ((k == CXCursor_CallExpr && calls) || k == CXCursor_CompoundAssignOperator || k == CXCursor_LambdaExpr ||
      k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr || k == CXCursor_CXXThrowExpr)
    return true;
  if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(n->c) == CXBinaryOperator_Assign)
    return true;
  if (k == CXCursor_UnaryOperator && rw_is_step_op(clang_getCursorUnaryOperatorKind(n->c)))
    return true;
  for (int i = 0; i < n->nkids; i++)
    if (side_effects(r, n->kids[i], calls))
      return true;
  return false;
}

bool rw_method_call(R *r, KdNode *c, CXCursor callee, int nargs) {
  // (a static member function's callee decays to a pointer: a conversion over it)
  KdNode *m = c->nkids < 1 ? NULL : strip(c->kids[0]);
  if (!m || m->c.kind != CXCursor_MemberRefExpr)
    return false;
  // (an operator's first child is its first operand: `p[i].key == k` names field key, whose type's operator
  // it calls, not a member function of the element's)
  if (clang_getCursorKind(kd_node_referenced(r->tree, m)) != CXCursor_CXXMethod)
    return false;
  VRef vr;
  if (m->nkids == 0) {  // an implicit this->f() in a clone: element 0 of its view
    if (!r->cur.method || !r->cur.method->self || !rw_is_view(r, r->cur.method->self))
      return false;
    memset(&vr, 0, sizeof vr);
    vr.kind = VR_ELEM;
    vr.var = r->cur.method->self;
    vr.ref = m;
  } else {
    KdNode *base = m->kids[0];
    bool arrow = kd_node_type_kind(r->tree, base) == CXType_Pointer;
    rw_vref(r, base, &vr);
    if (vr.kind != (arrow ? VR_PTR : VR_ELEM) || !vr.var)
      return false;
  }
  int rs = vr.var->rs;
  Method *M = method_get(r, callee, rs);
  if (M->state == -1) {
    rw_set_bad(r, rs, c->c, "%s", M->why);
    return true;
  }
  if (!rw_named_ref(vr.ref)) {
    rw_set_bad(r, rs, c->c, "member function '%s' is called on an element reached through a pointer update", M->name);
    return true;
  }
  bool effects = false;
  for (int i = 0; i < vr.nterms && !effects; i++)
    effects = side_effects(r, vr.term[i], true);
  for (int i = 0; i < nargs && !effects; i++)
    effects = side_effects(r, rw_arg_node(r, c, i), vr.nterms > 0);
  if (effects) {
    rw_set_bad(r, rs, c->c,
               "member function '%s' is called on an element whose index or arguments have side effects (the "
               "clone's arguments would be evaluated in another order than the object and the arguments)",
               M->name);
    return true;
  }
  unsigned b, e, ab = 0, ae = 0, x;
  if (!rw_editable(r, &vr, c, &b, &e))
    return true;
  if (nargs > 0 && (!rw_node_range(r, rw_arg_node(r, c, 0), &ab, &x) ||
                    !rw_node_range(r, rw_arg_node(r, c, nargs - 1), &x, &ae) || ab < b || ae > e || ab > ae)) {
    rw_set_bad(r, rs, c->c, "an argument of a member function called on an element is spelled inside a macro");
    return true;
  }
  kd_edit_begin(r->cur.E, b, e, rs);
  kd_edit_text(r->cur.E, "%s(", M->clone_name);
  if (vr.nterms == 0) {
    rw_edit_view(r, &vr);
  } else {
    rw_edit_name(r, KD_NAME_OFFSET, rs, NULL);
    kd_edit_text(r->cur.E, "(");
    rw_edit_view(r, &vr);
    kd_edit_text(r->cur.E, ", ");
    rw_edit_index(r, &vr);
    kd_edit_text(r->cur.E, ")");
  }
  if (nargs > 0) {
    kd_edit_text(r->cur.E, ", ");
    kd_edit_hole(r->cur.E, ab, ae);
  }
  kd_edit_text(r->cur.E, ")");
  rw_walk_terms(r, &vr);
  M->used = true;
  return true;
}

/* The clone's declarator: its name, the view parameter first, no `const`. */
static void edit_declarator(R *r, Method *M) {
  Declarator D;
  if (!declarator(r, M, &D))
    return;  // (method_check made sure)
  kd_edit_begin(r->cur.E, D.name_b, D.name_e, M->rs);
  kd_edit_text(r->cur.E, "%s", M->clone_name);
  kd_edit_begin(r->cur.E, D.open + 1, D.none ? D.close : D.open + 1, M->rs);  // (`(void)` replaced)
  rw_edit_name(r, KD_NAME_VIEW, M->rs, NULL);
  kd_edit_text(r->cur.E, " %s%s", M->self->name, D.none ? "" : ", ");
  if (D.const_b) {
    kd_edit_begin(r->cur.E, D.const_b, D.const_b + 5, M->rs);
    kd_edit_text(r->cur.E, "/* const */");
  }
}

void rw_walk_methods(R *r) {
  for (bool again = true; again;) {
    again = false;
    Method *M, *tmp;
    HASH_ITER(hh, r->methods, M, tmp) {
      if (!M->used || M->walked || M->state != 2 || r->rs[M->rs].bad)
        continue;
      M->walked = again = true;
      KdEdits *E0 = r->cur.E;
      r->cur.E = M->E;
      r->cur.method = M;
      r->vm.gen++;  // (`this` designates M's view only here)
      rw_walk(r, rw_node_of(r, kd_function_body(M->def)), CTX_VALUE);
      edit_declarator(r, M);
      r->vm.gen++;
      r->cur.method = NULL;
      r->cur.E = E0;
    }
  }
}

void rw_method_edits_reset(R *r) {
  Method *M, *tmp;
  HASH_ITER(hh, r->methods, M, tmp) {
    kd_edits_free(M->E);
    M->E = kd_edits_new();
    M->used = M->walked = false;
  }
}

void rw_write_methods(R *r, int rs, FILE *f) {
  for (int pass = 0; pass < 2; pass++) {
    Method *M, *tmp;
    HASH_ITER(hh, r->methods, M, tmp) {
      if (M->rs != rs || !M->walked || M->state != 2)
        continue;
      char *text = NULL;
      if (pass) {
        text = rw_render_span(r, M->E, M->b, M->e);
      } else {  // the declarator: no edit of the body starts in it
        size_t n = 0;
        FILE *pf = kd_xopen_memstream(&text, &n);
        kd_edits_apply_range(M->E, r->text, M->b, M->body, pf);
        fclose(pf);
      }
      if (!text)
        continue;  // (the edits lie inside the definition)
      if (pass == 0) {
        size_t n = strlen(text);
        while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\n' || text[n - 1] == '\r'))
          text[--n] = 0;
        // (unused attribute: a clone only kernels call is not used by the host side's compilation, where
        // gcc would warn; the member function it comes from was implicitly inline)
        fprintf(f, "static __attribute__((unused)) %s;\n", text);
      } else {
        fprintf(f, "/* kdlg-opt: member function '%s' of %s, for its calls on elements of device data */\nstatic "
                "__attribute__((unused)) %s\n",
                M->name, r->rs[rs].type, text);
      }
      free(text);
    }
  }
}

void rw_free_methods(R *r) {
  Method *M, *tmp;
  HASH_ITER(hh, r->methods, M, tmp) {
    HASH_DEL(r->methods, M);
    kd_edits_free(M->E);
    free(M->clone_name);
    free(M);
  }
}
