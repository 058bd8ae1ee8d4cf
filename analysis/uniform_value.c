/* uniform_value.c: the flags of an expression's value and of an lvalue's
 * address over the current states of the variables (uniformInt.h): the
 * built-ins that are uniform, pure math, loads at uniform addresses of
 * global memory. */
#include "uniformInt.h"

static bool name_is(CXCursor c, const char *name) {
  CXString s = clang_getCursorSpelling(c);
  bool eq = clang_getCString(s) && !strcmp(clang_getCString(s), name);
  clang_disposeString(s);
  return eq;
}

static bool has_kid_kind(const KdUniform *u, CXCursor c, enum CXCursorKind k) {
  KdKids ks = kd_kids_of(u->tree, c);
  bool found = false;
  for (int i = 0; i < ks.n; i++)
    found |= clang_getCursorKind(ks.v[i]) == k;
  return found;
}

/* ---- built-ins ---- */

/* CUDA built-in variables that are the same for every thread of a block. */
static bool uniform_builtin_var(CXCursor d) {
  return name_is(d, "blockIdx") || name_is(d, "blockDim") || name_is(d, "gridDim") || name_is(d, "warpSize");
}
/* OpenCL work-item functions whose result is the same across a work-group. */
static const char *const uniform_wi[] = {"get_group_id",    "get_num_groups", "get_local_size",
                                         "get_global_size", "get_work_dim",   "get_global_offset",
                                         "get_enqueued_local_size", NULL};

/* Pure math / conversion built-ins (CUDA prelude, OpenCL default header):
 * the result is uniform when every argument is. */
static const char *const pure_math[] = {
    "sqrt", "rsqrt", "cbrt", "rcbrt", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p", "sin",
    "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "fabs", "floor",
    "ceil", "trunc", "round", "rint", "nearbyint", "erf", "erfc", "erfinv", "erfcinv", "lgamma", "tgamma",
    "normcdf", "normcdfinv", "sinpi", "cospi", "pow", "fmin", "fmax", "fmod", "atan2", "hypot", "copysign",
    "fdim", "remainder", "fma", "ldexp", "abs", "labs", "llabs", "isnan", "isinf", "isfinite", "min", "max",
    "umin", "umax", "llmin", "llmax", "fdivide", "saturate", "mad", "clamp", "mix", "dot", "length", "distance",
    "normalize", "cross", "sign", "step", "smoothstep", "select", "abs_diff", "mul24", "mad24", "hadd", "rhadd",
    "rotate", "popcount", "clz", "degrees", "radians", "powr", "pown", "rootn", "fast_length", "fast_distance",
    "fast_normalize", "exp10", "logb", "ilogb", "__expf", "__logf", "__sinf", "__cosf", "__powf", "__saturatef",
    "__fdividef", "__frsqrt_rn", "__float2int_rn", "__float2int_rz", "__int2float_rn", "__int_as_float",
    "__float_as_int", "__uint_as_float", "__float_as_uint", "__double_as_longlong", "__longlong_as_double", NULL};

static const char *const pure_prefix[] = {"make_", "convert_", "as_", "native_", "half_", NULL};

static bool is_pure_builtin(const char *n) {
  if (in_list(n, pure_math))
    return true;
  size_t len = strlen(n);
  if (len > 1 && n[len - 1] == 'f') {  // sqrtf, fminf, ...
    char base[128];
    if (len - 1 < sizeof base) {
      memcpy(base, n, len - 1);
      base[len - 1] = 0;
      if (in_list(base, pure_math))
        return true;
    }
  }
  for (const char *const *p = pure_prefix; *p; p++)
    if (!strncmp(n, *p, strlen(*p)))
      return true;
  return false;
}

/* ---- values and addresses ---- */

static bool file_scope(CXCursor d) {
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
  return pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec ||
         pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl || pk == CXCursor_UnionDecl;
}

bool un_shared_decl(const KdUniform *u, CXCursor d) {
  if (has_kid_kind(u, d, CXCursor_CUDASharedAttr))
    return true;
  return u->lang == KD_LANG_OPENCL && type_spelled_with(clang_getCursorType(d), "__local", NULL);
}

/* Flags of a variable referenced from outside its own function's locals:
 * built-ins, file-scope variables. */
unsigned un_outer_var_value(const KdUniform *u, CXCursor d) {
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !file_scope(d))
    return 0;  // a local of another function (a lambda), or unknown
  if (!kd_cursor_in_user_code(d))
    return uniform_builtin_var(d) ? F_U : 0;  // threadIdx and anything unknown: varying
  if (un_shared_decl(u, d))
    return 0;
  return F_U;  // a load of global / constant memory at a fixed address
}

static unsigned outer_var_addr(const KdUniform *u, CXCursor d) {
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !file_scope(d) || !kd_cursor_in_user_code(d))
    return 0;
  return un_shared_decl(u, d) ? F_U : F_U | F_G;
}

/* If e is a path `x`, `x.f`, `x.f.g` to a variable held as a value (a local,
 * a parameter, a built-in variable), sets *flags to its value's flags. */
