/* rewrite.c: views, access rewriting and host-side tracking (see rewrite.h).
 *
 * Top-down:
 *   1. structs: the plan's structs whose layout changes, with their layout
 *      description and the text of their fields' types;
 *   2. pass 1 (flow): every variable and parameter of type pointer-to-struct
 *      in the file; a union-find joins those a pointer flows between
 *      (initialisation, assignment, call argument → parameter, launch
 *      argument → kernel parameter).  A component is a view if it holds a
 *      kernel parameter or a cudaMalloc'd device pointer, opaque if a pointer
 *      from anywhere else flows into it; both → the struct keeps AoS;
 *   3. pass 2 (walk): every function body, top-down; each expression that
 *      reaches a view is matched against the supported forms and becomes an
 *      edit, anything else makes the struct keep AoS with a remark;
 *   4. output: header comment, runtime include, generated types after each
 *      struct's declaration, edits applied (edits.c).
 *
 * Clones (CUDA).  A function that is called both with device data (views)
 * and with other pointers, e.g. a __host__ __device__ helper that a kernel
 * calls on its parameter and main() on a host array, cannot have one
 * signature.  So every function of the file that is not a kernel and takes a
 * pointer to a planned struct has two *instances* in pass 1: instance 0, the
 * original text, and instance 1, a copy whose pointers are views.  Each of
 * its pointer variables and parameters is a node per instance (Var.twin),
 * and a call of it is an Edge that pass 1 routes to one instance: to 1 if
 * one of its pointer arguments is device data, to 0 if one comes from
 * elsewhere, undecided calls (NULL, pointers of nothing yet) to the instance
 * the function already has.  An instance's body is visited (its flows and
 * calls recorded) only once a call reaches it, so a function called only
 * with device data has just instance 1, rewritten in place as before, one
 * called only with host pointers just instance 0, left alone, and one called
 * both ways keeps its original text for the host callers and gets a clone,
 * `<name>__kdlg_<S>`, right after its definition (and a prototype after each
 * of its prototypes), that the device calls are renamed to.  The clone is
 * rendered from a separate edit list over the function's text (the
 * original's edit list does not touch it).  A clone must behave like the
 * original and compile where it did: anything unclear (its address taken,
 * static or __shared__ locals, asm, preprocessor lines, __func__, constexpr,
 * default arguments, a call spelled in a macro or finding it through a
 * using-declaration, a call giving it device data and another pointer to the
 * same struct, device data of two structs, overloads; check_clones) keeps
 * the struct in AoS with a remark, and methods, operators, template
 * specializations and friends are not cloneable at all (as before).  OpenCL
 * has one address space per parameter and no host code in the file: no
 * clones there.
 */
#define _GNU_SOURCE /* open_memstream */
#include "rewrite.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "codegen.h"
#include "edits.h"
#include "layout.h"

extern const char kd_embedded_runtime_layout[];
extern const char kd_embedded_runtime_cuda[];

/* ---- libclang helpers ---- */

typedef struct Kids {
  CXCursor *v;
  int n, cap;
} Kids;

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Kids *k = data;
  if (k->n == k->cap) {
    k->cap = k->cap ? 2 * k->cap : 8;
    k->v = realloc(k->v, (size_t)k->cap * sizeof(CXCursor));
    if (!k->v)
      abort();
  }
  k->v[k->n++] = c;
  return CXChildVisit_Continue;
}

static Kids kids_of(CXCursor c) {
  Kids k = {0};
  clang_visitChildren(c, collect, &k);
  return k;
}

/* The first two children of a node, its last, and how many it has: what
 * most expression nodes need, without allocating. */
typedef struct Few {
  int n;
  CXCursor v[2];
  CXCursor last;
} Few;

static enum CXChildVisitResult collect_few(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Few *f = data;
  if (f->n < 2)
    f->v[f->n] = c;
  f->last = c;
  f->n++;
  return CXChildVisit_Continue;
}

static Few few_kids(CXCursor c) {
  Few f;
  f.n = 0;
  clang_visitChildren(c, collect_few, &f);
  return f;
}

static CXType ctype(CXCursor c) { return clang_getCanonicalType(clang_getCursorType(c)); }

static void spell(CXCursor c, char *buf, size_t n) {
  CXString s = clang_getCursorSpelling(c);
  snprintf(buf, n, "%s", clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
}

typedef KdDeclKey DeclKey;
#define decl_key kd_decl_key

/* ---- state ---- */

/* A field's name → its index in the struct (the first field of that name). */
typedef struct FieldName {
  const char *name;
  int index;
  UT_hash_handle hh;
} FieldName;

typedef struct RStruct {
  const KdStructPlan *sp;
  const KdStruct *st;
  CXCursor decl;          // the struct's definition
  kd_layout L;
  KdGenField *gf;
  char tag[128];          // identifier for generated names
  char type[256];         // the struct type as code spells it
  unsigned insert_at;     // offset just after the declaration that defines it
  bool changes;           // some cluster is not plain AoS of all fields (else nothing to do)
  bool bad;               // keeps AoS
  int nviews;             // view variables found
  FieldName *fnames;      // field_index's table, built on first use
  FieldName *fname_mem;   // its entries
} RStruct;

typedef struct Fn Fn;

typedef struct Var {
  DeclKey key;
  CXCursor decl;
  int rs;
  int parent;            // union-find
  bool seed;             // kernel parameter or cudaMalloc target
  bool opaque;           // receives a pointer from elsewhere
  CXCursor opaque_at;
  char why[320];
  bool kernel_param;
  int index;             // in R.vars
  int tier;              // 0 global, 1 parameter, 2 local: the order remarks are looked for in
  Fn *fn;                // the cloneable function it belongs to, or NULL
  int inst;              // its instance of fn (0: the original text, 1: the view clone)
  struct Var *twin;      // instance 1 of a variable of fn (only the instance-0 Var is in the hash)
  UT_hash_handle hh;
} Var;

/* A function that can be cloned (see the top comment): CUDA, not a kernel,
 * defined in the file, a parameter of pointer-to-planned-struct type. */
struct Fn {
  DeclKey key;           // its definition
  CXCursor def;
  bool live[2];          // instances reached by a call (or 0 for a function never called)
  int text;              // the instance the original text is walked in
  bool cloned;           // both instances: the original text for 0, a clone for 1
  int clone_rs;          // the changing struct the clone takes views of, or -1
  bool clone_ok;         // the checks of check_clones passed
  char name[256];
  char clone_name[400];
  KdEdits *E;            // pass 2: the clone's definition
  Kids protos;           // its other declarations in the file
  KdEdits **PE;          // pass 2: the clone's prototype after each of them
  UT_hash_handle hh;
};

/* A call of a cloneable function, found while visiting an instance of the
 * caller (pass 1); `route` is the callee's instance it reaches. */
typedef struct Edge {
  CXCursor call;
  Fn *callee;
  Fn *caller;            // the cloneable function it is in, or NULL
  CXCursor in;           // the function it is in
  int inst;              // the caller's instance
  int route;             // -1: not decided yet
  bool shared;           // another call has the same source range (a macro)
} Edge;

/* Edges by the call's source range and the caller's instance, for pass 2. */
typedef struct RouteKey {
  unsigned b, e;
  int inst;
} RouteKey;

typedef struct Route {
  RouteKey key;
  int edge;
  UT_hash_handle hh;
} Route;

typedef struct Launched {
  DeclKey key;
  UT_hash_handle hh;
} Launched;

/* A local `void *args[] = {&a, &b, ...}` array: every reference to it, and
 * those that are the argument array of cudaLaunchKernel.  Addresses of
 * pointer variables in its initialiser reach the launched kernel's
 * parameters; if the array is used in any other way they escape. */
typedef struct LaunchArray {
  DeclKey key;
  CXCursor decl;
  int refs, launch_refs;
  UT_hash_handle hh;
} LaunchArray;

typedef struct R {
  const KdSource *src;
  const KdPlan *plan;
  const KdRewriteOptions *opt;
  FILE *rem;
  CXFile main;
  const char *text;  // the main file's bytes
  size_t len;
  RStruct *rs;
  int nrs;
  Var **vars;        // index → var
  int nvars, capvars;
  Var *var_map;      // key → var
  Launched *launched;
  LaunchArray *arrays;  // void* arrays (cudaLaunchKernel argument arrays)
  Kids funcs;        // every function declaration / definition in the main file
  Kids global_refs;  // names of functions in global variables' initialisers (outside any function)
  KdEdits *E;
  bool cuda;
  Fn *fns;           // cloneable functions by their definition
  Edge *edges;       // calls of them
  int nedges, capedges;
  Route *routes;
  int inst;          // the instance being visited or walked: var_find gives its variables
  Fn *visiting;      // pass 1: the cloneable function whose body is visited, or NULL
  enum CXCursorKind parent_kind;  // pass 2: the kind of the node whose children walk_kids walks
  bool in_list;                   // pass 2: walk_kids' children are items of a block (directly or after labels)
  CXCursor visiting_fn;  // pass 1: the function whose body is visited
  int *cflags;       // per root: CL_VIEW / CL_OTHER (valid unless cdirty)
  bool cdirty;
  Kids kid_stack;    // pass 2: the children walk_kids walks, of every node on the way down
} R;

static void set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) {
  if (rs < 0 || r->rs[rs].bad)
    return;
  r->rs[rs].bad = true;
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  CXFile f;
  unsigned line, col;
  clang_getExpansionLocation(clang_getCursorLocation(at), &f, &line, &col, NULL);
  CXString fn = clang_getFileName(f);
  fprintf(r->rem, "%s:%u:%u: remark: struct '%s' keeps its AoS layout: %s [kdlg-rewrite]\n",
          clang_getCString(fn) ? clang_getCString(fn) : r->src->path, line, col, r->rs[rs].st->name, msg);
  clang_disposeString(fn);
}

/* Struct index of the record type t (canonical), or -1. */
static int rs_of_record(R *r, CXType t) {
  if (t.kind != CXType_Record)
    return -1;
  CXCursor d = clang_getCursorDefinition(clang_getTypeDeclaration(t));
  if (clang_Cursor_isNull(d))
    return -1;
  for (int i = 0; i < r->nrs; i++)
    if (clang_equalCursors(d, r->rs[i].decl))
      return i;
  return -1;
}

/* Struct index if t is a pointer to one of the plan's structs, else -1. */
static int rs_of_pointer(R *r, CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer)
    return -1;
  return rs_of_record(r, clang_getCanonicalType(clang_getPointeeType(t)));
}

/* The instance-0 variable of decl (whatever instance is being visited). */
static Var *base_var(R *r, CXCursor decl) {
  DeclKey k = decl_key(decl);
  Var *v;
  HASH_FIND(hh, r->var_map, &k, sizeof k, v);
  return v;
}

/* The variable of decl in the instance being visited (r->inst). */
static Var *var_find(R *r, CXCursor decl) {
  Var *v = base_var(r, decl);
  return v && r->inst == 1 && v->twin ? v->twin : v;
}

static Fn *fn_find(R *r, CXCursor def) {
  if (clang_Cursor_isNull(def))
    return NULL;
  DeclKey k = decl_key(def);
  Fn *f;
  HASH_FIND(hh, r->fns, &k, sizeof k, f);
  return f;
}

static Var *var_new(R *r, CXCursor decl, int rs) {
  Var *v = calloc(1, sizeof *v);
  if (!v)
    abort();
  v->key = decl_key(decl);
  v->decl = decl;
  v->rs = rs;
  v->parent = r->nvars;
  v->index = r->nvars;
  if (r->nvars == r->capvars) {
    r->capvars = r->capvars ? 2 * r->capvars : 64;
    r->vars = realloc(r->vars, (size_t)r->capvars * sizeof(Var *));
    if (!r->vars)
      abort();
  }
  r->vars[r->nvars++] = v;
  r->cdirty = true;
  return v;
}

/* The variable of decl in the instance being visited, created (with its
 * twin if it belongs to a cloneable function) on first sight. */
/* Whether t is a pointer to (or an array of) volatile-qualified elements. */
static bool volatile_target(CXType t) {
  t = clang_getCanonicalType(t);
  CXType e = t.kind == CXType_Pointer ? clang_getPointeeType(t) : clang_getArrayElementType(t);
  return e.kind != CXType_Invalid && clang_isVolatileQualifiedType(e);
}

static void set_opaque(R *r, Var *v, CXCursor at, const char *why);

static Var *var_add(R *r, CXCursor decl, int rs) {
  Var *v = base_var(r, decl);
  if (!v) {
    v = var_new(r, decl, rs);
    HASH_ADD(hh, r->var_map, key, sizeof(DeclKey), v);
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(decl));
    v->tier = clang_getCursorKind(decl) == CXCursor_ParmDecl ? 1
              : pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod || pk == CXCursor_Constructor ||
                      pk == CXCursor_Destructor
                  ? 2
                  : 0;
    v->fn = fn_find(r, clang_getCursorSemanticParent(decl));
    if (v->fn) {
      Var *t = var_new(r, decl, rs);
      t->tier = v->tier;
      t->fn = v->fn;
      t->inst = 1;
      v->twin = t;
    }
    if (volatile_target(clang_getCursorType(decl)))
      for (Var *x = v; x; x = x->twin)
        set_opaque(r, x, decl, "it is a pointer to volatile (the accessors' loads and stores are not volatile)");
  }
  return r->inst == 1 && v->twin ? v->twin : v;
}

static int uf_find(R *r, int i) {
  while (r->vars[i]->parent != i) {
    r->vars[i]->parent = r->vars[r->vars[i]->parent]->parent;
    i = r->vars[i]->parent;
  }
  return i;
}

static void uf_union(R *r, Var *a, Var *b) {
  int x = uf_find(r, a->index), y = uf_find(r, b->index);
  if (x != y)
    r->vars[y]->parent = x;
  r->cdirty = true;
}

/* Whether v's instance is reached (variables of functions that are not cloneable always are). */
static bool var_live(const Var *v) { return !v->fn || v->fn->live[v->inst]; }

/* Whether v's component is a view (after resolve()). */
static bool is_view(R *r, const Var *v) {
  if (!v || r->rs[v->rs].bad)
    return false;
  return r->vars[uf_find(r, v->index)]->seed;
}

/* ---- source ranges ---- */

static bool is_ident_char(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
}


static bool in_main(R *r, CXSourceLocation l, unsigned *off) {
  CXFile f;
  clang_getFileLocation(l, &f, NULL, NULL, off);
  return f && clang_File_isEqual(f, r->main);
}

/* Whether the token at l is spelled where it appears (not in a macro body). */
static bool plain_loc(R *r, CXSourceLocation l) {
  CXFile f1, f2;
  unsigned o1, o2;
  clang_getFileLocation(l, &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
  return f1 && f2 && clang_File_isEqual(f1, r->main) && clang_File_isEqual(f2, r->main) && o1 == o2;
}

/* The byte range of c in the main file; false if it is not one (macro bodies, other files). */
static bool range_of(R *r, CXCursor c, unsigned *b, unsigned *e) {
  CXSourceRange x = clang_getCursorExtent(c);
  if (!in_main(r, clang_getRangeStart(x), b) || !in_main(r, clang_getRangeEnd(x), e))
    return false;
  if (!plain_loc(r, clang_getRangeStart(x)))
    return false;
  return *b < *e && *e <= r->len;
}

static bool plain(R *r, CXCursor c) { return plain_loc(r, clang_getCursorLocation(c)); }

/* ---- expressions that reach a view ---- */

enum { VR_NONE, VR_PTR, VR_ELEM, VR_FIELD, VR_SUB, VR_FADDR, VR_BAD };

#define MAX_TERMS 16

typedef struct VRef {
  int kind;
  Var *var;            // the view variable
  CXCursor ref;        // its DeclRefExpr
  int nterms;
  CXCursor term[MAX_TERMS];
  bool neg[MAX_TERMS];
  int field;           // VR_FIELD / VR_SUB / VR_FADDR
  CXCursor field_expr; // the expression naming the field (VR_FIELD: the node itself)
  const char *why;     // VR_BAD
} VRef;

static CXCursor only_kid(CXCursor c, bool *ok) {
  Few k = few_kids(c);
  *ok = k.n == 1;
  return k.n == 1 ? k.v[0] : clang_getNullCursor();
}

/* If c is a parenthesis or a conversion (implicit, C-style, static_cast,
 * reinterpret_cast), its operand in *operand. */
static bool conversion_operand(CXCursor c, CXCursor *operand) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr &&
      k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr)
    return false;
  Few ks = few_kids(c);
  if (ks.n >= 1)
    *operand = ks.last;  // a cast's type comes first
  return ks.n >= 1;
}

