/* access_expr.c: the access model's expressions (Sect. 3.1; accessInt.h):
 * what an expression designates, as the designator walk (designate.h)
 * answers it under the access model's rules, whether its address is
 * uniform across a work-group (uniform.h), and the global-memory accesses
 * each expression makes, in evaluation order; calls to functions defined in
 * the file are followed with their pointer arguments bound.
 */
#include "accessInt.h"

/* ---- globals ---- */

static bool is_device_global_var(KdTree *t, CXCursor decl) {
  if (clang_getCursorKind(decl) != CXCursor_VarDecl || !kd_cursor_in_user_code(decl))
    return false;  // the prelude's built-in variables (threadIdx, ...) are not memory
  if (clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit)
    return false;
  KdKids ks = kd_kids_of(t, decl);
  bool dev = false, other = false;
  for (int i = 0; i < ks.n; i++) {
    enum CXCursorKind k = clang_getCursorKind(ks.v[i]);
    dev |= k == CXCursor_CUDADeviceAttr;
    other |= k == CXCursor_CUDAConstantAttr || k == CXCursor_CUDASharedAttr;
  }
  return dev && !other;
}

/* ---- what an expression designates: the designator walk (designate.h) ---- */

/* The base oracle: a pointer variable or reference of the environment (as
 * bound: its Target, the base variable's uniform bit pending), a __device__
 * global (a pointer to other data if an array, else other data).  Its
 * Target is kept in b->des_base for target_of. */
static void des_base(void *ctx, KdNode *ref, KdDes *d) {
  Builder *b = ctx;
  CXCursor decl = kd_node_referenced(b->src->tree, ref);
  if (clang_Cursor_isNull(decl))
    return;
  Target t;
  EnvEntry *en = ac_env_find(b, decl);
  if (en) {
    t = en->t;  // re-pointed under divergent control, say: the function's analysis knows
    if (t.uniform && !b->uni) {
      t.uniform = false;
    } else if (t.uniform) {  // asked when needed (after the subscripts: often varying, and cheaper)
      t.pend = true;
      t.uvar = decl;
    }
  } else if (is_device_global_var(b->src->tree, decl)) {
    CXType et = kd_node_type(b->src->tree, ref);
    if (et.kind == CXType_ConstantArray || et.kind == CXType_IncompleteArray)
      t = (Target){T_PTR, -1, -1, type_bytes(clang_getArrayElementType(et)), true, false, {0}};
    else
      t = (Target){T_OTHER, -1, -1, type_bytes(et), true, false, {0}};
  } else {
    return;
  }
  b->des_base = t;
  static const KdDesKind kinds[] = {
      [T_NONE] = KD_DES_NONE, [T_PTR] = KD_DES_PTR,   [T_ELEM] = KD_DES_ELEM,
      [T_FIELD] = KD_DES_FIELD, [T_OTHER] = KD_DES_FIELD, [T_FADDR] = KD_DES_FADDR,
  };
  d->kind = kinds[t.k];
  d->id = t.sid;
  d->field = t.field;
  d->other = t.k == T_OTHER || (t.k == T_PTR && (t.sid < 0 || !b->prog->structs[t.sid].eligible));
}

/* The this oracle: in a member function called on an element (visit_call
 * binds it), `this` points to that element. */
static void des_this(void *ctx, KdNode *n, KdDes *d) {
  Builder *b = ctx;
  (void)n;
  if (b->this_t.k != T_PTR)
    return;
  b->des_base = b->this_t;
  d->kind = KD_DES_PTR;
  d->id = b->this_t.sid;
}

static int des_field(void *ctx, const KdDes *d, KdNode *member) {
  Builder *b = ctx;
  return ac_field_index(b, d->id, kd_node_referenced(b->src->tree, member));
}

static void des_sub(void *ctx, KdNode *e) {
  Builder *b = ctx;
  kd_vec_push(b->des_subs, e->c);
}

/* The Target of designation d (the base's Target in b->des_base): other
 * data is T_OTHER (an lvalue) or a T_PTR to a struct that is not eligible
 * or to none; the width in bytes. */
