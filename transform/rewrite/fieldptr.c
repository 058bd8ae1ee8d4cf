/* fieldptr.c: a field's address given to a function (issue 19, HeCBench
 * secp256k1's `secp256k1_fe_from_storage(&r->x, &a->x)`).
 *
 * In every layout a field of an element is stored whole in one place (a
 * cluster never splits a field), so `&p[i].f` has an address in the new
 * layout too: `&(*kdlg_S_f_f(p, i))`, a `T *` to the field's storage.
 * What differs is what lies around it: the next field, the next element.
 * A conforming program reaches neither from a field's address, but code
 * that treats an element as bytes does (`(char *)&p[i].x - offsetof(S, x)`,
 * `(&p[i].x)[1]` for y, `memcpy(&p[i].x, src, sizeof(S))`: the first
 * field's address is the element's).  So such an address may go to a
 * parameter only where the function visibly uses it within the field:
 *
 *   - the callee is a function (not a template) defined in the files, with
 *     no preprocessor directive inside its text (no branch the parser may
 *     skip), and the parameter's type is a pointer to the field's (or the
 *     sub-field's) own type, not to void or a character type;
 *   - every use of the parameter in its body is `q->m` (not as the operand
 *     of `&`, not an array member decaying to a pointer), `*q` or `q[0]`
 *     (likewise), the first argument of an atomic function (`atomicAdd(q,
 *     v)`), or an argument of another such function for a parameter that
 *     is itself used so (recursively; a recursive call counts as used so);
 *   - nothing else: no arithmetic, comparison, conversion, assignment to
 *     it, return, copy into another variable.
 *
 * The callee is not edited (its parameter stays a plain pointer); the
 * caller's argument becomes `&(*kdlg_S_f_f(p, i))` (walk.c). */
#include "rewriteInt.h"

#define FP_MAX_DEPTH 8

typedef struct FpCheck {
  R *r;
  CXCursor param;  // the parameter whose uses are checked
  bool ok;
  int depth;       // functions on the way (recursion through calls)
  CXCursor stack[FP_MAX_DEPTH];  // their definitions and the parameters checked there (a
  int stack_param[FP_MAX_DEPTH];  // recursive call passing it to the same parameter is fine)
  int nstack;
} FpCheck;

static bool param_ok(R *r, CXCursor fn, int i, CXType pointee, FpCheck *outer);

static bool same_pointee(CXType a, CXType b) {
  CXType ca = clang_getCanonicalType(a), cb = clang_getCanonicalType(b);
  CXString sa = clang_getTypeSpelling(clang_getUnqualifiedType(ca));
  CXString sb = clang_getTypeSpelling(clang_getUnqualifiedType(cb));
  bool same = clang_equalTypes(clang_getUnqualifiedType(ca), clang_getUnqualifiedType(cb)) ||
              !strcmp(clang_getCString(sa), clang_getCString(sb));
  clang_disposeString(sa);
  clang_disposeString(sb);
  return same;
}

/* The nearest ancestor of chain[k] (chain[0..k-1] its ancestors, outermost
 * first) that is no parenthesis or implicit conversion keeping the type
 * `keep` (canonical); its index, or -1 where a wrapper converts (to bool,
 * to `void *`, ...). */
static int user_of(FpCheck *s, KdNode **chain, int k, CXType keep) {
  for (int j = k - 1; j >= 0; j--) {
    enum CXCursorKind ck = chain[j]->c.kind;
    if (ck == CXCursor_ParenExpr)
      continue;
    if (ck == CXCursor_UnexposedExpr) {
      if (!clang_equalTypes(kd_node_type(s->r->tree, chain[j]), keep))
        return -1;
      continue;
    }
    return j;
  }
  return -1;
}

/* Whether function fn is defined in the files (the user's, not CUDA's atomicAdd). */
static bool user_function(R *r, CXCursor fn) {
  CXCursor def = clang_getCursorDefinition(fn);
  unsigned off;
  return !clang_Cursor_isNull(def) && rw_in_files(r, clang_getCursorLocation(def), &off);
}