static bool is_null_constant(CXCursor c) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr)
      return true;
    if (k == CXCursor_IntegerLiteral) {
      CXEvalResult ev = clang_Cursor_Evaluate(c);
      bool zero = ev && clang_EvalResult_getKind(ev) == CXEval_Int && clang_EvalResult_getAsLongLong(ev) == 0;
      if (ev)
        clang_EvalResult_dispose(ev);
      return zero;
    }
    if (k == CXCursor_CXXReinterpretCastExpr || !conversion_operand(c, &c))
      return false;
  }
}

static int field_index(R *r, int rs, CXCursor member) {
  CXCursor fd = clang_getCursorReferenced(member);
  if (clang_getCursorKind(fd) != CXCursor_FieldDecl)
    return -1;
  CXCursor parent = clang_getCursorSemanticParent(fd);
  if (!clang_equalCursors(clang_getCursorDefinition(parent), r->rs[rs].decl))
    return -1;
  char name[256];
  spell(fd, name, sizeof name);
  RStruct *S = &r->rs[rs];
  if (!S->fnames) {  // (a struct of 256 fields would compare 256 names per access)
    FieldName *all = S->fname_mem = calloc((size_t)S->st->nfields + 1, sizeof(FieldName));
    if (!all)
      abort();
    for (int i = 0; i < S->st->nfields; i++) {
      FieldName *f;
      HASH_FIND_STR(S->fnames, S->st->fields[i].name, f);
      if (f)
        continue;  // the first field of a name wins
      all[i].name = S->st->fields[i].name;
      all[i].index = i;
      HASH_ADD_KEYPTR(hh, S->fnames, all[i].name, strlen(all[i].name), &all[i]);
    }
    if (!S->fnames) {  // no fields: a table that finds nothing
      all[0].name = "";
      all[0].index = -1;
      HASH_ADD_KEYPTR(hh, S->fnames, all[0].name, 0, &all[0]);
    }
  }
  FieldName *f;
  HASH_FIND_STR(S->fnames, name, f);
  return f ? f->index : -1;
}

/* Whether two cursors span the same source range (an implicit conversion
 * spans exactly its operand). */
static bool same_extent(CXCursor a, CXCursor b) {
  return clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b));
}

static void add_term(VRef *v, CXCursor t, bool neg) {
  if (v->nterms == MAX_TERMS) {
    v->kind = VR_BAD;
    v->why = "too many pointer offsets in one expression";
    return;
  }
  v->term[v->nterms] = t;
  v->neg[v->nterms++] = neg;
}

/* What expression c designates, if it reaches a view. */
static void vref(R *r, CXCursor c, VRef *out) {
  memset(out, 0, sizeof *out);
  enum CXCursorKind k = clang_getCursorKind(c);
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
    break;
  default:
    return;  // nothing else designates struct memory
  }
  if (k == CXCursor_BinaryOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if (op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub)
      return;
  }
  // the node's type, where a case needs it (clang_getCursorType is costly on every node)
  CXType t;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: {
    bool ok;
    CXCursor ch = only_kid(c, &ok);
    if (!ok)
      return;
    VRef in;
    vref(r, ch, &in);
    if (in.kind == VR_NONE || in.kind == VR_BAD) {
      *out = in;
      return;
    }
    t = ctype(c);
    CXType ct = ctype(ch);
    if (k == CXCursor_UnexposedExpr && !same_extent(c, ch)) {
      // not an implicit conversion but a construct clang does not expose,
      // e.g. an OpenCL swizzle p[i].v.wzyx (even of the field's own type)
      if (in.kind == VR_FIELD || in.kind == VR_SUB) {
        *out = in;
        out->kind = VR_SUB;
        out->why = NULL;
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
    if (in.kind == VR_PTR && t.kind == CXType_Pointer && rs_of_pointer(r, t) == in.var->rs) {
      *out = in;  // adds const / volatile / restrict
      return;
    }
    if (in.kind == VR_ELEM && rs_of_record(r, t) == in.var->rs) {
      *out = in;  // const S from S (copy construction), lvalue-to-rvalue
      return;
    }
    if ((in.kind == VR_FIELD || in.kind == VR_SUB)) {
      if (ct.kind == CXType_ConstantArray && t.kind == CXType_Pointer) {
        *out = in;  // array field decaying: the caller decides (subscript base only)
        out->kind = VR_SUB;
        out->why = "decay";
        return;
      }
      *out = in;  // a vector component (OpenCL) or a conversion of the value: a read of the field
      out->kind = VR_SUB;
      return;
    }
    return;  // a conversion of a pointer or element to something else: not a view use here
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    Var *v = clang_Cursor_isNull(d) ? NULL : var_find(r, d);
    if (v && is_view(r, v) && ctype(c).kind == CXType_Pointer) {
      out->kind = VR_PTR;
      out->var = v;
      out->ref = c;
    }
    return;
  }
  case CXCursor_ArraySubscriptExpr: {
    Few ks = few_kids(c);
    if (ks.n == 2) {
      int bi = ctype(ks.v[1]).kind == CXType_Pointer ? 1 : 0;
      VRef b;
      vref(r, ks.v[bi], &b);
      if (b.kind == VR_PTR) {
        *out = b;
        out->kind = VR_ELEM;
        add_term(out, ks.v[1 - bi], false);
      } else if (b.kind == VR_FIELD || b.kind == VR_SUB) {
        *out = b;
        out->kind = VR_SUB;
        out->why = NULL;
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_MemberRefExpr: {
    Few ks = few_kids(c);
    if (ks.n >= 1) {
      CXCursor base = ks.v[0];
      bool arrow = ctype(base).kind == CXType_Pointer;
      VRef b;
      vref(r, base, &b);
      if ((arrow && b.kind == VR_PTR) || (!arrow && b.kind == VR_ELEM)) {
        int fi = field_index(r, b.var->rs, c);
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
        out->why = NULL;
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_UnaryOperator: {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
    bool ok;
    CXCursor ch = only_kid(c, &ok);
    if (!ok)
      return;
    VRef in;
    vref(r, ch, &in);
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
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
    if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || ctype(c).kind != CXType_Pointer)
      return;
    Few ks = few_kids(c);
    if (ks.n == 2) {
      int pi = ctype(ks.v[0]).kind == CXType_Pointer ? 0 : 1;
      VRef b;
      vref(r, ks.v[pi], &b);
      if (b.kind == VR_PTR && !(op == CXBinaryOperator_Sub && pi == 1)) {
        *out = b;
        add_term(out, ks.v[1 - pi], op == CXBinaryOperator_Sub);
      } else if (b.kind == VR_BAD) {
        *out = b;
      }
    }
    return;
  }
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr: {
    t = ctype(c);
    Few ks = few_kids(c);
    if (ks.n >= 1 && t.kind == CXType_Pointer) {
      VRef b;
      vref(r, ks.last, &b);
      if (b.kind == VR_PTR && rs_of_pointer(r, t) == b.var->rs && volatile_target(t)) {
        *out = b;
        out->kind = VR_BAD;
        out->why = "it is cast to a pointer to volatile (the accessors' loads and stores are not volatile)";
      } else if (b.kind == VR_PTR && rs_of_pointer(r, t) == b.var->rs) {
        *out = b;  // a cast to the same struct pointer (adding const)
      }
    }
    return;
  }
  default:
    return;
  }
}

/* ---- pass 1: which pointers flow where ---- */

typedef enum Src { SRC_NONE, SRC_VAR, SRC_NULL, SRC_OTHER } Src;

/* Where the pointer value of e comes from. */
static Src ptr_source(R *r, CXCursor e, Var **var) {
  enum CXCursorKind k = clang_getCursorKind(e);
  if (is_null_constant(e))
    return SRC_NULL;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: {
    bool ok;
    CXCursor ch = only_kid(e, &ok);
    return ok ? ptr_source(r, ch, var) : SRC_OTHER;
  }
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr: {
    Kids ks = kids_of(e);
    Src s = SRC_OTHER;
    if (ks.n >= 1 && rs_of_pointer(r, ctype(ks.v[ks.n - 1])) == rs_of_pointer(r, ctype(e)))
      s = ptr_source(r, ks.v[ks.n - 1], var);
    free(ks.v);
    return s;
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(e);
    Var *v = clang_Cursor_isNull(d) ? NULL : var_find(r, d);
    if (v) {
      *var = v;
      return SRC_VAR;
    }
    return SRC_OTHER;
  }
  case CXCursor_BinaryOperator: {
    Kids ks = kids_of(e);
    Src s = SRC_OTHER;
    if (ks.n == 2) {
      int pi = ctype(ks.v[0]).kind == CXType_Pointer ? 0 : 1;
      s = ptr_source(r, ks.v[pi], var);
    }
    free(ks.v);
    return s;
  }
  case CXCursor_UnaryOperator: {
    bool ok;
    CXCursor ch = only_kid(e, &ok);
    if (!ok || clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
      return SRC_OTHER;
    // &p[i], &*p
    for (;;) {
      enum CXCursorKind ck = clang_getCursorKind(ch);
      if (ck == CXCursor_ParenExpr) {
        ch = only_kid(ch, &ok);
        continue;
      }
      break;
    }
    if (clang_getCursorKind(ch) == CXCursor_ArraySubscriptExpr) {
      Kids ks = kids_of(ch);
      Src s = SRC_OTHER;
      if (ks.n == 2) {
        int bi = ctype(ks.v[1]).kind == CXType_Pointer ? 1 : 0;
        s = ptr_source(r, ks.v[bi], var);
      }
      free(ks.v);
      return s;
    }
    if (clang_getCursorKind(ch) == CXCursor_UnaryOperator &&
        clang_getCursorUnaryOperatorKind(ch) == CXUnaryOperator_Deref) {
      CXCursor g = only_kid(ch, &ok);
      return ok ? ptr_source(r, g, var) : SRC_OTHER;
    }
    return SRC_OTHER;
  }
  default:
    return SRC_OTHER;
  }
}

/* Offset of the start of c in the main file after macro expansion (UINT_MAX if elsewhere). */
static unsigned start_offset(R *r, CXCursor c) {
  CXFile f;
  unsigned off;
  clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(c)), &f, NULL, NULL, &off);
  return f && clang_File_isEqual(f, r->main) ? off : UINT_MAX;
}

/* Records why v is opaque.  Variables of cloneable functions receive their
 * arguments in routing order, not in the order of the file: the earliest
 * place in the file is kept, as for everything else (first seen). */
static void set_opaque(R *r, Var *v, CXCursor at, const char *why) {
  if (v->opaque && !(v->fn && start_offset(r, at) < start_offset(r, v->opaque_at)))
    return;
  v->opaque = true;
  v->opaque_at = at;
  snprintf(v->why, sizeof v->why, "%s", why);
  r->cdirty = true;
}

/* A pointer expression e flows into variable `to`. */
static void flow(R *r, Var *to, CXCursor e) {
  Var *from = NULL;
  Src s = ptr_source(r, e, &from);
  if (s == SRC_VAR && from->rs == to->rs) {
    uf_union(r, to, from);
  } else if (s == SRC_VAR || s == SRC_OTHER) {
    char name[128], why[320];
    spell(to->decl, name, sizeof name);
    snprintf(why, sizeof why, "'%s' is given a pointer that does not come from a kernel argument or cudaMalloc", name);
    set_opaque(r, to, e, why);
  }
}

static void mark_opaque(R *r, Var *v, CXCursor at, const char *why) { set_opaque(r, v, at, why); }

typedef enum HostFn { H_NONE, H_MALLOC, H_COPY, H_SET, H_FREE } HostFn;

typedef struct HostCall {
  const char *name;
  HostFn kind;
  const char *suffix;  // kdlg_<S>_<suffix>
} HostCall;

static const HostCall host_calls[] = {
    {"cudaMalloc", H_MALLOC, "malloc"},     {"cudaMallocManaged", H_MALLOC, "malloc_managed"},
    {"cudaMallocAsync", H_MALLOC, "malloc_async"}, {"cudaMemcpy", H_COPY, ""},
    {"cudaMemcpyAsync", H_COPY, "_async"},  {"cudaMemset", H_SET, "memset"},
    {"cudaMemsetAsync", H_SET, "memset_async"}, {"cudaFree", H_FREE, "free"},
    {"cudaFreeAsync", H_FREE, "free_async"}, {NULL, H_NONE, NULL}};

static const HostCall *host_call(R *r, CXCursor callee) {
  unsigned off;
  if (!r->cuda || in_main(r, clang_getCursorLocation(callee), &off))
    return NULL;
  char name[128];
  spell(callee, name, sizeof name);
  for (const HostCall *h = host_calls; h->name; h++)
    if (!strcmp(h->name, name))
      return h;
  return NULL;
}

/* The variable v in `&v` / `(void **)&v`, or NULL. */
static Var *address_of_var(R *r, CXCursor e) {
  while (conversion_operand(e, &e))
    ;
  if (clang_getCursorKind(e) != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(e) != CXUnaryOperator_AddrOf)
    return NULL;
  bool ok;
  CXCursor ch = only_kid(e, &ok);
  while (ok && clang_getCursorKind(ch) == CXCursor_ParenExpr)
    ch = only_kid(ch, &ok);
  if (!ok || clang_getCursorKind(ch) != CXCursor_DeclRefExpr)
    return NULL;
  return var_find(r, clang_getCursorReferenced(ch));
}


static bool is_kernel_fn(R *r, CXCursor fn) { return kd_is_kernel(r->src->lang, fn); }

static void mark_launched(R *r, CXCursor def) {
  Launched *l = calloc(1, sizeof *l);
  l->key = decl_key(def);
  Launched *old;
  HASH_FIND(hh, r->launched, &l->key, sizeof(DeclKey), old);
  if (old)
    free(l);
  else
    HASH_ADD(hh, r->launched, key, sizeof(DeclKey), l);
}

/* The declaration referenced by e after parentheses, casts and `&`; null cursor if none. */
static CXCursor referenced_decl(CXCursor e) {
  for (;;) {
    while (conversion_operand(e, &e))
      ;
    bool ok = true;
    if (clang_getCursorKind(e) == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e) == CXUnaryOperator_AddrOf)
      e = only_kid(e, &ok);
    else if (clang_getCursorKind(e) == CXCursor_ParenExpr)
      e = only_kid(e, &ok);
    else
      break;
    if (!ok)
      return clang_getNullCursor();
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  return clang_getCursorReferenced(e);
}

/* A local array of void pointers: the arrays cudaLaunchKernel takes. */
static bool is_void_ptr_array(CXCursor d) {
  CXType t = clang_getCanonicalType(clang_getCursorType(d));
  if (t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray)
    return false;
  CXType el = clang_getCanonicalType(clang_getArrayElementType(t));
  return el.kind == CXType_Pointer && clang_getCanonicalType(clang_getPointeeType(el)).kind == CXType_Void;
}

static LaunchArray *launch_array(R *r, CXCursor d, bool add) {
  DeclKey k = decl_key(d);
  LaunchArray *a;
  HASH_FIND(hh, r->arrays, &k, sizeof k, a);
  if (!a && add) {
    a = calloc(1, sizeof *a);
    a->key = k;
    a->decl = d;
    HASH_ADD(hh, r->arrays, key, sizeof(DeclKey), a);
  }
  return a;
}

/* The initialiser list of a variable declaration, or a null cursor. */
static CXCursor init_list_of(CXCursor v) {
  Kids ks = kids_of(v);
  CXCursor il = clang_getNullCursor();
  for (int i = 0; i < ks.n; i++)
    if (clang_getCursorKind(ks.v[i]) == CXCursor_InitListExpr)
      il = ks.v[i];
  free(ks.v);
  return il;
}

/* cudaLaunchKernel(kernel, grid, block, args, ...) (also the C++ template and
 * cudaLaunchCooperativeKernel) whose kernel is a function of this file and
 * whose args is a local void* array: the kernel's definition and the array's
 * declaration. */
static bool launch_call(R *r, CXCursor call, CXCursor *kernel, CXCursor *array) {
  CXCursor callee = clang_getCursorReferenced(call);
  unsigned off;
  if (!r->cuda || clang_Cursor_isNull(callee) || in_main(r, clang_getCursorLocation(callee), &off) ||
      clang_Cursor_getNumArguments(call) < 4)
    return false;
  char name[128];
  spell(callee, name, sizeof name);
  if (strcmp(name, "cudaLaunchKernel") && strcmp(name, "cudaLaunchCooperativeKernel"))
    return false;
  CXCursor k = referenced_decl(clang_Cursor_getArgument(call, 0));
  CXCursor a = referenced_decl(clang_Cursor_getArgument(call, 3));
  if (clang_Cursor_isNull(k) || clang_Cursor_isNull(a) || clang_getCursorKind(a) != CXCursor_VarDecl ||
      !is_void_ptr_array(a))
    return false;
  CXCursor def = clang_getCursorDefinition(k);
  if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl || !is_kernel_fn(r, def) ||
      !in_main(r, clang_getCursorLocation(def), &off))
    return false;
  *kernel = def;
  *array = a;
  return true;
}

/* Pass 1 for cudaLaunchKernel: &v at position i of the argument array flows
 * into the kernel's parameter i. */
static void pass1_launch(R *r, CXCursor kernel, CXCursor array) {
  mark_launched(r, kernel);
  launch_array(r, array, true)->launch_refs++;
  CXCursor il = init_list_of(array);
  if (clang_Cursor_isNull(il))
    return;
  Kids ks = kids_of(il);
  int np = clang_Cursor_getNumArguments(kernel);
  for (int i = 0; i < ks.n; i++) {
    Var *v = address_of_var(r, ks.v[i]);
    if (!v)
      continue;
    Var *pv = i < np ? var_find(r, clang_Cursor_getArgument(kernel, (unsigned)i)) : NULL;
    if (pv && pv->rs == v->rs)
      uf_union(r, pv, v);
    else
      mark_opaque(r, v, ks.v[i], "its address is given to cudaLaunchKernel for a parameter of another type");
  }
  free(ks.v);
}

static void add_edge(R *r, CXCursor c, Fn *F);

static void pass1_vardecl(R *r, CXCursor v) {
  int rs = rs_of_pointer(r, clang_getCursorType(v));
  if (rs < 0)
    return;
  Var *var = var_add(r, v, rs);
  CXCursor parent = clang_getCursorSemanticParent(v);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_StructDecl ||
      pk == CXCursor_ClassDecl || clang_Cursor_getStorageClass(v) == CX_SC_Static)
    mark_opaque(r, var, v, "a global or static pointer variable is not tracked");
  Kids ks = kids_of(v);
  for (int i = 0; i < ks.n; i++)
    if (clang_isExpression(clang_getCursorKind(ks.v[i])))
      flow(r, var, ks.v[i]);
  free(ks.v);
}

static enum CXChildVisitResult pass1_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  R *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_VarDecl) {
    pass1_vardecl(r, c);
  } else if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    Kids ks = kids_of(c);
    if (ks.n == 2 && clang_getCursorKind(ks.v[0]) == CXCursor_DeclRefExpr) {
      Var *v = var_find(r, clang_getCursorReferenced(ks.v[0]));
      if (v)
        flow(r, v, ks.v[1]);
    }
    free(ks.v);
  } else if (k == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(c);
    if (clang_getCursorKind(d) == CXCursor_VarDecl && is_void_ptr_array(d))
      launch_array(r, d, true)->refs++;
  } else if (k == CXCursor_CallExpr) {
    CXCursor callee = clang_getCursorReferenced(c);
    int nargs = clang_Cursor_getNumArguments(c);
    const HostCall *h = host_call(r, callee);
    CXCursor lk, la;
    if (launch_call(r, c, &lk, &la)) {
      pass1_launch(r, lk, la);
    } else if (h && h->kind == H_MALLOC && nargs >= 1) {
      Var *v = address_of_var(r, clang_Cursor_getArgument(c, 0));
      if (v) {
        v->seed = true;
        r->cdirty = true;
      }
    } else if (!clang_Cursor_isNull(callee) && nargs > 0) {
      CXCursor def = clang_getCursorDefinition(callee);
      Fn *F = fn_find(r, def);
      if (F) {
        add_edge(r, c, F);  // routed later (route_calls)
      } else if (!clang_Cursor_isNull(def) && (clang_getCursorKind(def) == CXCursor_FunctionDecl ||
                                               clang_getCursorKind(def) == CXCursor_CXXMethod)) {
        if (r->cuda && is_kernel_fn(r, def))
          mark_launched(r, def);
        int np = clang_Cursor_getNumArguments(def);
        for (int i = 0; i < nargs && i < np; i++) {
          Var *pv = var_find(r, clang_Cursor_getArgument(def, (unsigned)i));
          if (pv)
            flow(r, pv, clang_Cursor_getArgument(c, (unsigned)i));
        }
      }
    }
  } else if (k == CXCursor_ReturnStmt) {
    Kids ks = kids_of(c);
    if (ks.n == 1 && rs_of_pointer(r, ctype(ks.v[0])) >= 0) {
      Var *v = NULL;
      if (ptr_source(r, ks.v[0], &v) == SRC_VAR)
        mark_opaque(r, v, ks.v[0], "the pointer is returned from a function");
    }
    free(ks.v);
  }
  return CXChildVisit_Recurse;
}