static Target target_of(Builder *b, const KdDes *d) {
  Target t = {T_NONE, -1, -1, 0, false, false, {0}};
  switch (d->kind) {
  case KD_DES_PTR:
    t.k = T_PTR;
    t.sid = d->id;
    break;
  case KD_DES_ELEM:
    t.k = T_ELEM;
    t.sid = d->id;
    break;
  case KD_DES_FIELD:
    t.k = d->other ? T_OTHER : T_FIELD;
    t.sid = d->other ? -1 : d->id;
    t.field = d->other ? -1 : d->field;
    break;
  case KD_DES_FADDR:
    t.k = T_FADDR;
    t.sid = d->id;
    t.field = d->field;
    break;
  default:
    return t;
  }
  const Target *bt = &b->des_base;
  CXType wt = kd_node_type(b->src->tree, d->width_at);
  switch (d->width) {
  case KD_DES_W_BASE:
    t.bytes = bt->bytes;
    break;
  case KD_DES_W_TYPE:
    t.bytes = type_bytes(wt);
    break;
  case KD_DES_W_ELEM:
    t.bytes = type_bytes(clang_getArrayElementType(wt));
    break;
  case KD_DES_W_POINTEE:
    t.bytes = type_bytes(canon(clang_getPointeeType(wt)));
    break;
  case KD_DES_W_STRUCT:
    t.bytes = b->prog->structs[d->id].bytes;
    break;
  }
  t.uniform = bt->uniform;
  t.pend = bt->pend;
  t.uvar = bt->uvar;
  return t;
}

/* e without parentheses and implicit conversions. */
static CXCursor strip_implicit(KdTree *t, CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    KdKids ks = kd_kids_of(t, e);
    if ((k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) || ks.n != 1)
      return e;
    e = ks.v[0];
  }
}

/* Whether e is a null pointer constant (`nullptr`, `NULL`, `0`, `(T *)0`). */
static bool null_constant(KdTree *t, CXCursor e) {
  e = strip_implicit(t, e);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_GNUNullExpr)
    return true;
  if (k == CXCursor_CStyleCastExpr) {
    KdKids ks = kd_kids_of(t, e);
    return ks.n >= 1 && null_constant(t, ks.v[ks.n - 1]);
  }
  if (k != CXCursor_IntegerLiteral)
    return false;
  CXEvalResult r = clang_Cursor_Evaluate(e);
  bool zero = r && clang_EvalResult_getKind(r) == CXEval_Int && clang_EvalResult_getAsLongLong(r) == 0;
  if (r)
    clang_EvalResult_dispose(r);
  return zero;
}

Target ac_classify(Builder *b, CXCursor e, Cursors *subs);

/* A pointer chosen by `c ? x : y` (CUDA's `src = parity ? a : b`): a pointer
 * to struct sid if each arm is one to the same struct (or null), its base
 * not uniform (the condition may differ between threads); the condition and
 * both arms' subscripts are evaluated first (subs).  Else T_NONE. */
static Target classify_choice(Builder *b, CXCursor e, Cursors *subs) {
  Target none = {T_NONE, -1, -1, 0, false, false, {0}}, t = none;
  KdKids ks = kd_kids_of(b->src->tree, e);
  if (ks.n != 3)
    return none;
  Cursors mine = {0};  // (the arms' subscripts: the caller's only if the choice is a pointer)
  kd_vec_push(&mine, ks.v[0]);
  for (int i = 1; i <= 2; i++) {
    if (null_constant(b->src->tree, ks.v[i]))
      continue;
    Target a = ac_classify(b, ks.v[i], &mine);
    if (a.k != T_PTR || (t.k == T_PTR && a.sid != t.sid)) {
      t = none;
      break;
    }
    t = a;
  }
  if (t.k == T_PTR) {
    for (int i = 0; i < mine.n; i++)
      kd_vec_push(subs, mine.v[i]);
    t.uniform = t.pend = false;
  }
  free(mine.v);
  return t;
}

