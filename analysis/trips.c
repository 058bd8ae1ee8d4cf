/* trips.c: loop trip counts (docs/method-notes.md §2; see trips.h). */
#include "trips.h"

#include <stdint.h>
#include <string.h>

#include "frontend.h"

static bool spelled(CXCursor c, const char *name) {
  CXString s = clang_getCursorSpelling(c);
  bool eq = clang_getCString(s) && !strcmp(clang_getCString(s), name);
  clang_disposeString(s);
  return eq;
}

enum { B_WG = 1, B_GRID = 2, B_GLOBAL = 4 };

static enum CXChildVisitResult scan_builtins(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  int *flags = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_DeclRefExpr) {
    if (spelled(c, "blockDim"))
      *flags |= B_WG;
    else if (spelled(c, "gridDim"))
      *flags |= B_GRID;
  } else if (k == CXCursor_CallExpr) {
    if (spelled(c, "get_local_size") || spelled(c, "get_enqueued_local_size"))
      *flags |= B_WG;
    else if (spelled(c, "get_global_size"))
      *flags |= B_GLOBAL;
    else if (spelled(c, "get_num_groups"))
      *flags |= B_GRID;
  }
  return CXChildVisit_Recurse;
}

static int builtins_of(CXCursor c) {
  int flags = 0;
  if (clang_Cursor_isNull(c))
    return 0;
  scan_builtins(c, clang_getNullCursor(), &flags);
  clang_visitChildren(c, scan_builtins, &flags);
  return flags;
}

static bool ndrange(int f) { return (f & B_GLOBAL) || ((f & B_GRID) && (f & B_WG)); }

static bool const_int(KdTree *t, CXCursor e, int64_t *v) {
  if (clang_Cursor_isNull(e))
    return false;
  CXEvalResult r = clang_Cursor_Evaluate(e);
  if (r) {
    bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
    if (ok)
      *v = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
                                             : (int64_t)clang_EvalResult_getAsLongLong(r);
    clang_EvalResult_dispose(r);
    if (ok)
      return true;
  }
  // a const-qualified variable with a constant initialiser (C: not an ICE)
  CXCursor s = kd_strip_parens(t, e);
  if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
    CXCursor d = kd_cursor_referenced(t, s);
    if (clang_getCursorKind(d) == CXCursor_VarDecl && clang_isConstQualifiedType(clang_getCursorType(d))) {
      KdKids ks = kd_kids_of(t, d);
      bool ok = ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])) &&
                const_int(t, ks.v[ks.n - 1], v);
      return ok;
    }
  }
  return false;
}

static bool refers_to(KdTree *t, CXCursor e, CXCursor var) {
  e = kd_strip_parens(t, e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(kd_cursor_referenced(t, e), var);
}

typedef enum StepKind { S_NONE, S_ADD, S_MUL, S_DIV } StepKind;

/* Recognises v++, v--, v += s, v -= s, v = v + s, v *= k, v <<= k, v /= k, v >>= k. */
static StepKind step_of(KdTree *t, CXCursor inc, CXCursor var, CXCursor *amount, int64_t *unit) {
  inc = kd_strip_parens(t, inc);
  enum CXCursorKind k = clang_getCursorKind(inc);
  KdKids ks = kd_kids_of(t, inc);
  StepKind sk = S_NONE;
  *amount = clang_getNullCursor();
  *unit = 1;
  if (k == CXCursor_UnaryOperator && ks.n == 1 && refers_to(t, ks.v[0], var)) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(inc);
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc)
      sk = S_ADD;
    if (op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec) {
      sk = S_ADD;
      *unit = -1;
    }
  } else if (k == CXCursor_CompoundAssignOperator && ks.n == 2 && refers_to(t, ks.v[0], var)) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(inc);
    *amount = ks.v[1];
    if (op == CXBinaryOperator_AddAssign)
      sk = S_ADD;
    else if (op == CXBinaryOperator_SubAssign) {
      sk = S_ADD;
      *unit = -1;
    } else if (op == CXBinaryOperator_MulAssign)
      sk = S_MUL;
    else if (op == CXBinaryOperator_ShlAssign) {
      sk = S_MUL;
      *unit = 0;  // shift
    } else if (op == CXBinaryOperator_DivAssign)
      sk = S_DIV;
    else if (op == CXBinaryOperator_ShrAssign) {
      sk = S_DIV;
      *unit = 0;
    }
  } else if (k == CXCursor_BinaryOperator && ks.n == 2 && refers_to(t, ks.v[0], var) &&
             clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign) {
    CXCursor rhs = kd_strip_parens(t, ks.v[1]);
    KdKids rk = kd_kids_of(t, rhs);
    if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && rk.n == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(rhs);
      if (op == CXBinaryOperator_Add && refers_to(t, rk.v[0], var)) {
        sk = S_ADD;
        *amount = rk.v[1];
      } else if (op == CXBinaryOperator_Add && refers_to(t, rk.v[1], var)) {
        sk = S_ADD;
        *amount = rk.v[0];
      } else if (op == CXBinaryOperator_Sub && refers_to(t, rk.v[0], var)) {
        sk = S_ADD;
        *amount = rk.v[1];
        *unit = -1;
      }
    }
  }
  return sk;
}