/* ---- pass 1: calls of cloneable functions ---- */

static RouteKey route_key(R *r, CXCursor call, int inst) {
  RouteKey k;
  memset(&k, 0, sizeof k);
  CXSourceRange x = clang_getCursorExtent(call);
  clang_getExpansionLocation(clang_getRangeStart(x), NULL, NULL, NULL, &k.b);
  clang_getExpansionLocation(clang_getRangeEnd(x), NULL, NULL, NULL, &k.e);
  k.inst = inst;
  (void)r;
  return k;
}

/* Records call c of F made in the instance being visited. */
static void add_edge(R *r, CXCursor c, Fn *F) {
  if (r->nedges == r->capedges) {
    r->capedges = r->capedges ? 2 * r->capedges : 32;
    r->edges = realloc(r->edges, (size_t)r->capedges * sizeof(Edge));
    if (!r->edges)
      abort();
  }
  Edge *e = &r->edges[r->nedges];
  memset(e, 0, sizeof *e);
  e->call = c;
  e->callee = F;
  e->caller = r->visiting;
  e->in = r->visiting_fn;
  e->inst = r->inst;
  e->route = -1;
  RouteKey k = route_key(r, c, r->inst);
  Route *ro;
  HASH_FIND(hh, r->routes, &k, sizeof k, ro);
  if (ro) {  // two calls expanded from one macro: pass 2 could not tell them apart
    e->shared = true;
    r->edges[ro->edge].shared = true;
  } else {
    ro = calloc(1, sizeof *ro);
    if (!ro)
      abort();
    ro->key = k;
    ro->edge = r->nedges;
    HASH_ADD(hh, r->routes, key, sizeof(RouteKey), ro);
  }
  r->nedges++;
}

enum { CL_VIEW = 1, CL_OTHER = 2 };

/* What v's component holds: CL_VIEW (a kernel parameter or cudaMalloc'd
 * pointer), CL_OTHER (a pointer from elsewhere), both or neither. */
static int comp_class(R *r, const Var *v) {
  if (r->cdirty) {
    free(r->cflags);
    r->cflags = calloc((size_t)r->nvars + 1, sizeof(int));
    if (!r->cflags)
      abort();
    for (int i = 0; i < r->nvars; i++)
      r->cflags[uf_find(r, i)] |= (r->vars[i]->seed ? CL_VIEW : 0) | (r->vars[i]->opaque ? CL_OTHER : 0);
    r->cdirty = false;
  }
  return r->cflags[uf_find(r, v->index)];
}

/* The class of the pointers call c (visited in instance `inst`) gives to
 * F's struct-pointer parameters: CL_VIEW if one is device data, CL_OTHER if
 * one comes from elsewhere.  *mixed (if not NULL): whether the parameters
 * of struct mix_rs receive both. */
static int call_class(R *r, CXCursor c, const Fn *F, int inst, int mix_rs, bool *mixed) {
  int save = r->inst;
  r->inst = inst;
  int nargs = clang_Cursor_getNumArguments(c), np = clang_Cursor_getNumArguments(F->def);
  int cls = 0, mix = 0;
  for (int i = 0; i < nargs && i < np; i++) {
    Var *pv = base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
    if (!pv)
      continue;
    Var *from = NULL;
    Src s = ptr_source(r, clang_Cursor_getArgument(c, (unsigned)i), &from);
    int k = 0;
    if (s == SRC_VAR && from->rs == pv->rs) {
      k = comp_class(r, from);
      if (k == (CL_VIEW | CL_OTHER))
        k = 0;  // already both (that struct keeps AoS): it decides nothing, nor drags others along
    } else if (s == SRC_VAR || s == SRC_OTHER) {
      k = CL_OTHER;
    }
    cls |= k;
    if (pv->rs == mix_rs)
      mix |= k;
  }
  if (mixed)
    *mixed = mix == (CL_VIEW | CL_OTHER);
  r->inst = save;
  return cls;
}

static enum CXChildVisitResult pass1_visit(CXCursor c, CXCursor parent, CXClientData data);

/* Instance `inst` of F is reached: its body's flows and calls count from now on. */
static void fn_make_live(R *r, Fn *F, int inst) {
  if (F->live[inst])
    return;
  F->live[inst] = true;
  int save = r->inst;
  Fn *vsave = r->visiting;
  CXCursor fsave = r->visiting_fn;
  r->inst = inst;
  r->visiting = F;
  r->visiting_fn = F->def;
  clang_visitChildren(kd_function_body(F->def), pass1_visit, r);
  r->inst = save;
  r->visiting = vsave;
  r->visiting_fn = fsave;
  r->cdirty = true;
}

/* Edge i goes to instance `to` of its callee: its arguments flow into that
 * instance's parameters. */
static void route_edge(R *r, int i, int to) {
  Edge e = r->edges[i];  // (fn_make_live may add edges)
  r->edges[i].route = to;
  int save = r->inst;
  r->inst = e.inst;
  int nargs = clang_Cursor_getNumArguments(e.call), np = clang_Cursor_getNumArguments(e.callee->def);
  for (int a = 0; a < nargs && a < np; a++) {
    Var *pv = base_var(r, clang_Cursor_getArgument(e.callee->def, (unsigned)a));
    if (pv)
      flow(r, to == 1 && pv->twin ? pv->twin : pv, clang_Cursor_getArgument(e.call, (unsigned)a));
  }
  r->inst = save;
  fn_make_live(r, e.callee, to);
}

/* Routes every call of a cloneable function (see the top comment): calls
 * whose pointers decide first, then an undecided one to the instance its
 * callee already has (0 if none), then functions nobody calls (instance 0,
 * as written; with external linkage, their struct-pointer parameters come
 * from another file, as AoS: opaque), until nothing is left.  Each step routes a call or reaches an
 * instance, so this ends. */
static void route_calls(R *r) {
  for (;;) {
    bool progress = false;
    for (int i = 0; i < r->nedges; i++) {
      if (r->edges[i].route >= 0)
        continue;
      int cls = call_class(r, r->edges[i].call, r->edges[i].callee, r->edges[i].inst, -1, NULL);
      if (cls) {
        route_edge(r, i, cls & CL_VIEW ? 1 : 0);
        progress = true;
      }
    }
    if (progress)
      continue;
    int i = 0;
    while (i < r->nedges && r->edges[i].route >= 0)
      i++;
    if (i < r->nedges) {
      Fn *F = r->edges[i].callee;
      route_edge(r, i, F->live[1] && !F->live[0] ? 1 : 0);
      continue;
    }
    Fn *F, *tmp, *idle = NULL;
    HASH_ITER(hh, r->fns, F, tmp) {
      if (!F->live[0] && !F->live[1] && (!idle || start_offset(r, F->def) < start_offset(r, idle->def)))
        idle = F;
    }
    if (!idle)
      break;
    if (clang_getCursorLinkage(idle->def) == CXLinkage_External) {
      // nothing here calls it: its pointers come from another file, in the layout that file has (AoS)
      int np = clang_Cursor_getNumArguments(idle->def);
      for (int a = 0; a < np; a++) {
        CXCursor p = clang_Cursor_getArgument(idle->def, (unsigned)a);
        Var *pv = base_var(r, p);
        if (pv)
          mark_opaque(r, pv, p,
                      "it is a parameter of a function with external linkage that nothing in this file calls (its "
                      "callers elsewhere pass AoS pointers)");
      }
    }
    fn_make_live(r, idle, 0);
  }
  Fn *F, *tmp;
  HASH_ITER(hh, r->fns, F, tmp) {
    F->text = F->live[1] && !F->live[0] ? 1 : 0;
    F->cloned = F->live[0] && F->live[1];
  }
}

/* The cloneable functions: CUDA, defined in the file, not kernels, plain
 * functions (not methods, operators, template specializations, or friends
 * defined in a class: a clone of those could not be declared or named
 * beside them), with a pointer to a planned struct among their parameters.
 * The others are rewritten in place or not at all, as before. */
static void setup_fns(R *r) {
  if (!r->cuda)
    return;
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl || is_kernel_fn(r, fn) ||
        fn_find(r, fn))
      continue;
    enum CXCursorKind lex = clang_getCursorKind(clang_getCursorLexicalParent(fn));
    char name[256];
    spell(fn, name, sizeof name);
    if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) || clang_Cursor_getNumTemplateArguments(fn) > 0 ||
        (!strncmp(name, "operator", 8) && !is_ident_char(name[8])) ||
        (lex != CXCursor_TranslationUnit && lex != CXCursor_Namespace && lex != CXCursor_LinkageSpec))
      continue;
    bool takes = false;
    int np = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < np && !takes; i++)
      takes = rs_of_pointer(r, clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i))) >= 0;
    if (!takes)
      continue;
    Fn *F = calloc(1, sizeof *F);
    if (!F)
      abort();
    F->key = decl_key(fn);
    F->def = fn;
    F->clone_rs = -1;
    spell(fn, F->name, sizeof F->name);
    HASH_ADD(hh, r->fns, key, sizeof(DeclKey), F);
  }
}

static void pass1(R *r) {
  setup_fns(r);
  // parameters first (calls may come before the callee's definition)
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn))
      continue;
    bool kernel = is_kernel_fn(r, fn);
    int np = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < np; i++) {
      CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
      CXType t = ctype(p);
      int rs = rs_of_pointer(r, t);
      if (rs < 0)
        continue;
      Var *v = var_add(r, p, rs);
      if (kernel && (r->cuda || kd_opencl_global_pointer(t))) {
        v->seed = true;
        v->kernel_param = true;
      }
    }
  }
  // bodies of the functions that are not cloneable; the others as calls reach them
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (clang_isCursorDefinition(fn) && !fn_find(r, fn)) {
      r->visiting_fn = fn;
      clang_visitChildren(kd_function_body(fn), pass1_visit, r);
    }
  }
  route_calls(r);
  r->inst = 0;
}

/* Remarks look at variables in the order of the file (globals, parameters,
 * locals), whatever order pass 1 met them in. */