/* What lvalue or pointer expression e designates (the designator walk under
 * the access model's rules); sub-expressions that must be evaluated first
 * (indices, pointer offsets) are appended to subs.  A pointer to a struct
 * cast to another pointer type is remarked on (kdlg-cast). */
Target ac_classify(Builder *b, CXCursor e, Cursors *subs) {
  CXCursor s = strip_implicit(b->src->tree, e);
  if (clang_getCursorKind(s) == CXCursor_ConditionalOperator)
    return classify_choice(b, s, subs);
  static const KdDesClient client = {
      .rules = KD_DES_RULES_ACCESS,
      .base = des_base,
      .this_base = des_this,
      .field = des_field,
      .sub = des_sub,
  };
  KdDesClient cl = client;
  cl.tree = b->src->tree;
  cl.ctx = b;
  b->des_subs = subs;
  KdDes d;
  kd_designate(&cl, kd_tree_node(b->src->tree, e), &d);
  if (d.cast_at && d.cast_id >= 0)
    ac_remark(b, d.cast_at->c, "cast",
           "pointer to struct '%s' is cast to another type: accesses through it count as other data",
           b->prog->structs[d.cast_id].name);
  return target_of(b, &d);
}

/* Whether every sub-expression ac_classify() collected (indices, offsets) is
 * uniform across a work-group. */
static bool subs_uniform(Builder *b, const Cursors *subs) {
  if (!b->uni)
    return false;
  for (int i = 0; i < subs->n; i++)
    if (!kd_uniform_expr(b->uni, subs->v[i]))
      return false;
  return true;
}

/* Whether the pending base variable of t (if any) is uniform. */
static bool pend_uniform(Builder *b, const Target *t) {
  return !t->pend || (b->uni && kd_uniform_var(b->uni, t->uvar));
}

/* t with its uniform flag cleared unless every one of subs (and its base
 * variable) is uniform. */
Target ac_with_subs(Builder *b, Target t, const Cursors *subs) {
  t.uniform = t.uniform && subs_uniform(b, subs) && pend_uniform(b, &t);
  t.pend = false;
  return t;
}

static bool *struct_varying(Builder *b, int sid) {
  if (sid >= b->varying_cap) {
    int old = b->varying_cap;
    KD_GROW(b->varying, b->varying_cap, sid + 1);
    memset(b->varying + old, 0, (size_t)(b->varying_cap - old) * sizeof(bool));
  }
  return &b->varying[sid];
}

/* The uniform flag of an access of struct sid (-1: other data) at t with
 * subscripts subs.  Lazy: exact for a struct until one of its accesses is
 * known not uniform (all the plan's rule reads); false after, and for other data. */
static bool access_uniform(Builder *b, Target t, const Cursors *subs, int sid) {
  if (b->lazy && (sid < 0 || *struct_varying(b, sid)))
    return false;
  bool u = ac_with_subs(b, t, subs).uniform;
  if (!u && sid >= 0)
    *struct_varying(b, sid) = true;
  return u;
}

/* Emits the instruction(s) for global lvalue t (t.uniform: its element index
 * is the same for every thread of a work-group, subscripts included). */
static void emit(Builder *b, CXCursor at, Target t, const Cursors *subs, Mode mode, KdRegion *seq) {
  if (mode == M_ADDR || mode == M_NONE)
    return;
  int sid = t.k == T_OTHER ? -1 : t.sid;
  t.uniform = access_uniform(b, t, subs, sid);
  int field = t.k == T_FIELD || t.k == T_FADDR ? t.field : -1;
  if (sid >= 0)
    ac_struct_add_kernel(b, sid);
  unsigned line, col;
  ac_location(at, NULL, &line, &col, b->A);
  if (mode == M_LOAD || mode == M_RMW) {
    KdRegion *r = kd_region_access(b->A, sid, field, t.bytes, false);
    r->acc.uniform = t.uniform;
    r->acc.line = line;
    r->acc.col = col;
    kd_region_add(b->A, seq, r);
  }
  if (mode == M_STORE || mode == M_RMW) {
    KdRegion *r = kd_region_access(b->A, sid, field, t.bytes, true);
    r->acc.uniform = t.uniform;
    r->acc.line = line;
    r->acc.col = col;
    kd_region_add(b->A, seq, r);
  }
}