static int64_t saturate(__int128 n) {
  if (n < 0)
    return 0;
  return n > KD_TRIP_MAX ? KD_TRIP_MAX : (int64_t)n;
}

/* Exact iteration count of `for (v = i0; v OP bound; step)`, or -1 if it does not terminate. */
static int64_t count_iterations(int64_t i0, enum CXBinaryOperatorKind op, int64_t bound, StepKind sk, int64_t s) {
  __int128 i = i0, B = bound;
#define HOLDS(x)                                                                                  \
  (op == CXBinaryOperator_LT ? (x) < B : op == CXBinaryOperator_LE ? (x) <= B                     \
                                     : op == CXBinaryOperator_GT   ? (x) > B                      \
                                     : op == CXBinaryOperator_GE   ? (x) >= B                     \
                                                                   : (x) != B)
  if (!HOLDS(i))
    return 0;
  if (sk == S_ADD) {
    if (s == 0)
      return -1;
    __int128 st = s;
    switch (op) {
    case CXBinaryOperator_LT:
      return st > 0 ? saturate((B - i + st - 1) / st) : -1;
    case CXBinaryOperator_LE:
      return st > 0 ? saturate((B - i) / st + 1) : -1;
    case CXBinaryOperator_GT:
      return st < 0 ? saturate((i - B - st - 1) / -st) : -1;
    case CXBinaryOperator_GE:
      return st < 0 ? saturate((i - B) / -st + 1) : -1;
    default:  // !=
      if ((B - i) % st != 0 || (B - i) / st < 0)
        return -1;
      return saturate((B - i) / st);
    }
  }
  // geometric: simulate (the value leaves 100 bits within ~128 steps unless it stops)
  if ((sk == S_MUL && s < 2) || (sk == S_DIV && s < 2))
    return -1;
  int64_t n = 0;
  for (int guard = 0; guard < 256; guard++) {
    if (!HOLDS(i))
      return n;
    n++;
    if (sk == S_MUL)
      i *= s;
    else
      i /= s;
    if (i > ((__int128)1 << 100) || i < -((__int128)1 << 100))
      return -1;
  }
#undef HOLDS
  return -1;  // still running: a fixed point (0 / 2 == 0), does not terminate
}