static int cmp_report(const void *x, const void *y) {
  const Var *a = *(Var *const *)x, *b = *(Var *const *)y;
  if (a->tier != b->tier)
    return a->tier - b->tier;
  if (a->key.offset != b->key.offset)
    return a->key.offset < b->key.offset ? -1 : 1;
  return a->inst - b->inst;
}

static void check_clones(R *r);

/* Views and opaque pointers in one component: that struct keeps AoS. */
static void resolve(R *r) {
  // a launch argument array used in any other way: the addresses in it escape
  LaunchArray *a, *at;
  HASH_ITER(hh, r->arrays, a, at) {
    if (a->launch_refs == 0 || a->refs == a->launch_refs)
      continue;
    CXCursor il = init_list_of(a->decl);
    Kids ks = clang_Cursor_isNull(il) ? (Kids){0} : kids_of(il);
    for (int i = 0; i < ks.n; i++) {
      Var *v = address_of_var(r, ks.v[i]);
      for (; v; v = v->twin)  // both instances of a cloneable function's variable
        mark_opaque(r, v, ks.v[i], "the cudaLaunchKernel argument array holding its address is also used elsewhere");
    }
    free(ks.v);
  }
  Var **order = malloc(((size_t)r->nvars + 1) * sizeof(Var *));
  if (!order)
    abort();
  memcpy(order, r->vars, (size_t)r->nvars * sizeof(Var *));
  qsort(order, (size_t)r->nvars, sizeof(Var *), cmp_report);
  for (int i = 0; i < r->nvars; i++) {
    Var *v = order[i];
    if (v->opaque && var_live(v) && (comp_class(r, v) & CL_VIEW))
      set_bad(r, v->rs, v->opaque_at, "%s, and it also holds the struct's device data", v->why);
  }
  free(order);
  for (int i = 0; i < r->nvars; i++)
    if (r->vars[i]->seed)
      r->vars[uf_find(r, i)]->seed = true;
  for (int i = 0; i < r->nvars; i++)
    if (var_live(r->vars[i]) && r->vars[uf_find(r, i)]->seed)
      r->rs[r->vars[i]->rs].nviews++;
  // CUDA: a kernel whose parameter becomes a view must be launched here (its callers change)
  if (r->cuda) {
    for (int i = 0; i < r->nvars; i++) {
      Var *v = r->vars[i];
      if (!v->kernel_param || r->rs[v->rs].bad)
        continue;
      CXCursor fn = clang_getCursorSemanticParent(v->decl);
      DeclKey k = decl_key(fn);
      Launched *l;
      HASH_FIND(hh, r->launched, &k, sizeof k, l);
      if (!l) {
        char name[128];
        spell(fn, name, sizeof name);
        set_bad(r, v->rs, fn,
                "kernel '%s' is not launched in this file, so its callers cannot be given the new layout", name);
      }
    }
  }
  check_clones(r);
}

/* ---- clones ---- */

static CXCursor callee_ref(CXCursor call);
static bool name_end(R *r, CXCursor d, unsigned *end);

/* The text of declaration d in the file: from its first token after macro
 * expansion (`__host__` is a macro) to its end. */
static bool decl_span(R *r, CXCursor d, unsigned *b, unsigned *e) {
  CXSourceRange x = clang_getCursorExtent(d);
  CXFile f;
  clang_getExpansionLocation(clang_getRangeStart(x), &f, NULL, NULL, b);
  if (!f || !clang_File_isEqual(f, r->main) || !in_main(r, clang_getRangeEnd(x), e) ||
      !plain_loc(r, clang_getRangeEnd(x)))
    return false;
  return *b < *e && *e <= r->len;
}

/* Offset just after the ';' that follows offset e (blanks between), or 0. */
static unsigned semicolon_after(R *r, unsigned e) {
  while (e < r->len && (r->text[e] == ' ' || r->text[e] == '\t' || r->text[e] == '\n' || r->text[e] == '\r'))
    e++;
  return e < r->len && r->text[e] == ';' ? e + 1 : 0;
}

/* The callee's name token of a call: [*b, *e). */
static bool callee_name(R *r, CXCursor call, const char *name, unsigned *b, unsigned *e) {
  CXCursor ref = callee_ref(call);
  if (clang_getCursorKind(ref) != CXCursor_DeclRefExpr || !plain(r, ref) ||
      !in_main(r, clang_getCursorLocation(ref), b))
    return false;
  size_t n = strlen(name);
  if (*b + n > r->len || strncmp(r->text + *b, name, n))
    return false;
  *e = *b + (unsigned)n;
  return true;
}

/* Where the call of edge E ends up in the output: where it is, or after
 * the caller's definition if it is in the caller's clone. */
static unsigned edge_position(R *r, const Edge *E) {
  unsigned b, e;
  if (E->caller && E->caller->cloned && E->inst == 1 && decl_span(r, E->caller->def, &b, &e))
    return e;
  return start_offset(r, E->call);
}

static enum CXChildVisitResult find_static_local(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_VarDecl && clang_Cursor_hasVarDeclGlobalStorage(c) == 1) {
    *(CXCursor *)data = c;
    return CXChildVisit_Break;
  }
  if (clang_getCursorKind(c) == CXCursor_CUDASharedAttr || clang_getCursorKind(c) == CXCursor_AsmStmt ||
      clang_getCursorKind(c) == CXCursor_GCCAsmStmt || clang_getCursorKind(c) == CXCursor_MSAsmStmt) {
    *(CXCursor *)data = clang_getCursorKind(c) == CXCursor_CUDASharedAttr ? parent : c;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

/* Whether text[b, e) holds `word` as a whole identifier. */
static bool has_word(R *r, unsigned b, unsigned e, const char *word) {
  size_t n = strlen(word);
  for (unsigned i = b; i + n <= e; i++)
    if (!strncmp(r->text + i, word, n) && (i == b || !is_ident_char(r->text[i - 1])) &&
        (i + n == e || !is_ident_char(r->text[i + n])))
      return true;
  return false;
}

static unsigned skip_blanks(R *r, unsigned i);
static bool line_start(R *r, unsigned i);

/* Whether text[b, e) uses one of `words` (NULL-terminated), directly or
 * through a macro #defined in the main file whose replacement uses one,
 * maybe through other such macros; *via names the macro (or is ""). Macros
 * of included headers are not looked into. */
static bool uses_words(R *r, unsigned b, unsigned e, const char *const *words, char *via, size_t nvia) {
  *via = 0;
  for (int w = 0; words[w]; w++)
    if (has_word(r, b, e, words[w]))
      return true;
  enum { MAXM = 64 };
  unsigned mb[MAXM], mn[MAXM], me[MAXM];  // name start, name length, end of the replacement
  bool hit[MAXM] = {0};
  int nm = 0;
  for (unsigned i = 0; i < r->len && nm < MAXM; i++) {  // every `#define NAME ...` line of the file
    if (r->text[i] != '#' || !line_start(r, i))
      continue;
    unsigned k = skip_blanks(r, i + 1);
    if (k + 6 > r->len || strncmp(r->text + k, "define", 6))
      continue;
    k = skip_blanks(r, k + 6);
    unsigned n = k;
    while (n < r->len && is_ident_char(r->text[n]))
      n++;
    unsigned end = n;
    while (end < r->len && !(r->text[end] == '\n' && r->text[end - 1] != '\\'))
      end++;
    mb[nm] = k;
    mn[nm] = n - k;
    me[nm++] = end;
  }
  for (int m = 0; m < nm; m++)  // macros whose replacement uses a word ...
    for (int w = 0; words[w] && !hit[m]; w++)
      hit[m] = has_word(r, mb[m] + mn[m], me[m], words[w]);
  for (bool more = true; more;) {  // ... or a macro that does
    more = false;
    for (int m = 0; m < nm; m++)
      for (int o = 0; o < nm && !hit[m]; o++) {
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)mn[o], r->text + mb[o]);
        if (hit[o] && mn[o] > 0 && has_word(r, mb[m] + mn[m], me[m], name))
          more = hit[m] = true;
      }
  }
  for (int m = 0; m < nm; m++) {
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)mn[m], r->text + mb[m]);
    if (hit[m] && mn[m] > 0 && has_word(r, b, e, name)) {
      snprintf(via, nvia, "%s", name);
      return true;
    }
  }
  return false;
}

/* Why F's text [b, e) (name at nb) cannot be copied into a clone that
 * behaves like it, or NULL: a static or __shared__ local would be two
 * variables, an asm statement's labels would be defined twice, a
 * preprocessor line may hide code the parser did not see (the other side of
 * #ifdef __CUDA_ARCH__) that would be copied unrewritten,
 * __func__ names the function, a constexpr clone cannot call the accessors,
 * and a parameter that takes device data cannot keep a default argument. */
static const char *clone_text_problem(R *r, const Fn *F, unsigned b, unsigned e, unsigned nb, CXCursor *at) {
  CXCursor found = clang_getNullCursor();
  clang_visitChildren(kd_function_body(F->def), find_static_local, &found);
  if (!clang_Cursor_isNull(found)) {
    *at = found;
    return clang_getCursorKind(found) == CXCursor_VarDecl
               ? "it declares a static or __shared__ variable (the original and the clone would each have their own)"
               : "it has an asm statement (its labels or symbols would be defined twice)";
  }
  *at = F->def;
  for (unsigned i = b; i < e; i++) {  // (#pragma lines, e.g. unroll, are copied as they are)
    if (r->text[i] != '#')
      continue;
    unsigned w = i + 1;
    while (w < e && (r->text[w] == ' ' || r->text[w] == '\t'))
      w++;
    if (line_start(r, i) && !(w + 6 <= e && !strncmp(r->text + w, "pragma", 6)))
      return "a preprocessor directive is inside it (code the parser does not see would be copied unrewritten)";
  }
  static const char *const own_name[] = {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__", NULL};
  static const char *const counter[] = {"__COUNTER__", NULL};
  char via[128];
  if (uses_words(r, b, e, own_name, via, sizeof via))
    return *via ? "it uses its own name (__func__, through a macro of this file)" : "it uses its own name (__func__)";
  if (uses_words(r, b, e, counter, via, sizeof via))
    return "it expands __COUNTER__ (the clone would take other values, and shift the later ones)";
  if (has_word(r, b, nb, "constexpr") || has_word(r, b, nb, "consteval"))
    return "it is constexpr (its clone calls the accessors, which are not)";
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor g = r->funcs.v[f];
    if (!clang_equalCursors(clang_getCanonicalCursor(g), clang_getCanonicalCursor(F->def)))
      continue;
    int np = clang_Cursor_getNumArguments(g);
    for (int i = 0; i < np && i < clang_Cursor_getNumArguments(F->def); i++) {
      Var *pv = base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
      if (!pv || !pv->twin || !is_view(r, pv->twin))
        continue;
      Kids ks = kids_of(clang_Cursor_getArgument(g, (unsigned)i));
      bool dflt = false;
      for (int k = 0; k < ks.n; k++)
        dflt |= clang_isExpression(clang_getCursorKind(ks.v[k]));
      free(ks.v);
      if (dflt) {
        *at = clang_Cursor_getArgument(g, (unsigned)i);
        return "a parameter that would take device data has a default argument";
      }
    }
  }
  return NULL;
}

/* Whether name lookup at call c, made in function `in`, that finds F finds
 * its clone too (declared beside it): the call names F qualified by F's
 * namespace, or unqualified from inside it; not through a using-declaration
 * or using-directive elsewhere, a namespace alias or argument-dependent
 * lookup. */
static bool clone_visible(CXCursor c, CXCursor in, const Fn *F) {
  // F's scope; extern "C" { }, anonymous and inline namespaces also put its name in the enclosing one
  CXCursor scopes[16];
  int ns = 0;
  CXCursor scope = clang_getCursorSemanticParent(F->def);
  for (;;) {
    scopes[ns++] = clang_getCanonicalCursor(scope);
    enum CXCursorKind k = clang_getCursorKind(scope);
    char name[256];
    spell(scope, name, sizeof name);
    if (ns == 16 ||
        (k != CXCursor_LinkageSpec && !(k == CXCursor_Namespace && (!*name || clang_Cursor_isInlineNamespace(scope)))))
      break;
    scope = clang_getCursorSemanticParent(scope);
  }
  Kids ks = kids_of(callee_ref(c));
  CXCursor q = clang_getNullCursor();
  bool other = false;
  for (int k = 0; k < ks.n; k++) {
    if (clang_getCursorKind(ks.v[k]) == CXCursor_NamespaceRef)
      q = clang_getCursorReferenced(ks.v[k]);
    else
      other = true;  // a class or template qualifier, template arguments
  }
  free(ks.v);
  if (other)
    return false;
  if (!clang_Cursor_isNull(q)) {  // ns::f: the namespace named must be one of those
    for (int i = 0; i < ns; i++)
      if (clang_getCursorKind(q) == CXCursor_Namespace && clang_equalCursors(clang_getCanonicalCursor(q), scopes[i]))
        return true;
    return false;
  }
  if (clang_getCursorKind(scopes[ns - 1]) == CXCursor_TranslationUnit)
    return true;
  for (CXCursor s = in; !clang_Cursor_isNull(s) && clang_getCursorKind(s) != CXCursor_TranslationUnit;
       s = clang_getCursorSemanticParent(s))
    if (clang_equalCursors(clang_getCanonicalCursor(s), scopes[ns - 1]))
      return true;
  return false;
}

/* Whether a clone of F is written this round: F is called with device data
 * and with other pointers, the checks passed, its struct is rewritten. */
static bool clone_active(R *r, const Fn *F) {
  return F->cloned && F->clone_ok && F->clone_rs >= 0 && !r->rs[F->clone_rs].bad && r->rs[F->clone_rs].changes;
}

/* What a clone needs, checked once after pass 1 (any failure keeps the
 * struct in AoS): views of one struct among its parameters, its text and
 * name in the file, no overload or function with the clone's name, a ';'
 * after each prototype, and every call routed to it spelled in the file
 * (its name is renamed) and giving it only device data of that struct. */
