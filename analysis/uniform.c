/* uniform.c: work-group uniformity analysis (see uniform.h).
 *
 * Every local variable and parameter of the function gets a state of two
 * bits: F_U (its value is uniform) and F_G (as a pointer, it points into
 * global memory, where a load at a uniform address reads one value).  Locals
 * start optimistic (F_U | F_G); the function body is walked repeatedly, each
 * definition lowering its variable's state to the meet with the defining
 * value (and to 0 under divergent control flow), until nothing changes.  The
 * states only go down, so this terminates after at most 2 × variables + 1
 * walks.  Expressions are then evaluated over the final states.
 *
 * Lazily: kd_uniform_new registers the parameters only.  Until the fixpoint
 * runs (solve), val() evaluates over upper bounds of the final states (a
 * parameter's initial state, a local's initialiser, else every flag); val
 * is monotone in the states, so a varying answer there is final and the
 * body is walked only for the questions it cannot settle.
 */
#include "uniform.h"
#include "ast.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

#include <uthash.h>

enum { F_U = 1, F_G = 2 };

typedef enum VarKind {
  V_VALUE,   // an automatic scalar / struct variable or parameter: state is its value
  V_REF,     // a reference: state is the flags of the object's address
  V_ARRAY,   // an automatic array: private memory, its elements are varying
  V_SHARED,  // __shared__ / __local: one address per work-group, loads varying
  V_STATIC,  // a static local: one address, loads varying (conservative)
  V_TOP,     // (before solving) a local not yet analysed: every flag, value and address
} VarKind;

typedef struct Var {
  KdDeclKey key;
  VarKind kind;
  unsigned flags;  // F_U | F_G
  UT_hash_handle hh;
} Var;

#define MAX_FRAMES 256

struct KdUniform {
  KdLanguage lang;
  KdTree *tree;                 // the source's tree, which the walks read (kd_kids)
  CXCursor fn;
  bool kernel;                  // no explicit parameter binding: kd_is_kernel's defaults
  int nparams;
  KdUniformParam *params;       // the binding (NULL with kernel)
  bool solved;                  // the fixpoint has run: vars holds every local and exact states
  void *ext_file;               // fn's extent (before solving: which declarations may be locals)
  unsigned ext_beg, ext_end;
  bool ext_any;                 // extent not understood: any declaration may be a local
  Var *ubvars;                  // (before solving) upper bounds of locals' states, by key
  Var *vars;                    // locals and parameters of the function (before solving: parameters only)
  bool changed;                 // a state went down in this walk
  int nframes;                  // enclosing loops / switches of the walk
  bool frame_loop[MAX_FRAMES];  // true: loop, false: switch
  bool frame_esc[MAX_FRAMES];   // left by a break/continue/return under a varying condition
};

/* ---- small helpers over libclang ---- */


static CXType ctype(const KdUniform *u, CXCursor c) { return kd_cursor_type(u->tree, c); }  // canonical, kept (ast.h)

static bool is_ptr(CXType t) { return t.kind == CXType_Pointer; }

static bool is_array(CXType t) {
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
         t.kind == CXType_DependentSizedArray;
}

static bool is_ref(CXType t) { return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference; }

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

/* OpenCL __local (or CUDA __shared__ by attribute, see var_kind). */
static bool type_spelled_with(CXType t, const char *a, const char *b) {
  CXString s = clang_getTypeSpelling(t);
  const char *n = clang_getCString(s);
  bool r = n && (strstr(n, a) || (b && strstr(n, b)));
  clang_disposeString(s);
  return r;
}

static Var *var_find(const KdUniform *u, CXCursor decl) {
  KdDeclKey k = kd_decl_key(decl);
  Var *v;
  HASH_FIND(hh, u->vars, &k, sizeof k, v);
  return v;
}

static void var_add(KdUniform *u, CXCursor decl, VarKind kind, unsigned flags) {
  Var *v = var_find(u, decl);
  if (v) {  // two declarations at one location (a macro): share the lower state
    if (v->kind != kind)
      v->kind = V_STATIC;
    v->flags &= flags;
    return;
  }
  v = kd_xcalloc(1, sizeof *v);
  v->key = kd_decl_key(decl);
  v->kind = kind;
  v->flags = flags;
  HASH_ADD(hh, u->vars, key, sizeof(KdDeclKey), v);
}

/* Lowers v's state to flags & its state. */
static void var_lower(KdUniform *u, Var *v, unsigned flags) {
  unsigned nf = v->flags & flags;
  if (nf != v->flags) {
    v->flags = nf;
    u->changed = true;
  }
}