/* Fills lp->trip and lp->rule for a for/while/do loop. */
void kd_trip_count(KdTree *t, CXCursor init, CXCursor cond, CXCursor inc, KdLoop *lp) {
  lp->rule = KD_RULE_UNKNOWN;
  lp->trip = KD_TRIP_UNKNOWN;
  if (clang_Cursor_isNull(cond))
    return;  // for (;;): unknown
  CXCursor c = kd_strip_parens(t, cond);
  KdKids ks = kd_kids_of(t, c);
  CXCursor var = clang_getNullCursor(), bound = clang_getNullCursor();
  enum CXBinaryOperatorKind op = CXBinaryOperator_Invalid;
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator && ks.n == 2) {
    op = clang_getCursorBinaryOperatorKind(c);
    CXCursor l = kd_strip_parens(t, ks.v[0]), r = kd_strip_parens(t, ks.v[1]);
    bool rel = op == CXBinaryOperator_LT || op == CXBinaryOperator_LE || op == CXBinaryOperator_GT ||
               op == CXBinaryOperator_GE || op == CXBinaryOperator_NE;
    if (rel && clang_getCursorKind(l) == CXCursor_DeclRefExpr) {
      var = kd_cursor_referenced(t, l);
      bound = ks.v[1];
    } else if (rel && clang_getCursorKind(r) == CXCursor_DeclRefExpr) {
      var = kd_cursor_referenced(t, r);
      bound = ks.v[0];
      op = op == CXBinaryOperator_LT   ? CXBinaryOperator_GT
           : op == CXBinaryOperator_LE ? CXBinaryOperator_GE
           : op == CXBinaryOperator_GT ? CXBinaryOperator_LT
           : op == CXBinaryOperator_GE ? CXBinaryOperator_LE
                                       : op;
    }
  }
  // the initial value: `int v = I` or `v = I`
  CXCursor initv = clang_getNullCursor();
  if (!clang_Cursor_isNull(var) && !clang_Cursor_isNull(init)) {
    KdKids is = kd_kids_of(t, init);
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
      for (int i = 0; i < is.n; i++)
        if (clang_equalCursors(is.v[i], var)) {
          KdKids vs = kd_kids_of(t, is.v[i]);
          if (vs.n > 0 && clang_isExpression(clang_getCursorKind(vs.v[vs.n - 1])))
            initv = vs.v[vs.n - 1];
        }
    } else {
      CXCursor a = kd_strip_parens(t, init);
      KdKids as = kd_kids_of(t, a);
      if (clang_getCursorKind(a) == CXCursor_BinaryOperator &&
          clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Assign && as.n == 2 && refers_to(t, as.v[0], var))
        initv = as.v[1];
    }
  }
  CXCursor amount = clang_getNullCursor();
  int64_t unit = 1;
  StepKind sk = S_NONE;
  if (!clang_Cursor_isNull(var) && !clang_Cursor_isNull(inc))
    sk = step_of(t, inc, var, &amount, &unit);
  int64_t i0, B, s = 1;
  bool step_const = sk != S_NONE && (clang_Cursor_isNull(amount) || const_int(t, amount, &s));
  if (step_const && !clang_Cursor_isNull(initv) && const_int(t, initv, &i0) && const_int(t, bound, &B)) {
    if (unit == 0)  // shifts
      s = s >= 0 && s < 62 ? (INT64_C(1) << s) : 0;
    else
      s *= unit;
    int64_t n = count_iterations(i0, op, B, sk, s);
    if (n >= 0) {
      lp->rule = KD_RULE_CONST;
      lp->trip = n;
    }
    return;
  }
  // Not constant: which kind of range does the loop walk?
  if (sk == S_ADD && !clang_Cursor_isNull(amount) && !step_const) {
    int fs = builtins_of(amount);
    if (ndrange(fs) || (fs & B_WG))
      return;  // grid-stride / block-stride: n / (stride), unknown
  }
  int f = builtins_of(bound) | builtins_of(initv);
  if (ndrange(f)) {
    lp->rule = KD_RULE_NDRANGE;
    lp->trip = KD_TRIP_NDRANGE;
  } else if (f & B_WG) {
    lp->rule = KD_RULE_WORKGROUP;
    lp->trip = KD_TRIP_WORKGROUP;
  }
}