static bool value_path(const KdUniform *u, CXCursor e, unsigned *flags) {
  e = kd_strip_parens(u->tree, e);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_MemberRefExpr) {
    KdKids ks = kd_kids_of(u->tree, e);
    bool ok = ks.n >= 1 && !is_ptr(ctype(u, ks.v[0])) && value_path(u, ks.v[0], flags);
    return ok;
  }
  if (k != CXCursor_DeclRefExpr)
    return false;
  CXCursor d = kd_cursor_referenced(u->tree, e);
  Var *v = un_lookup(u, d);
  if (v) {
    if (v->kind != V_VALUE)
      return false;
    *flags = v->flags;
    return true;
  }
  if (clang_getCursorKind(d) == CXCursor_VarDecl && !kd_cursor_in_user_code(d) && file_scope(d)) {
    *flags = uniform_builtin_var(d) ? F_U : 0;
    return true;
  }
  return false;
}

/* A load of lvalue e: uniform if its address is uniform and in global memory. */
static unsigned load(const KdUniform *u, CXCursor e) {
  unsigned a = un_addr(u, e);
  return (a & F_U) && (a & F_G) ? F_U : 0;
}

/* The pointer-or-array operand of a subscript (i[p] is p[i]); *idx gets the other. */
CXCursor un_subscript_base(const KdUniform *u, const KdKids *ks, CXCursor *idx) {
  int bi = 0;
  CXType t1 = ctype(u, ks->v[1]);
  if (is_ptr(t1) || is_array(t1))
    bi = 1;
  *idx = ks->v[1 - bi];
  return ks->v[bi];
}

unsigned un_addr(const KdUniform *u, CXCursor e) {
  enum CXCursorKind k = clang_getCursorKind(e);
  KdKids ks = kd_kids_of(u->tree, e);
  unsigned r = 0;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    if (ks.n == 1)
      r = un_addr(u, ks.v[0]);
    break;
  case CXCursor_DeclRefExpr: {
    CXCursor d = kd_cursor_referenced(u->tree, e);
    Var *v = un_lookup(u, d);
    if (!v)
      r = outer_var_addr(u, d);
    else if (!u->solved)
      r = F_U | F_G;  // an upper bound (two declarations at one location may share a state)
    else if (v->kind == V_SHARED || v->kind == V_STATIC)
      r = F_U;  // one address for the work-group (loads are still varying)
    else if (v->kind == V_REF)
      r = v->flags;
    else
      r = 0;  // private memory: an address per thread
    break;
  }
  case CXCursor_ArraySubscriptExpr:
    if (ks.n == 2) {
      CXCursor idx;
      CXCursor base = un_subscript_base(u, &ks, &idx);
      r = un_val(u, base);  // the decayed array or the pointer
      if (!(un_val(u, idx) & F_U))
        r &= ~(unsigned)F_U;
    }
    break;
  case CXCursor_MemberRefExpr:
    if (ks.n >= 1)
      r = is_ptr(ctype(u, ks.v[0])) ? un_val(u, ks.v[0]) : un_addr(u, ks.v[0]);
    break;
  case CXCursor_UnaryOperator:
    if (ks.n == 1 && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
      r = un_val(u, ks.v[0]);
    break;
  default:
    break;  // calls returning references, this->, ...: unknown
  }
  return r;
}

/* A cast's value: pointer provenance survives only pointer-to-pointer casts. */
static unsigned cast_val(const KdUniform *u, CXCursor e, CXCursor op) {
  unsigned r = un_val(u, op);
  CXType to = ctype(u, e), from = ctype(u, op);
  if (!is_ptr(to) || !(is_ptr(from) || is_array(from)))
    r &= F_U;
  return r;
}

static unsigned all_args_uniform(const KdUniform *u, CXCursor call, bool no_pointers) {
  int n = clang_Cursor_getNumArguments(call);
  if (n < 0)
    return 0;
  for (int i = 0; i < n; i++) {
    CXCursor a = clang_Cursor_getArgument(call, (unsigned)i);
    if (no_pointers && is_ptr(ctype(u, a)))
      return 0;  // sincos(x, &s, &c), frexp: writes through a pointer
    if (!(un_val(u, a) & F_U))
      return 0;
  }
  return F_U;
}

