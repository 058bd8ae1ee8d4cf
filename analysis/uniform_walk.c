/* uniform_walk.c: one walk of the fixpoint (uniformInt.h): every definition
 * of a local (an initialiser, `=`, a compound assignment, ++/--) lowers its
 * state to the defining value's, or to 0 under divergent control flow (a
 * varying condition, or a loop or switch left early under one); a taken
 * address makes the variable varying. */
#include "uniformInt.h"

/* ---- definitions (the fixpoint walk) ---- */

/* The local variable an lvalue path `x`, `x.f`, `x[i]`, `x.f[i]` starts at
 * (not through a pointer); *subs_u is cleared if a subscript on the way is
 * varying.  NULL if the path does not start at a variable of this function. */
static Var *root_var(const KdUniform *u, CXCursor e, bool *subs_u) {
  e = kd_strip_parens(u->tree, e);
  enum CXCursorKind k = clang_getCursorKind(e);
  KdKids ks = kd_kids_of(u->tree, e);
  Var *v = NULL;
  if (k == CXCursor_DeclRefExpr) {
    v = un_var_find(u, kd_cursor_referenced(u->tree, e));
  } else if (k == CXCursor_MemberRefExpr && ks.n >= 1 && !is_ptr(ctype(u, ks.v[0]))) {
    v = root_var(u, ks.v[0], subs_u);
  } else if (k == CXCursor_ArraySubscriptExpr && ks.n == 2) {
    CXCursor idx;
    CXCursor base = kd_strip_parens(u->tree, un_subscript_base(u, &ks, &idx));
    if (is_array(ctype(u, base))) {
      v = root_var(u, base, subs_u);
      if (!(un_val(u, idx) & F_U))
        *subs_u = false;
    }
  }
  return v;
}

/* The lvalue `lhs` (or a part of it) is assigned a value with `flags`. */
static void define(KdUniform *u, CXCursor lhs, unsigned flags, bool div) {
  bool subs_u = true;
  Var *v = root_var(u, lhs, &subs_u);
  if (!v || v->kind == V_REF)  // a store through a reference writes memory, not the variable
    return;
  if (div || !subs_u)
    flags = 0;
  un_var_lower(u, v, flags);
}

/* The address of (a part of) the lvalue e escapes: its variable is varying. */
static void take_addr(KdUniform *u, CXCursor e) {
  bool subs_u = true;
  Var *v = root_var(u, e, &subs_u);
  if (v)
    un_var_lower(u, v, 0);
}

static enum CXChildVisitResult mark_refs(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  KdUniform *u = data;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    Var *v = un_var_find(u, kd_cursor_referenced(u->tree, c));
    if (v)
      un_var_lower(u, v, 0);
  }
  return CXChildVisit_Recurse;
}

static void walk_kids(KdUniform *u, CXCursor c, bool div) {
  KdKids ks = kd_kids_of(u->tree, c);
  for (int i = 0; i < ks.n; i++)
    un_walk(u, ks.v[i], div);
}

/* Whether a controlling part (an expression or a condition variable) is uniform. */
static bool cond_uniform(const KdUniform *u, CXCursor c) {
  if (clang_Cursor_isNull(c))
    return true;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl)
    return kd_uniform_var((KdUniform *)u, c);  // (solved: no state changes)
  if (k == CXCursor_DeclStmt) {
    KdKids ks = kd_kids_of(u->tree, c);
    bool r = true;
    for (int i = 0; i < ks.n; i++)
      r = r && cond_uniform(u, ks.v[i]);
    return r;
  }
  if (clang_isExpression(k))
    return un_val(u, c) & F_U;
  return false;
}

static bool push_frame(KdUniform *u, bool loop) {
  if (u->nframes == MAX_FRAMES)
    return false;
  u->frame_loop[u->nframes] = loop;
  u->frame_esc[u->nframes] = false;
  u->nframes++;
  return true;
}

/* Walks `n` parts of a loop or switch (their controlling condition is
 * uniform iff `cu`) as one frame; again with everything divergent if it is
 * left by a break, continue or return under a varying condition. */
