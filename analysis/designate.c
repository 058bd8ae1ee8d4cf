/* designate.c: the designator walk (designate.h): down an operand chain to
 * the name it starts from, then back up, one step per node, on the
 * pointer / element / field / field-address lattice, under the client's
 * rules.  Each case says where the access model (A) and the rewriter (R)
 * read a node differently; designate.h lists the differences. */
#include "designate.h"

#include <stddef.h>
#include <string.h>

/* One kd_designate: the client, and the first retyping cast met. */
typedef struct Walk {
  const KdDesClient *cl;
  KdNode *cast_at;
  int cast_id;
} Walk;

static void des(Walk *w, KdNode *n, KdDes *out);

static void clear(KdDes *d) {
  memset(d, 0, offsetof(KdDes, term));  // (not the terms past nterms: asked of every expression)
  d->id = -1;
  d->field = -1;
  d->cast_id = -1;
}

/* d becomes none: a designation ends here (the rest is not kept). */
static void none(KdDes *d) { clear(d); }

/* d becomes BAD (rule 4), or none for a client without it. */
static void bad(const Walk *w, KdDes *d, KdDesWhy why) {
  if (!(w->cl->rules & KD_DES_REPORT_BAD)) {
    none(d);
    return;
  }
  d->kind = KD_DES_BAD;
  d->why = why;
}

/* Appends ±t to d's element offset: past KD_DES_MAX_TERMS d only says so
 * (overflow), or (rule 4) becomes BAD. */
static void add_term(const Walk *w, KdDes *d, KdNode *t, bool neg) {
  if (d->nterms == KD_DES_MAX_TERMS) {
    d->overflow = true;
    if (w->cl->rules & KD_DES_REPORT_BAD)
      bad(w, d, KD_DES_WHY_TERMS);
    return;
  }
  d->term[d->nterms] = t;
  d->neg[d->nterms++] = neg;
}

/* d (a pointer or element) becomes kind k, with no field. */
static void to_kind(KdDes *d, KdDesKind k) {
  d->kind = k;
  d->part = false;
  d->decay = false;
  d->field = -1;
  d->field_expr = NULL;
}

/* d becomes an lvalue of other data at node n (a subscript, member or `*`
 * of a pointer to other data: the access model's T_OTHER). */
static void other_lvalue(KdDes *d, KdNode *n) {
  to_kind(d, KD_DES_FIELD);
  d->other = true;
  d->id = -1;
  d->width = KD_DES_W_TYPE;
  d->width_at = n;
}

/* d (a field, or other data) becomes a part of it at node n, width n's type. */
static void to_part(KdDes *d, KdNode *n) {
  d->kind = KD_DES_FIELD;
  d->part = true;
  d->decay = false;
  d->width = KD_DES_W_TYPE;
  d->width_at = n;
}

/* Whether type t depends on a template parameter: clang's placeholder for
 * a type-dependent expression, or (canonically unexposed) a template type
 * parameter.  Conservative: another canonically unexposed type counts too. */
static bool dependent(CXType t) {
  if (t.kind == CXType_Dependent)
    return true;
  return t.kind == CXType_Unexposed && clang_getCanonicalType(t).kind == CXType_Unexposed;
}

static bool is_vector(CXType t) { return t.kind == CXType_Vector || t.kind == CXType_ExtVector; }

static bool same_unqualified(CXType a, CXType b) {
  return clang_equalTypes(clang_getUnqualifiedType(a), clang_getUnqualifiedType(b));
}

/* Whether canonical pointer type t points to a volatile type. */
static bool volatile_target(CXType t) {
  CXType e = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
  return e.kind != CXType_Invalid && clang_isVolatileQualifiedType(e);
}

