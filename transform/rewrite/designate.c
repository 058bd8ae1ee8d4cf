/* designate.c: what an expression designates, if it reaches a view
 * (rw_vref: a pointer, an element, a field or part of one, a field's
 * address, or a use the rewriter cannot rewrite, with the view variable and
 * the element offset's terms), and where a pointer value comes from
 * (rw_ptr_source: a variable, null, anything else; whether an offset is
 * added on the way).  Pass 1 asks the second, pass 2 the first. */
#include "rewriteInt.h"

static void vref_of(R *r, KdNode *c, VRef *out);

/* Whether the unexposed expression c spans exactly its only child ch: an
 * implicit conversion (ImplicitCastExpr, or a wrapper such as
 * MaterializeTemporaryExpr), not a construct with tokens of its own (an
 * OpenCL swizzle).  The extents say so, but clang_getCursorExtent measures
 * the last token (about 700 instructions, and vref asks this of the
 * conversions above each access's pointer and field).  Where ch is a name
 * (DeclRefExpr, MemberRefExpr) the locations suffice: libclang locates an
 * ImplicitCastExpr at its operand's location and any other expression at
 * its first token, while a DeclRefExpr is located at its name and a
 * MemberRefExpr at the member's name; so equal locations mean either an
 * implicit conversion (the operand's range) or an expression that begins
 * with ch's name.  Over a MemberRefExpr that is impossible (ch, inside c,
 * begins at its base, before the member's name); over a DeclRefExpr of a
 * pointer to a struct (all vref asks about) the only unexposed expressions
 * that begin with the name and go on are a swizzle (of a vector) and a
 * pack expansion (of a pack), neither of which such a name can be.  Where
 * the locations differ, the extents decide. */
static bool spans_kid(R *r, KdNode *c, KdNode *ch) {
  enum CXCursorKind kk = ch->c.kind;
  if ((kk == CXCursor_DeclRefExpr || kk == CXCursor_MemberRefExpr) &&
      clang_equalLocations(clang_getCursorLocation(c->c), clang_getCursorLocation(ch->c)))
    return true;
  return rw_same_extent(r, c, ch);
}

static void add_term(VRef *v, KdNode *t, bool neg) {
  if (v->nterms == MAX_TERMS) {
    v->kind = VR_BAD;
    v->why = "too many pointer offsets in one expression";
    return;
  }
  v->term[v->nterms] = t;
  v->neg[v->nterms++] = neg;
}

/* vref's answers kept, by node, in a small table where a later node takes
 * an earlier one's place.  walk asks vref about every expression, and vref
 * asks about the operand chain below it (p[i].v.x: the conversion, .x, .v,
 * the subscript, p), and walk then goes down that chain asking again at
 * each node: the answers are kept until the next node of the slot.  They
 * hold for one instance (r->cur.inst) and one generation (r->vm.gen): what vref
 * looks at (which variables are views, of which instance) does not change
 * within one. */
typedef struct VMemo {
  KdNode *n;
  unsigned gen;
  int inst;
  VRef v;
} VMemo;

enum { NVMEMO = 256 };

/* Whether an expression of kind k may designate struct memory (vref_of
 * answers VR_NONE for any other without looking). */
static bool may_designate(enum CXCursorKind k) {
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_DeclRefExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_MemberRefExpr:
  case CXCursor_UnaryOperator:
  case CXCursor_BinaryOperator:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr:
    return true;
  default:
    return false;
  }
}

/* What expression c designates, if it reaches a view (vref_of, kept). */
void rw_vref(R *r, KdNode *c, VRef *out) {
  if (!may_designate(c->c.kind)) {
    memset(out, 0, sizeof *out);
    return;  // nothing else designates struct memory
  }
  if (!r->vm.memo) {
    r->vm.memo = calloc(NVMEMO, sizeof(VMemo));
    if (!r->vm.memo)
      abort();
  }
  size_t slot = ((uintptr_t)c / sizeof(KdNode)) % NVMEMO;  // (nodes are allocated one after another)
  VMemo *m = &r->vm.memo[slot];
  if (m->n == c && m->gen == r->vm.gen && m->inst == r->cur.inst) {
    *out = m->v;
    return;
  }
  unsigned gen = r->vm.gen;
  vref_of(r, c, out);
  if (gen != r->vm.gen)
    return;  // (vref_of does not drop structs, but were it to, its answer would not be kept)
  m->n = c;
  m->gen = gen;
  m->inst = r->cur.inst;
  m->v = *out;
}

/* What expression c, of a kind that may_designate, designates, if it
 * reaches a view (vref asks it). */