static Var *ub_var(KdUniform *u, CXCursor d);

/* The variable decl of this function: exact once solved; before, an upper
 * bound of its final state (V_TOP: anything). */
static Var *lookup(const KdUniform *u, CXCursor d) {
  if (u->solved)
    return var_find(u, d);
  return ub_var((KdUniform *)u, d);
}

/* ---- built-ins ---- */

/* CUDA built-in variables that are the same for every thread of a block. */
static bool uniform_builtin_var(CXCursor d) {
  return name_is(d, "blockIdx") || name_is(d, "blockDim") || name_is(d, "gridDim") || name_is(d, "warpSize");
}

static bool in_list(const char *n, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(n, *list))
      return true;
  return false;
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

static unsigned val(const KdUniform *u, CXCursor e);
static unsigned addr(const KdUniform *u, CXCursor e);

static bool file_scope(CXCursor d) {
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
  return pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec ||
         pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl || pk == CXCursor_UnionDecl;
}

static bool shared_decl(const KdUniform *u, CXCursor d) {
  if (has_kid_kind(u, d, CXCursor_CUDASharedAttr))
    return true;
  return u->lang == KD_LANG_OPENCL && type_spelled_with(clang_getCursorType(d), "__local", NULL);
}

/* Flags of a variable referenced from outside its own function's locals:
 * built-ins, file-scope variables. */
static unsigned outer_var_value(const KdUniform *u, CXCursor d) {
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !file_scope(d))
    return 0;  // a local of another function (a lambda), or unknown
  if (!kd_cursor_in_user_code(d))
    return uniform_builtin_var(d) ? F_U : 0;  // threadIdx and anything unknown: varying
  if (shared_decl(u, d))
    return 0;
  return F_U;  // a load of global / constant memory at a fixed address
}

static unsigned outer_var_addr(const KdUniform *u, CXCursor d) {
  if (clang_getCursorKind(d) != CXCursor_VarDecl || !file_scope(d) || !kd_cursor_in_user_code(d))
    return 0;
  return shared_decl(u, d) ? F_U : F_U | F_G;
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
  Var *v = lookup(u, d);
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
  unsigned a = addr(u, e);
  return (a & F_U) && (a & F_G) ? F_U : 0;
}

/* The pointer-or-array operand of a subscript (i[p] is p[i]); *idx gets the other. */
static CXCursor subscript_base(const KdUniform *u, const KdKids *ks, CXCursor *idx) {
  int bi = 0;
  CXType t1 = ctype(u, ks->v[1]);
  if (is_ptr(t1) || is_array(t1))
    bi = 1;
  *idx = ks->v[1 - bi];
  return ks->v[bi];
}

static unsigned addr(const KdUniform *u, CXCursor e) {
  enum CXCursorKind k = clang_getCursorKind(e);
  KdKids ks = kd_kids_of(u->tree, e);
  unsigned r = 0;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr:
    if (ks.n == 1)
      r = addr(u, ks.v[0]);
    break;
  case CXCursor_DeclRefExpr: {
    CXCursor d = kd_cursor_referenced(u->tree, e);
    Var *v = lookup(u, d);
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
      CXCursor base = subscript_base(u, &ks, &idx);
      r = val(u, base);  // the decayed array or the pointer
      if (!(val(u, idx) & F_U))
        r &= ~(unsigned)F_U;
    }
    break;
  case CXCursor_MemberRefExpr:
    if (ks.n >= 1)
      r = is_ptr(ctype(u, ks.v[0])) ? val(u, ks.v[0]) : addr(u, ks.v[0]);
    break;
  case CXCursor_UnaryOperator:
    if (ks.n == 1 && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_Deref)
      r = val(u, ks.v[0]);
    break;
  default:
    break;  // calls returning references, this->, ...: unknown
  }
  return r;
}

/* A cast's value: pointer provenance survives only pointer-to-pointer casts. */
static unsigned cast_val(const KdUniform *u, CXCursor e, CXCursor op) {
  unsigned r = val(u, op);
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
    if (!(val(u, a) & F_U))
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
    unsigned p = val(u, clang_Cursor_getArgument(e, 0));
    return (p & F_U) && (p & F_G) ? F_U : 0;
  }
  if (u->lang == KD_LANG_OPENCL && in_list(name, uniform_wi))
    return all_args_uniform(u, e, false);
  if (is_pure_builtin(name))
    return all_args_uniform(u, e, true);
  return 0;  // atomics, shuffles, votes, get_local_id, ...
}