static void check_clones(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->fns, F, tmp) {
    if (!F->cloned)
      continue;
    int np = clang_Cursor_getNumArguments(F->def);
    int rs = -1, other = -1;
    for (int i = 0; i < np; i++) {
      Var *pv = base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
      if (!pv || !pv->twin || !is_view(r, pv->twin) || !r->rs[pv->rs].changes)
        continue;
      if (rs < 0)
        rs = pv->rs;
      else if (pv->rs != rs)
        other = pv->rs;
    }
    if (rs < 0)
      continue;  // nothing changes in the clone: the original serves every call
    if (other >= 0) {
      for (int i = 0; i < np; i++) {
        Var *pv = base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
        if (pv && pv->twin && is_view(r, pv->twin) && r->rs[pv->rs].changes)
          set_bad(r, pv->rs, F->def,
                  "'%s' is called with device data of structs '%s' and '%s' and with other pointers; "
                  "a clone for the device data of two structs is not supported",
                  F->name, r->rs[rs].st->name, r->rs[other].st->name);
      }
      continue;
    }
    F->clone_rs = rs;
    snprintf(F->clone_name, sizeof F->clone_name, "%s__kdlg_%s", F->name, r->rs[rs].tag);
    unsigned b, e, ne;
    if (!decl_span(r, F->def, &b, &e) || r->text[e - 1] != '}' || !name_end(r, F->def, &ne)) {
      set_bad(r, rs, F->def,
              "'%s' is called with device data and with other pointers, and its definition is not spelled in this "
              "file (a clone of it cannot be written)",
              F->name);
      continue;
    }
    bool ok = true;
    CXCursor canon = clang_getCanonicalCursor(F->def), at;
    unsigned nb, off;
    const char *why = in_main(r, clang_getCursorLocation(F->def), &nb) ? clone_text_problem(r, F, b, e, nb, &at) : NULL;
    if (why) {
      set_bad(r, rs, at, "'%s' is called with device data and with other pointers, and %s", F->name, why);
      continue;
    }
    if (!in_main(r, clang_getCursorLocation(canon), &off)) {
      set_bad(r, rs, F->def,
              "'%s' is called with device data and with other pointers, and it is first declared in another file "
              "(its clone would be declared only here)",
              F->name);
      continue;
    }
    unsigned first = e;  // where the clone is first declared: after the definition or a prototype
    for (int f = 0; f < r->funcs.n && ok; f++) {
      CXCursor g = r->funcs.v[f];
      char gname[256];
      spell(g, gname, sizeof gname);
      bool same = clang_equalCursors(clang_getCanonicalCursor(g), canon);
      if (!same && !strcmp(gname, F->clone_name)) {
        set_bad(r, rs, g,
                "'%s' is called with device data and with other pointers, and its clone '%s' would clash with "
                "this declaration",
                F->name, F->clone_name);
        ok = false;
      } else if (same && !clang_isCursorDefinition(g)) {
        unsigned pb, pe, pn;
        if (!decl_span(r, g, &pb, &pe) || !name_end(r, g, &pn) || !semicolon_after(r, pe)) {
          set_bad(r, rs, g,
                  "'%s' is called with device data and with other pointers, and this declaration of it is not a "
                  "plain prototype ending with ';' (its clone's prototype cannot be written)",
                  F->name);
          ok = false;
        } else {
          collect(g, g, &F->protos);
          if (semicolon_after(r, pe) < first)
            first = semicolon_after(r, pe);
        }
      }
    }
    for (int i = 0; i < r->nedges && ok; i++) {
      Edge *E = &r->edges[i];
      if (E->callee != F || E->route != 1)
        continue;
      unsigned cb, ce;
      bool mixed;
      call_class(r, E->call, F, E->inst, rs, &mixed);
      if (E->shared || !callee_name(r, E->call, F->name, &cb, &ce)) {
        set_bad(r, rs, E->call,
                "'%s' is called with device data and with other pointers, and this call of it with device data does "
                "not spell its name in the file (a macro, a call through an expression): it cannot be renamed to "
                "the clone",
                F->name);
        ok = false;
      } else if (!clone_visible(E->call, E->in, F)) {
        set_bad(r, rs, E->call,
                "'%s' is called with device data and with other pointers, and this call of it with device data does "
                "not name it in its namespace (through a using-declaration or argument-dependent lookup the clone "
                "would not be found)",
                F->name);
        ok = false;
      } else if (edge_position(r, E) < first) {
        set_bad(r, rs, E->call,
                "'%s' is called with device data and with other pointers, and this call of it with device data "
                "comes before its clone is declared (declare '%s' before it in this file)",
                F->name, F->name);
        ok = false;
      } else if (mixed) {
        set_bad(r, rs, E->call,
                "this call gives '%s' both device data and another pointer to it, and '%s' is also called with "
                "other pointers only (a clone takes device data alone)",
                F->name, F->name);
        ok = false;
      }
    }
    F->clone_ok = ok;
  }
  // two clones of one name (overloads that are both cloned)
  HASH_ITER(hh, r->fns, F, tmp) {
    Fn *G, *t2;
    HASH_ITER(hh, r->fns, G, t2) {
      if (G != F && F->clone_ok && G->clone_ok && !strcmp(F->clone_name, G->clone_name))
        set_bad(r, F->clone_rs, G->def, "'%s' is overloaded and more than one of its overloads would need a clone",
                F->name);
    }
  }
}

/* ---- pass 2: edits ---- */

typedef enum Ctx { CTX_VALUE, CTX_SUBSCRIPT_BASE } Ctx;

static void walk(R *r, CXCursor c, Ctx ctx);

static void walk_kids(R *r, CXCursor c) {
  // c's children go on top of r->kid_stack (no allocation per node); the
  // walks below push theirs above them and take them off again
  Kids *ks = &r->kid_stack;
  int base = ks->n;
  clang_visitChildren(c, collect, ks);
  int end = ks->n;
  enum CXCursorKind k = clang_getCursorKind(c);
  bool subscript = k == CXCursor_ArraySubscriptExpr;
  enum CXCursorKind save = r->parent_kind;
  // c's children are block items if c is a block, or a label, case or default that is one itself
  bool listed = r->in_list;
  bool kids_listed = k == CXCursor_CompoundStmt ||
                     (listed && (k == CXCursor_LabelStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt));
  for (int i = base; i < end; i++) {
    r->parent_kind = k;
    r->in_list = kids_listed;
    walk(r, ks->v[i], subscript && i == base ? CTX_SUBSCRIPT_BASE : CTX_VALUE);
  }
  r->parent_kind = save;
  r->in_list = listed;
  ks->n = base;
}

static void var_name(const Var *v, char *buf, size_t n) { spell(v->decl, buf, n); }

/* Appends the element index of vr to the current edit: Σ ± terms. */
static bool edit_index(R *r, const VRef *vr) {
  if (vr->nterms == 0) {
    kd_edit_text(r->E, "0");
    return true;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned b, e;
    if (!range_of(r, vr->term[i], &b, &e))
      return false;
    if (vr->nterms == 1 && !vr->neg[i]) {
      kd_edit_text(r->E, "(");
    } else {
      kd_edit_text(r->E, "%s(kdlg_index)(", vr->neg[i] ? " - " : i ? " + " : "");
    }
    kd_edit_hole(r->E, b, e);
    kd_edit_text(r->E, ")");
  }
  return true;
}

static void walk_terms(R *r, const VRef *vr) {
  for (int i = 0; i < vr->nterms; i++)
    walk(r, vr->term[i], CTX_VALUE);
}

/* Common checks before an edit of vr at node c; false (and the struct keeps AoS) if not safe. */
static bool editable(R *r, const VRef *vr, CXCursor c, unsigned *b, unsigned *e) {
  int rs = vr->var->rs;
  if (!range_of(r, c, b, e) || !plain(r, vr->ref) || !plain(r, c)) {
    set_bad(r, rs, c, "an access is spelled inside a macro (the rewriter edits only code spelled in the file)");
    return false;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned tb, te;
    if (!range_of(r, vr->term[i], &tb, &te) || tb < *b || te > *e) {
      set_bad(r, rs, vr->term[i], "an index is spelled inside a macro (the rewriter edits only code spelled in the file)");
      return false;
    }
  }
  return true;
}

static void emit_field(R *r, const VRef *vr, CXCursor c) {
  unsigned b, e;
  if (!editable(r, vr, c, &b, &e))
    return;
  RStruct *S = &r->rs[vr->var->rs];
  char name[128];
  var_name(vr->var, name, sizeof name);
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "(*kdlg_%s_f_%s(%s, ", S->tag, S->st->fields[vr->field].name, name);
  edit_index(r, vr);
  kd_edit_text(r->E, "))");
  walk_terms(r, vr);
}

static void emit_load(R *r, const VRef *vr, CXCursor c) {
  unsigned b, e;
  if (!editable(r, vr, c, &b, &e))
    return;
  RStruct *S = &r->rs[vr->var->rs];
  char name[128];
  var_name(vr->var, name, sizeof name);
  // a parenthesised element keeps its parentheses: sizeof(*p) must not become sizeofkdlg_S_load(p, 0)
  CXCursor k = c;
  for (bool ok = true; ok && clang_getCursorKind(k) == CXCursor_UnexposedExpr;) {
    CXCursor ch = only_kid(k, &ok);
    if (ok && !same_extent(k, ch))
      break;
    k = ok ? ch : k;
  }
  bool paren = clang_getCursorKind(k) == CXCursor_ParenExpr;
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "%skdlg_%s_load(%s, ", paren ? "(" : "", S->tag, name);
  edit_index(r, vr);
  kd_edit_text(r->E, ")%s", paren ? ")" : "");
  walk_terms(r, vr);
}

/* `lhs = rhs` with lhs an element: the whole node c becomes a store. */
static void emit_store(R *r, const VRef *vr, CXCursor c, CXCursor rhs) {
  unsigned b, e, rb, re;
  if (!editable(r, vr, c, &b, &e))
    return;
  if (!range_of(r, rhs, &rb, &re)) {
    set_bad(r, vr->var->rs, rhs, "an assigned value is spelled inside a macro");
    return;
  }
  RStruct *S = &r->rs[vr->var->rs];
  char name[128];
  var_name(vr->var, name, sizeof name);
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "kdlg_%s_store(%s, ", S->tag, name);
  edit_index(r, vr);
  kd_edit_text(r->E, ", ");
  kd_edit_hole(r->E, rb, re);
  kd_edit_text(r->E, ")");
  walk_terms(r, vr);
  walk(r, rhs, CTX_VALUE);
}

static CXCursor strip_parens_casts(CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
      return e;
    bool ok;
    CXCursor ch = only_kid(e, &ok);
    if (!ok)
      return e;
    e = ch;
  }
}

/* A pointer expression e that must evaluate to a view of struct rs (an
 * argument for a view parameter, the initial value of a view variable, ...). */
static void emit_view_value(R *r, CXCursor e, int rs, const char *what) {
  if (is_null_constant(e)) {
    unsigned b, x;
    if (!range_of(r, e, &b, &x)) {
      set_bad(r, rs, e, "a null pointer is spelled inside a macro");
      return;
    }
    kd_edit_begin(r->E, b, x, rs);
    kd_edit_text(r->E, "kdlg_%s_null()", r->rs[rs].tag);
    return;
  }
  VRef vr;
  vref(r, e, &vr);
  if (vr.kind != VR_PTR || vr.var->rs != rs) {
    set_bad(r, rs, e, "%s is given a pointer the rewriter does not track", what);
    return;
  }
  CXCursor s = strip_parens_casts(e);
  if (vr.nterms == 0 && clang_getCursorKind(s) == CXCursor_DeclRefExpr)
    return;  // the view itself
  unsigned b, x;
  if (!editable(r, &vr, e, &b, &x))
    return;
  char name[128];
  var_name(vr.var, name, sizeof name);
  kd_edit_begin(r->E, b, x, rs);
  if (vr.nterms == 0) {
    kd_edit_text(r->E, "%s", name);
  } else {
    kd_edit_text(r->E, "kdlg_%s_offset(%s, ", r->rs[rs].tag, name);
    edit_index(r, &vr);
    kd_edit_text(r->E, ")");
  }
  walk_terms(r, &vr);
}

static bool is_reference(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}

/* The end offset of a declaration's name (its location + the name's length). */
static bool name_end(R *r, CXCursor d, unsigned *end) {
  unsigned off;
  if (!in_main(r, clang_getCursorLocation(d), &off) || !plain(r, d))
    return false;
  char name[256];
  spell(d, name, sizeof name);
  if (!*name || off + strlen(name) > r->len || strncmp(r->text + off, name, strlen(name)))
    return false;
  *end = off + (unsigned)strlen(name);
  return true;
}

/* A variable declaration.  `split`: one of several declarators that
 * walk_declstmt writes as separate declarations (the view's type and name
 * are in that edit). */
static void walk_vardecl(R *r, CXCursor v, bool split) {
  Var *var = var_find(r, v);
  Kids ks = kids_of(v);
  CXCursor init = clang_getNullCursor();
  for (int i = 0; i < ks.n; i++)
    if (clang_isExpression(clang_getCursorKind(ks.v[i])))
      init = ks.v[i];
  free(ks.v);
  if (var && is_view(r, var)) {
    unsigned b, e, ne;
    RStruct *S = &r->rs[var->rs];
    if (!split && (!range_of(r, v, &b, &e) || !name_end(r, v, &ne))) {
      set_bad(r, var->rs, v, "a pointer variable is declared inside a macro");
      return;
    }
    if (!split) {
      char name[128];
      var_name(var, name, sizeof name);
      kd_edit_begin(r->E, b, ne, var->rs);
      kd_edit_text(r->E, "kdlg_view_%s %s", S->tag, name);
    }
    if (!clang_Cursor_isNull(init))
      emit_view_value(r, init, var->rs, "a pointer variable");
    return;
  }
  if (clang_Cursor_isNull(init))
    return;
  LaunchArray *la = launch_array(r, v, false);
  if (la && la->launch_refs > 0 && la->refs == la->launch_refs &&
      clang_getCursorKind(init) == CXCursor_InitListExpr) {
    // &view stays as it is: the kernel's parameter is now a view passed by value
    Kids es = kids_of(init);
    for (int i = 0; i < es.n; i++) {
      Var *av = address_of_var(r, es.v[i]);
      if (!av || !is_view(r, av))
        walk(r, es.v[i], CTX_VALUE);
    }
    free(es.v);
    return;
  }
  if (is_reference(clang_getCursorType(v))) {
    VRef vr;
    vref(r, init, &vr);
    if (vr.kind == VR_ELEM || vr.kind == VR_FIELD || vr.kind == VR_SUB) {
      set_bad(r, vr.var->rs, v, "a reference to an element or field is bound to a variable");
      return;
    }
  }
  walk(r, init, CTX_VALUE);
}

static unsigned skip_blanks(R *r, unsigned i) {
  while (i < r->len && (r->text[i] == ' ' || r->text[i] == '\t' || r->text[i] == '\n' || r->text[i] == '\r'))
    i++;
  return i;
}

static unsigned back_blanks(R *r, unsigned start, unsigned i) {
  while (i > start && (r->text[i - 1] == ' ' || r->text[i - 1] == '\t' || r->text[i - 1] == '\n' || r->text[i - 1] == '\r'))
    i--;
  return i;
}

/* Where the first declarator of a declaration starts, given its name at
 * `name`: back over each '*' or '&' and the qualifiers after it
 * (`S *const a`); 0 if what is left does not end with a type's name (a '('
 * of a function pointer, a template's '>', ...). */
static unsigned first_declarator(R *r, unsigned start, unsigned name) {
  static const char *quals[] = {"const", "volatile", "restrict", "__restrict", "__restrict__", NULL};
  unsigned d = name;
  for (;;) {
    unsigned j = back_blanks(r, start, d);
    for (;;) {  // qualifiers, which belong to the declarator only if a '*' comes before them
      unsigned w = j;
      while (w > start && is_ident_char(r->text[w - 1]))
        w--;
      bool qual = false;
      for (int q = 0; quals[q] && w < j; q++)
        qual |= j - w == strlen(quals[q]) && !strncmp(r->text + w, quals[q], j - w);
      if (!qual)
        break;
      j = back_blanks(r, start, w);
    }
    if (j > start && (r->text[j - 1] == '*' || r->text[j - 1] == '&')) {
      d = j - 1;
      continue;
    }
    break;
  }
  unsigned k = back_blanks(r, start, d);
  return k > start && is_ident_char(r->text[k - 1]) ? d : 0;
}

/* Whether only blanks precede text[i] on its line (a '#' there starts a
 * preprocessor directive). */
static bool line_start(R *r, unsigned i) {
  while (i > 0 && (r->text[i - 1] == ' ' || r->text[i - 1] == '\t'))
    i--;
  return i == 0 || r->text[i - 1] == '\n';
}

/* `S *a = p, *b = a + 1;` with a view among the variables: one edit writes
 * each declarator as its own declaration, in order (an initialiser may use
 * an earlier variable), the view ones as `kdlg_view_S name` and the rest of
 * the declarator, the others as the declaration's type and the declarator;
 * edits inside initialisers nest in the holes.  The reason it cannot, or
 * NULL when done. */