/* Whether the `&` at chain[a] is the first argument of an atomic function
 * (`atomicAdd(&q->n[0], 1u)`). */
static bool atomic_operand(FpCheck *s, KdNode **chain, int a) {
  R *r = s->r;
  CXType t = kd_node_type(r->tree, chain[a]);
  int u = user_of(s, chain, a, t);
  if (u < 0 || chain[u]->c.kind != CXCursor_CallExpr)
    return false;
  CXCursor callee = kd_node_referenced(r->tree, chain[u]);
  char name[128] = "";
  if (!clang_Cursor_isNull(callee))
    rw_spell(callee, name, sizeof name);
  return rw_is_atomic_name(name) && !user_function(r, callee) && clang_Cursor_getNumArguments(chain[u]->c) >= 1 &&
         rw_same_extent(r, rw_arg_node(r, chain[u], 0), chain[u + 1]);
}

/* Whether a call's callee is a copy or move constructor or assignment
 * operator that is not user-provided (implicit or defaulted: it copies the
 * object its reference is bound to, member by member, and nothing else). */
static bool trivial_copy_member(CXCursor callee) {
  enum CXCursorKind k = clang_getCursorKind(callee);
  bool copy = (k == CXCursor_Constructor &&
               (clang_CXXConstructor_isCopyConstructor(callee) || clang_CXXConstructor_isMoveConstructor(callee))) ||
              (k == CXCursor_CXXMethod &&
               (clang_CXXMethod_isCopyAssignmentOperator(callee) || clang_CXXMethod_isMoveAssignmentOperator(callee)));
  return copy && clang_CXXMethod_isDefaulted(callee);
}

/* Whether chain[j] is an expression whose value nothing uses: a statement
 * of a block, a label or a case, or the body of an if, a loop (not a
 * condition, nor a for loop's increment). */
static bool discarded(KdNode **chain, int j) {
  if (j == 0)
    return false;
  KdNode *p = chain[j - 1], *n = chain[j];
  switch (p->c.kind) {
  case CXCursor_CompoundStmt:
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
  case CXCursor_LabelStmt:
    return p->c.kind != CXCursor_CaseStmt || p->kids[0] != n;  // (a case's value is its first child)
  case CXCursor_IfStmt:
  case CXCursor_WhileStmt:
    return p->nkids >= 2 && p->kids[0] != n;
  case CXCursor_DoStmt:
    return p->nkids >= 1 && p->kids[0] == n;
  case CXCursor_ForStmt:
    return p->nkids >= 1 && p->kids[p->nkids - 1] == n;
  default:
    return false;
  }
}

/* Whether the use of chain[k], an lvalue inside the field (`*q`, `q[0]`,
 * `q->m`, `q->n[j]`), stays in the field.  A whitelist, climbing through
 * lvalues that still designate part of the field (parentheses, a data
 * member, an array member's element, an added const):
 *   - loaded: an implicit conversion to an unqualified scalar (lvalue to
 *     rvalue; an added const keeps an lvalue, and the climb goes on);
 *   - copied by the field type's own implicit copy or move constructor or
 *     assignment (not user-provided ones, which could read beyond it);
 *   - assigned, compound-assigned, incremented or decremented, as a
 *     statement whose value nothing uses (`=`, `+=`, `++x` yield the lvalue
 *     again), or post-incremented or decremented (a value);
 *   - its address given to an atomic function as the first argument.
 * Anything else (a reference bound to it, a member function, `,`, `?:`,
 * `__extension__`, an argument by reference) is refused. */
