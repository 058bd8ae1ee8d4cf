/* designate.c: what an expression designates, if it reaches a view
 * (rw_vref: a pointer, an element, a field or part of one, a field's
 * address, or a use the rewriter cannot rewrite, with the view variable and
 * the element offset's terms: the designator walk of analysis/designate.h
 * under the rewriter's rules, with this instance's views for names), and
 * where a pointer value comes from (rw_ptr_source: a variable, null,
 * anything else; whether an offset is added on the way).  Pass 1 asks the
 * second, pass 2 the first. */
#include "rewriteInt.h"

/* vref's answers kept, by node, in a small table where a later node takes
 * an earlier one's place.  walk asks vref about every expression, and the
 * designator walk asks about the operand chain below it (p[i].v.x: the
 * conversion, .x, .v, the subscript, p), and walk then goes down that chain
 * asking again at each node: the answers are kept until the next node of
 * the slot.  They hold for one instance (r->cur.inst) and one generation
 * (r->vm.gen): what the walk looks at (which variables are views, of which
 * instance) does not change within one. */
typedef struct VMemo {
  KdNode *n;
  unsigned gen;
  int inst;
  KdDes d;  // the walk's answer (for the walk: the chain above n goes on from it)
  VRef v;   // ... as rw_vref gives it
} VMemo;

enum { NVMEMO = 256 };

static VMemo *memo_slot(R *r, KdNode *c) {
  if (!r->vm.memo) {
    r->vm.memo = kd_xcalloc(NVMEMO, sizeof(VMemo));
  }
  return &r->vm.memo[((uintptr_t)c / sizeof(KdNode)) % NVMEMO];  // (nodes are allocated one after another)
}

static bool memo_hit(R *r, const VMemo *m, KdNode *c) { return m->n == c && m->gen == r->vm.gen && m->inst == r->cur.inst; }

static bool memo_get(void *ctx, KdNode *c, KdDes *d) {
  R *r = ctx;
  VMemo *m = memo_slot(r, c);
  if (!memo_hit(r, m, c))
    return false;
  kd_des_copy(d, &m->d);
  return true;
}

static void vref_from(const KdDes *d, VRef *out);

static void memo_put(void *ctx, KdNode *c, const KdDes *d) {
  R *r = ctx;
  if (r->vm.gen != r->vm.walk_gen)
    return;  // (the walk does not drop structs, but were it to, its answers would not be kept)
  VMemo *m = memo_slot(r, c);
  m->n = c;
  m->gen = r->vm.gen;
  m->inst = r->cur.inst;
  kd_des_copy(&m->d, d);
  vref_from(d, &m->v);
}

/* The base oracle: a name of pointer type whose variable is a view of this
 * instance designates that view. */
static void view_base(void *ctx, KdNode *ref, KdDes *d) {
  R *r = ctx;
  enum CXTypeKind tk = kd_node_type_kind(r->tree, ref);
  if (tk != CXType_Pointer && (tk != CXType_Record || r->fl.nrefs == 0))
    return;  // (asked first: most references are to something else)
  Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, ref)) ? NULL : rw_ref_var(r, ref);
  if (!v || !rw_is_view(r, v) || v->ref != (tk == CXType_Record))
    return;
  if (v->ref && r->cur.lambda_at > rw_start_offset(r, v->decl)) {
    // a lambda declared after it: a copy capture would copy the element, a view copies no element
    rw_set_bad(r, v->rs, ref->c, "reference '%s' to an element is used in a lambda (a capture of it is not rewritten)",
               v->name);
    return;
  }
  d->kind = v->ref ? KD_DES_ELEM : KD_DES_PTR;  // a reference: element 0 of its view
  d->base = v;
  d->id = v->rs;
}

/* The update oracle: a pointer update of a view variable (`q++`, `q += k`,
 * `q = e`, `(a, ++q)`) designates that view, moved: the base of an access
 * `(q++)->x` (VR_PTR answers with it are none: vref_from). */
static void view_update(void *ctx, KdNode *n, KdDes *d) {
  Var *v = rw_updated_view(ctx, n);
  if (v) {
    d->kind = KD_DES_PTR;
    d->base = v;
    d->id = v->rs;
  }
}

/* The call oracle (rule 6): a call of a function whose return value is a
 * view designates that view (a pointer), or element 0 of it (a reference):
 * the base of an access `at(p, i)->x`, `get(p, i).x` (returns.c). */
static void view_call(void *ctx, KdNode *n, KdDes *d) {
  R *r = ctx;
  Var *v = rw_call_ret(r, n);
  if (v && rw_is_view(r, v)) {
    d->kind = v->ref ? KD_DES_ELEM : KD_DES_PTR;
    d->base = v;
    d->id = v->rs;
  }
}

/* The this oracle: in a member function's clone (methods.c), `this` is its
 * view; elsewhere it designates nothing. */