static void visit_kids(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  KdKids ks = kd_kids_of(b->src->tree, e);
  for (int i = 0; i < ks.n; i++)
    ac_visit_expr(b, ks.v[i], mode, seq);
}

static KdRegion *expr_region(Builder *b, CXCursor e) {
  KdRegion *seq = kd_region_new(b->A, KR_SEQ);
  ac_visit_expr(b, e, M_LOAD, seq);
  return seq;
}

/* Tries e as a global lvalue or pointer; returns true if handled. */
static bool visit_lvalue(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  Cursors subs = {0};
  Target t = ac_classify(b, e, &subs);
  bool handled = t.k != T_NONE;
  if (handled) {
    for (int i = 0; i < subs.n; i++)
      ac_visit_expr(b, subs.v[i], M_LOAD, seq);
    if (t.k == T_ELEM || t.k == T_FIELD || t.k == T_OTHER)
      emit(b, e, t, &subs, mode, seq);
  }
  free(subs.v);
  return handled;
}

static bool name_in(const char *name, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(name, *list))
      return true;
  return false;
}

static bool is_atomic_name(const char *n) {
  return !strncmp(n, "atomic", 6) || !strncmp(n, "atom_", 5);
}

static void visit_call(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  (void)mode;
  CXCursor callee = kd_cursor_referenced(b->src->tree, e);
  if (clang_Cursor_isNull(callee))  // (`h<N>(p, i)` in a template: the one function template its name found)
    callee = kd_unresolved_callee(b->src->tree, e);
  int nargs = clang_Cursor_getNumArguments(e);
  enum CXCursorKind ck = clang_getCursorKind(callee);
  if (nargs < 0) {
    visit_kids(b, e, M_LOAD, seq);
    return;
  }
  CXString cs = clang_getCursorSpelling(callee);
  char name[256];
  snprintf(name, sizeof name, "%s", clang_getCString(cs) ? clang_getCString(cs) : "");
  clang_disposeString(cs);

  if (ck == CXCursor_Constructor) {
    for (int i = 0; i < nargs; i++)
      ac_visit_expr(b, clang_Cursor_getArgument(e, i), M_LOAD, seq);
    return;
  }
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 2) {
    ac_visit_expr(b, clang_Cursor_getArgument(e, 1), M_LOAD, seq);
    ac_visit_expr(b, clang_Cursor_getArgument(e, 0), M_STORE, seq);
    return;
  }
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 1) {
    // member call form: children are {object, argument}
    KdKids ks = kd_kids_of(b->src->tree, e);
    ac_visit_expr(b, clang_Cursor_getArgument(e, 0), M_LOAD, seq);
    if (ks.n >= 1)
      ac_visit_expr(b, ks.v[0], M_STORE, seq);
    return;
  }
  if (nargs >= 1 && (is_atomic_name(name) || !strcmp(name, "__ldg"))) {
    for (int i = 1; i < nargs; i++)
      ac_visit_expr(b, clang_Cursor_getArgument(e, i), M_LOAD, seq);
    Cursors subs = {0};
    CXCursor a0 = clang_Cursor_getArgument(e, 0);
    Target t = ac_classify(b, a0, &subs);
    for (int i = 0; i < subs.n; i++)
      ac_visit_expr(b, subs.v[i], M_LOAD, seq);
    if (t.k == T_FADDR) {
      emit(b, e, (Target){T_FIELD, t.sid, t.field, t.bytes, t.uniform, t.pend, t.uvar}, &subs,
           name[0] == '_' ? M_LOAD : M_RMW, seq);
    } else if (t.k == T_PTR && t.sid < 0) {
      emit(b, e, (Target){T_OTHER, -1, -1, t.bytes, t.uniform, t.pend, t.uvar}, &subs, name[0] == '_' ? M_LOAD : M_RMW,
           seq);
    } else if (t.k == T_NONE) {
      ac_visit_expr(b, a0, M_LOAD, seq);
    }
    free(subs.v);
    return;
  }
  // arguments are evaluated before the call
  Target *bind = kd_xcalloc((size_t)(nargs ? nargs : 1), sizeof(Target));
  for (int i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(e, i);
    Cursors subs = {0};
    Target t = ac_classify(b, a, &subs);
    bind[i] = t;  // the base variable's bit stays pending (the callee asks if it matters)
    bind[i].uniform = t.uniform && subs_uniform(b, &subs);
    bool by_ref = false;
    if (t.k == T_ELEM || t.k == T_FIELD) {
      // by value (a load of the element or field) or by reference (an alias): the parameter decides
      CXType pt = canon(clang_getArgType(clang_getCursorType(callee), (unsigned)i));
      by_ref = pt.kind == CXType_LValueReference || pt.kind == CXType_RValueReference;
      if (!by_ref)
        bind[i].k = T_NONE;
    }
    if (!binds_param(bind[i].k)) {  // no parameter binding: the key's bit is asked now
      bind[i].uniform = bind[i].uniform && pend_uniform(b, &bind[i]);
      bind[i].pend = false;
    }
    if (!bind[i].uniform)
      bind[i].pend = false;
    if (by_ref) {
      for (int j = 0; j < subs.n; j++)
        ac_visit_expr(b, subs.v[j], M_LOAD, seq);
    } else {
      ac_visit_expr(b, a, M_LOAD, seq);
    }
    free(subs.v);
  }
  // a member function called on an element (`p[i].norm()`, `q->set(v)`): its
  // accesses through `this` are the element's (issue 21 class 3)
  Target self = {T_NONE, -1, -1, 0, false, false, {0}};
  KdKids cks = kd_kids_of(b->src->tree, e);
  if (ck == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(callee) && cks.n >= 1 &&
      clang_getCursorKind(cks.v[0]) == CXCursor_MemberRefExpr) {
    KdKids mk = kd_kids_of(b->src->tree, cks.v[0]);
    Cursors subs = {0};
    Target t = mk.n >= 1 ? ac_classify(b, mk.v[0], &subs) : b->this_t;  // (none: an implicit this->f())
    for (int j = 0; j < subs.n; j++)
      ac_visit_expr(b, subs.v[j], M_LOAD, seq);
    if ((t.k == T_ELEM || t.k == T_PTR) && t.sid >= 0) {
      self = ac_with_subs(b, t, &subs);  // (uniform only if its index is)
      self.k = T_PTR;
      self.bytes = b->prog->structs[t.sid].bytes;
    }
    free(subs.v);
  }
  CXCursor def = clang_getCursorDefinition(callee);
  b->call_this = self;
  bool defined = !clang_Cursor_isNull(def) &&
                 (clang_getCursorKind(def) == CXCursor_FunctionDecl || clang_getCursorKind(def) == CXCursor_CXXMethod ||
                  clang_getCursorKind(def) == CXCursor_FunctionTemplate) &&
                 kd_cursor_in_user_code(def);
  if (defined) {
    KdRegion *r = ac_build_function(b, def, bind, nargs, e);
    if (r)
      kd_region_add(b->A, seq, kd_region_call(b->A, r));
  } else {
    static const char *const pure[] = {"printf", NULL};
    for (int i = 0; i < nargs; i++)
      if ((bind[i].k == T_PTR || bind[i].k == T_FADDR || bind[i].k == T_ELEM) && bind[i].sid >= 0 &&
          !name_in(name, pure))
        ac_remark(b, clang_Cursor_getArgument(e, i), "unknown-call",
               "pointer into '%s' passed to '%s', whose body is not available: accesses inside are not counted",
               b->prog->structs[bind[i].sid].name,
               name[0]                                                   ? name
               : kd_cursor_type(b->src->tree, e).kind == CXType_Dependent ? "(a function a template parameter decides)"
                                                                          : "(indirect call)");
  }
  b->call_this.k = T_NONE;
  free(bind);
}