/* Whether the unexposed expression c spans exactly its only child ch: an
 * implicit conversion (ImplicitCastExpr, or a wrapper such as
 * MaterializeTemporaryExpr), not a construct with tokens of its own (an
 * OpenCL swizzle).  The extents say so, but clang_getCursorExtent measures
 * the last token (about 700 instructions, and the rewriter asks this of the
 * conversions above each access's pointer and field).  Where ch is a name
 * (DeclRefExpr, MemberRefExpr) the locations suffice: libclang locates an
 * ImplicitCastExpr at its operand's location and any other expression at
 * its first token, while a DeclRefExpr is located at its name and a
 * MemberRefExpr at the member's name; so equal locations mean either an
 * implicit conversion (the operand's range) or an expression that begins
 * with ch's name.  Over a MemberRefExpr that is impossible (ch, inside c,
 * begins at its base, before the member's name); over a DeclRefExpr of a
 * pointer to a struct (all the strict rules ask about) the only unexposed
 * expressions that begin with the name and go on are a swizzle (of a
 * vector) and a pack expansion (of a pack), neither of which such a name
 * can be.  Where the locations differ, the extents decide. */
static bool spans_kid(KdTree *t, KdNode *c, KdNode *ch) {
  enum CXCursorKind kk = ch->c.kind;
  if ((kk == CXCursor_DeclRefExpr || kk == CXCursor_MemberRefExpr) &&
      clang_equalLocations(clang_getCursorLocation(c->c), clang_getCursorLocation(ch->c)))
    return true;
  return clang_equalRanges(kd_node_extent(t, c), kd_node_extent(t, ch));
}

/* A parenthesis or an unexposed expression (an implicit conversion, an
 * OpenCL vector component or swizzle, ...) over the designation of its
 * only child. */
static void step_wrap(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  KdNode *ch = n->nkids == 1 ? n->kids[0] : NULL;
  if (!ch) {
    clear(out);
    return;
  }
  des(w, ch, out);
  if (out->kind == KD_DES_NONE || out->kind == KD_DES_BAD || n->c.kind == CXCursor_ParenExpr)
    return;  // (a parenthesis has its operand's type: none of the rules below applies)
  bool loose = cl->rules & KD_DES_LOOSE;
  if (!loose && !spans_kid(cl->tree, n, ch)) {
    // strict: not an implicit conversion but a construct clang does not
    // expose, e.g. an OpenCL swizzle p[i].v.wzyx (even of the field's own type)
    if (out->kind == KD_DES_FIELD || (out->kind == KD_DES_FADDR && out->decay))
      to_part(out, n);
    else if (out->kind == KD_DES_FADDR)
      none(out);
    else
      bad(w, out, KD_DES_WHY_UNKNOWN);  // a pointer or element
    return;
  }
  CXType t = kd_node_type(cl->tree, n), ct = kd_node_type(cl->tree, ch);
  if (is_vector(ct) && !clang_equalTypes(ct, t) && t.kind != CXType_Pointer) {
    // a vector component (OpenCL p[i].pos.x): the field, the component's width
    // (only a field or other data is of vector type)
    if (out->kind != KD_DES_FIELD) {
      none(out);
      return;
    }
    bool part = out->part || !same_unqualified(t, ct);  // (const float4 → float4 is the field)
    to_part(out, n);
    out->part = part;
    return;
  }
  if (ct.kind == CXType_ConstantArray && t.kind == CXType_Pointer) {
    // an array decaying to a pointer to its first element: of an array
    // field, its address (A: an address, no access; R: a part that only a
    // subscript may take); of other data, a pointer to other data.  The
    // name of a __device__ array is a pointer already (A's base oracle): none.
    if (out->kind != KD_DES_FIELD) {
      none(out);
      return;
    }
    if (out->other) {
      to_kind(out, KD_DES_PTR);
      out->id = -1;
      out->width = KD_DES_W_ELEM;
      out->width_at = ch;
    } else {
      out->kind = KD_DES_FADDR;
      out->decay = true;
    }
    return;
  }
  if (same_unqualified(t, ct))
    return;
  // a conversion to another type
  switch (out->kind) {
  case KD_DES_FIELD:
    out->part = true;  // the field's value converted (R: a read of the field)
    break;
  case KD_DES_FADDR:
    if (!loose && !out->decay)
      none(out);  // R: only a decayed array field converted stays one (a part)
    break;
  case KD_DES_PTR:
  case KD_DES_ELEM:
    if (!loose && !cl->same(cl->ctx, out, t))
      none(out);  // R: a pointer or element converted to something else is not a view use here
    break;
  default:
    break;
  }
}