static void vref_of(R *r, KdNode *c, VRef *out) {
  memset(out, 0, sizeof *out);
  enum CXCursorKind k = c->c.kind;
  if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
    if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub)
      return;
  }
  // the node's type, where a case needs it
  CXType t;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: {
    KdNode *ch = rw_only_kid(c);
    if (!ch)
      return;
    VRef in;
    rw_vref(r, ch, &in);
    if (in.kind == VR_NONE || in.kind == VR_BAD) {
      *out = in;
      return;
    }
    t = kd_node_type(r->tree, c);
    CXType ct = kd_node_type(r->tree, ch);
    if (k == CXCursor_UnexposedExpr && !spans_kid(r, c, ch)) {
      // not an implicit conversion but a construct clang does not expose,
      // e.g. an OpenCL swizzle p[i].v.wzyx (even of the field's own type)
      if (in.kind == VR_FIELD || in.kind == VR_SUB) {
        *out = in;
        out->kind = VR_SUB;
        out->decay = false;
      } else if (in.kind == VR_PTR || in.kind == VR_ELEM) {
        out->kind = VR_BAD;
        out->var = in.var;
        out->why = "it is used in an expression the rewriter does not know";
      }
      return;
    }
    if (k == CXCursor_ParenExpr || clang_equalTypes(clang_getUnqualifiedType(t), clang_getUnqualifiedType(ct))) {
      *out = in;
      return;
    }
    if (in.kind == VR_PTR && t.kind == CXType_Pointer && rw_rs_of_pointer(r, t) == in.var->rs) {
      *out = in;  // adds const / volatile / restrict
      return;
    }
    if (in.kind == VR_ELEM && rw_rs_of_record(r, t) == in.var->rs) {
      *out = in;  // const S from S (copy construction), lvalue-to-rvalue
      return;
    }
    if ((in.kind == VR_FIELD || in.kind == VR_SUB)) {
      if (ct.kind == CXType_ConstantArray && t.kind == CXType_Pointer) {
        *out = in;  // array field decaying: the caller decides (subscript base only)
        out->kind = VR_SUB;
        out->decay = true;
        return;
      }
      *out = in;  // a vector component (OpenCL) or a conversion of the value: a read of the field
      out->kind = VR_SUB;
      return;
    }
    return;  // a conversion of a pointer or element to something else: not a view use here
  }
  case CXCursor_DeclRefExpr: {
    if (kd_node_type_kind(r->tree, c) != CXType_Pointer)
      return;  // (asked first: most references are to something else)
    Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, c)) ? NULL : rw_ref_var(r, c);
    if (v && rw_is_view(r, v)) {
      out->kind = VR_PTR;
      out->var = v;
      out->ref = c;
    }
    return;
  }
  case CXCursor_ArraySubscriptExpr: {
    if (c->nkids == 2) {
      int bi = kd_node_type_kind(r->tree, c->kids[1]) == CXType_Pointer ? 1 : 0;
      VRef b;
      rw_vref(r, c->kids[bi], &b);
      if (b.kind == VR_PTR) {
        *out = b;
        out->kind = VR_ELEM;
        add_term(out, c->kids[1 - bi], false);
      } else if (b.kind == VR_FIELD || b.kind == VR_SUB) {
        *out = b;
        out->kind = VR_SUB;
        out->decay = false;
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_MemberRefExpr: {
    if (c->nkids >= 1) {
      KdNode *base = c->kids[0];
      bool arrow = kd_node_type_kind(r->tree, base) == CXType_Pointer;
      VRef b;
      rw_vref(r, base, &b);
      if ((arrow && b.kind == VR_PTR) || (!arrow && b.kind == VR_ELEM)) {
        int fi = rw_field_index(r, b.var->rs, c);
        *out = b;
        if (fi < 0) {
          out->kind = VR_BAD;
          out->why = "a member function is called on an element";
        } else {
          out->kind = VR_FIELD;
          out->field = fi;
          out->field_expr = c;
        }
      } else if (!arrow && (b.kind == VR_FIELD || b.kind == VR_SUB)) {
        *out = b;
        out->kind = VR_SUB;
        out->decay = false;
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c->c);
    KdNode *ch = rw_only_kid(c);
    if (!ch)
      return;
    VRef in;
    rw_vref(r, ch, &in);
    if (op == CXUnaryOperator_Deref && in.kind == VR_PTR) {
      *out = in;
      out->kind = VR_ELEM;
    } else if (op == CXUnaryOperator_AddrOf && in.kind == VR_ELEM) {
      *out = in;
      out->kind = VR_PTR;
    } else if (op == CXUnaryOperator_AddrOf && (in.kind == VR_FIELD || in.kind == VR_SUB)) {
      *out = in;
      out->kind = VR_FADDR;
    } else if (in.kind == VR_BAD) {
      *out = in;
    }
    return;
  }
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
    if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || kd_node_type_kind(r->tree, c) != CXType_Pointer)
      return;
    if (c->nkids == 2) {
      int pi = kd_node_type_kind(r->tree, c->kids[0]) == CXType_Pointer ? 0 : 1;
      VRef b;
      rw_vref(r, c->kids[pi], &b);
      if (b.kind == VR_PTR && !(op == CXBinaryOperator_Sub && pi == 1)) {
        *out = b;
        add_term(out, c->kids[1 - pi], op == CXBinaryOperator_Sub);
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr: {
    t = kd_node_type(r->tree, c);
    if (c->nkids >= 1 && t.kind == CXType_Pointer) {
      VRef b;
      rw_vref(r, rw_last_kid(c), &b);
      if (b.kind == VR_PTR && rw_rs_of_pointer(r, t) == b.var->rs && rw_volatile_target(t)) {
        *out = b;
        out->kind = VR_BAD;
        out->why = "it is cast to a pointer to volatile (the accessors' loads and stores are not volatile)";
      } else if (b.kind == VR_PTR && rw_rs_of_pointer(r, t) == b.var->rs) {
        *out = b;  // a cast to the same struct pointer (adding const)
      }
    }
    return;
  }
  default:
    return;
  }
}

/* rw_ptr_source_m without the offset. */
Src rw_ptr_source(R *r, KdNode *e, Var **var) { return rw_ptr_source_m(r, e, var, NULL); }

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
    if (e->nkids >= 1 && rw_rs_of_pointer(r, kd_node_type(r->tree, rw_last_kid(e))) == rw_rs_of_pointer(r, kd_node_type(r->tree, e)))
      return rw_ptr_source_m(r, rw_last_kid(e), var, moved);
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
    if (!ch)
      return SRC_OTHER;
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
  default:
    return SRC_OTHER;
  }
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