static bool lvalue_ok(FpCheck *s, KdNode **chain, int k) {
  R *r = s->r;
  for (int j = k - 1; j >= 0; j--) {
    KdNode *n = chain[j], *below = chain[j + 1];
    switch (n->c.kind) {
    case CXCursor_ParenExpr:
      continue;
    case CXCursor_UnaryOperator: {
      enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->c);
      if (op == CXUnaryOperator_AddrOf)
        return atomic_operand(s, chain, j);
      if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec)
        return true;
      if (op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec)
        return discarded(chain, j);
      return false;  // (-x, !x, ~x load their operand: an lvalue here is no such operand)
    }
    case CXCursor_UnexposedExpr: {
      CXType t = kd_node_type(r->tree, n);  // (canonical)
      if (t.kind == CXType_Pointer) {
        // an array decayed: only as a subscript's base (`q->n[j]`: again an lvalue in the field)
        if (j == 0 || chain[j - 1]->c.kind != CXCursor_ArraySubscriptExpr || chain[j - 1]->nkids != 2 ||
            chain[j - 1]->kids[0] != n)
          return false;
        j--;
        continue;
      }
      if (t.kind != CXType_Record && !clang_isConstQualifiedType(t) && !clang_isVolatileQualifiedType(t))
        return true;  // a load: lvalue to rvalue yields the unqualified scalar
      continue;  // an added const (or a class type's no-op): still the lvalue
    }
    case CXCursor_MemberRefExpr:
      if (n->nkids != 1 || n->kids[0] != below)
        return false;
      if (clang_getCursorKind(kd_node_referenced(r->tree, n)) != CXCursor_FieldDecl)
        return false;  // a member function: `this` may go anywhere
      continue;  // a sub-member: an lvalue in the field
    case CXCursor_ArraySubscriptExpr:
      return false;  // (as an index it is loaded first, above; as a base it is a pointer, above)
    case CXCursor_CallExpr:
      // bound to a reference parameter: the field type's implicit copy or assignment only (a
      // member call's object: `t = *q` is operator=(t, *q))
      return trivial_copy_member(kd_node_referenced(r->tree, n));
    case CXCursor_BinaryOperator:
      return clang_getCursorBinaryOperatorKind(n->c) == CXBinaryOperator_Assign && n->nkids == 2 &&
             n->kids[0] == below && discarded(chain, j);
    case CXCursor_CompoundAssignOperator:
      return n->nkids == 2 && n->kids[0] == below && discarded(chain, j);
    default:
      return false;  // bound to a reference, returned, chosen by ?:, `,`, captured, ...: not followed
    }
  }
  return false;
}

static bool literal_zero(R *r, KdNode *n) {
  n = rw_strip_parens_casts(n);
  if (n->c.kind != CXCursor_IntegerLiteral)
    return false;
  CXEvalResult ev = clang_Cursor_Evaluate(n->c);
  bool zero = ev && clang_EvalResult_getKind(ev) == CXEval_Int && clang_EvalResult_getAsLongLong(ev) == 0;
  if (ev)
    clang_EvalResult_dispose(ev);
  (void)r;
  return zero;
}

/* The use of the parameter at chain[k] (a DeclRefExpr). */
static void check_use(FpCheck *s, KdNode **chain, int k) {
  R *r = s->r;
  CXType pt = clang_getCanonicalType(clang_getCursorType(s->param));
  int u = user_of(s, chain, k, pt);
  if (u < 0) {
    s->ok = false;
    return;
  }
  KdNode *n = chain[u], *below = chain[u + 1];
  enum CXCursorKind uk = n->c.kind;
  if (uk == CXCursor_MemberRefExpr && n->nkids == 1 && n->kids[0] == below) {
    // q->m (libclang does not say `->` from `.`; `.` on a pointer does not compile); a data member
    // only (a member function may do anything with `this`)
    s->ok = clang_getCursorKind(kd_node_referenced(r->tree, n)) == CXCursor_FieldDecl && lvalue_ok(s, chain, u);
  } else if (uk == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(n->c) == CXUnaryOperator_Deref) {
    s->ok = lvalue_ok(s, chain, u);
  } else if (uk == CXCursor_ArraySubscriptExpr && n->nkids == 2 && n->kids[0] == below && literal_zero(r, n->kids[1])) {
    s->ok = lvalue_ok(s, chain, u);
  } else if (uk == CXCursor_CallExpr) {
    CXCursor callee = kd_node_referenced(r->tree, n);
    int nargs = clang_Cursor_getNumArguments(n->c), at = -1;
    for (int i = 0; i < nargs && at < 0; i++)
      if (rw_same_extent(r, rw_arg_node(r, n, i), below))
        at = i;
    char name[128] = "";
    if (!clang_Cursor_isNull(callee))
      rw_spell(callee, name, sizeof name);
    if (at == 0 && rw_is_atomic_name(name) && !user_function(r, callee))
      return;  // atomicAdd(q, v): the field itself
    CXCursor def = clang_Cursor_isNull(callee) ? callee : clang_getCursorDefinition(callee);
    s->ok = at >= 0 && !clang_Cursor_isNull(def) &&
            param_ok(r, def, at, clang_getPointeeType(pt), s);
  } else {
    s->ok = false;
  }
}