/* A subscript: base[index] (or index[base]). */
static void step_subscript(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  if (n->nkids != 2) {
    clear(out);
    return;
  }
  enum CXTypeKind k1 = kd_node_type_kind(cl->tree, n->kids[1]);
  int bi = k1 == CXType_Pointer || (k1 == CXType_ConstantArray && (cl->rules & KD_DES_INDEX_ARRAY)) ? 1 : 0;
  des(w, n->kids[bi], out);
  KdNode *idx = n->kids[1 - bi];
  if (cl->sub)
    cl->sub(cl->ctx, idx);
  switch (out->kind) {
  case KD_DES_PTR:
    if (out->other) {
      other_lvalue(out, n);
    } else {
      to_kind(out, KD_DES_ELEM);
      out->width = KD_DES_W_STRUCT;
      add_term(w, out, idx, false);
    }
    break;
  case KD_DES_FIELD:
    to_part(out, n);  // an element of an array field, a vector's component
    break;
  case KD_DES_FADDR:
    // A: pf[k] with float *pf = p[i].v, (&p[i].f)[0]; R: only a decayed array field
    if (out->decay || (cl->rules & KD_DES_LOOSE))
      to_part(out, n);
    else
      none(out);
    break;
  case KD_DES_BAD:
    break;
  default:
    none(out);
  }
}

/* A member reference: base.m or base->m. */
static void member_of(Walk *w, KdNode *n, bool arrow, KdDes *out);

static void step_member(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  if (n->nkids < 1 && cl->this_base) {  // an implicit `this->m`
    clear(out);
    cl->this_base(cl->ctx, n, out);
    out->ref = n;
    out->width = KD_DES_W_BASE;
    out->width_at = n;
    member_of(w, n, true, out);
    return;
  }
  if (n->nkids < 1) {
    clear(out);
    return;
  }
  KdNode *base = n->kids[0];
  bool arrow = kd_node_type_kind(cl->tree, base) == CXType_Pointer;
  des(w, base, out);
  member_of(w, n, arrow, out);
}

/* The member n of what its base designates (*out: the base's answer; arrow:
 * `->`). */
static void member_of(Walk *w, KdNode *n, bool arrow, KdDes *out) {
  const KdDesClient *cl = w->cl;
  if ((arrow && out->kind == KD_DES_PTR) || (!arrow && out->kind == KD_DES_ELEM)) {
    if (out->other) {  // (a pointer to other data: its members are other data)
      other_lvalue(out, n);
      return;
    }
    int fi = cl->field(cl->ctx, out, n);
    if (fi < 0) {
      bad(w, out, KD_DES_WHY_METHOD);  // A: none; R: a member function called on an element
      return;
    }
    to_kind(out, KD_DES_FIELD);
    out->field = fi;
    out->field_expr = n;
    out->width = KD_DES_W_TYPE;
    out->width_at = n;
  } else if (!arrow && out->kind == KD_DES_FIELD) {
    to_part(out, n);  // a sub-field
  } else if (arrow && out->kind == KD_DES_FADDR && (cl->rules & KD_DES_LOOSE)) {
    to_part(out, n);  // A: (&p[i].inner)->x
  } else if (out->kind != KD_DES_BAD) {
    none(out);  // (`.` on a decayed array field cannot occur: it is a pointer)
  }
}