static void view_this(void *ctx, KdNode *n, KdDes *d) {
  R *r = ctx;
  (void)n;
  Method *M = r->cur.method;
  if (!M || !M->self || !rw_is_view(r, M->self))
    return;
  d->kind = KD_DES_PTR;
  d->base = M->self;
  d->id = M->rs;
}

static int view_field(void *ctx, const KdDes *d, KdNode *member) { return rw_field_index(ctx, d->id, member); }

/* Whether t is a pointer to (d a pointer) or is (d an element) the view's struct. */
static bool view_same(void *ctx, const KdDes *d, CXType t) {
  return (d->kind == KD_DES_PTR ? rw_rs_of_pointer(ctx, t) : rw_rs_of_record(ctx, t)) == d->id;
}

static const char *why_text(KdDesWhy why) {
  switch (why) {
  case KD_DES_WHY_TERMS:
    return "too many pointer offsets in one expression";
  case KD_DES_WHY_UNKNOWN:
    return "it is used in an expression the rewriter does not know";
  case KD_DES_WHY_METHOD:
    return "a member function is called on an element";
  case KD_DES_WHY_VOLATILE:
    return "it is cast to a pointer to volatile (the accessors' loads and stores are not volatile)";
  case KD_DES_WHY_DEPENDENT:
    return "an expression whose type depends on a template parameter reaches it (the rewriter reads a function "
           "template's text, where what that expression does is not known until instantiation)";
  default:
    return NULL;
  }
}

/* The walk's answer d as the rewriter reads it: a part of a field or a
 * decayed array field is VR_SUB (decay), KD_DES_BAD's reason its message. */
static void vref_from(const KdDes *d, VRef *out) {
  // a pointer from a pointer update (`q++`, `(q += k) + 1`) is not a value the
  // rewriter gives a view parameter or variable: none, as before rule 5
  // (its accesses, `(q++)->x`, are rewritten with the update as their base);
  // one from a call that returns a view (`at(p, i) + 1`, `&get(p, i)`), which
  // walk.c and emit_value take only as it is (returns.c), is a use it cannot follow
  bool call = d->kind == KD_DES_PTR && d->ref && d->ref->c.kind == CXCursor_CallExpr;
  KdDesKind kind = call ? KD_DES_BAD : d->kind == KD_DES_PTR && d->ref && !rw_named_ref(d->ref) ? KD_DES_NONE : d->kind;
  switch (kind) {
  case KD_DES_PTR:
    out->kind = d->base && ((const Var *)d->base)->ref ? VR_BAD : VR_PTR;  // `&r`: see below
    break;
  case KD_DES_ELEM:
    out->kind = VR_ELEM;
    break;
  case KD_DES_FIELD:
    out->kind = d->part ? VR_SUB : VR_FIELD;
    break;
  case KD_DES_FADDR:
    out->kind = d->decay ? VR_SUB : VR_FADDR;
    break;
  case KD_DES_BAD:
    out->kind = VR_BAD;
    break;
  default:
    memset(out, 0, sizeof *out);
    return;
  }
  out->decay = d->kind == KD_DES_FADDR && d->decay;
  out->why = d->kind == KD_DES_BAD ? why_text(d->why) : NULL;
  if (call)
    out->why = "the view a function returns is used in a way the rewriter does not follow (offset, compared, or "
               "its address taken)";
  if (out->kind == VR_BAD && d->kind == KD_DES_PTR && !call)  // the address of a reference's element, as a value
    out->why = "the address of a reference to an element is taken (the reference becomes a view of the element "
               "and an index, which have no address)";
  out->var = d->base;
  out->ref = d->ref;
  out->nterms = d->nterms;
  for (int i = 0; i < d->nterms; i++) {
    out->term[i] = d->term[i];
    out->neg[i] = d->neg[i];
  }
  out->field = d->field;
  out->field_expr = d->field_expr;
}

/* What expression c designates, if it reaches a view (the designator walk
 * under the rewriter's rules, its answers kept): a field or a part of one
 * (VR_SUB: also a decayed array field, decay), a field address, a pointer,
 * an element, or a use the rewriter cannot rewrite (VR_BAD, why). */
void rw_vref(R *r, KdNode *c, VRef *out) {
  VMemo *m = memo_slot(r, c);
  if (memo_hit(r, m, c)) {
    *out = m->v;
    return;
  }
  KdDesClient *cl = &r->vm.client;
  if (!cl->tree)
    *cl = (KdDesClient){.tree = r->tree,
                        .rules = KD_DES_RULES_REWRITE,
                        .ctx = r,
                        .base = view_base,
                        .update = view_update,
                        .call = view_call,
                        .this_base = view_this,
                        .field = view_field,
                        .same = view_same,
                        .memo_get = memo_get,
                        .memo_put = memo_put};
  r->vm.walk_gen = r->vm.gen;
  KdDes d;
  kd_designate(cl, c, &d);
  if (memo_hit(r, m, c))
    *out = m->v;  // (kept by the walk's memo_put)
  else
    vref_from(&d, out);
}