static bool same_decl(KdDeclKey a, KdDeclKey b) { return a.offset == b.offset && clang_File_isEqual(a.file, b.file); }

/* Every node below n, with its ancestors in chain[0..depth-1]. */
static void visit(FpCheck *s, KdNode *n, KdNode **chain, int depth) {
  if (!s->ok)
    return;
  if (depth >= 256) {
    s->ok = false;
    return;
  }
  chain[depth] = n;
  if (n->c.kind == CXCursor_DeclRefExpr &&
      same_decl(kd_node_ref_key(s->r->tree, n), kd_decl_key(s->param))) {
    check_use(s, chain, depth);
    return;
  }
  for (int i = 0; i < n->nkids && s->ok; i++)
    visit(s, n->kids[i], chain, depth + 1);
}

/* Whether the text of a function's body holds a preprocessor directive
 * (a line whose first non-blank character is '#'), or is not in the files. */
static bool has_directive(R *r, CXCursor body) {
  unsigned b, e;
  if (!rw_range_of(r, body, &b, &e))
    return true;
  bool line_start = true;
  for (unsigned k = b; k < e; k++) {
    char ch = r->text[k];
    if (ch == '\n')
      line_start = true;
    else if (ch == '#' && line_start)
      return true;
    else if (ch != ' ' && ch != '\t')
      line_start = false;
  }
  return false;
}

/* Whether parameter i of function definition fn may be given the address
 * of a field (or sub-field) of type pointee (see the file's comment). */
static bool param_ok(R *r, CXCursor fn, int i, CXType pointee, FpCheck *outer) {
  unsigned off;
  if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !clang_isCursorDefinition(fn) ||
      !rw_in_files(r, clang_getCursorLocation(fn), &off) ||
      !clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) || i >= clang_Cursor_getNumArguments(fn))
    return false;
  CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
  CXType pt = clang_getCanonicalType(clang_getCursorType(p));
  if (pt.kind != CXType_Pointer || rw_byte_type(clang_getPointeeType(pt)) ||
      !same_pointee(clang_getPointeeType(pt), pointee))
    return false;
  for (int k = 0; outer && k < outer->nstack; k++)
    if (clang_equalCursors(outer->stack[k], fn) && outer->stack_param[k] == i)
      return true;  // (a recursive call to the same parameter: its uses are being checked)
  CXCursor body = kd_function_body(fn);
  if ((outer && outer->depth + 1 >= FP_MAX_DEPTH) || clang_Cursor_isNull(body) || has_directive(r, body))
    return false;
  FpCheck s = {.r = r, .param = p, .ok = true, .depth = outer ? outer->depth + 1 : 0};
  if (outer) {
    memcpy(s.stack, outer->stack, sizeof s.stack);
    memcpy(s.stack_param, outer->stack_param, sizeof s.stack_param);
    s.nstack = outer->nstack;
  }
  s.stack_param[s.nstack] = i;
  s.stack[s.nstack++] = fn;
  KdNode *chain[256];
  visit(&s, rw_node_of(r, body), chain, 0);
  return s.ok;
}

bool rw_field_param_ok(R *r, CXCursor fn, int i, CXType pointee) {
  return r->cuda && param_ok(r, fn, i, pointee, NULL);
}