/* `*e`, `&e`; any other unary operator only passes BAD on (rule 4). */
static void step_unary(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->c);
  bool deref = op == CXUnaryOperator_Deref, addr = op == CXUnaryOperator_AddrOf;
  if (n->nkids != 1 || (!deref && !addr && !(cl->rules & KD_DES_REPORT_BAD))) {
    clear(out);
    return;
  }
  des(w, n->kids[0], out);
  if (out->kind == KD_DES_BAD)
    return;
  if (deref && out->kind == KD_DES_PTR) {
    if (out->other) {
      other_lvalue(out, n);
    } else {
      to_kind(out, KD_DES_ELEM);
      out->width = KD_DES_W_STRUCT;
    }
  } else if (deref && out->kind == KD_DES_FADDR && (cl->rules & KD_DES_LOOSE)) {
    to_part(out, n);  // A: *(&p[i].f), *pf with int *pf = &p[i].f
    out->part = false;
  } else if (addr && out->kind == KD_DES_ELEM) {
    to_kind(out, KD_DES_PTR);
  } else if (addr && out->kind == KD_DES_FIELD && out->other) {
    to_kind(out, KD_DES_PTR);  // the address of other data: a pointer to other data
    out->id = -1;
  } else if (addr && out->kind == KD_DES_FIELD) {
    out->kind = KD_DES_FADDR;
    out->decay = false;
  } else {
    none(out);  // (`&` of a decayed array field cannot occur: it is an rvalue)
  }
}

/* Pointer `+` / `-`: the pointer operand, the other one an offset. */
static void step_offset(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->c);
  if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || n->nkids != 2 ||
      kd_node_type_kind(cl->tree, n) != CXType_Pointer) {
    clear(out);
    return;
  }
  int pi = kd_node_type_kind(cl->tree, n->kids[0]) == CXType_Pointer ? 0 : 1;
  des(w, n->kids[pi], out);
  KdNode *off = n->kids[1 - pi];
  bool loose = cl->rules & KD_DES_LOOSE;
  if (out->kind == KD_DES_PTR && (loose || op != CXBinaryOperator_Sub || pi == 0)) {  // (R: not k - p)
    if (cl->sub)
      cl->sub(cl->ctx, off);
    add_term(w, out, off, op == CXBinaryOperator_Sub);
  } else if (out->kind == KD_DES_FADDR && loose) {  // A: &p[i].f + k
    if (cl->sub)
      cl->sub(cl->ctx, off);
  } else if (out->kind != KD_DES_BAD) {
    none(out);
  }
}

/* A C-style, static, const (or, rule 2, reinterpret) cast to a pointer type. */
static void step_cast(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  CXType t = kd_node_type(cl->tree, n);
  if (n->nkids < 1 || t.kind != CXType_Pointer) {
    clear(out);
    return;
  }
  KdNode *op = n->kids[n->nkids - 1];  // (a cast's type comes first)
  des(w, op, out);
  if (out->kind != KD_DES_PTR) {
    none(out);  // (R: also a BAD pointer)
    return;
  }
  if (cl->rules & KD_DES_LOOSE) {
    CXType from = clang_getCanonicalType(clang_getPointeeType(kd_node_type(cl->tree, op)));
    CXType to = clang_getCanonicalType(clang_getPointeeType(t));
    if (same_unqualified(from, to))
      return;
    // A: accesses through it count as other data (the access model remarks on it)
    if (!w->cast_at) {
      w->cast_at = n;
      w->cast_id = out->id;
    }
    out->other = true;
    out->id = -1;
    out->width = KD_DES_W_POINTEE;
    out->width_at = n;
    return;
  }
  if (!cl->same(cl->ctx, out, t))
    none(out);
  else if (volatile_target(t))
    bad(w, out, KD_DES_WHY_VOLATILE);  // R: the accessors' loads and stores are not volatile
  // else a cast to the same struct pointer (adding const)
}

/* A name: the base oracle's. */
static void step_name(Walk *w, KdNode *n, KdDes *out) {
  clear(out);
  w->cl->base(w->cl->ctx, n, out);
  out->ref = n;
  out->width = KD_DES_W_BASE;
  out->width_at = n;
}