static Src elem_source(R *r, KdNode *ch, Var **var, bool *moved);

/* rw_ptr_source_m without the offset. */
Src rw_ptr_source(R *r, KdNode *e, Var **var) { return rw_ptr_source_m(r, e, var, NULL); }

int rw_ptr_arms(KdNode *e, KdNode **arms, int max) {
  KdNode *s = rw_strip_parens_casts(e);
  if (s->c.kind != CXCursor_ConditionalOperator || s->nkids != 3) {  // (`a ?: b` has two)
    if (max > 0)
      arms[0] = e;
    return 1;
  }
  int n = rw_ptr_arms(s->kids[1], arms, max);
  return n + rw_ptr_arms(s->kids[2], arms + (n < max ? n : max), max > n ? max - n : 0);
}

/* Where the pointer value of e comes from; *moved (if not NULL) becomes
 * true where e adds an offset to it on the way (`p + k`, `&p[i]`). */
Src rw_ptr_source_m(R *r, KdNode *e, Var **var, bool *moved) {
  enum CXCursorKind k = e->c.kind;
  if (rw_is_null_constant(e))
    return SRC_NULL;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: {
    KdNode *ch = rw_only_kid(e);
    return ch ? rw_ptr_source_m(r, ch, var, moved) : SRC_OTHER;
  }
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr: {
    if (e->nkids < 1)
      return SRC_OTHER;
    int rs = rw_rs_of_pointer(r, kd_node_type(r->tree, e)), from = rw_rs_of_pointer(r, kd_node_type(r->tree, rw_last_kid(e)));
    if (from == rs)
      return rw_ptr_source_m(r, rw_last_kid(e), var, moved);
    // `(S *)d` of a `void *d` that holds an array of S (untyped.c): d
    KdNode *op = rw_strip_parens_casts(rw_last_kid(e));
    if (from < 0 && rs >= 0 && k != CXCursor_CXXConstCastExpr && op->c.kind == CXCursor_DeclRefExpr &&
        !clang_Cursor_isNull(kd_node_referenced(r->tree, op)) && rw_untyped_rs(r, kd_node_referenced(r->tree, op)) == rs)
      return rw_ptr_source_m(r, op, var, moved);
    return SRC_OTHER;
  }
  case CXCursor_DeclRefExpr: {
    Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, e)) ? NULL : rw_ref_var(r, e);
    if (v) {
      *var = v;
      return SRC_VAR;
    }
    return SRC_OTHER;
  }
  case CXCursor_CallExpr: {  // a function's return value (returns.c)
    Var *v = rw_call_ret(r, e);
    if (v && !v->ref) {
      *var = v;
      return SRC_VAR;
    }
    return SRC_OTHER;
  }
  case CXCursor_BinaryOperator: {
    if (e->nkids == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e->c);
      if (op == CXBinaryOperator_Comma)  // (a, q): q
        return rw_ptr_source_m(r, e->kids[1], var, moved);
      if (op == CXBinaryOperator_Assign)  // (q = e): q, which e flows into
        return rw_ptr_source_m(r, e->kids[0], var, moved);
      int pi = kd_node_type_kind(r->tree, e->kids[0]) == CXType_Pointer ? 0 : 1;
      if (moved && !rw_is_null_constant(e->kids[1 - pi]))  // (p + 0: no offset)
        *moved = true;
      return rw_ptr_source_m(r, e->kids[pi], var, moved);
    }
    return SRC_OTHER;
  }
  case CXCursor_CompoundAssignOperator:  // (q += k): q, moved
    if (e->nkids == 2) {
      if (moved)
        *moved = true;
      return rw_ptr_source_m(r, e->kids[0], var, moved);
    }
    return SRC_OTHER;
  case CXCursor_ConditionalOperator: {  // c ? a : b: the one variable both come from (null aside)
    if (e->nkids != 3)
      return SRC_OTHER;
    Src s = SRC_NULL;
    for (int i = 1; i <= 2; i++) {
      Var *v = NULL;
      Src a = rw_ptr_source_m(r, e->kids[i], &v, moved);
      if (a == SRC_OTHER || (a == SRC_VAR && s == SRC_VAR && v != *var))
        return SRC_OTHER;
      if (a == SRC_VAR) {
        s = SRC_VAR;
        *var = v;
      }
    }
    return s;
  }
  case CXCursor_UnaryOperator: {
    KdNode *ch = rw_only_kid(e);
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e->c);
    if (ch && rw_is_step_op(op)) {  // ++q, q--: q, moved
      if (moved)
        *moved = true;
      return rw_ptr_source_m(r, ch, var, moved);
    }
    if (!ch || op != CXUnaryOperator_AddrOf)
      return SRC_OTHER;
    // &p[i], &*p
    while (ch && ch->c.kind == CXCursor_ParenExpr)
      ch = rw_only_kid(ch);
    return ch ? elem_source(r, ch, var, moved) : SRC_OTHER;
  }
  default:
    return SRC_OTHER;
  }
}