static unsigned call_val(const KdUniform *u, CXCursor e) {
  CXCursor callee = kd_cursor_referenced(u->tree, e);
  if (clang_Cursor_isNull(callee))
    return 0;
  enum CXCursorKind ck = clang_getCursorKind(callee);
  if (ck == CXCursor_Constructor)  // S s = p[i] (a copy), float4(...): pure
    return all_args_uniform(u, e, false);
  CXCursor def = clang_getCursorDefinition(callee);
  if (!clang_Cursor_isNull(def) && kd_cursor_in_user_code(def))
    return 0;  // a user function: varying (no interprocedural analysis)
  // (OpenCL's built-ins are declared implicitly, at their first use: no definition)
  CXString s = clang_getCursorSpelling(callee);
  char name[128];
  snprintf(name, sizeof name, "%s", clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  if (!strcmp(name, "__ldg") && clang_Cursor_getNumArguments(e) == 1) {
    unsigned p = un_val(u, clang_Cursor_getArgument(e, 0));
    return (p & F_U) && (p & F_G) ? F_U : 0;
  }
  if (u->lang == KD_LANG_OPENCL && in_list(name, uniform_wi))
    return all_args_uniform(u, e, false);
  if (is_pure_builtin(name))
    return all_args_uniform(u, e, true);
  return 0;  // atomics, shuffles, votes, get_local_id, ...
}

unsigned un_val(const KdUniform *u, CXCursor e) {
  if (is_array(ctype(u, e)))
    return un_addr(u, e);  // an array's value is its (decayed) address
  enum CXCursorKind k = clang_getCursorKind(e);
  unsigned r = 0;
  switch (k) {
  case CXCursor_IntegerLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_ImaginaryLiteral:
  case CXCursor_StringLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_CXXBoolLiteralExpr:
  case CXCursor_CXXNullPtrLiteralExpr:
  case CXCursor_GNUNullExpr:
  case CXCursor_UnaryExpr:  // sizeof, alignof
    return F_U;
  case CXCursor_DeclRefExpr: {
    CXCursor d = kd_cursor_referenced(u->tree, e);
    enum CXCursorKind dk = clang_getCursorKind(d);
    if (dk == CXCursor_EnumConstantDecl || dk == CXCursor_FunctionDecl || dk == CXCursor_CXXMethod ||
        dk == CXCursor_FunctionTemplate || dk == CXCursor_NonTypeTemplateParameter)
      return F_U;
    Var *v = un_lookup(u, d);
    if (!v)
      return un_outer_var_value(u, d);
    if (v->kind == V_VALUE)
      return v->flags;
    if (v->kind == V_TOP)
      return F_U | F_G;
    if (v->kind == V_REF)
      return (v->flags & F_U) && (v->flags & F_G) ? F_U : 0;  // a load through the reference
    return 0;  // shared, static: loads are varying
  }
  case CXCursor_MemberRefExpr:
  case CXCursor_ArraySubscriptExpr:
    if (value_path(u, e, &r))
      return r;
    return load(u, e);
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXReinterpretCastExpr:
  case CXCursor_CXXConstCastExpr:
  case CXCursor_CXXFunctionalCastExpr: {
    KdKids ks = kd_kids_of(u->tree, e);
    if (ks.n >= 1 && (k != CXCursor_UnexposedExpr || ks.n == 1))
      r = k == CXCursor_ParenExpr ? un_val(u, ks.v[0]) : cast_val(u, e, ks.v[ks.n - 1]);
    // an unexposed node with several children (or none) is not understood: varying
    return r;
  }
  case CXCursor_UnaryOperator: {
    KdKids ks = kd_kids_of(u->tree, e);
    if (ks.n == 1) {
      switch (clang_getCursorUnaryOperatorKind(e)) {
      case CXUnaryOperator_Deref:
        r = load(u, e);
        break;
      case CXUnaryOperator_AddrOf:
        r = un_addr(u, ks.v[0]);
        break;
      case CXUnaryOperator_PostInc:
      case CXUnaryOperator_PostDec:
      case CXUnaryOperator_PreInc:
      case CXUnaryOperator_PreDec:
      case CXUnaryOperator_Extension:
        r = un_val(u, ks.v[0]);
        break;
      case CXUnaryOperator_Plus:
      case CXUnaryOperator_Minus:
      case CXUnaryOperator_Not:
      case CXUnaryOperator_LNot:
      case CXUnaryOperator_Real:
      case CXUnaryOperator_Imag:
        r = un_val(u, ks.v[0]) & F_U;
        break;
      default:
        r = 0;
      }
    }
    return r;
  }
  case CXCursor_BinaryOperator:
  case CXCursor_CompoundAssignOperator: {
    KdKids ks = kd_kids_of(u->tree, e);
    if (ks.n == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
      unsigned a = un_val(u, ks.v[0]), b = un_val(u, ks.v[1]);
      if (op == CXBinaryOperator_Assign || op == CXBinaryOperator_Comma)
        r = b;
      else if (is_ptr(ctype(u, e)))  // p + i, p - i, p += i: the pointer's provenance
        r = (a & b & F_U) | ((is_ptr(ctype(u, ks.v[0])) ? a : b) & F_G);
      else
        r = a & b & F_U;
    }
    return r;
  }
  case CXCursor_ConditionalOperator: {
    KdKids ks = kd_kids_of(u->tree, e);
    if (ks.n == 3)
      r = (un_val(u, ks.v[0]) & F_U) ? un_val(u, ks.v[1]) & un_val(u, ks.v[2]) : 0;
    return r;
  }
  case CXCursor_InitListExpr:
  case CXCursor_CompoundLiteralExpr: {
    KdKids ks = kd_kids_of(u->tree, e);
    r = F_U;
    for (int i = 0; i < ks.n; i++)
      if (clang_isExpression(clang_getCursorKind(ks.v[i])) && !(un_val(u, ks.v[i]) & F_U))
        r = 0;
    return r;
  }
  case CXCursor_CallExpr:
    return call_val(u, e);
  default:
    return 0;  // this, lambdas, statement expressions, anything else: varying
  }
}
