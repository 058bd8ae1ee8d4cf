/* access_stmt.c: the access model's statements (Sect. 3.1; accessInt.h):
 * a function body as a region tree (seq, if, loop, switch, break, continue,
 * return), each loop with its trip count (trips.h), each expression's
 * accesses from access_expr.c.
 */
#include "accessInt.h"
#include "trips.h"

/* ---- statements ---- */

static KdLoop *new_loop(Builder *b, CXCursor at) {
  KdLoop *lp = kd_arena_alloc(b->A, sizeof(KdLoop));
  lp->kernel = b->kernel;
  lp->func = b->func;
  ac_location(at, NULL, &lp->line, &lp->col, b->A);
  KdProgram *p = b->prog;
  KD_GROW(p->loops, b->loop_cap, p->nloops + 1);
  p->loops[p->nloops++] = lp;
  return lp;
}

static void var_decl(Builder *b, CXCursor v, KdRegion *seq) {
  KdKids ks = kd_kids_of(b->src->tree, v);
  CXCursor init = clang_getNullCursor();
  if (ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])))
    init = ks.v[ks.n - 1];
  if (clang_Cursor_isNull(init))
    return;
  CXType vt = cursor_type(b->src->tree, v);
  Cursors subs = {0};
  Target t = ac_classify(b, init, &subs);
  bool ref = vt.kind == CXType_LValueReference || vt.kind == CXType_RValueReference;
  if ((is_pointer(vt) && (t.k == T_PTR || t.k == T_FADDR)) ||
      (ref && (t.k == T_ELEM || t.k == T_FIELD || t.k == T_OTHER))) {
    for (int i = 0; i < subs.n; i++)
      ac_visit_expr(b, subs.v[i], M_LOAD, seq);
    ac_env_set(b, v, ac_with_subs(b, t, &subs));
  } else {
    ac_visit_expr(b, init, M_LOAD, seq);
  }
  free(subs.v);
}

/* Region of a statement or expression used in statement position (NULL cursor → NULL). */
static KdRegion *opt_stmt(Builder *b, CXCursor c) { return clang_Cursor_isNull(c) ? NULL : ac_stmt(b, c); }

static void add_segment_stmt(Builder *b, CXCursor c, KdRegion *sw, KdRegion **seg) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
    if (k == CXCursor_DefaultStmt)
      sw->has_default = true;
    *seg = kd_region_new(b->A, KR_SEQ);
    kd_region_add(b->A, sw, *seg);
    KdKids ks = kd_kids_of(b->src->tree, c);
    if (ks.n > 0)
      add_segment_stmt(b, ks.v[ks.n - 1], sw, seg);  // `case 1: case 2: s` nests
    return;
  }
  if (*seg)  // statements before the first label are unreachable
    kd_region_add(b->A, *seg, ac_stmt(b, c));
}