static const char *split_declstmt(R *r, CXCursor c, const Kids *ks, int rs) {
  unsigned sb, se;
  if (!range_of(r, c, &sb, &se) || r->text[se - 1] != ';')
    return "it is spelled inside a macro";
  unsigned *db = calloc((size_t)ks->n, sizeof(unsigned)), *de = calloc((size_t)ks->n, sizeof(unsigned));
  unsigned *nb = calloc((size_t)ks->n, sizeof(unsigned)), *ne = calloc((size_t)ks->n, sizeof(unsigned));
  if (!db || !de || !nb || !ne)
    abort();
  const char *why = NULL;
  for (unsigned k = sb; k < se && !why; k++)  // the text between declarators is rewritten
    if (r->text[k] == '#' && line_start(r, k))
      why = "a preprocessor directive is inside it";
  for (int i = 0; i < ks->n && !why; i++) {
    unsigned vb;
    if (!range_of(r, ks->v[i], &vb, &de[i]) || !in_main(r, clang_getCursorLocation(ks->v[i]), &nb[i]) ||
        !name_end(r, ks->v[i], &ne[i]) || de[i] > se) {
      why = "a declarator is spelled inside a macro";
      break;
    }
    int open = 0;  // a direct initialiser's ')' lies outside the extent: `S *a(p), *b;`
    for (unsigned k = ne[i]; k < de[i]; k++)
      open += r->text[k] == '(' ? 1 : r->text[k] == ')' ? -1 : 0;
    for (unsigned k; open > 0 && (k = skip_blanks(r, de[i])) < se && r->text[k] == ')'; open--)
      de[i] = k + 1;
    for (unsigned k = sb; i == 0 && !why && k < nb[0]; k++) {  // the type is written once per declaration
      if (r->text[k] == '{' || r->text[k] == '}')
        why = "its type defines a struct";
      else if (r->text[k] == '#' || r->text[k] == '/')
        why = "a comment or directive is inside its type";  // (a // comment would swallow the rest)
    }
    if (why)
      break;
    if (i == 0) {
      db[0] = first_declarator(r, sb, nb[0]);
    } else {  // after the ',' that ends the previous declarator
      unsigned k = skip_blanks(r, de[i - 1]);
      db[i] = k < r->len && r->text[k] == ',' ? skip_blanks(r, k + 1) : 0;
    }
    if (db[i] == 0 || db[i] > nb[i] || ne[i] > de[i])
      why = "its declarators could not be told apart";
  }
  if (!why && skip_blanks(r, de[ks->n - 1]) != se - 1)
    why = "its declarators could not be told apart";
  if (!why) {
    unsigned spec_end = back_blanks(r, sb, db[0]);
    kd_edit_begin(r->E, sb, se, rs);
    for (int i = 0; i < ks->n; i++) {
      Var *v = var_find(r, ks->v[i]);
      if (i > 0)
        kd_edit_text(r->E, " ");
      if (v && is_view(r, v)) {
        char name[128];
        var_name(v, name, sizeof name);
        kd_edit_text(r->E, "kdlg_view_%s %s", r->rs[v->rs].tag, name);
        kd_edit_hole(r->E, ne[i], de[i]);  // = init, (init), {init} or nothing
      } else if (i == 0) {
        kd_edit_hole(r->E, sb, de[0]);
      } else {
        kd_edit_text(r->E, "%.*s ", (int)(spec_end - sb), r->text + sb);
        kd_edit_hole(r->E, db[i], de[i]);
      }
      kd_edit_text(r->E, ";");
    }
  }
  free(db);
  free(de);
  free(nb);
  free(ne);
  return why;
}

/* A declaration statement whose parent is of kind `parent`; several
 * variables with a view among them are split into one declaration each,
 * only where a block holds it (directly, or after labels, cases or defaults
 * that are block items themselves): a for or if statement's initialisation
 * takes one declaration, and the variables of an unbraced if or loop body
 * (labelled or not) would move out of its scope or condition. */
static void walk_declstmt(R *r, CXCursor c, enum CXCursorKind parent) {
  Kids ks = kids_of(c);
  int rs = -1;
  bool vars = true;
  CXCursor at = c;
  for (int i = 0; i < ks.n; i++) {
    if (clang_getCursorKind(ks.v[i]) != CXCursor_VarDecl) {
      vars = false;
      continue;
    }
    Var *v = var_find(r, ks.v[i]);
    if (v && is_view(r, v) && rs < 0) {
      rs = v->rs;
      at = ks.v[i];
    }
  }
  bool split = ks.n > 1 && rs >= 0;
  if (split) {
    // a block item, directly or after labels (`again: S *a = p, *b = q;` as an unbraced if body is not)
    bool listed = r->in_list && (parent == CXCursor_CompoundStmt || parent == CXCursor_CaseStmt ||
                                 parent == CXCursor_DefaultStmt || parent == CXCursor_LabelStmt);
    const char *why = !listed ? "it is not directly in a block: a for statement's initialisation, an unbraced body"
                      : !vars ? "it declares something else too"
                              : split_declstmt(r, c, &ks, rs);
    if (why) {
      set_bad(r, rs, at, "a declaration of several variables includes a pointer to it and cannot be split (%s)", why);
      free(ks.v);
      return;
    }
  }
  for (int i = 0; i < ks.n; i++) {
    if (clang_getCursorKind(ks.v[i]) == CXCursor_VarDecl)
      walk_vardecl(r, ks.v[i], split);
    else
      walk(r, ks.v[i], CTX_VALUE);
  }
  free(ks.v);
}

static bool is_atomic_name(const char *n) {
  return !strncmp(n, "atomic", 6) || !strncmp(n, "atom_", 5) || !strcmp(n, "__ldg");
}

/* The callee's name token: the first child of a call, stripped to its DeclRefExpr. */
static CXCursor callee_ref(CXCursor call) {
  Few ks = few_kids(call);
  return ks.n ? strip_parens_casts(ks.v[0]) : clang_getNullCursor();
}

/* A view argument of a CUDA memory function: the bare variable (explicit casts to void * dropped). */
static bool host_view_arg(R *r, CXCursor a, VRef *vr) {
  CXCursor s = a, ch;
  bool cast = false;
  while (conversion_operand(s, &ch)) {
    VRef in;
    vref(r, ch, &in);
    if (in.kind == VR_NONE)
      break;
    enum CXCursorKind k = clang_getCursorKind(s);
    cast |= k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr;
    s = ch;
  }
  vref(r, s, vr);
  if (vr->kind != VR_PTR)
    return false;
  if (vr->nterms > 0) {
    set_bad(r, vr->var->rs, a, "a CUDA memory function is given a device pointer plus an offset");
    return false;
  }
  if (cast) {  // (void *)d → d
    unsigned b, e;
    if (!range_of(r, a, &b, &e)) {
      set_bad(r, vr->var->rs, a, "a device pointer is spelled inside a macro");
      return false;
    }
    char name[128];
    var_name(vr->var, name, sizeof name);
    kd_edit_begin(r->E, b, e, vr->var->rs);
    kd_edit_text(r->E, "%s", name);
  }
  return true;
}

static void rename_callee(R *r, CXCursor call, int rs, const char *fmt, const char *tag, const char *suffix) {
  CXCursor ref = callee_ref(call);
  unsigned b, e;
  if (!range_of(r, ref, &b, &e) || !plain(r, ref)) {
    set_bad(r, rs, call, "a CUDA memory call is spelled inside a macro");
    return;
  }
  kd_edit_begin(r->E, b, e, rs);
  kd_edit_text(r->E, fmt, tag, suffix);
}

static void walk_host_call(R *r, CXCursor c, const HostCall *h, int nargs) {
  bool done[8] = {0};
  if (h->kind == H_MALLOC && nargs >= 1) {
    Var *v = address_of_var(r, clang_Cursor_getArgument(c, 0));
    if (v && is_view(r, v)) {
      rename_callee(r, c, v->rs, "kdlg_%s_%s", r->rs[v->rs].tag, h->suffix);
      done[0] = true;
    }
  } else if (h->kind == H_COPY && nargs >= 2) {
    VRef d, s;
    bool dv = host_view_arg(r, clang_Cursor_getArgument(c, 0), &d);
    bool sv = host_view_arg(r, clang_Cursor_getArgument(c, 1), &s);
    if (dv && sv && d.var->rs != s.var->rs) {
      set_bad(r, d.var->rs, c, "cudaMemcpy between two different structs");
      set_bad(r, s.var->rs, c, "cudaMemcpy between two different structs");
    } else if (dv || sv) {
      int rs = dv ? d.var->rs : s.var->rs;
      rename_callee(r, c, rs, dv && sv ? "kdlg_%s_copy_between%s" : dv ? "kdlg_%s_copy_in%s" : "kdlg_%s_copy_out%s",
                    r->rs[rs].tag, h->suffix);
    }
    done[0] = dv;
    done[1] = sv;
  } else if ((h->kind == H_SET || h->kind == H_FREE) && nargs >= 1) {
    VRef d;
    if (host_view_arg(r, clang_Cursor_getArgument(c, 0), &d)) {
      rename_callee(r, c, d.var->rs, "kdlg_%s_%s", r->rs[d.var->rs].tag, h->suffix);
      done[0] = true;
    }
  }
  for (int i = 0; i < nargs; i++)
    if (i >= 8 || !done[i])
      walk(r, clang_Cursor_getArgument(c, (unsigned)i), CTX_VALUE);
}

/* The instance of cloneable F that call c, walked in instance r->inst, reaches (pass 1 decided). */
static int call_route(R *r, CXCursor c, const Fn *F) {
  if (!F->cloned)
    return F->text;  // every call reaches the one instance
  RouteKey k = route_key(r, c, r->inst);
  Route *ro;
  HASH_FIND(hh, r->routes, &k, sizeof k, ro);
  return ro && r->edges[ro->edge].callee == F && r->edges[ro->edge].route >= 0 ? r->edges[ro->edge].route : 0;
}

static void walk_call(R *r, CXCursor c) {
  CXCursor callee = clang_getCursorReferenced(c);
  int nargs = clang_Cursor_getNumArguments(c);
  if (nargs < 0 || clang_Cursor_isNull(callee)) {
    walk_kids(r, c);
    return;
  }
  char name[256];
  spell(callee, name, sizeof name);
  enum CXCursorKind ck = clang_getCursorKind(callee);
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 2) {
    CXCursor lhs = clang_Cursor_getArgument(c, 0), rhs = clang_Cursor_getArgument(c, 1);
    VRef vr;
    vref(r, lhs, &vr);
    if (vr.kind == VR_ELEM) {
      emit_store(r, &vr, c, rhs);
      return;
    }
    walk(r, lhs, CTX_VALUE);
    walk(r, rhs, CTX_VALUE);
    return;
  }
  if (ck == CXCursor_Constructor) {
    for (int i = 0; i < nargs; i++)
      walk(r, clang_Cursor_getArgument(c, (unsigned)i), CTX_VALUE);
    return;
  }
  const HostCall *h = host_call(r, callee);
  if (h) {
    walk_host_call(r, c, h, nargs);
    return;
  }
  CXCursor lk, la;
  if (launch_call(r, c, &lk, &la)) {  // the kernel and the argument array are handled where declared
    for (int i = 1; i < nargs; i++)
      if (i != 3)
        walk(r, clang_Cursor_getArgument(c, (unsigned)i), CTX_VALUE);
    return;
  }
  CXCursor def = clang_getCursorDefinition(callee);
  unsigned off;
  bool local = !clang_Cursor_isNull(def) && in_main(r, clang_getCursorLocation(def), &off);
  if (nargs >= 1 && is_atomic_name(name) && !local) {
    CXCursor a0 = strip_parens_casts(clang_Cursor_getArgument(c, 0));
    VRef vr;
    vref(r, a0, &vr);
    if (vr.kind == VR_FADDR) {
      bool ok;
      walk(r, only_kid(a0, &ok), CTX_VALUE);  // the field itself: &(*kdlg_S_f(p, i))
    } else {
      walk(r, clang_Cursor_getArgument(c, 0), CTX_VALUE);
    }
    for (int i = 1; i < nargs; i++)
      walk(r, clang_Cursor_getArgument(c, (unsigned)i), CTX_VALUE);
    return;
  }
  CXType ft = clang_getCursorType(callee);
  Fn *F = local ? fn_find(r, def) : NULL;
  int route = F ? call_route(r, c, F) : 0;
  if (F && route == 1 && clone_active(r, F)) {  // device data: the clone
    unsigned nb, ne;
    if (callee_name(r, c, F->name, &nb, &ne)) {  // (check_clones made sure)
      kd_edit_begin(r->E, nb, ne, F->clone_rs);
      kd_edit_text(r->E, "%s", F->clone_name);
    }
  }
  for (int i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
    Var *pv = local && i < clang_Cursor_getNumArguments(def) ? base_var(r, clang_Cursor_getArgument(def, (unsigned)i))
                                                             : NULL;
    if (pv && route == 1 && pv->twin)
      pv = pv->twin;
    if (pv && is_view(r, pv)) {
      emit_view_value(r, a, pv->rs, "a function parameter");
      continue;
    }
    VRef vr;
    vref(r, a, &vr);
    if (vr.kind == VR_PTR) {
      set_bad(r, vr.var->rs, a, "a pointer to it is passed to '%s', %s", name,
              local ? "whose parameter receives other pointers too" : "which the rewriter cannot see into");
      continue;
    }
    if ((vr.kind == VR_ELEM || vr.kind == VR_FIELD || vr.kind == VR_SUB) && i < clang_getNumArgTypes(ft) &&
        is_reference(clang_getArgType(ft, (unsigned)i))) {
      set_bad(r, vr.var->rs, a, "an element or field is passed by reference to '%s'", name);
      continue;
    }
    walk(r, a, CTX_VALUE);
  }
  // the rest: the callee expression, a launch's configuration
  Kids ks = kids_of(c);
  for (int k = 0; k < ks.n; k++) {
    bool is_arg = false;
    for (int i = 0; i < nargs && !is_arg; i++)  // (cursors of the same node may compare unequal)
      is_arg = same_extent(ks.v[k], clang_Cursor_getArgument(c, (unsigned)i));
    if (!is_arg && k > 0)
      walk(r, ks.v[k], CTX_VALUE);
  }
  free(ks.v);
}

/* q = e, q += k, q -= k, ++q, q++, --q, q-- on a view variable q. */
static bool walk_pointer_update(R *r, CXCursor c) {
  enum CXCursorKind k = clang_getCursorKind(c);
  Few ks = few_kids(c);
  bool handled = false;
  if (ks.n >= 1 && clang_getCursorKind(ks.v[0]) == CXCursor_DeclRefExpr) {
    Var *v = var_find(r, clang_getCursorReferenced(ks.v[0]));
    if (v && is_view(r, v)) {
      handled = true;
      RStruct *S = &r->rs[v->rs];
      char name[128];
      var_name(v, name, sizeof name);
      unsigned b, e;
      if (k == CXCursor_BinaryOperator) {  // q = e
        if (ks.n == 2)
          emit_view_value(r, ks.v[1], v->rs, "a pointer variable");
      } else if (!range_of(r, c, &b, &e) || !plain(r, ks.v[0])) {
        set_bad(r, v->rs, c, "pointer arithmetic is spelled inside a macro");
      } else if (k == CXCursor_CompoundAssignOperator && ks.n == 2) {
        unsigned kb, ke;
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c);
        if ((op != CXBinaryOperator_AddAssign && op != CXBinaryOperator_SubAssign) || !range_of(r, ks.v[1], &kb, &ke)) {
          set_bad(r, v->rs, c, "unsupported pointer arithmetic");
        } else {
          kd_edit_begin(r->E, b, e, v->rs);
          kd_edit_text(r->E, "kdlg_%s_pre(&%s, %s(kdlg_index)(", S->tag, name,
                       op == CXBinaryOperator_SubAssign ? "-" : "");
          kd_edit_hole(r->E, kb, ke);
          kd_edit_text(r->E, "))");
          walk(r, ks.v[1], CTX_VALUE);
        }
      } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c);
        bool pre = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        bool inc = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc;
        if (op != CXUnaryOperator_PreInc && op != CXUnaryOperator_PreDec && op != CXUnaryOperator_PostInc &&
            op != CXUnaryOperator_PostDec) {
          handled = false;
        } else {
          kd_edit_begin(r->E, b, e, v->rs);
          kd_edit_text(r->E, "kdlg_%s_%s(&%s, %s1)", S->tag, pre ? "pre" : "post", name, inc ? "" : "-");
        }
      }
    }
  }
  return handled;
}