static unsigned val(const KdUniform *u, CXCursor e) {
  if (is_array(ctype(u, e)))
    return addr(u, e);  // an array's value is its (decayed) address
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
    Var *v = lookup(u, d);
    if (!v)
      return outer_var_value(u, d);
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
      r = k == CXCursor_ParenExpr ? val(u, ks.v[0]) : cast_val(u, e, ks.v[ks.n - 1]);
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
        r = addr(u, ks.v[0]);
        break;
      case CXUnaryOperator_PostInc:
      case CXUnaryOperator_PostDec:
      case CXUnaryOperator_PreInc:
      case CXUnaryOperator_PreDec:
      case CXUnaryOperator_Extension:
        r = val(u, ks.v[0]);
        break;
      case CXUnaryOperator_Plus:
      case CXUnaryOperator_Minus:
      case CXUnaryOperator_Not:
      case CXUnaryOperator_LNot:
      case CXUnaryOperator_Real:
      case CXUnaryOperator_Imag:
        r = val(u, ks.v[0]) & F_U;
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
      unsigned a = val(u, ks.v[0]), b = val(u, ks.v[1]);
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
      r = (val(u, ks.v[0]) & F_U) ? val(u, ks.v[1]) & val(u, ks.v[2]) : 0;
    return r;
  }
  case CXCursor_InitListExpr:
  case CXCursor_CompoundLiteralExpr: {
    KdKids ks = kd_kids_of(u->tree, e);
    r = F_U;
    for (int i = 0; i < ks.n; i++)
      if (clang_isExpression(clang_getCursorKind(ks.v[i])) && !(val(u, ks.v[i]) & F_U))
        r = 0;
    return r;
  }
  case CXCursor_CallExpr:
    return call_val(u, e);
  default:
    return 0;  // this, lambdas, statement expressions, anything else: varying
  }
}

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
    v = var_find(u, kd_cursor_referenced(u->tree, e));
  } else if (k == CXCursor_MemberRefExpr && ks.n >= 1 && !is_ptr(ctype(u, ks.v[0]))) {
    v = root_var(u, ks.v[0], subs_u);
  } else if (k == CXCursor_ArraySubscriptExpr && ks.n == 2) {
    CXCursor idx;
    CXCursor base = kd_strip_parens(u->tree, subscript_base(u, &ks, &idx));
    if (is_array(ctype(u, base))) {
      v = root_var(u, base, subs_u);
      if (!(val(u, idx) & F_U))
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
  var_lower(u, v, flags);
}

/* The address of (a part of) the lvalue e escapes: its variable is varying. */
static void take_addr(KdUniform *u, CXCursor e) {
  bool subs_u = true;
  Var *v = root_var(u, e, &subs_u);
  if (v)
    var_lower(u, v, 0);
}

static enum CXChildVisitResult mark_refs(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  KdUniform *u = data;
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
    Var *v = var_find(u, kd_cursor_referenced(u->tree, c));
    if (v)
      var_lower(u, v, 0);
  }
  return CXChildVisit_Recurse;
}

static void walk(KdUniform *u, CXCursor c, bool div);