/* `this` (the this_base oracle's). */
static void step_this(Walk *w, KdNode *n, KdDes *out) {
  clear(out);
  w->cl->this_base(w->cl->ctx, n, out);
  out->ref = n;
  out->width = KD_DES_W_BASE;
  out->width_at = n;
}

/* A pointer update as a base (the `update` oracle's, rule 5): `q++`, `--q`,
 * `q += k`, `q = e`, `(a, ++q)`. */
static void step_update(Walk *w, KdNode *n, KdDes *out) {
  clear(out);
  w->cl->update(w->cl->ctx, n, out);
  out->ref = n;
  out->width = KD_DES_W_BASE;
  out->width_at = n;
}

/* A call as a base (the `call` oracle's, rule 6): `get(p, i).x`, `at(p, i)->x`. */
static void step_call(Walk *w, KdNode *n, KdDes *out) {
  clear(out);
  w->cl->call(w->cl->ctx, n, out);
  out->ref = n;
  out->width = KD_DES_W_BASE;
  out->width_at = n;
}

/* Whether n is an expression the `update` oracle is asked about: a pointer
 * increment or decrement, a pointer assignment (`=`, `+=`, `-=`) or a comma
 * of pointer type. */
static bool is_update(const KdDesClient *cl, KdNode *n) {
  if (!cl->update || kd_node_type_kind(cl->tree, n) != CXType_Pointer)
    return false;
  switch (n->c.kind) {
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->c);
    return op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostInc ||
           op == CXUnaryOperator_PostDec;
  }
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->c);
    return op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma;
  }
  case CXCursor_CompoundAssignOperator:
    return true;
  default:
    return false;
  }
}

typedef void Step(Walk *w, KdNode *n, KdDes *out);

static void des(Walk *w, KdNode *n, KdDes *out) {
  const KdDesClient *cl = w->cl;
  Step *step = NULL;
  switch (is_update(cl, n) ? CXCursor_InvalidCode : n->c.kind) {
  case CXCursor_InvalidCode:  // (rule 5)
    step = step_update;
    break;
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    step = step_wrap;
    break;
  case CXCursor_DeclRefExpr:
    step = step_name;
    break;
  case CXCursor_CallExpr:
    if (!cl->call) {
      clear(out);
      return;
    }
    step = step_call;
    break;
  case CXCursor_CXXThisExpr:
    if (!cl->this_base) {
      clear(out);
      return;
    }
    step = step_this;
    break;
  case CXCursor_ArraySubscriptExpr:
    step = step_subscript;
    break;
  case CXCursor_MemberRefExpr:
    step = step_member;
    break;
  case CXCursor_UnaryOperator:
    step = step_unary;
    break;
  case CXCursor_BinaryOperator:
    step = step_offset;
    break;
  case CXCursor_CXXReinterpretCastExpr:
    if (!(cl->rules & KD_DES_REINTERPRET)) {
      clear(out);
      return;
    }
    step = step_cast;
    break;
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr:
    step = step_cast;
    break;
  default:
    clear(out);
    return;  // nothing else designates struct memory
  }
  if (cl->memo_get && cl->memo_get(cl->ctx, n, out))
    return;
  step(w, n, out);
  if (out->kind != KD_DES_NONE && (cl->rules & KD_DES_REPORT_BAD) && dependent(kd_node_type(cl->tree, n)))
    bad(w, out, KD_DES_WHY_DEPENDENT);  // (rule 4: the template's text is all the client reads)
  if (cl->memo_put)
    cl->memo_put(cl->ctx, n, out);
}

void kd_designate(const KdDesClient *cl, KdNode *n, KdDes *out) {
  Walk w = {cl, NULL, -1};
  des(&w, n, out);
  out->cast_at = w.cast_at;
  out->cast_id = w.cast_id;
}

void kd_des_copy(KdDes *to, const KdDes *from) {
  memcpy(to, from, offsetof(KdDes, term));
  for (int i = 0; i < from->nterms; i++) {
    to->term[i] = from->term[i];
    to->neg[i] = from->neg[i];
  }
}