static void walk_frame(KdUniform *u, bool loop, const CXCursor *parts, int n, bool div, bool cu) {
  bool d = div || !cu;
  bool pushed = push_frame(u, loop);
  for (int i = 0; i < n; i++)
    if (!clang_Cursor_isNull(parts[i]))
      un_walk(u, parts[i], d);
  bool esc = !pushed || u->frame_esc[u->nframes - 1];
  if (pushed)
    u->nframes--;
  if (esc && !d) {  // some threads leave early: every variable defined inside is varying
    pushed = push_frame(u, loop);
    for (int i = 0; i < n; i++)
      if (!clang_Cursor_isNull(parts[i]))
        un_walk(u, parts[i], true);
    if (pushed)
      u->nframes--;
  }
}

static void var_decl(KdUniform *u, CXCursor v, bool div) {
  KdKids ks = kd_kids_of(u->tree, v);
  CXCursor init = clang_getNullCursor();
  if (ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])))
    init = ks.v[ks.n - 1];
  if (clang_Cursor_isNull(init))
    return;
  un_walk(u, init, div);
  Var *x = un_var_find(u, v);
  if (!x)
    return;
  if (x->kind == V_VALUE) {
    un_var_lower(u, x, div ? 0 : un_val(u, init));
  } else if (x->kind == V_REF) {
    take_addr(u, init);  // int &r = x: x may change through r
    un_var_lower(u, x, un_addr(u, init));  // a reference's address is fixed when it is bound
  }
}

static bool is_assign_operator(const char *n) {
  static const char *const ops[] = {"operator=",  "operator+=", "operator-=",  "operator*=",
                                    "operator/=", "operator%=", "operator&=",  "operator|=",
                                    "operator^=", "operator<<=", "operator>>=", NULL};
  return in_list(n, ops);
}