static void walk_kids(KdUniform *u, CXCursor c, bool div) {
  KdKids ks = kd_kids_of(u->tree, c);
  for (int i = 0; i < ks.n; i++)
    walk(u, ks.v[i], div);
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
    return val(u, c) & F_U;
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
      walk(u, parts[i], d);
  bool esc = !pushed || u->frame_esc[u->nframes - 1];
  if (pushed)
    u->nframes--;
  if (esc && !d) {  // some threads leave early: every variable defined inside is varying
    pushed = push_frame(u, loop);
    for (int i = 0; i < n; i++)
      if (!clang_Cursor_isNull(parts[i]))
        walk(u, parts[i], true);
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
  walk(u, init, div);
  Var *x = var_find(u, v);
  if (!x)
    return;
  if (x->kind == V_VALUE) {
    var_lower(u, x, div ? 0 : val(u, init));
  } else if (x->kind == V_REF) {
    take_addr(u, init);  // int &r = x: x may change through r
    var_lower(u, x, addr(u, init));  // a reference's address is fixed when it is bound
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
      unsigned f = val(u, rhs);
      if (strcmp(name, "operator="))
        f &= val(u, lhs);
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

static void walk(KdUniform *u, CXCursor c, bool div) {
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
        walk(u, ks.v[i], div);
        cu = cu && cond_uniform(u, ks.v[i]);
      }
      for (int i = ti; i < ks.n; i++)
        walk(u, ks.v[i], div || !cu);
    }
    return;
  }
  case CXCursor_ForStmt: {
    CXCursor p[4];
    kd_for_parts(u->tree, c, p);
    if (!clang_Cursor_isNull(p[0]))
      walk(u, p[0], div);
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
          walk(u, ks.v[i], div);
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
      walk(u, ks.v[0], div);
      if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
        walk(u, ks.v[1], div || !(val(u, ks.v[0]) & F_U));
      } else {
        walk(u, ks.v[1], div);
        if (op == CXBinaryOperator_Assign)
          define(u, ks.v[0], val(u, ks.v[1]), div);
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
      define(u, ks.v[0], val(u, c), div);
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
        define(u, ks.v[0], val(u, ks.v[0]), div);
    }
    return;
  }
  case CXCursor_ConditionalOperator: {
    KdKids ks = kd_kids_of(u->tree, c);
    if (ks.n == 3) {
      walk(u, ks.v[0], div);
      bool d = div || !(val(u, ks.v[0]) & F_U);
      walk(u, ks.v[1], d);
      walk(u, ks.v[2], d);
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

/* ---- set-up ---- */

static VarKind var_kind(const KdUniform *u, CXCursor d) {
  CXType t = ctype(u, d);
  if (shared_decl(u, d))
    return V_SHARED;
  if (clang_Cursor_getStorageClass(d) == CX_SC_Static || clang_Cursor_getStorageClass(d) == CX_SC_Extern)
    return V_STATIC;
  if (is_array(t))
    return V_ARRAY;
  if (is_ref(t))
    return V_REF;
  return V_VALUE;
}

typedef struct Setup {
  KdUniform *u;
  bool has_goto;
} Setup;

static enum CXChildVisitResult register_locals(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Setup *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl)
    var_add(s->u, c, var_kind(s->u, c), F_U | F_G);  // optimistic: the walk lowers it
  else if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt)
    s->has_goto = true;
  return CXChildVisit_Recurse;
}

static bool global_pointer_param(KdLanguage lang, CXType t) {
  if (!is_ptr(t))
    return false;
  if (lang == KD_LANG_CUDA)
    return true;
  if (kd_opencl_global_pointer(t))
    return true;
  return type_spelled_with(clang_getPointeeType(t), "__constant", "constant ");
}

static void free_vars(Var **vars) {
  Var *v, *tmp;
  HASH_ITER(hh, *vars, v, tmp) {
    HASH_DEL(*vars, v);
    free(v);
  }
}

/* Registers the parameters with their initial states; a binding to a
 * caller's variable is resolved only with `resolve` (else: every flag, an
 * upper bound). */
static void register_params(KdUniform *u, bool resolve) {
  int np = clang_Cursor_getNumArguments(u->fn);
  for (int i = 0; i < np; i++) {
    CXCursor p = clang_Cursor_getArgument(u->fn, (unsigned)i);
    CXType t = ctype(u, p);
    VarKind kind = is_ref(t) ? V_REF : V_VALUE;
    unsigned flags = 0;
    if (!u->kernel) {
      if (i < u->nparams && u->params[i].uniform) {
        flags = F_U | F_G;  // a uniform pointer (reference) into global memory bound by the caller
        if (u->params[i].from && resolve && !kd_uniform_var(u->params[i].from, u->params[i].var))
          flags = 0;
      }
    } else if (kd_is_kernel(u->lang, u->fn)) {
      flags = F_U | (global_pointer_param(u->lang, t) ? F_G : 0);
    }
    var_add(u, p, kind, flags);
  }
}

/* Before solving: an upper bound of the final state of decl, which the
 * solved analysis would find among the function's variables, or NULL if it
 * certainly would not (a declaration outside the function's extent: every
 * local's key lies inside it).  Parameters: their initial state (states only
 * go down).  A local scalar defined by an initialiser (in the function
 * itself, where the walk reaches it): the initialiser's bound (var_decl
 * lowers the state to the initialiser's value, or to 0).  Anything else
 * that may be a local: V_TOP. */