/* Where the pointer that element expression e (`p[i]`, `*q`; no
 * parentheses around it) is reached through comes from, as for `&e`. */
static Src elem_source(R *r, KdNode *ch, Var **var, bool *moved) {
  if (ch->c.kind == CXCursor_ArraySubscriptExpr) {
    if (ch->nkids == 2) {
      int bi = kd_node_type_kind(r->tree, ch->kids[1]) == CXType_Pointer ? 1 : 0;
      if (moved && !rw_is_null_constant(ch->kids[1 - bi]))  // (&p[0]: no offset)
        *moved = true;
      return rw_ptr_source_m(r, ch->kids[bi], var, moved);
    }
    return SRC_OTHER;
  }
  if (ch->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(ch->c) == CXUnaryOperator_Deref) {
    KdNode *g = rw_only_kid(ch);
    return g ? rw_ptr_source_m(r, g, var, moved) : SRC_OTHER;
  }
  return SRC_OTHER;
}

/* Where the element that a reference is bound to (`S &r = e`) comes from:
 * the pointer of `p[i]` or `*q` (*moved where an offset is added), another
 * reference variable (`S &r2 = r`), or anything else (a local element, a
 * temporary, a conditional: SRC_OTHER). */
Src rw_elem_source(R *r, KdNode *e, Var **var, bool *moved) {
  e = rw_strip_parens_casts(e);  // (const S &c = p[i]: a conversion that adds const)
  if (e->c.kind == CXCursor_DeclRefExpr) {
    Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, e)) ? NULL : rw_ref_var(r, e);
    if (v && v->ref) {
      *var = v;
      return SRC_VAR;
    }
    return SRC_OTHER;
  }
  if (e->c.kind == CXCursor_CallExpr) {  // a function that returns a reference (returns.c)
    Var *v = rw_call_ret(r, e);
    if (v && v->ref) {
      *var = v;
      return SRC_VAR;
    }
    return SRC_OTHER;
  }
  return elem_source(r, e, var, moved);
}

/* Whether e, bound to a reference (a reference variable's initialiser, a
 * reference parameter's argument, a reference's return value), is an
 * element of a view, directly or as an operand of `?:` or `,` (the result
 * is that element itself, not a copy): *out is its vref.  Its rewrite as a
 * whole-element load would bind the reference to a copy. */
bool rw_bound_elem(R *r, KdNode *e, VRef *out) {
  e = rw_strip_parens_casts(e);
  enum CXCursorKind k = e->c.kind;
  // a cast straight over an element casts to a reference (`static_cast<S &&>(p[i])`; to a value,
  // C++ copies it first: a constructor call between the two)
  if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXConstCastExpr ||
       k == CXCursor_CXXReinterpretCastExpr || k == CXCursor_CXXFunctionalCastExpr) &&
      e->nkids >= 1)
    return rw_bound_elem(r, rw_last_kid(e), out);
  if (e->c.kind == CXCursor_ConditionalOperator && e->nkids == 3)
    return rw_bound_elem(r, e->kids[1], out) || rw_bound_elem(r, e->kids[2], out);
  if (e->c.kind == CXCursor_BinaryOperator && e->nkids == 2 &&
      clang_getCursorBinaryOperatorKind(e->c) == CXBinaryOperator_Comma)
    return rw_bound_elem(r, e->kids[1], out);
  rw_vref(r, e, out);
  return out->kind == VR_ELEM;
}

/* The view variable whose update (`q += k`, `++q`, `q = e`, ...) gives the
 * pointer value of e, or NULL: pass 2 rewrites the update into one that
 * yields a view, which only a view variable or parameter may take. */
Var *rw_updated_view(R *r, KdNode *e) {
  Var *v = NULL;
  KdNode *s = rw_strip_parens_casts(e);
  while (s->c.kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s->c) == CXBinaryOperator_Comma &&
         s->nkids == 2)
    s = rw_strip_parens_casts(s->kids[1]);  // (a, ++q)
  enum CXCursorKind k = s->c.kind;
  bool update = k == CXCursor_CompoundAssignOperator ||
                (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s->c) == CXBinaryOperator_Assign) ||
                (k == CXCursor_UnaryOperator && rw_is_step_op(clang_getCursorUnaryOperatorKind(s->c)));
  if (!update || rw_ptr_source(r, s, &v) != SRC_VAR || !rw_is_view(r, v))
    return NULL;
  return v;
}