static void walk_call(KdUniform *u, CXCursor e, bool div) {
  walk_kids(u, e, div);
  CXCursor callee = kd_cursor_referenced(u->tree, e);
  int nargs = clang_Cursor_getNumArguments(e);
  if (clang_Cursor_isNull(callee) || nargs < 0)
    return;
  enum CXCursorKind ck = clang_getCursorKind(callee);
  CXString s = clang_getCursorSpelling(callee);
  char name[128];
  snprintf(name, sizeof name, "%s", clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  if (is_assign_operator(name) && (nargs == 2 || nargs == 1)) {
    CXCursor lhs, rhs = clang_Cursor_getArgument(e, (unsigned)(nargs - 1));
    if (nargs == 2) {
      lhs = clang_Cursor_getArgument(e, 0);
    } else {  // member form: children are {object (callee member), argument}
      KdKids ks = kd_kids_of(u->tree, e);
      lhs = ks.n >= 1 ? ks.v[0] : clang_getNullCursor();
      if (clang_getCursorKind(kd_strip_parens(u->tree, lhs)) == CXCursor_MemberRefExpr) {
        KdKids ms = kd_kids_of(u->tree, kd_strip_parens(u->tree, lhs));
        lhs = ms.n >= 1 ? ms.v[0] : clang_getNullCursor();
      }
    }
    if (!clang_Cursor_isNull(lhs)) {
      unsigned f = un_val(u, rhs);
      if (strcmp(name, "operator="))
        f &= un_val(u, lhs);
      define(u, lhs, f, div);
    }
    return;
  }
  // a non-const reference parameter or a method call may change a local
  CXType ft = clang_getCursorType(callee);
  for (int i = 0; i < nargs; i++) {
    CXType pt = clang_getCanonicalType(clang_getArgType(ft, (unsigned)i));
    if (is_ref(pt) && !clang_isConstQualifiedType(clang_getPointeeType(pt)))
      take_addr(u, clang_Cursor_getArgument(e, (unsigned)i));
  }
  if (ck == CXCursor_CXXMethod) {
    KdKids ks = kd_kids_of(u->tree, e);
    if (ks.n >= 1) {
      CXCursor m = kd_strip_parens(u->tree, ks.v[0]);
      if (clang_getCursorKind(m) == CXCursor_MemberRefExpr) {
        KdKids ms = kd_kids_of(u->tree, m);
        if (ms.n >= 1)
          take_addr(u, ms.v[0]);
      } else {
        take_addr(u, ks.v[0]);
      }
    }
  }
}

void un_walk(KdUniform *u, CXCursor c, bool div) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_VarDecl:
    var_decl(u, c, div);
    return;
  case CXCursor_IfStmt: {
    KdKids ks = kd_kids_of(u->tree, c);
    if (ks.n >= 2) {
      bool has_else = ks.n >= 3 && kd_else_between(ks.v[ks.n - 2], ks.v[ks.n - 1]);
      int ti = has_else ? ks.n - 2 : ks.n - 1;
      bool cu = true;
      for (int i = 0; i < ti; i++) {
        un_walk(u, ks.v[i], div);
        cu = cu && cond_uniform(u, ks.v[i]);
      }
      for (int i = ti; i < ks.n; i++)
        un_walk(u, ks.v[i], div || !cu);
    }
    return;
  }
  case CXCursor_ForStmt: {
    CXCursor p[4];
    kd_for_parts(u->tree, c, p);
    if (!clang_Cursor_isNull(p[0]))
      un_walk(u, p[0], div);
    CXCursor parts[3] = {p[1], p[2], p[3]};
    walk_frame(u, true, parts, 3, div, cond_uniform(u, p[1]));
    return;
  }
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt:
  case CXCursor_SwitchStmt: {
    KdKids ks = kd_kids_of(u->tree, c);
    if (ks.n >= 2) {
      // while/switch: {condition parts..., body}; do: {body, condition}
      bool cu = true;
      if (k == CXCursor_DoStmt)
        cu = cond_uniform(u, ks.v[ks.n - 1]);
      else
        for (int i = 0; i < ks.n - 1; i++)
          cu = cu && cond_uniform(u, ks.v[i]);
      if (k == CXCursor_SwitchStmt) {  // the condition runs once, before the frame
        for (int i = 0; i < ks.n - 1; i++)
          un_walk(u, ks.v[i], div);
        walk_frame(u, false, &ks.v[ks.n - 1], 1, div, cu);
      } else {
        walk_frame(u, true, ks.v, ks.n, div, cu);
      }
    } else {
      walk_kids(u, c, true);
    }
    return;
  }
  case CXCursor_BreakStmt:
    if (div && u->nframes > 0)
      u->frame_esc[u->nframes - 1] = true;
    return;
  case CXCursor_ContinueStmt:
    if (div)  // leaves every switch up to the innermost loop
      for (int i = u->nframes - 1; i >= 0; i--) {
        u->frame_esc[i] = true;
        if (u->frame_loop[i])
          break;
      }
    return;
  case CXCursor_ReturnStmt:
    walk_kids(u, c, div);
    if (div)
      for (int i = 0; i < u->nframes; i++)
        u->frame_esc[i] = true;
    return;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
  case CXCursor_LambdaExpr:  // asm outputs, captures: whatever they reference is varying
    clang_visitChildren(c, mark_refs, u);
    return;
  case CXCursor_BinaryOperator: {
    KdKids ks = kd_kids_of(u->tree, c);
    if (ks.n == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
      un_walk(u, ks.v[0], div);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
        un_walk(u, ks.v[1], div || !(un_val(u, ks.v[0]) & F_U));
      } else {
        un_walk(u, ks.v[1], div);
        if (op == CXBinaryOperator_Assign)
          define(u, ks.v[0], un_val(u, ks.v[1]), div);
      }
    } else {
      walk_kids(u, c, div);
    }
    return;
  }
  case CXCursor_CompoundAssignOperator: {
    KdKids ks = kd_kids_of(u->tree, c);
    walk_kids(u, c, div);
    if (ks.n == 2)
      define(u, ks.v[0], un_val(u, c), div);
    return;
  }
  case CXCursor_UnaryOperator: {
    KdKids ks = kd_kids_of(u->tree, c);
    walk_kids(u, c, div);
    if (ks.n == 1) {
      enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
      if (op == CXUnaryOperator_AddrOf)
        take_addr(u, ks.v[0]);
      else if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
               op == CXUnaryOperator_PreDec)
        define(u, ks.v[0], un_val(u, ks.v[0]), div);
    }
    return;
  }
  case CXCursor_ConditionalOperator: {
    KdKids ks = kd_kids_of(u->tree, c);
    if (ks.n == 3) {
      un_walk(u, ks.v[0], div);
      bool d = div || !(un_val(u, ks.v[0]) & F_U);
      un_walk(u, ks.v[1], d);
      un_walk(u, ks.v[2], d);
    } else {
      walk_kids(u, c, div);
    }
    return;
  }
  case CXCursor_CallExpr:
    walk_call(u, c, div);
    return;
  default:
    walk_kids(u, c, div);
    return;
  }
}