void ac_visit_expr(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  enum CXCursorKind k = clang_getCursorKind(e);
  switch (k) {
  case CXCursor_DeclRefExpr:
  case CXCursor_ArraySubscriptExpr:
  case CXCursor_MemberRefExpr:
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
    if (visit_lvalue(b, e, mode, seq))
      return;
    visit_kids(b, e, k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr ? mode : M_LOAD, seq);
    return;
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    if (visit_lvalue(b, e, mode, seq))
      return;
    KdKids ks = kd_kids_of(b->src->tree, e);
    Mode m = M_LOAD;
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
        op == CXUnaryOperator_PreDec)
      m = M_RMW;
    else if (op == CXUnaryOperator_AddrOf)
      m = M_ADDR;
    for (int i = 0; i < ks.n; i++) {
      if (m == M_ADDR) {
        Cursors subs = {0};
        Target t = ac_classify(b, ks.v[i], &subs);
        for (int j = 0; j < subs.n; j++)
          ac_visit_expr(b, subs.v[j], M_LOAD, seq);
        free(subs.v);
        if (t.k == T_NONE)
          ac_visit_expr(b, ks.v[i], M_ADDR, seq);
      } else {
        ac_visit_expr(b, ks.v[i], m, seq);
      }
    }
    return;
  }
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && visit_lvalue(b, e, mode, seq))
      return;
    KdKids ks = kd_kids_of(b->src->tree, e);
    if (ks.n != 2) {
      visit_kids(b, e, M_LOAD, seq);
    } else if (op == CXBinaryOperator_Assign) {
      ac_visit_expr(b, ks.v[1], M_LOAD, seq);
      // a pointer variable re-pointed: track the new value (flow-insensitively)
      CXCursor lhs = ks.v[0];
      if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr && is_pointer(cursor_type(b->src->tree, lhs))) {
        CXCursor d = kd_cursor_referenced(b->src->tree, lhs);
        Cursors subs = {0};
        Target t = ac_with_subs(b, ac_classify(b, ks.v[1], &subs), &subs);
        free(subs.v);
        if (t.k == T_PTR || t.k == T_FADDR)
          ac_env_set(b, d, t);
        else if (ac_env_find(b, d))
          ac_env_set(b, d, (Target){T_NONE, -1, -1, 0, false, false, {0}});
      }
      ac_visit_expr(b, lhs, M_STORE, seq);
    } else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
      KdRegion *c = expr_region(b, ks.v[0]);
      KdRegion *r = expr_region(b, ks.v[1]);
      kd_region_add(b->A, seq, kd_region_if(b->A, c, r, NULL));
    } else {
      ac_visit_expr(b, ks.v[0], M_LOAD, seq);
      ac_visit_expr(b, ks.v[1], M_LOAD, seq);
    }
    return;
  }
  case CXCursor_CompoundAssignOperator: {
    KdKids ks = kd_kids_of(b->src->tree, e);
    if (ks.n == 2) {
      ac_visit_expr(b, ks.v[1], M_LOAD, seq);
      ac_visit_expr(b, ks.v[0], M_RMW, seq);
    }
    return;
  }
  case CXCursor_ConditionalOperator: {
    KdKids ks = kd_kids_of(b->src->tree, e);
    if (ks.n == 3) {
      KdRegion *c = expr_region(b, ks.v[0]);
      kd_region_add(b->A, seq, kd_region_if(b->A, c, expr_region(b, ks.v[1]), expr_region(b, ks.v[2])));
    } else {
      visit_kids(b, e, M_LOAD, seq);
    }
    return;
  }
  case CXCursor_CallExpr:
    visit_call(b, e, mode, seq);
    return;
  case CXCursor_UnaryExpr:       // sizeof, alignof: not evaluated
  case CXCursor_CXXTypeidExpr:
  case CXCursor_LambdaExpr:
  case CXCursor_TypeRef:
  case CXCursor_TemplateRef:
  case CXCursor_NamespaceRef:
    return;
  default:
    visit_kids(b, e, M_LOAD, seq);
    return;
  }
}