static void walk(R *r, CXCursor c, Ctx ctx) {
  enum CXCursorKind k = clang_getCursorKind(c);
  switch (k) {
  case CXCursor_DeclStmt:
    walk_declstmt(r, c, r->parent_kind);
    return;
  case CXCursor_VarDecl:
    walk_vardecl(r, c, false);
    return;
  case CXCursor_CallExpr:
    walk_call(r, c);
    return;
  case CXCursor_LambdaExpr:
  case CXCursor_FunctionDecl:
    walk_kids(r, c);
    return;
  default:
    break;
  }
  if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c) == CXBinaryOperator_Assign) {
    Few ks = few_kids(c);
    bool done = false;
    if (ks.n == 2) {
      VRef vr;
      vref(r, ks.v[0], &vr);
      if (vr.kind == VR_ELEM) {
        emit_store(r, &vr, c, ks.v[1]);
        done = true;
      }
    }
    if (done || walk_pointer_update(r, c))
      return;
  }
  if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) && walk_pointer_update(r, c))
    return;
  if (!clang_isExpression(k)) {
    walk_kids(r, c);
    return;
  }
  VRef vr;
  vref(r, c, &vr);
  switch (vr.kind) {
  case VR_FIELD:
    emit_field(r, &vr, c);
    return;
  case VR_SUB:
    if (vr.why && !strcmp(vr.why, "decay") && ctx != CTX_SUBSCRIPT_BASE) {
      set_bad(r, vr.var->rs, c, "an array field decays to a pointer that leaves the expression");
      return;
    }
    walk_kids(r, c);
    return;
  case VR_ELEM:
    emit_load(r, &vr, c);
    return;
  case VR_PTR:
    set_bad(r, vr.var->rs, c,
            "a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, "
            "subtracted or passed on)");
    return;
  case VR_FADDR:
    set_bad(r, vr.var->rs, c, "the address of field '%s' escapes", r->rs[vr.var->rs].st->fields[vr.field].name);
    return;
  case VR_BAD:
    set_bad(r, vr.var->rs, c, "%s", vr.why ? vr.why : "unsupported use");
    return;
  default:
    break;
  }
  if (k == CXCursor_DeclRefExpr) {
    // a function whose parameters become views may only be called
    CXCursor d = clang_getCursorReferenced(c);
    if (clang_getCursorKind(d) == CXCursor_FunctionDecl) {
      CXCursor def = clang_getCursorDefinition(d);
      Fn *F = fn_find(r, def);
      int np = clang_Cursor_isNull(def) ? 0 : clang_Cursor_getNumArguments(def);
      for (int i = 0; i < np; i++) {
        Var *pv = base_var(r, clang_Cursor_getArgument(def, (unsigned)i));
        for (int inst = 0; pv && inst < 2; inst++) {  // either instance of a cloneable function
          Var *iv = inst ? pv->twin : pv;
          if (iv && (!F || F->live[inst]) && is_view(r, iv))
            set_bad(r, iv->rs, c, "the address of a function that receives it is taken");
        }
      }
    }
    return;
  }
  walk_kids(r, c);
}

/* The parameters of declaration fn of def that are views (in instance r->inst). */
static void edit_decl_params(R *r, CXCursor fn, CXCursor def) {
  int np = clang_Cursor_getNumArguments(fn);
  bool kernel = is_kernel_fn(r, def);
  for (int i = 0; i < np && i < clang_Cursor_getNumArguments(def); i++) {
    Var *v = var_find(r, clang_Cursor_getArgument(def, (unsigned)i));
    if (!v || !is_view(r, v))
      continue;
    CXCursor p = clang_Cursor_getArgument(fn, (unsigned)i);
    RStruct *S = &r->rs[v->rs];
    char name[128];
    spell(p, name, sizeof name);
    unsigned b, e, ne;
    if (!range_of(r, p, &b, &e) || (*name && !name_end(r, p, &ne))) {
      set_bad(r, v->rs, p, "a parameter is declared inside a macro");
      continue;
    }
    Kids dk = kids_of(p);
    bool dflt = false;
    for (int k = 0; k < dk.n; k++)
      dflt |= clang_isExpression(clang_getCursorKind(dk.v[k]));
    free(dk.v);
    if (dflt) {  // `S *p = nullptr` would become `kdlg_view_S p = nullptr`
      set_bad(r, v->rs, p, "a parameter that receives it has a default argument");
      continue;
    }
    if (!*name)
      ne = e;
    kd_edit_begin(r->E, b, ne, v->rs);
    if (kernel && !r->cuda) {
      // OpenCL: one buffer per region and the element count; the view is built in the body
      char pname[160];
      snprintf(pname, sizeof pname, "%s", *name ? name : "kd_unnamed");
      for (uint32_t c = 0; c < S->L.nclusters; c++)
        kd_edit_text(r->E, "%s__global uchar *%s_kd_r%u", c ? ", " : "", pname, c);
      kd_edit_text(r->E, ", long %s_kd_n", pname);
      if (fn.kind == def.kind && clang_equalCursors(fn, def) && *name) {
        CXCursor body = kd_function_body(def);
        unsigned bb, be;
        if (!clang_Cursor_isNull(body) && range_of(r, body, &bb, &be)) {
          kd_edit_begin(r->E, bb + 1, bb + 1, v->rs);
          kd_edit_text(r->E, "\n  kdlg_view_%s %s = kdlg_%s_view(", S->tag, name, S->tag);
          for (uint32_t c = 0; c < S->L.nclusters; c++)
            kd_edit_text(r->E, "%s_kd_r%u, ", name, c);
          kd_edit_text(r->E, "%s_kd_n);", name);
        }
      }
    } else {
      kd_edit_text(r->E, "kdlg_view_%s%s%s", S->tag, *name ? " " : "", name);
    }
  }
}

/* Parameters of every declaration of a function whose parameters are views
 * (a cloneable function: in the instance its text stands for). */
static void edit_params(R *r) {
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    CXCursor def = clang_getCursorDefinition(fn);
    if (clang_Cursor_isNull(def))
      continue;
    Fn *F = fn_find(r, def);
    r->inst = F ? F->text : 0;
    edit_decl_params(r, fn, def);
  }
  r->inst = 0;
}

/* The name of declaration d of F becomes its clone's. */
static void rename_decl(R *r, CXCursor d, const Fn *F) {
  unsigned b, e;
  if (!in_main(r, clang_getCursorLocation(d), &b) || !name_end(r, d, &e))
    return;  // (check_clones made sure)
  kd_edit_begin(r->E, b, e, F->clone_rs);
  kd_edit_text(r->E, "%s", F->clone_name);
}

/* F's clone for this round: its definition in F->E, its prototypes in
 * F->PE, walked in instance 1 (calls in it reach what pass 1 routed them to). */
static void walk_clone(R *r, Fn *F) {
  KdEdits *E0 = r->E;
  r->inst = 1;
  r->E = F->E;
  walk(r, kd_function_body(F->def), CTX_VALUE);
  edit_decl_params(r, F->def, F->def);
  rename_decl(r, F->def, F);
  for (int k = 0; k < F->protos.n; k++) {
    r->E = F->PE[k];
    edit_decl_params(r, F->protos.v[k], F->def);
    rename_decl(r, F->protos.v[k], F);
  }
  r->E = E0;
  r->inst = 0;
}

/* Fresh edit lists for every clone (each round of pass 2). */
static void clone_edits_reset(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->fns, F, tmp) {
    kd_edits_free(F->E);
    F->E = kd_edits_new();
    if (!F->PE && F->protos.n)
      F->PE = calloc((size_t)F->protos.n, sizeof(KdEdits *));
    for (int k = 0; k < F->protos.n; k++) {
      kd_edits_free(F->PE[k]);
      F->PE[k] = kd_edits_new();
    }
  }
}

/* Removes owner's edits from every list. */
static void drop_owner_all(R *r, int owner) {
  kd_edits_drop_owner(r->E, owner);
  Fn *F, *tmp;
  HASH_ITER(hh, r->fns, F, tmp) {
    if (!F->E)
      continue;  // (no round of pass 2)
    kd_edits_drop_owner(F->E, owner);
    for (int k = 0; k < F->protos.n; k++)
      kd_edits_drop_owner(F->PE[k], owner);
  }
}

/* Overlapping edits in E: the struct that owns one keeps AoS (its edits go);
 * -1 if an edit of nobody's overlaps (a bug). */
static int check_overlaps(R *r, KdEdits *E) {
  int owner;
  unsigned at;
  while (!kd_edits_check(E, &owner, &at)) {
    if (owner < 0 || owner >= r->nrs || r->rs[owner].bad) {
      fprintf(r->rem, "kdlg-opt: error: overlapping edits at offset %u\n", at);
      return -1;
    }
    set_bad(r, owner, clang_getCursor(r->src->tu, clang_getLocationForOffset(r->src->tu, r->main, at)),
            "two rewrites overlap here");
    drop_owner_all(r, owner);
  }
  return 0;
}

/* The text [b, e) of the file with the edits of E, which all lie inside it,
 * applied (malloc'd), or NULL if an edit lies outside. */
static char *render_span(R *r, KdEdits *E, unsigned b, unsigned e) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  int rc = kd_edits_apply(E, r->text, r->len, f);
  fclose(f);
  size_t tail = r->len - e;
  if (rc != 0 || n < b + tail || memcmp(buf, r->text, b) || memcmp(buf + n - tail, r->text + e, tail)) {
    free(buf);
    return NULL;
  }
  memmove(buf, buf + b, n - tail - b);
  buf[n - tail - b] = 0;
  return buf;
}

/* The clones that are written: each definition right after the original's
 * (replacing its closing brace, so no other edit can start at the same
 * place), each prototype after the original prototype's ';'. */
static int insert_clones(R *r) {
  Fn *F, *tmp;
  HASH_ITER(hh, r->fns, F, tmp) {
    if (!clone_active(r, F))
      continue;
    unsigned b, e;
    char *text = decl_span(r, F->def, &b, &e) && r->text[e - 1] == '}' ? render_span(r, F->E, b, e) : NULL;
    if (!text) {
      fprintf(r->rem, "kdlg-opt: error: the clone of '%s' could not be written\n", F->name);
      return -1;
    }
    kd_edit_begin(r->E, e - 1, e, F->clone_rs);
    kd_edit_text(r->E, "}\n/* kdlg-opt: '%s' for device data of %s (the calls that pass it) */\n%s", F->name,
                 r->rs[F->clone_rs].type, text);
    free(text);
    for (int k = 0; k < F->protos.n; k++) {
      unsigned pb, pe, semi;
      text = decl_span(r, F->protos.v[k], &pb, &pe) && (semi = semicolon_after(r, pe)) ? render_span(r, F->PE[k], pb, pe)
                                                                                         : NULL;
      if (!text) {
        fprintf(r->rem, "kdlg-opt: error: the clone prototype of '%s' could not be written\n", F->name);
        return -1;
      }
      kd_edit_begin(r->E, semi - 1, semi, F->clone_rs);
      kd_edit_text(r->E, ";\n%s;", text);
      free(text);
    }
  }
  return 0;
}

/* Every function declaration in the main file (also inside namespaces and classes). */
static enum CXChildVisitResult collect_function_refs(CXCursor c, CXCursor parent, CXClientData data) {
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl)
    collect(c, parent, data);
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult collect_funcs(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  R *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned off;
  if (!in_main(r, clang_getCursorLocation(c), &off))
    return CXChildVisit_Continue;
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl || k == CXCursor_ClassDecl)
    return CXChildVisit_Recurse;
  if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
      k == CXCursor_Destructor)
    collect(c, parent, &r->funcs);
  else if (k == CXCursor_VarDecl) {
    pass1_vardecl(r, c);  // globals
    clang_visitChildren(c, collect_function_refs, &r->global_refs);
  }
  return CXChildVisit_Continue;
}

/* A global variable's initialiser names a function (calls it, or takes its
 * address) outside any function body, where pass 1 does not look: if the
 * function's parameters become views, in place or in a clone, that struct
 * keeps AoS (conservative: the initialiser's call is not routed; rewritten in
 * place, the function would no longer accept its host arguments there). */
static void check_global_refs(R *r) {
  for (int i = 0; i < r->global_refs.n; i++) {
    CXCursor ref = r->global_refs.v[i];
    CXCursor def = clang_getCursorDefinition(clang_getCursorReferenced(ref));
    int np = clang_Cursor_isNull(def) ? 0 : clang_Cursor_getNumArguments(def);
    for (int a = 0; a < np; a++) {
      Var *pv = base_var(r, clang_Cursor_getArgument(def, (unsigned)a));
      for (Var *v = pv; v; v = v->twin)
        if (is_view(r, v)) {
          char name[256];
          spell(def, name, sizeof name);
          set_bad(r, v->rs, ref, "'%s' receives it and is named in a global variable's initialiser, outside any function",
                  name);
        }
    }
  }
}

/* ---- structs ---- */

typedef struct FindDecl {
  R *r;
  const KdStruct *st;
  CXCursor found;
  CXCursor top;  // the top-level declaration holding it
  CXCursor cur_top;
} FindDecl;

static enum CXChildVisitResult find_decl(CXCursor c, CXCursor parent, CXClientData data) {
  FindDecl *fd = data;
  if (clang_getCursorKind(parent) == CXCursor_TranslationUnit || clang_getCursorKind(parent) == CXCursor_Namespace)
    fd->cur_top = c;
  enum CXCursorKind k = clang_getCursorKind(c);
  if ((k == CXCursor_StructDecl || k == CXCursor_ClassDecl) && clang_isCursorDefinition(c)) {
    CXFile f;
    unsigned line, col;
    clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, NULL);
    if (f && clang_File_isEqual(f, fd->r->main) && line == fd->st->line && col == fd->st->col) {
      fd->found = c;
      fd->top = fd->cur_top;
      return CXChildVisit_Break;
    }
  }
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_TypedefDecl ||
      k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_VarDecl)
    return CXChildVisit_Recurse;
  return CXChildVisit_Continue;
}

/* The text of a field's type around its name; false if the rewriter cannot spell it. */
static bool field_decl_text(CXType t, char *pre, size_t npre, char *post, size_t npost, char *scalar, size_t nscalar,
                            unsigned long long *count) {
  post[0] = 0;
  scalar[0] = 0;
  *count = 0;
  unsigned long long n = 1;
  while (t.kind == CXType_ConstantArray) {
    char dim[32];
    snprintf(dim, sizeof dim, "[%lld]", clang_getArraySize(t));
    if (strlen(post) + strlen(dim) + 1 > npost)
      return false;
    strcat(post, dim);
    n *= (unsigned long long)clang_getArraySize(t);
    t = clang_getArrayElementType(t);
    *count = n;
  }
  CXString s = clang_getTypeSpelling(t);
  const char *sp = clang_getCString(s);
  bool ok = sp && *sp && !strstr(sp, "(anonymous") && !strstr(sp, "(unnamed") && !strchr(sp, '(') &&
            !strchr(sp, '[') && !clang_isConstQualifiedType(t);
  if (ok) {
    snprintf(pre, npre, "%s", sp);
    if (*count)
      snprintf(scalar, nscalar, "%s", sp);
  }
  clang_disposeString(s);
  // an array of arrays of records or vectors: copying as scalars of the innermost type still works
  return ok;
}

static void sanitize(char *s) {
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
      *s = '_';
}

/* Offset just after the ';' that ends the declaration whose struct body ends
 * at `end` (`struct S {...};`, `typedef struct {...} S;`, `struct S {...} a, b;`):
 * the first ';' outside braces, parentheses and comments. */