static Var *ub_var(KdUniform *u, CXCursor d) {
  Var *v = var_find(u, d);
  if (v)
    return v;
  KdDeclKey k = kd_decl_key(d);
  if (!u->ext_any && (k.file != u->ext_file || k.offset < u->ext_beg || k.offset > u->ext_end))
    return NULL;
  HASH_FIND(hh, u->ubvars, &k, sizeof k, v);
  if (v)
    return v;
  v = kd_xcalloc(1, sizeof *v);
  v->key = k;
  v->kind = V_TOP;  // also while its initialiser is evaluated (a cycle)
  v->flags = F_U | F_G;
  HASH_ADD(hh, u->ubvars, key, sizeof(KdDeclKey), v);
  if (clang_getCursorKind(d) != CXCursor_VarDecl || var_kind(u, d) != V_VALUE ||
      !clang_equalCursors(clang_getCursorSemanticParent(d), u->fn))
    return v;
  KdKids ks = kd_kids_of(u->tree, d);
  CXCursor init = clang_getNullCursor();
  if (ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])))
    init = ks.v[ks.n - 1];
  if (clang_Cursor_isNull(init))
    return v;
  unsigned f = val(u, init);
  v->kind = V_VALUE;
  v->flags = f;
  return v;
}

/* The fixpoint (once, at the first question the upper bounds cannot answer). */
static void solve(KdUniform *u) {
  if (u->solved)
    return;
  u->solved = true;
  free_vars(&u->ubvars);
  free_vars(&u->vars);
  register_params(u, true);
  CXCursor body = kd_function_body(u->fn);
  Setup s = {u, false};
  if (!clang_Cursor_isNull(body))
    clang_visitChildren(body, register_locals, &s);
  if (s.has_goto || clang_Cursor_isNull(body)) {
    Var *v, *tmp;
    HASH_ITER(hh, u->vars, v, tmp) v->flags = 0;  // goto: control flow not followed
    return;
  }
  do {
    u->changed = false;
    u->nframes = 0;
    walk(u, body, false);
  } while (u->changed);
}

KdUniform *kd_uniform_new_bound(const KdSource *src, CXCursor fn, const KdUniformParam *params, int nparams) {
  KdUniform *u = kd_xcalloc(1, sizeof *u);
  u->lang = src->lang;
  u->tree = src->tree;
  u->fn = fn;
  u->kernel = params == NULL;
  if (params && nparams > 0) {
    u->params = kd_xmalloc((size_t)nparams * sizeof *params);
    memcpy(u->params, params, (size_t)nparams * sizeof *params);
    u->nparams = nparams;
  }
  CXSourceRange ext = clang_getCursorExtent(fn);
  CXFile f1, f2;
  unsigned o1, o2;
  clang_getFileLocation(clang_getRangeStart(ext), &f1, NULL, NULL, &o1);
  clang_getFileLocation(clang_getRangeEnd(ext), &f2, NULL, NULL, &o2);
  u->ext_file = f1;
  u->ext_beg = o1;
  u->ext_end = o2;
  u->ext_any = !f1 || f1 != f2 || o2 < o1;
  register_params(u, false);
  return u;
}

KdUniform *kd_uniform_new(const KdSource *src, CXCursor fn, const bool *param_uniform, int nparams) {
  if (!param_uniform)
    return kd_uniform_new_bound(src, fn, NULL, 0);
  KdUniformParam *ps = kd_xcalloc((size_t)(nparams > 0 ? nparams : 1), sizeof *ps);
  for (int i = 0; i < nparams; i++)
    ps[i].uniform = param_uniform[i];
  KdUniform *u = kd_uniform_new_bound(src, fn, ps, nparams);
  free(ps);
  return u;
}

bool kd_uniform_expr(KdUniform *u, CXCursor e) {
  if (clang_Cursor_isNull(e))
    return true;
  if (!u->solved && !(val(u, e) & F_U))
    return false;  // varying even over the upper bounds (val is monotone in the states)
  solve(u);
  return val(u, e) & F_U;
}

bool kd_uniform_addr(KdUniform *u, CXCursor e) {
  solve(u);
  return addr(u, e) & F_U;
}

bool kd_uniform_var(KdUniform *u, CXCursor decl) {
  if (!u->solved) {
    Var *p = var_find(u, decl);  // a parameter that starts varying stays so
    if (p && !(p->flags & F_U))
      return false;
  }
  solve(u);
  Var *v = var_find(u, decl);
  if (!v)
    return outer_var_value(u, decl) & F_U;
  return v->kind == V_VALUE || v->kind == V_REF ? (v->flags & F_U) != 0 : false;
}

void kd_uniform_free(KdUniform *u) {
  if (!u)
    return;
  free_vars(&u->vars);
  free_vars(&u->ubvars);
  free(u->params);
  free(u);
}