KdRegion *ac_stmt(Builder *b, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  KdRegion *seq = kd_region_new(b->A, KR_SEQ);
  KdKids ks = kd_kids_of(b->src->tree, s);
  switch (k) {
  case CXCursor_CompoundStmt:
    for (int i = 0; i < ks.n; i++)
      kd_region_add(b->A, seq, ac_stmt(b, ks.v[i]));
    break;
  case CXCursor_DeclStmt:
    for (int i = 0; i < ks.n; i++)
      if (clang_getCursorKind(ks.v[i]) == CXCursor_VarDecl)
        var_decl(b, ks.v[i], seq);
    break;
  case CXCursor_VarDecl:
    var_decl(b, s, seq);
    break;
  case CXCursor_IfStmt: {
    if (ks.n < 2)
      break;
    bool has_else = ks.n >= 3 && kd_else_between(ks.v[ks.n - 2], ks.v[ks.n - 1]);
    int ti = has_else ? ks.n - 2 : ks.n - 1;
    KdRegion *cond = kd_region_new(b->A, KR_SEQ);
    for (int i = 0; i < ti; i++)
      kd_region_add(b->A, cond, ac_stmt(b, ks.v[i]));
    KdRegion *then_r = ac_stmt(b, ks.v[ti]);
    KdRegion *else_r = has_else ? ac_stmt(b, ks.v[ks.n - 1]) : NULL;
    kd_region_add(b->A, seq, kd_region_if(b->A, cond, then_r, else_r));
    break;
  }
  case CXCursor_ForStmt: {
    CXCursor p[4];
    kd_for_parts(b->src->tree, s, p);
    KdLoop *lp = new_loop(b, s);
    kd_trip_count(b->src->tree, p[0], p[1], p[3], lp);
    KdRegion *init = opt_stmt(b, p[0]);
    KdRegion *cond = opt_stmt(b, p[1]);
    KdRegion *inc = opt_stmt(b, p[3]);
    KdRegion *body = opt_stmt(b, p[2]);
    kd_region_add(b->A, seq, kd_region_loop(b->A, init, cond, body, inc, lp));
    break;
  }
  case CXCursor_WhileStmt:
  case CXCursor_DoStmt: {
    if (ks.n < 2)
      break;
    bool is_do = k == CXCursor_DoStmt;
    CXCursor cc = is_do ? ks.v[1] : ks.v[0], bc = is_do ? ks.v[0] : ks.v[1];
    KdLoop *lp = new_loop(b, s);
    lp->do_while = is_do;
    kd_trip_count(b->src->tree, clang_getNullCursor(), cc, clang_getNullCursor(), lp);
    if (lp->rule == KD_RULE_CONST)  // no initial value is known for while loops
      lp->rule = KD_RULE_UNKNOWN, lp->trip = KD_TRIP_UNKNOWN;
    KdRegion *cond = ac_stmt(b, cc);
    KdRegion *body = ac_stmt(b, bc);
    kd_region_add(b->A, seq, kd_region_loop(b->A, NULL, cond, body, NULL, lp));
    break;
  }
  case CXCursor_SwitchStmt: {
    if (ks.n < 2)
      break;
    KdRegion *sw = kd_region_new(b->A, KR_SWITCH);
    KdRegion *cond = kd_region_new(b->A, KR_SEQ);
    for (int i = 0; i < ks.n - 1; i++)
      kd_region_add(b->A, cond, ac_stmt(b, ks.v[i]));
    kd_region_add(b->A, sw, cond);
    CXCursor body = ks.v[ks.n - 1];
    KdRegion *seg = NULL;
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
      KdKids bs = kd_kids_of(b->src->tree, body);
      for (int i = 0; i < bs.n; i++)
        add_segment_stmt(b, bs.v[i], sw, &seg);
    } else {
      add_segment_stmt(b, body, sw, &seg);
    }
    kd_region_add(b->A, seq, sw);
    break;
  }
  case CXCursor_BreakStmt:
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_BREAK));
    break;
  case CXCursor_ContinueStmt:
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_CONTINUE));
    break;
  case CXCursor_ReturnStmt:
    for (int i = 0; i < ks.n; i++)
      ac_visit_expr(b, ks.v[i], M_LOAD, seq);
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_RETURN));
    break;
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt:
    ac_remark(b, s, "goto", "goto: the analysis treats it as the end of the path (conservative)");
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_RETURN));
    break;
  case CXCursor_LabelStmt:
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
    if (ks.n > 0)
      kd_region_add(b->A, seq, ac_stmt(b, ks.v[ks.n - 1]));
    break;
  case CXCursor_NullStmt:
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    break;
  default:
    if (clang_isExpression(k))
      ac_visit_expr(b, s, M_LOAD, seq);
    else
      for (int i = 0; i < ks.n; i++)
        kd_region_add(b->A, seq, ac_stmt(b, ks.v[i]));
    break;
  }
  return seq;
}