static bool after_semicolon(R *r, unsigned end, unsigned *out) {
  int depth = 0;
  for (unsigned i = end; i < r->len; i++) {
    char ch = r->text[i];
    if (ch == '/' && i + 1 < r->len && r->text[i + 1] == '/') {
      while (i < r->len && r->text[i] != '\n')
        i++;
    } else if (ch == '/' && i + 1 < r->len && r->text[i + 1] == '*') {
      i += 2;
      while (i + 1 < r->len && !(r->text[i] == '*' && r->text[i + 1] == '/'))
        i++;
      i++;
    } else if (ch == '{' || ch == '(' || ch == '[') {
      depth++;
    } else if (ch == '}' || ch == ')' || ch == ']') {
      depth--;
    } else if (ch == '#') {
      return false;  // a preprocessor line before the end: give up
    } else if (ch == ';' && depth == 0) {
      *out = i + 1;
      return true;
    }
  }
  return false;
}

static bool layout_changes(const kd_layout *L) {
  return !(L->nclusters == 1 && L->clusters[0].tile == 1);
}

static int setup_structs(R *r) {
  r->rs = calloc((size_t)r->plan->nstructs + 1, sizeof(RStruct));
  if (!r->rs)
    return -1;
  for (int i = 0; i < r->plan->nstructs; i++) {
    const KdStructPlan *sp = &r->plan->structs[i];
    RStruct *S = &r->rs[r->nrs++];
    S->sp = sp;
    S->st = &r->plan->prog->structs[sp->sid];
    S->decl = clang_getNullCursor();
    if (kd_layout_from_plan(sp->g, sp->layouts, &S->L) != 0)
      return -1;
    S->changes = layout_changes(&S->L);
    snprintf(S->tag, sizeof S->tag, "%s", S->st->name);
    sanitize(S->tag);
    FindDecl fd = {r, S->st, clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor()};
    clang_visitChildren(clang_getTranslationUnitCursor(r->src->tu), find_decl, &fd);
    if (clang_Cursor_isNull(fd.found)) {
      S->bad = true;
      fprintf(r->rem, "%s:%u:%u: remark: struct '%s' keeps its AoS layout: it is not defined in this file [kdlg-rewrite]\n",
              S->st->file, S->st->line, S->st->col, S->st->name);
      continue;
    }
    S->decl = fd.found;
    CXString ts = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(fd.found)));
    snprintf(S->type, sizeof S->type, "%s", clang_getCString(ts));
    clang_disposeString(ts);
    if (strstr(S->type, "(anonymous") || strstr(S->type, "(unnamed")) {
      // typedef struct { ... } Body: the typedef name
      snprintf(S->type, sizeof S->type, "%s", S->st->alias ? S->st->alias : S->st->name);
    }
    unsigned b, e;
    if (!range_of(r, fd.top, &b, &e) || !after_semicolon(r, e, &S->insert_at)) {
      set_bad(r, (int)(S - r->rs), fd.found, "its declaration does not end with ';' in this file");
      continue;
    }
    S->gf = calloc((size_t)S->st->nfields + 1, sizeof(KdGenField));
    Kids fk = kids_of(fd.found);
    int fi = 0;
    for (int k = 0; k < fk.n; k++) {
      if (clang_getCursorKind(fk.v[k]) != CXCursor_FieldDecl)
        continue;
      if (fi >= S->st->nfields)
        break;
      char pre[256], post[64], scalar[256];
      unsigned long long count;
      if (!field_decl_text(clang_getCursorType(fk.v[k]), pre, sizeof pre, post, sizeof post, scalar, sizeof scalar,
                           &count)) {
        set_bad(r, (int)(S - r->rs), fk.v[k], "the type of field '%s' cannot be spelled by the rewriter",
                S->st->fields[fi].name);
        break;
      }
      KdGenField *G = &S->gf[fi];
      G->name = S->st->fields[fi].name;
      G->decl_pre = strdup(pre);
      G->decl_post = strdup(post);
      G->scalar = count ? strdup(scalar) : NULL;
      G->count = count;
      fi++;
    }
    free(fk.v);
    if (fi != S->st->nfields && !S->bad)
      set_bad(r, (int)(S - r->rs), fd.found, "its fields could not be matched");
  }
  return 0;
}

/* ---- output ---- */

static void header_comment(R *r, FILE *out) {
  fprintf(out, "/* Data layout rewritten by kdlg-opt %s from %s\n", r->opt->version ? r->opt->version : "",
          r->src->path);
  fprintf(out, " * (Kofler, Cosenza, Fahringer: Automatic Data Layout Optimizations for GPUs, 2015).\n");
  const KdModel *m = r->plan->model;
  fprintf(out, " * device model: %s\n", m && m->device ? m->device : "?");
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    fprintf(out, " * %s: epsilon %lld B;", S->st->name, (long long)S->sp->g->epsilon);
    for (uint32_t c = 0; c < S->L.nclusters; c++) {
      fprintf(out, "%s {", c ? ";" : "");
      bool first = true;
      for (uint32_t f = 0; f < S->L.nfields; f++)
        if (S->L.fields[f].cluster == c) {
          fprintf(out, "%s%s", first ? "" : ",", S->L.fields[f].name);
          first = false;
        }
      uint32_t t = S->L.clusters[c].tile;
      fprintf(out, "} %u B ", S->L.clusters[c].bytes);
      if (t == 0)
        fputs("SoA", out);
      else if (t == 1)
        fputs("AoS", out);
      else
        fprintf(out, "tiled-AoS tile %u", t);
    }
    fprintf(out, " -> %s\n", S->bad ? "kept in AoS (see remarks)" : !S->changes ? "AoS (unchanged)"
                             : S->nviews == 0 ? "no pointer reaches it (unchanged)" : "rewritten");
  }
  fputs(" */\n", out);
}

static bool rewritten(const RStruct *S) { return !S->bad && S->changes && S->nviews > 0; }

static void gen_struct(const RStruct *S, KdLanguage lang, KdGenStruct *g) {
  g->tag = S->tag;
  g->type = S->type;
  g->L = &S->L;
  g->fields = S->gf;
  g->lang = lang;
}

static int build_output(R *r, KdRewriteResult *out) {
  // the macros every block uses, before the first block in the file
  unsigned first = (unsigned)r->len + 1;
  for (int i = 0; i < r->nrs; i++)
    if (rewritten(&r->rs[i]) && r->rs[i].insert_at < first)
      first = r->rs[i].insert_at;
  if (first <= r->len) {
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    fputs("\n", f);
    kd_gen_prelude(f, r->src->lang);
    fclose(f);
    kd_edit_begin(r->E, first, first, -1);  // before the blocks inserted at the same place
    kd_edit_text(r->E, "%s", buf);
    free(buf);
  }
  // generated blocks, inserted after each struct's declaration
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    if (!rewritten(S))
      continue;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    fputs("\n", f);
    KdGenStruct g;
    gen_struct(S, r->src->lang, &g);
    kd_gen_device(f, &g);
    if (r->cuda)
      kd_gen_cuda_host(f, &g);
    fclose(f);
    kd_edit_begin(r->E, S->insert_at, S->insert_at, i);
    kd_edit_text(r->E, "%s", buf);
    free(buf);
  }
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  header_comment(r, f);
  if (out->nrewritten > 0 && r->cuda) {
    if (r->opt->inline_runtime) {
      fprintf(f, "/* ---- kdlg_layout.h (inlined) ---- */\n%s\n/* ---- kdlg_cuda.cuh (inlined) ---- */\n",
              kd_embedded_runtime_layout);
      const char *inc = "#include \"kdlg_layout.h\"";
      const char *at = strstr(kd_embedded_runtime_cuda, inc);
      if (at)
        fprintf(f, "%.*s/* kdlg_layout.h: above */%s\n", (int)(at - kd_embedded_runtime_cuda),
                kd_embedded_runtime_cuda, at + strlen(inc));
      else
        fprintf(f, "%s\n", kd_embedded_runtime_cuda);
    } else
      fputs("#include \"kdlg_cuda.cuh\" /* kdlg-opt's runtime/ (or use --inline-runtime) */\n", f);
  }
  if (out->nrewritten > 0 && !r->cuda && r->opt->layout_header)
    fprintf(f, "/* host side: %s describes the layouts and the kernels' new arguments */\n", r->opt->layout_header);
  int rc = kd_edits_apply(r->E, r->text, r->len, f);
  fclose(f);
  out->text = text;
  out->len = len;
  if (r->opt->describe) {  // the edit list for --dry-run
    char *ed = NULL;
    size_t elen = 0;
    FILE *fe = open_memstream(&ed, &elen);
    kd_edits_describe(r->E, r->src->path, r->text, r->len, fe);
    fclose(fe);
    out->edits = ed;
  }
  return rc;
}

static void opencl_header(R *r, KdRewriteResult *out) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = open_memstream(&buf, &n);
  fprintf(f, "/* Generated by kdlg-opt from %s: the host side of the new data layouts.\n", r->src->path);
  fputs(" *\n"
        " * Each __global pointer parameter p to a rewritten struct S became\n"
        " *   KDLG_S_NREGIONS buffers (__global uchar *p_kd_r0, p_kd_r1, ...) followed by\n"
        " *   one long (p_kd_n): the number of elements the buffers hold.\n"
        " * Host code: create region c with kdlg_S_region_bytes(c, n) bytes, fill the\n"
        " * regions from the AoS array with kdlg_S_pack, set the new arguments in order,\n"
        " * and read results back with kdlg_S_unpack.  Arguments after p move up by\n"
        " * KDLG_S_NREGIONS (see each kernel's list below).\n"
        " */\n",
        f);
  fputs("#ifndef KDLG_OPENCL_LAYOUT_H\n#define KDLG_OPENCL_LAYOUT_H\n", f);
  fprintf(f, "/* ---- kdlg_layout.h ---- */\n%s\n", kd_embedded_runtime_layout);
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    if (!rewritten(S))
      continue;
    KdGenStruct g;
    gen_struct(S, r->src->lang, &g);
    fprintf(f, "\n/* ---- %s ---- */\n", S->type);
    kd_gen_opencl_host(f, &g);
  }
  // kernels' argument lists
  fputs("\n/* Kernel arguments after rewriting (original index -> new index). */\n", f);
  for (int fi = 0; fi < r->funcs.n; fi++) {
    CXCursor fn = r->funcs.v[fi];
    if (!clang_isCursorDefinition(fn) || !is_kernel_fn(r, fn))
      continue;
    char kname[256];
    spell(fn, kname, sizeof kname);
    int np = clang_Cursor_getNumArguments(fn);
    fprintf(f, "static const int kdlg_args_%s[] = {", kname);
    int next = 0;
    for (int i = 0; i < np; i++) {
      Var *v = var_find(r, clang_Cursor_getArgument(fn, (unsigned)i));
      fprintf(f, "%s%d", i ? ", " : "", next);
      next += v && is_view(r, v) && rewritten(&r->rs[v->rs]) ? (int)r->rs[v->rs].L.nclusters + 1 : 1;
    }
    fprintf(f, "%s}; /* %d arguments now */\n", np ? "" : "0", next);
  }
  fputs("#endif\n", f);
  fclose(f);
  out->header = buf;
  out->header_len = n;
}

int kd_rewrite(const KdSource *src, const KdPlan *plan, const KdRewriteOptions *opt, KdRewriteResult *out,
               FILE *remarks) {
  memset(out, 0, sizeof *out);
  R r;
  memset(&r, 0, sizeof r);
  r.src = src;
  r.plan = plan;
  r.opt = opt;
  r.rem = remarks;
  r.cuda = src->lang == KD_LANG_CUDA;
  r.main = clang_getFile(src->tu, src->path);
  size_t len = 0;
  r.text = clang_getFileContents(src->tu, r.main, &len);
  r.len = len;
  if (!r.text) {
    fprintf(remarks, "kdlg-opt: error: cannot read the contents of '%s'\n", src->path);
    return -1;
  }
  r.E = kd_edits_new();
  int rc = setup_structs(&r);
  if (rc == 0) {
    clang_visitChildren(clang_getTranslationUnitCursor(src->tu), collect_funcs, &r);
    pass1(&r);
    resolve(&r);
    check_global_refs(&r);
    // pass 2, repeated while a struct drops out (its pointers stop being views)
    bool any = false;
    for (int i = 0; i < r.nrs; i++)
      any |= !r.rs[i].bad && r.rs[i].changes && r.rs[i].nviews > 0;
    for (int round = 0; round < 4 && any; round++) {
      int bad_before = 0;
      for (int i = 0; i < r.nrs; i++)
        bad_before += r.rs[i].bad;
      kd_edits_free(r.E);
      r.E = kd_edits_new();
      clone_edits_reset(&r);
      for (int f = 0; f < r.funcs.n; f++)
        if (clang_isCursorDefinition(r.funcs.v[f])) {
          Fn *F = fn_find(&r, r.funcs.v[f]);
          r.inst = F ? F->text : 0;  // the instance the original text stands for
          walk(&r, kd_function_body(r.funcs.v[f]), CTX_VALUE);
        }
      r.inst = 0;
      edit_params(&r);
      Fn *F, *ftmp;
      HASH_ITER(hh, r.fns, F, ftmp) {
        if (clone_active(&r, F))
          walk_clone(&r, F);
      }
      rc = check_overlaps(&r, r.E);
      HASH_ITER(hh, r.fns, F, ftmp) {
        if (rc == 0)
          rc = check_overlaps(&r, F->E);
        for (int k = 0; k < F->protos.n && rc == 0; k++)
          rc = check_overlaps(&r, F->PE[k]);
      }
      int bad_after = 0;
      for (int i = 0; i < r.nrs; i++)
        bad_after += r.rs[i].bad;
      for (int i = 0; i < r.nrs; i++)
        if (r.rs[i].bad)
          drop_owner_all(&r, i);
      if (bad_after == bad_before || rc != 0)
        break;
    }
    for (int i = 0; i < r.nrs; i++) {
      if (!r.rs[i].changes)
        drop_owner_all(&r, i);
      out->nrewritten += rewritten(&r.rs[i]);
      out->nkept += r.rs[i].bad;
    }
    if (rc == 0)
      rc = insert_clones(&r);
    if (rc == 0)
      rc = build_output(&r, out);
    if (rc == 0 && !r.cuda && out->nrewritten > 0)
      opencl_header(&r, out);
  }
  // cleanup
  for (int i = 0; i < r.nrs; i++) {
    kd_layout_release(&r.rs[i].L);
    if (r.rs[i].gf)
      for (int f = 0; f < r.rs[i].st->nfields; f++) {
        free((void *)r.rs[i].gf[f].decl_pre);
        free((void *)r.rs[i].gf[f].decl_post);
        free((void *)r.rs[i].gf[f].scalar);
      }
    free(r.rs[i].gf);
    HASH_CLEAR(hh, r.rs[i].fnames);
    free(r.rs[i].fname_mem);
  }
  free(r.rs);
  HASH_CLEAR(hh, r.var_map);
  for (int i = 0; i < r.nvars; i++)  // (twins are not in the hash)
    free(r.vars[i]);
  free(r.vars);
  Launched *l, *lt;
  LaunchArray *la, *lat;
  HASH_ITER(hh, r.arrays, la, lat) {
    HASH_DEL(r.arrays, la);
    free(la);
  }
  HASH_ITER(hh, r.launched, l, lt) {
    HASH_DEL(r.launched, l);
    free(l);
  }
  free(r.funcs.v);
  free(r.global_refs.v);
  Fn *fn, *fnt;
  HASH_ITER(hh, r.fns, fn, fnt) {
    HASH_DEL(r.fns, fn);
    kd_edits_free(fn->E);
    for (int k = 0; k < fn->protos.n && fn->PE; k++)
      kd_edits_free(fn->PE[k]);
    free(fn->PE);
    free(fn->protos.v);
    free(fn);
  }
  Route *ro, *rot;
  HASH_ITER(hh, r.routes, ro, rot) {
    HASH_DEL(r.routes, ro);
    free(ro);
  }
  free(r.edges);
  free(r.cflags);
  free(r.kid_stack.v);
  kd_edits_free(r.E);
  return rc;
}

void kd_rewrite_result_free(KdRewriteResult *r) {
  free(r->text);
  free(r->header);
  free(r->edits);
  memset(r, 0, sizeof *r);
}
