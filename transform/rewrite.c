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
 * Both passes walk KdNodes (ast.c): each function body is read from libclang
 * once, with the answers asked about its nodes (children, extent, type,
 * referenced declaration) kept, instead of a clang_visitChildren per node
 * and question.
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
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "../analysis/ast.h"
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

/* A field declaration (the cursor clang_getCursorReferenced gives, bit for
 * bit) → field_index's answer for it. */
typedef struct FieldDecl {
  CXCursor decl;
  int index;
  UT_hash_handle hh;
} FieldDecl;

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
  FieldDecl *fdecls;      // field_index's answers
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
  char name[128];        // its name (spelled once)
  bool moved;            // may hold a pointer plus an offset (pass 1, then closed over `moves`)
  CXCursor moved_at;     // where the offset was added (the first place seen)
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
  KdNode *call;
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
  KdTree *tree;      // the AST nodes walked, with what is asked about them (ast.h)
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
  int (*moves)[2];   // pass 1: {from, to} variable indices of a flow (from->moved implies to->moved)
  int nmoves, capmoves;
  int *cflags;       // per root: CL_VIEW / CL_OTHER (valid unless cdirty)
  bool cdirty;
  struct MacroHit *own_name_hits, *counter_hits;  // macros leading to __func__ / __COUNTER__ (read_macros)
  bool macros_read;
  struct VMemo *vmemo;  // pass 2: vref's latest answers (vref)
  unsigned vgen;        // their generation: a new one when a struct drops out or a round begins
} R;

static void set_bad_v(R *r, int rs, CXSourceLocation at, const char *fmt, va_list ap) {
  if (rs < 0 || r->rs[rs].bad)
    return;
  r->rs[rs].bad = true;
  r->vgen++;  // (its pointers stop being views: vref's answers about them are stale)
  char msg[600];
  vsnprintf(msg, sizeof msg, fmt, ap);
  CXFile f;
  unsigned line, col;
  clang_getExpansionLocation(at, &f, &line, &col, NULL);
  CXString fn = clang_getFileName(f);
  fprintf(r->rem, "%s:%u:%u: remark: struct '%s' keeps its AoS layout: %s [kdlg-rewrite]\n",
          clang_getCString(fn) ? clang_getCString(fn) : r->src->path, line, col, r->rs[rs].st->name, msg);
  clang_disposeString(fn);
}

/* Struct rs keeps AoS: the remark (printf-style), at `at`'s expansion location. */
static void set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_bad_v(r, rs, clang_getCursorLocation(at), fmt, ap);
  va_end(ap);
}

static void set_bad_loc(R *r, int rs, CXSourceLocation at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_bad_loc(R *r, int rs, CXSourceLocation at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_bad_v(r, rs, at, fmt, ap);
  va_end(ap);
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

/* The instance-0 variable of the declaration with key k. */
static Var *var_by_key(R *r, DeclKey k) {
  Var *v;
  HASH_FIND(hh, r->var_map, &k, sizeof k, v);
  return v;
}

/* The instance-0 variable of decl (whatever instance is being visited). */
static Var *base_var(R *r, CXCursor decl) { return var_by_key(r, decl_key(decl)); }

/* v in the instance being visited (r->inst). */
static Var *in_inst(R *r, Var *v) { return v && r->inst == 1 && v->twin ? v->twin : v; }

/* The variable of decl in the instance being visited (r->inst). */
static Var *var_find(R *r, CXCursor decl) { return in_inst(r, base_var(r, decl)); }

/* var_find of the declaration that n references. */
static Var *ref_var(R *r, KdNode *n) { return in_inst(r, var_by_key(r, kd_node_ref_key(r->tree, n))); }

static KdNode *node_of(R *r, CXCursor c) { return kd_tree_node(r->tree, c); }

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
  spell(decl, v->name, sizeof v->name);
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


static bool in_main(R *r, CXSourceLocation l, unsigned *off) { return kd_tree_in_main(r->tree, l, off); }

/* Whether the token at l is spelled where it appears (not in a macro body). */
static bool plain_loc(R *r, CXSourceLocation l) { return kd_tree_plain_loc(r->tree, l); }

/* The byte range of c in the main file; false if it is not one (macro bodies, other files). */
static bool range_of(R *r, CXCursor c, unsigned *b, unsigned *e) { return kd_tree_range(r->tree, c, b, e); }

static bool plain(R *r, CXCursor c) { return plain_loc(r, clang_getCursorLocation(c)); }

/* range_of and plain of a node (kept in it). */
static bool node_range(R *r, KdNode *n, unsigned *b, unsigned *e) { return kd_node_range(r->tree, n, b, e); }
static bool node_plain(R *r, KdNode *n) { return kd_node_plain(r->tree, n); }

/* ---- expressions that reach a view ---- */

enum { VR_NONE, VR_PTR, VR_ELEM, VR_FIELD, VR_SUB, VR_FADDR, VR_BAD };

#define MAX_TERMS 16

typedef struct VRef {
  int kind;
  Var *var;            // the view variable
  KdNode *ref;         // its DeclRefExpr
  int nterms;
  KdNode *term[MAX_TERMS];
  bool neg[MAX_TERMS];
  int field;           // VR_FIELD / VR_SUB / VR_FADDR
  KdNode *field_expr;  // the expression naming the field (VR_FIELD: the node itself)
  const char *why;     // VR_BAD
} VRef;

/* n's child if it has exactly one, else NULL. */
static KdNode *only_kid(KdNode *n) { return n->nkids == 1 ? n->kids[0] : NULL; }

static KdNode *last_kid(KdNode *n) { return n->kids[n->nkids - 1]; }

/* If c is a parenthesis or a conversion (implicit, C-style, static_cast,
 * reinterpret_cast), its operand in *operand. */
static bool conversion_operand(KdNode *c, KdNode **operand) {
  enum CXCursorKind k = c->c.kind;
  if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr &&
      k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr)
    return false;
  if (c->nkids >= 1)
    *operand = last_kid(c);  // a cast's type comes first
  return c->nkids >= 1;
}

static bool is_null_constant(KdNode *c) {
  for (;;) {
    enum CXCursorKind k = c->c.kind;
    if (k == CXCursor_GNUNullExpr || k == CXCursor_CXXNullPtrLiteralExpr)
      return true;
    if (k == CXCursor_IntegerLiteral) {
      CXEvalResult ev = clang_Cursor_Evaluate(c->c);
      bool zero = ev && clang_EvalResult_getKind(ev) == CXEval_Int && clang_EvalResult_getAsLongLong(ev) == 0;
      if (ev)
        clang_EvalResult_dispose(ev);
      return zero;
    }
    if (k == CXCursor_CXXReinterpretCastExpr || !conversion_operand(c, &c))
      return false;
  }
}

static int field_decl_index(R *r, int rs, CXCursor fd);

/* The index in struct rs of the field that `member` names, or -1. */
static int field_index(R *r, int rs, KdNode *member) {
  CXCursor fd = kd_node_referenced(r->tree, member);
  if (clang_getCursorKind(fd) != CXCursor_FieldDecl)
    return -1;
  FieldDecl *d;  // (a kernel names few fields many times)
  HASH_FIND(hh, r->rs[rs].fdecls, &fd, sizeof fd, d);
  if (!d) {
    d = calloc(1, sizeof *d);
    if (!d)
      abort();
    d->decl = fd;
    d->index = field_decl_index(r, rs, fd);
    HASH_ADD(hh, r->rs[rs].fdecls, decl, sizeof(CXCursor), d);
  }
  return d->index;
}

/* The index in struct rs of field declaration fd, or -1. */
static int field_decl_index(R *r, int rs, CXCursor fd) {
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

/* Whether two nodes span the same source range (an implicit conversion
 * spans exactly its operand). */
static bool same_extent(R *r, KdNode *a, KdNode *b) {
  return clang_equalRanges(kd_node_extent(r->tree, a), kd_node_extent(r->tree, b));
}

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
  return same_extent(r, c, ch);
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

static void vref_of(R *r, KdNode *c, VRef *out);

/* vref's answers kept, by node, in a small table where a later node takes
 * an earlier one's place.  walk asks vref about every expression, and vref
 * asks about the operand chain below it (p[i].v.x: the conversion, .x, .v,
 * the subscript, p), and walk then goes down that chain asking again at
 * each node: the answers are kept until the next node of the slot.  They
 * hold for one instance (r->inst) and one generation (r->vgen): what vref
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
static void vref(R *r, KdNode *c, VRef *out) {
  if (!may_designate(c->c.kind)) {
    memset(out, 0, sizeof *out);
    return;  // nothing else designates struct memory
  }
  if (!r->vmemo) {
    r->vmemo = calloc(NVMEMO, sizeof(VMemo));
    if (!r->vmemo)
      abort();
  }
  size_t slot = ((uintptr_t)c / sizeof(KdNode)) % NVMEMO;  // (nodes are allocated one after another)
  VMemo *m = &r->vmemo[slot];
  if (m->n == c && m->gen == r->vgen && m->inst == r->inst) {
    *out = m->v;
    return;
  }
  unsigned gen = r->vgen;
  vref_of(r, c, out);
  if (gen != r->vgen)
    return;  // (vref_of does not drop structs, but were it to, its answer would not be kept)
  m->n = c;
  m->gen = gen;
  m->inst = r->inst;
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
    KdNode *ch = only_kid(c);
    if (!ch)
      return;
    VRef in;
    vref(r, ch, &in);
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
    if (kd_node_type_kind(r->tree, c) != CXType_Pointer)
      return;  // (asked first: most references are to something else)
    Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, c)) ? NULL : ref_var(r, c);
    if (v && is_view(r, v)) {
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
      vref(r, c->kids[bi], &b);
      if (b.kind == VR_PTR) {
        *out = b;
        out->kind = VR_ELEM;
        add_term(out, c->kids[1 - bi], false);
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
    if (c->nkids >= 1) {
      KdNode *base = c->kids[0];
      bool arrow = kd_node_type_kind(r->tree, base) == CXType_Pointer;
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
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c->c);
    KdNode *ch = only_kid(c);
    if (!ch)
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
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
    if ((op != CXBinaryOperator_Add && op != CXBinaryOperator_Sub) || kd_node_type_kind(r->tree, c) != CXType_Pointer)
      return;
    if (c->nkids == 2) {
      int pi = kd_node_type_kind(r->tree, c->kids[0]) == CXType_Pointer ? 0 : 1;
      VRef b;
      vref(r, c->kids[pi], &b);
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
      vref(r, last_kid(c), &b);
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

/* ++, --, prefix or postfix: a step of a pointer variable. */
static bool is_step_op(enum CXUnaryOperatorKind op) {
  return op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec || op == CXUnaryOperator_PostInc ||
         op == CXUnaryOperator_PostDec;
}

/* Where the pointer value of e comes from; *moved (if not NULL) becomes
 * true where e adds an offset to it on the way (`p + k`, `&p[i]`). */
static Src ptr_source_m(R *r, KdNode *e, Var **var, bool *moved);
static Src ptr_source(R *r, KdNode *e, Var **var) { return ptr_source_m(r, e, var, NULL); }

static Src ptr_source_m(R *r, KdNode *e, Var **var, bool *moved) {
  enum CXCursorKind k = e->c.kind;
  if (is_null_constant(e))
    return SRC_NULL;
  switch (k) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: {
    KdNode *ch = only_kid(e);
    return ch ? ptr_source_m(r, ch, var, moved) : SRC_OTHER;
  }
  case CXCursor_CStyleCastExpr:
  case CXCursor_CXXStaticCastExpr:
  case CXCursor_CXXConstCastExpr: {
    if (e->nkids >= 1 && rs_of_pointer(r, kd_node_type(r->tree, last_kid(e))) == rs_of_pointer(r, kd_node_type(r->tree, e)))
      return ptr_source_m(r, last_kid(e), var, moved);
    return SRC_OTHER;
  }
  case CXCursor_DeclRefExpr: {
    Var *v = clang_Cursor_isNull(kd_node_referenced(r->tree, e)) ? NULL : ref_var(r, e);
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
        return ptr_source_m(r, e->kids[1], var, moved);
      if (op == CXBinaryOperator_Assign)  // (q = e): q, which e flows into
        return ptr_source_m(r, e->kids[0], var, moved);
      int pi = kd_node_type_kind(r->tree, e->kids[0]) == CXType_Pointer ? 0 : 1;
      if (moved && !is_null_constant(e->kids[1 - pi]))  // (p + 0: no offset)
        *moved = true;
      return ptr_source_m(r, e->kids[pi], var, moved);
    }
    return SRC_OTHER;
  }
  case CXCursor_CompoundAssignOperator:  // (q += k): q, moved
    if (e->nkids == 2) {
      if (moved)
        *moved = true;
      return ptr_source_m(r, e->kids[0], var, moved);
    }
    return SRC_OTHER;
  case CXCursor_UnaryOperator: {
    KdNode *ch = only_kid(e);
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e->c);
    if (ch && is_step_op(op)) {  // ++q, q--: q, moved
      if (moved)
        *moved = true;
      return ptr_source_m(r, ch, var, moved);
    }
    if (!ch || op != CXUnaryOperator_AddrOf)
      return SRC_OTHER;
    // &p[i], &*p
    while (ch && ch->c.kind == CXCursor_ParenExpr)
      ch = only_kid(ch);
    if (!ch)
      return SRC_OTHER;
    if (ch->c.kind == CXCursor_ArraySubscriptExpr) {
      if (ch->nkids == 2) {
        int bi = kd_node_type_kind(r->tree, ch->kids[1]) == CXType_Pointer ? 1 : 0;
        if (moved && !is_null_constant(ch->kids[1 - bi]))  // (&p[0]: no offset)
          *moved = true;
        return ptr_source_m(r, ch->kids[bi], var, moved);
      }
      return SRC_OTHER;
    }
    if (ch->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(ch->c) == CXUnaryOperator_Deref) {
      KdNode *g = only_kid(ch);
      return g ? ptr_source_m(r, g, var, moved) : SRC_OTHER;
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

/* v may hold a pointer plus an offset, added at `at`. */
static void mark_moved(Var *v, CXCursor at) {
  if (!v->moved) {
    v->moved = true;
    v->moved_at = at;
  }
}

/* The value of variable `from` flows into `to`: an offset it may hold too. */
static void add_move(R *r, Var *from, Var *to) {
  if (r->nmoves == r->capmoves) {
    r->capmoves = r->capmoves ? 2 * r->capmoves : 64;
    r->moves = realloc(r->moves, (size_t)r->capmoves * sizeof *r->moves);
    if (!r->moves)
      abort();
  }
  r->moves[r->nmoves][0] = from->index;
  r->moves[r->nmoves][1] = to->index;
  r->nmoves++;
}

/* Closes `moved` over the flows (a variable given one that may hold an
 * offset may hold one too): flow-insensitive, so conservative. */
static void close_moves(R *r) {
  for (bool again = true; again;) {
    again = false;
    for (int i = 0; i < r->nmoves; i++) {
      Var *from = r->vars[r->moves[i][0]], *to = r->vars[r->moves[i][1]];
      if (from->moved && !to->moved) {
        mark_moved(to, from->moved_at);
        again = true;
      }
    }
  }
}

/* A pointer expression e flows into variable `to`. */
static void flow(R *r, Var *to, KdNode *e) {
  Var *from = NULL;
  bool moved = false;
  Src s = ptr_source_m(r, e, &from, &moved);
  if (s == SRC_VAR && from->rs == to->rs) {
    uf_union(r, to, from);
    if (moved)
      mark_moved(to, e->c);
    add_move(r, from, to);
  } else if (s == SRC_VAR || s == SRC_OTHER) {
    char why[320];
    snprintf(why, sizeof why, "'%s' is given a pointer that does not come from a kernel argument or cudaMalloc",
             to->name);
    set_opaque(r, to, e->c, why);
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

/* Argument i of call c. */
static KdNode *arg_node(R *r, KdNode *c, int i) {
  return kd_tree_kid(r->tree, c, clang_Cursor_getArgument(c->c, (unsigned)i));
}

/* The variable v in `&v` / `(void **)&v`, or NULL. */
static Var *address_of_var(R *r, KdNode *e) {
  while (conversion_operand(e, &e))
    ;
  if (e->c.kind != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(e->c) != CXUnaryOperator_AddrOf)
    return NULL;
  KdNode *ch = only_kid(e);
  while (ch && ch->c.kind == CXCursor_ParenExpr)
    ch = only_kid(ch);
  if (!ch || ch->c.kind != CXCursor_DeclRefExpr)
    return NULL;
  return ref_var(r, ch);
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
static CXCursor referenced_decl(R *r, KdNode *e) {
  for (;;) {
    while (conversion_operand(e, &e))
      ;
    if ((e->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(e->c) == CXUnaryOperator_AddrOf) ||
        e->c.kind == CXCursor_ParenExpr)
      e = only_kid(e);
    else
      break;
    if (!e)
      return clang_getNullCursor();
  }
  if (e->c.kind != CXCursor_DeclRefExpr)
    return clang_getNullCursor();
  return kd_node_referenced(r->tree, e);
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

/* The initialiser list of a variable declaration, or NULL. */
static KdNode *init_list_of(R *r, CXCursor v) {
  KdNode *n = node_of(r, v), *il = NULL;
  for (int i = 0; i < n->nkids; i++)
    if (n->kids[i]->c.kind == CXCursor_InitListExpr)
      il = n->kids[i];
  return il;
}

/* cudaLaunchKernel(kernel, grid, block, args, ...) (also the C++ template and
 * cudaLaunchCooperativeKernel) whose kernel is a function of this file and
 * whose args is a local void* array: the kernel's definition and the array's
 * declaration. */
static bool launch_call(R *r, KdNode *call, CXCursor *kernel, CXCursor *array) {
  CXCursor callee = kd_node_referenced(r->tree, call);
  unsigned off;
  if (!r->cuda || clang_Cursor_isNull(callee) || in_main(r, clang_getCursorLocation(callee), &off) ||
      clang_Cursor_getNumArguments(call->c) < 4)
    return false;
  char name[128];
  spell(callee, name, sizeof name);
  if (strcmp(name, "cudaLaunchKernel") && strcmp(name, "cudaLaunchCooperativeKernel"))
    return false;
  CXCursor k = referenced_decl(r, arg_node(r, call, 0));
  CXCursor a = referenced_decl(r, arg_node(r, call, 3));
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
  KdNode *il = init_list_of(r, array);
  if (!il)
    return;
  int np = clang_Cursor_getNumArguments(kernel);
  for (int i = 0; i < il->nkids; i++) {
    Var *v = address_of_var(r, il->kids[i]);
    if (!v)
      continue;
    Var *pv = i < np ? var_find(r, clang_Cursor_getArgument(kernel, (unsigned)i)) : NULL;
    if (pv && pv->rs == v->rs) {
      uf_union(r, pv, v);
      add_move(r, v, pv);
    } else
      mark_opaque(r, v, il->kids[i]->c, "its address is given to cudaLaunchKernel for a parameter of another type");
  }
}

static void add_edge(R *r, KdNode *c, Fn *F);

static void pass1_vardecl(R *r, KdNode *v) {
  int rs = rs_of_pointer(r, clang_getCursorType(v->c));
  if (rs < 0)
    return;
  Var *var = var_add(r, v->c, rs);
  CXCursor parent = clang_getCursorSemanticParent(v->c);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  if (pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_StructDecl ||
      pk == CXCursor_ClassDecl || clang_Cursor_getStorageClass(v->c) == CX_SC_Static)
    mark_opaque(r, var, v->c, "a global or static pointer variable is not tracked");
  for (int i = 0; i < v->nkids; i++)
    if (clang_isExpression(v->kids[i]->c.kind))
      flow(r, var, v->kids[i]);
}

/* Pass 1 at node c of a function body. */
static void pass1_node(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  if (k == CXCursor_VarDecl) {
    pass1_vardecl(r, c);
  } else if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c->c) == CXBinaryOperator_Assign) {
    if (c->nkids == 2 && c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
      Var *v = ref_var(r, c->kids[0]);
      if (v)
        flow(r, v, c->kids[1]);
    }
  } else if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) && c->nkids >= 1 &&
             c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
    // q += k, q -= k, ++q, q--, ... (pass 2 decides whether that form is supported)
    Var *v = kd_node_type_kind(r->tree, c->kids[0]) == CXType_Pointer ? ref_var(r, c->kids[0]) : NULL;
    enum CXUnaryOperatorKind op = k == CXCursor_UnaryOperator ? clang_getCursorUnaryOperatorKind(c->c) : 0;
    if (v && (k == CXCursor_CompoundAssignOperator || is_step_op(op)))
      mark_moved(v, c->c);
  } else if (k == CXCursor_DeclRefExpr) {
    // (a reference to such an array has its type: most have not, and are
    // not asked what they reference)
    enum CXTypeKind tk = kd_node_type_kind(r->tree, c);
    CXCursor d = tk == CXType_ConstantArray || tk == CXType_IncompleteArray ? kd_node_referenced(r->tree, c)
                                                                             : clang_getNullCursor();
    if (clang_getCursorKind(d) == CXCursor_VarDecl && is_void_ptr_array(d))
      launch_array(r, d, true)->refs++;
  } else if (k == CXCursor_CallExpr) {
    CXCursor callee = kd_node_referenced(r->tree, c);
    int nargs = clang_Cursor_getNumArguments(c->c);
    const HostCall *h = host_call(r, callee);
    CXCursor lk, la;
    if (launch_call(r, c, &lk, &la)) {
      pass1_launch(r, lk, la);
    } else if (h && h->kind == H_MALLOC && nargs >= 1) {
      Var *v = address_of_var(r, arg_node(r, c, 0));
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
            flow(r, pv, arg_node(r, c, i));
        }
      }
    }
  } else if (k == CXCursor_ReturnStmt) {
    if (c->nkids == 1 && rs_of_pointer(r, kd_node_type(r->tree, c->kids[0])) >= 0) {
      Var *v = NULL;
      if (ptr_source(r, c->kids[0], &v) == SRC_VAR)
        mark_opaque(r, v, c->kids[0]->c, "the pointer is returned from a function");
    }
  }
}

/* Pass 1 at every node below n, parents before children, as often as a
 * recursive clang_visitChildren meets each (see ast.h). */
static void pass1_below(R *r, KdNode *n) {
  for (int i = 0; i < n->nkids; i++) {
    for (int k = 0; k <= n->kids[i]->again; k++)
      pass1_node(r, n->kids[i]);
    pass1_below(r, n->kids[i]);
  }
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
static void add_edge(R *r, KdNode *c, Fn *F) {
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
  RouteKey k = route_key(r, c->c, r->inst);
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
static int call_class(R *r, KdNode *c, const Fn *F, int inst, int mix_rs, bool *mixed) {
  int save = r->inst;
  r->inst = inst;
  int nargs = clang_Cursor_getNumArguments(c->c), np = clang_Cursor_getNumArguments(F->def);
  int cls = 0, mix = 0;
  for (int i = 0; i < nargs && i < np; i++) {
    Var *pv = base_var(r, clang_Cursor_getArgument(F->def, (unsigned)i));
    if (!pv)
      continue;
    Var *from = NULL;
    Src s = ptr_source(r, arg_node(r, c, i), &from);
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
  pass1_below(r, node_of(r, kd_function_body(F->def)));
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
  int nargs = clang_Cursor_getNumArguments(e.call->c), np = clang_Cursor_getNumArguments(e.callee->def);
  for (int a = 0; a < nargs && a < np; a++) {
    Var *pv = base_var(r, clang_Cursor_getArgument(e.callee->def, (unsigned)a));
    if (pv)
      flow(r, to == 1 && pv->twin ? pv->twin : pv, arg_node(r, e.call, a));
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
      pass1_below(r, node_of(r, kd_function_body(fn)));
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

typedef struct Offsets {
  unsigned *v;
  int n, cap;
} Offsets;

static void offsets_add(Offsets *o, unsigned x) {
  if (o->n == o->cap) {
    o->cap = o->cap ? 2 * o->cap : 256;
    o->v = realloc(o->v, (size_t)o->cap * sizeof *o->v);
    if (!o->v)
      abort();
  }
  o->v[o->n++] = x;
}

static int cmp_unsigned(const void *x, const void *y) {
  unsigned a = *(const unsigned *)x, b = *(const unsigned *)y;
  return a < b ? -1 : a > b;
}

/* Whether offset o of the main file starts the word `name` (nl bytes) used
 * as a name of its own: not after `.`, `->` or `::`. */
static bool word_at(R *r, unsigned o, const char *name, size_t nl) {
  if (o + nl > r->len || memcmp(r->text + o, name, nl) || (o > 0 && is_ident_char(r->text[o - 1])) ||
      (o + nl < r->len && is_ident_char(r->text[o + nl])))
    return false;
  unsigned j = o;
  while (j > 0 && (r->text[j - 1] == ' ' || r->text[j - 1] == '\t' || r->text[j - 1] == '\n'))
    j--;
  return !(j > 0 && (r->text[j - 1] == '.' || (j > 1 && r->text[j - 1] == '>' && r->text[j - 2] == '-') ||
                     (j > 1 && r->text[j - 1] == ':' && r->text[j - 2] == ':')));
}

/* The main-file offsets (a macro argument's at the argument) of the names
 * below n that are spelled `name`: references, declarations, type and label
 * references, whatever entity they name. */
static void name_offsets(R *r, KdNode *n, const char *name, size_t nl, Offsets *out) {
  for (int i = 0; i < n->nkids; i++) {
    KdNode *c = n->kids[i];
    enum CXCursorKind kind = c->c.kind;
    unsigned off;
    if ((kind == CXCursor_DeclRefExpr || kind == CXCursor_VarDecl || kind == CXCursor_ParmDecl ||
         kind == CXCursor_TypeRef || kind == CXCursor_LabelRef || kind == CXCursor_LabelStmt ||
         kind == CXCursor_OverloadedDeclRef || kind == CXCursor_FieldDecl || kind == CXCursor_TemplateRef ||
         kind == CXCursor_NamespaceRef) &&
        in_main(r, clang_getCursorLocation(c->c), &off) && word_at(r, off, name, nl))
      offsets_add(out, off);
    name_offsets(r, c, name, nl, out);
  }
}

/* Number of words `name` in the main file's [b, e) (word_at). */
static int count_words(R *r, unsigned b, unsigned e, const char *name, size_t nl) {
  int n = 0;
  for (unsigned o = b; o + nl <= e;) {
    const char *hit = memchr(r->text + o, name[0], e - nl + 1 - o);
    if (!hit)
      break;
    o = (unsigned)(hit - r->text);
    n += word_at(r, o, name, nl);
    o++;
  }
  return n;
}

/* A view variable named in its function where the parser does not see it: in
 * a branch of #if / #ifdef the preprocessor skipped (the host side parses
 * without __CUDA_ARCH__) or in a macro argument the macro drops (the device
 * branch of NV_IF_TARGET).  That text would stay unrewritten and not compile
 * (or mean something else), so the struct keeps AoS, with a remark at the
 * word.  A word of the function body spelled like the variable (not after
 * `.`, `->`, `::`) that no name in the function's tree (a reference or a
 * declaration of any entity so spelled: another variable of the name in a
 * sibling scope is no hidden use) is at is such a use.  Only where the body
 * has more such words than the tree has names is it tokenized, so that
 * comments and literals do not count. */
static void check_hidden_uses(R *r) {
  Offsets seen = {0};
  for (int i = 0; i < r->nvars; i++) {
    Var *v = r->vars[i];
    if (!var_live(v) || !r->vars[uf_find(r, i)]->seed || r->rs[v->rs].bad)
      continue;
    CXCursor fn = clang_getCursorSemanticParent(v->decl);
    enum CXCursorKind fk = clang_getCursorKind(fn);
    if (fk != CXCursor_FunctionDecl && fk != CXCursor_CXXMethod && fk != CXCursor_FunctionTemplate &&
        fk != CXCursor_Constructor && fk != CXCursor_Destructor && fk != CXCursor_ConversionFunction)
      continue;  // a global: no body to look into
    CXCursor body = kd_function_body(fn);
    if (clang_Cursor_isNull(body))
      continue;
    KdNode *bn = node_of(r, body);
    unsigned b, e, off;
    if (!node_range(r, bn, &b, &e))
      continue;
    const char *name = v->name;
    size_t nl = strlen(name);
    if (!nl)
      continue;
    int words = count_words(r, b, e, name, nl);
    seen.n = 0;
    name_offsets(r, bn, name, nl, &seen);
    qsort(seen.v, (size_t)seen.n, sizeof *seen.v, cmp_unsigned);
    int named = 0;
    for (int a = 0; a < seen.n; a++)
      named += (a == 0 || seen.v[a] != seen.v[a - 1]) && seen.v[a] >= b && seen.v[a] < e;
    if (words <= named)
      continue;
    // tokens decide: comments, strings and character literals do not count
    CXToken *toks = NULL;
    unsigned nt = 0;
    clang_tokenize(r->src->tu, clang_getCursorExtent(body), &toks, &nt);
    for (unsigned t = 0; t < nt; t++) {
      CXSourceLocation l = clang_getTokenLocation(r->src->tu, toks[t]);
      if (clang_getTokenKind(toks[t]) != CXToken_Identifier || !in_main(r, l, &off) || off < b || off >= e ||
          !word_at(r, off, name, nl) || bsearch(&off, seen.v, (size_t)seen.n, sizeof *seen.v, cmp_unsigned))
        continue;
      set_bad_loc(r, v->rs, l,
                  "'%s' is used where the parser does not see it (in a branch of #if that the preprocessor skips "
                  "on the host side, or in a macro argument that the macro drops, such as NV_IF_TARGET's other "
                  "branch), which would stay unrewritten",
                  name);
      break;
    }
    clang_disposeTokens(r->src->tu, toks, nt);
  }
  free(seen.v);
}

/* Views and opaque pointers in one component: that struct keeps AoS. */
static void resolve(R *r) {
  close_moves(r);
  // a launch argument array used in any other way: the addresses in it escape
  LaunchArray *a, *at;
  HASH_ITER(hh, r->arrays, a, at) {
    if (a->launch_refs == 0 || a->refs == a->launch_refs)
      continue;
    KdNode *il = init_list_of(r, a->decl);
    for (int i = 0; il && i < il->nkids; i++) {
      Var *v = address_of_var(r, il->kids[i]);
      for (; v; v = v->twin)  // both instances of a cloneable function's variable
        mark_opaque(r, v, il->kids[i]->c,
                    "the cudaLaunchKernel argument array holding its address is also used elsewhere");
    }
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
  check_hidden_uses(r);  // after the clone checks, whose remarks say more
}

/* ---- clones ---- */

static KdNode *callee_ref(KdNode *call);
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
static bool callee_name(R *r, KdNode *call, const char *name, unsigned *b, unsigned *e) {
  KdNode *ref = callee_ref(call);
  if (!ref || ref->c.kind != CXCursor_DeclRefExpr || !node_plain(r, ref) ||
      !in_main(r, clang_getCursorLocation(ref->c), b))
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
  return start_offset(r, E->call->c);
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
/* Whether text[0, n) holds `word` as a whole identifier. */
static bool text_has_word(const char *text, unsigned n, const char *word) {
  size_t wl = strlen(word);
  for (unsigned i = 0; i + wl <= n; i++)
    if (!strncmp(text + i, word, wl) && (i == 0 || !is_ident_char(text[i - 1])) &&
        (i + wl == n || !is_ident_char(text[i + wl])))
      return true;
  return false;
}

static bool has_word(R *r, unsigned b, unsigned e, const char *word) {
  return text_has_word(r->text + b, e - b, word);
}

static unsigned skip_blanks(R *r, unsigned i);
static bool line_start(R *r, unsigned i);

/* One `#define NAME replacement` line of some file of the translation unit. */
typedef struct MacroDef {
  const char *name;  // NAME (not NUL-terminated), in the file's text
  unsigned nname;
  const char *repl;  // the replacement, to the end of the (continued) line
  unsigned nrepl;
} MacroDef;

/* A macro name that leads to one of a word list, in a set (uthash). */
typedef struct MacroHit {
  char *name;
  UT_hash_handle hh;
} MacroHit;

typedef struct MacroScan {
  MacroDef *v;
  int n, cap;
} MacroScan;

/* Appends every `#define` line of text[0, len) to *ms. */
static void scan_defines(const char *text, size_t len, MacroScan *ms) {
  for (size_t i = 0; i < len; i++) {
    if (text[i] != '#')
      continue;
    size_t l = i;  // only blanks between the line's start and '#'
    while (l > 0 && (text[l - 1] == ' ' || text[l - 1] == '\t'))
      l--;
    if (l > 0 && text[l - 1] != '\n')
      continue;
    size_t k = i + 1;
    while (k < len && (text[k] == ' ' || text[k] == '\t'))
      k++;
    if (k + 6 > len || strncmp(text + k, "define", 6) || (k + 6 < len && is_ident_char(text[k + 6])))
      continue;
    k += 6;
    while (k < len && (text[k] == ' ' || text[k] == '\t'))
      k++;
    size_t n = k;
    while (n < len && is_ident_char(text[n]))
      n++;
    size_t end = n;
    while (end < len && !(text[end] == '\n' && text[end - 1] != '\\'))
      end++;
    if (n > k) {
      if (ms->n == ms->cap) {
        ms->cap = ms->cap ? 2 * ms->cap : 256;
        ms->v = realloc(ms->v, (size_t)ms->cap * sizeof *ms->v);
        if (!ms->v)
          abort();
      }
      ms->v[ms->n++] = (MacroDef){text + k, (unsigned)(n - k), text + n, (unsigned)(end - n)};
    }
    i = end;
  }
}

typedef struct FileList {
  CXFile *v;
  int n, cap;
} FileList;

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
  (void)stack;
  (void)depth;
  FileList *l = d;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 32;
    l->v = realloc(l->v, (size_t)l->cap * sizeof *l->v);
    if (!l->v)
      abort();
  }
  l->v[l->n++] = f;
}

/* Whether text[b, e) holds a whole identifier that is in `set`. */
static bool has_hit_name(const char *text, unsigned b, unsigned e, MacroHit *set) {
  for (unsigned i = b; i < e;) {
    if (!is_ident_char(text[i]) || (i > b && is_ident_char(text[i - 1]))) {
      i++;
      continue;
    }
    unsigned n = i;
    while (n < e && is_ident_char(text[n]))
      n++;
    MacroHit *h;
    HASH_FIND(hh, set, text + i, n - i, h);
    if (h)
      return true;
    i = n;
  }
  return false;
}

/* The names of the macros of ms whose replacement uses one of `words`
 * directly or through other such macros.  A name counts if any of its
 * definitions does (#undef and redefinitions are not followed:
 * conservative).  Free with free_hits. */
static MacroHit *macro_hits(const MacroScan *ms, const char *const *words) {
  MacroHit *set = NULL;
  for (bool more = true; more;) {  // a macro whose replacement uses a word or a name already in the set
    more = false;
    for (int m = 0; m < ms->n; m++) {
      const MacroDef *d = &ms->v[m];
      MacroHit *h;
      HASH_FIND(hh, set, d->name, d->nname, h);
      if (h)
        continue;
      bool hit = has_hit_name(d->repl, 0, d->nrepl, set);
      for (int w = 0; words[w] && !hit; w++)
        hit = text_has_word(d->repl, d->nrepl, words[w]);
      if (hit) {
        h = calloc(1, sizeof *h);
        if (!h || !(h->name = strndup(d->name, d->nname)))
          abort();
        HASH_ADD_KEYPTR(hh, set, h->name, d->nname, h);
        more = true;
      }
    }
  }
  return set;
}

static void free_hits(MacroHit *set) {
  MacroHit *h, *tmp;
  HASH_ITER(hh, set, h, tmp) {
    HASH_DEL(set, h);
    free(h->name);
    free(h);
  }
}

/* What a clone must not copy (clone_text_problem): its own name, through
 * __func__ and its kin or std::source_location (whose current() asks the
 * builtins), and __COUNTER__. */
static const char *const own_name_words[] = {"__func__",          "__FUNCTION__",       "__PRETTY_FUNCTION__",
                                             "__FUNCSIG__",       "__builtin_FUNCTION", "__builtin_FUNCSIG",
                                             "__builtin_source_location", "source_location", NULL};
static const char *const counter_words[] = {"__COUNTER__", NULL};

/* Reads every `#define` of every file of the translation unit (the main
 * file, every header it includes, the bundled prelude) once, and keeps the
 * macros that lead to own_name_words and to counter_words. */
static void read_macros(R *r) {
  MacroScan ms = {0};
  scan_defines(r->text, r->len, &ms);
  FileList files = {0};
  clang_getInclusions(r->src->tu, add_inclusion, &files);
  CXFile main_file = clang_getFile(r->src->tu, r->src->path);
  for (int i = 0; i < files.n; i++) {
    size_t size = 0;
    const char *text = clang_File_isEqual(files.v[i], main_file) ? NULL
                                                                  : clang_getFileContents(r->src->tu, files.v[i], &size);
    if (text)
      scan_defines(text, size, &ms);
  }
  free(files.v);
  r->own_name_hits = macro_hits(&ms, own_name_words);
  r->counter_hits = macro_hits(&ms, counter_words);
  r->macros_read = true;
  free(ms.v);
}

/* Whether text[b, e) uses one of `words` (own_name_words or
 * counter_words), directly (*via = false) or through a macro of any file of
 * the translation unit whose replacement uses one, maybe through other
 * such macros (*via = true; `hits`, the macros read_macros kept for
 * `words`). */
static bool uses_words(R *r, unsigned b, unsigned e, const char *const *words, MacroHit *const *hits, bool *via) {
  *via = false;
  for (int w = 0; words[w]; w++)
    if (has_word(r, b, e, words[w]))
      return true;
  if (!r->macros_read)
    read_macros(r);
  return *via = has_hit_name(r->text, b, e, *hits);
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
  bool via;
  if (uses_words(r, b, e, own_name_words, &r->own_name_hits, &via))
    return via ? "it uses its own name (__func__ or std::source_location, through a macro)"
               : "it uses its own name (__func__ or std::source_location)";
  if (uses_words(r, b, e, counter_words, &r->counter_hits, &via))
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
static bool clone_visible(R *r, KdNode *c, CXCursor in, const Fn *F) {
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
  KdNode *ref = callee_ref(c);
  CXCursor q = clang_getNullCursor();
  bool other = false;
  for (int k = 0; ref && k < ref->nkids; k++) {
    if (ref->kids[k]->c.kind == CXCursor_NamespaceRef)
      q = kd_node_referenced(r->tree, ref->kids[k]);
    else
      other = true;  // a class or template qualifier, template arguments
  }
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
        set_bad(r, rs, E->call->c,
                "'%s' is called with device data and with other pointers, and this call of it with device data does "
                "not spell its name in the file (a macro, a call through an expression): it cannot be renamed to "
                "the clone",
                F->name);
        ok = false;
      } else if (!clone_visible(r, E->call, E->in, F)) {
        set_bad(r, rs, E->call->c,
                "'%s' is called with device data and with other pointers, and this call of it with device data does "
                "not name it in its namespace (through a using-declaration or argument-dependent lookup the clone "
                "would not be found)",
                F->name);
        ok = false;
      } else if (edge_position(r, E) < first) {
        set_bad(r, rs, E->call->c,
                "'%s' is called with device data and with other pointers, and this call of it with device data "
                "comes before its clone is declared (declare '%s' before it in this file)",
                F->name, F->name);
        ok = false;
      } else if (mixed) {
        set_bad(r, rs, E->call->c,
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

static void walk(R *r, KdNode *c, Ctx ctx);

static void walk_kids(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  bool subscript = k == CXCursor_ArraySubscriptExpr;
  enum CXCursorKind save = r->parent_kind;
  // c's children are block items if c is a block, or a label, case or default that is one itself
  bool listed = r->in_list;
  bool kids_listed = k == CXCursor_CompoundStmt ||
                     (listed && (k == CXCursor_LabelStmt || k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt));
  for (int i = 0; i < c->nkids; i++) {
    r->parent_kind = k;
    r->in_list = kids_listed;
    walk(r, c->kids[i], subscript && i == 0 ? CTX_SUBSCRIPT_BASE : CTX_VALUE);
  }
  r->parent_kind = save;
  r->in_list = listed;
}

/* Appends the element index of vr to the current edit: Σ ± terms. */
static bool edit_index(R *r, const VRef *vr) {
  if (vr->nterms == 0) {
    kd_edit_text(r->E, "0");
    return true;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned b, e;
    if (!node_range(r, vr->term[i], &b, &e))
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
static bool editable(R *r, const VRef *vr, KdNode *c, unsigned *b, unsigned *e) {
  int rs = vr->var->rs;
  if (!node_range(r, c, b, e) || !node_plain(r, vr->ref) || !node_plain(r, c)) {
    set_bad(r, rs, c->c, "an access is spelled inside a macro (the rewriter edits only code spelled in the file)");
    return false;
  }
  for (int i = 0; i < vr->nterms; i++) {
    unsigned tb, te;
    if (!node_range(r, vr->term[i], &tb, &te) || tb < *b || te > *e) {
      set_bad(r, rs, vr->term[i]->c,
              "an index is spelled inside a macro (the rewriter edits only code spelled in the file)");
      return false;
    }
  }
  return true;
}

static void emit_field(R *r, const VRef *vr, KdNode *c) {
  unsigned b, e;
  if (!editable(r, vr, c, &b, &e))
    return;
  RStruct *S = &r->rs[vr->var->rs];
  const char *name = vr->var->name;
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "(*kdlg_%s_f_%s(%s, ", S->tag, S->st->fields[vr->field].name, name);
  edit_index(r, vr);
  kd_edit_text(r->E, "))");
  walk_terms(r, vr);
}

static void emit_load(R *r, const VRef *vr, KdNode *c) {
  unsigned b, e;
  if (!editable(r, vr, c, &b, &e))
    return;
  RStruct *S = &r->rs[vr->var->rs];
  const char *name = vr->var->name;
  // a parenthesised element keeps its parentheses: sizeof(*p) must not become sizeofkdlg_S_load(p, 0)
  KdNode *k = c;
  while (k->c.kind == CXCursor_UnexposedExpr) {
    KdNode *ch = only_kid(k);
    if (!ch || !same_extent(r, k, ch))
      break;
    k = ch;
  }
  bool paren = k->c.kind == CXCursor_ParenExpr;
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "%skdlg_%s_load(%s, ", paren ? "(" : "", S->tag, name);
  edit_index(r, vr);
  kd_edit_text(r->E, ")%s", paren ? ")" : "");
  walk_terms(r, vr);
}

/* `lhs = rhs` with lhs an element: the whole node c becomes a store. */
static void emit_store(R *r, const VRef *vr, KdNode *c, KdNode *rhs) {
  unsigned b, e, rb, re;
  if (!editable(r, vr, c, &b, &e))
    return;
  if (!node_range(r, rhs, &rb, &re)) {
    set_bad(r, vr->var->rs, rhs->c, "an assigned value is spelled inside a macro");
    return;
  }
  RStruct *S = &r->rs[vr->var->rs];
  const char *name = vr->var->name;
  kd_edit_begin(r->E, b, e, vr->var->rs);
  kd_edit_text(r->E, "kdlg_%s_store(%s, ", S->tag, name);
  edit_index(r, vr);
  kd_edit_text(r->E, ", ");
  kd_edit_hole(r->E, rb, re);
  kd_edit_text(r->E, ")");
  walk_terms(r, vr);
  walk(r, rhs, CTX_VALUE);
}

static KdNode *strip_parens_casts(KdNode *e) {
  while ((e->c.kind == CXCursor_ParenExpr || e->c.kind == CXCursor_UnexposedExpr) && only_kid(e))
    e = only_kid(e);
  return e;
}

/* A pointer expression e that must evaluate to a view of struct rs (an
 * argument for a view parameter, the initial value of a view variable, ...). */
static void emit_view_value(R *r, KdNode *e, int rs, const char *what) {
  if (is_null_constant(e)) {
    unsigned b, x;
    if (!node_range(r, e, &b, &x)) {
      set_bad(r, rs, e->c, "a null pointer is spelled inside a macro");
      return;
    }
    kd_edit_begin(r->E, b, x, rs);
    kd_edit_text(r->E, "kdlg_%s_null()", r->rs[rs].tag);
    return;
  }
  VRef vr;
  vref(r, e, &vr);
  if (vr.kind != VR_PTR || vr.var->rs != rs) {
    set_bad(r, rs, e->c, "%s is given a pointer the rewriter does not track", what);
    return;
  }
  if (vr.nterms == 0 && strip_parens_casts(e)->c.kind == CXCursor_DeclRefExpr)
    return;  // the view itself
  unsigned b, x;
  if (!editable(r, &vr, e, &b, &x))
    return;
  const char *name = vr.var->name;
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
static void walk_vardecl(R *r, KdNode *v, bool split) {
  Var *var = var_find(r, v->c);
  KdNode *init = NULL;
  for (int i = 0; i < v->nkids; i++)
    if (clang_isExpression(v->kids[i]->c.kind))
      init = v->kids[i];
  if (var && is_view(r, var)) {
    unsigned b, e, ne;
    RStruct *S = &r->rs[var->rs];
    if (!split && (!node_range(r, v, &b, &e) || !name_end(r, v->c, &ne))) {
      set_bad(r, var->rs, v->c, "a pointer variable is declared inside a macro");
      return;
    }
    if (!split) {
      kd_edit_begin(r->E, b, ne, var->rs);
      kd_edit_text(r->E, "kdlg_view_%s %s", S->tag, var->name);
    }
    if (init)
      emit_view_value(r, init, var->rs, "a pointer variable");
    return;
  }
  if (!init)
    return;
  LaunchArray *la = launch_array(r, v->c, false);
  if (la && la->launch_refs > 0 && la->refs == la->launch_refs && init->c.kind == CXCursor_InitListExpr) {
    // &view stays as it is: the kernel's parameter is now a view passed by value
    for (int i = 0; i < init->nkids; i++) {
      Var *av = address_of_var(r, init->kids[i]);
      if (!av || !is_view(r, av))
        walk(r, init->kids[i], CTX_VALUE);
    }
    return;
  }
  if (is_reference(clang_getCursorType(v->c))) {
    VRef vr;
    vref(r, init, &vr);
    if (vr.kind == VR_ELEM || vr.kind == VR_FIELD || vr.kind == VR_SUB) {
      set_bad(r, vr.var->rs, v->c, "a reference to an element or field is bound to a variable");
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
static const char *split_declstmt(R *r, KdNode *c, int rs) {
  const int n = c->nkids;
  KdNode **kids = c->kids;
  unsigned sb, se;
  if (!node_range(r, c, &sb, &se) || r->text[se - 1] != ';')
    return "it is spelled inside a macro";
  unsigned *db = calloc((size_t)n, sizeof(unsigned)), *de = calloc((size_t)n, sizeof(unsigned));
  unsigned *nb = calloc((size_t)n, sizeof(unsigned)), *ne = calloc((size_t)n, sizeof(unsigned));
  if (!db || !de || !nb || !ne)
    abort();
  const char *why = NULL;
  for (unsigned k = sb; k < se && !why; k++)  // the text between declarators is rewritten
    if (r->text[k] == '#' && line_start(r, k))
      why = "a preprocessor directive is inside it";
  for (int i = 0; i < n && !why; i++) {
    unsigned vb;
    if (!node_range(r, kids[i], &vb, &de[i]) || !in_main(r, clang_getCursorLocation(kids[i]->c), &nb[i]) ||
        !name_end(r, kids[i]->c, &ne[i]) || de[i] > se) {
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
  if (!why && skip_blanks(r, de[n - 1]) != se - 1)
    why = "its declarators could not be told apart";
  if (!why) {
    unsigned spec_end = back_blanks(r, sb, db[0]);
    kd_edit_begin(r->E, sb, se, rs);
    for (int i = 0; i < n; i++) {
      Var *v = var_find(r, kids[i]->c);
      if (i > 0)
        kd_edit_text(r->E, " ");
      if (v && is_view(r, v)) {
        kd_edit_text(r->E, "kdlg_view_%s %s", r->rs[v->rs].tag, v->name);
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
static void walk_declstmt(R *r, KdNode *c, enum CXCursorKind parent) {
  int rs = -1;
  bool vars = true;
  CXCursor at = c->c;
  for (int i = 0; i < c->nkids; i++) {
    if (c->kids[i]->c.kind != CXCursor_VarDecl) {
      vars = false;
      continue;
    }
    Var *v = var_find(r, c->kids[i]->c);
    if (v && is_view(r, v) && rs < 0) {
      rs = v->rs;
      at = c->kids[i]->c;
    }
  }
  bool split = c->nkids > 1 && rs >= 0;
  if (split) {
    // a block item, directly or after labels (`again: S *a = p, *b = q;` as an unbraced if body is not)
    bool listed = r->in_list && (parent == CXCursor_CompoundStmt || parent == CXCursor_CaseStmt ||
                                 parent == CXCursor_DefaultStmt || parent == CXCursor_LabelStmt);
    const char *why = !listed ? "it is not directly in a block: a for statement's initialisation, an unbraced body"
                      : !vars ? "it declares something else too"
                              : split_declstmt(r, c, rs);
    if (why) {
      set_bad(r, rs, at, "a declaration of several variables includes a pointer to it and cannot be split (%s)", why);
      return;
    }
  }
  for (int i = 0; i < c->nkids; i++) {
    if (c->kids[i]->c.kind == CXCursor_VarDecl)
      walk_vardecl(r, c->kids[i], split);
    else
      walk(r, c->kids[i], CTX_VALUE);
  }
}

static bool is_atomic_name(const char *n) {
  return !strncmp(n, "atomic", 6) || !strncmp(n, "atom_", 5) || !strcmp(n, "__ldg");
}

/* The callee's name token: the first child of a call, stripped to its DeclRefExpr (NULL if none). */
static KdNode *callee_ref(KdNode *call) { return call->nkids ? strip_parens_casts(call->kids[0]) : NULL; }

/* The view variable whose update (`q += k`, `++q`, `q = e`, ...) gives the
 * pointer value of e, or NULL: pass 2 rewrites the update into one that
 * yields a view, which only a view variable or parameter may take. */
static Var *updated_view(R *r, KdNode *e) {
  Var *v = NULL;
  KdNode *s = strip_parens_casts(e);
  while (s->c.kind == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s->c) == CXBinaryOperator_Comma &&
         s->nkids == 2)
    s = strip_parens_casts(s->kids[1]);  // (a, ++q)
  enum CXCursorKind k = s->c.kind;
  bool update = k == CXCursor_CompoundAssignOperator ||
                (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(s->c) == CXBinaryOperator_Assign) ||
                (k == CXCursor_UnaryOperator && is_step_op(clang_getCursorUnaryOperatorKind(s->c)));
  if (!update || ptr_source(r, s, &v) != SRC_VAR || !is_view(r, v))
    return NULL;
  return v;
}

/* A view argument of a CUDA memory function: the bare variable (explicit casts to void * dropped). */
static bool host_view_arg(R *r, KdNode *a, VRef *vr) {
  KdNode *s = a, *ch;
  bool cast = false;
  while (conversion_operand(s, &ch)) {
    VRef in;
    vref(r, ch, &in);
    if (in.kind == VR_NONE)
      break;
    cast |= s->c.kind != CXCursor_ParenExpr && s->c.kind != CXCursor_UnexposedExpr;
    s = ch;
  }
  vref(r, s, vr);
  if (vr->kind != VR_PTR) {
    Var *uv = updated_view(r, s);
    if (uv)
      set_bad(r, uv->rs, a->c, "a CUDA memory function is given a pointer update's value");
    return false;
  }
  if (vr->nterms > 0) {
    set_bad(r, vr->var->rs, a->c, "a CUDA memory function is given a device pointer plus an offset");
    return false;
  }
  // a variable that may hold one: the copies take the start of an
  // allocation (an identity layout's plain pointer takes any)
  if (vr->var->moved && !kd_layout_identity(&r->rs[vr->var->rs].L)) {
    CXSourceLocation at = clang_getCursorLocation(vr->var->moved_at);
    unsigned line, col;
    clang_getExpansionLocation(at, NULL, &line, &col, NULL);
    set_bad(r, vr->var->rs, a->c,
            "a CUDA memory function is given '%s', which may hold a device pointer plus an offset (line %u, column %u)",
            vr->var->name, line, col);
    return false;
  }
  if (cast) {  // (void *)d → d
    unsigned b, e;
    if (!node_range(r, a, &b, &e)) {
      set_bad(r, vr->var->rs, a->c, "a device pointer is spelled inside a macro");
      return false;
    }
    kd_edit_begin(r->E, b, e, vr->var->rs);
    kd_edit_text(r->E, "%s", vr->var->name);
  }
  return true;
}

static void rename_callee(R *r, KdNode *call, int rs, const char *fmt, const char *tag, const char *suffix) {
  KdNode *ref = callee_ref(call);
  unsigned b, e;
  if (!ref || !node_range(r, ref, &b, &e) || !node_plain(r, ref)) {
    set_bad(r, rs, call->c, "a CUDA memory call is spelled inside a macro");
    return;
  }
  kd_edit_begin(r->E, b, e, rs);
  kd_edit_text(r->E, fmt, tag, suffix);
}

static void walk_host_call(R *r, KdNode *c, const HostCall *h, int nargs) {
  bool done[8] = {0};
  if (h->kind == H_MALLOC && nargs >= 1) {
    Var *v = address_of_var(r, arg_node(r, c, 0));
    if (v && is_view(r, v)) {
      rename_callee(r, c, v->rs, "kdlg_%s_%s", r->rs[v->rs].tag, h->suffix);
      done[0] = true;
    }
  } else if (h->kind == H_COPY && nargs >= 2) {
    VRef d, s;
    bool dv = host_view_arg(r, arg_node(r, c, 0), &d);
    bool sv = host_view_arg(r, arg_node(r, c, 1), &s);
    if (dv && sv && d.var->rs != s.var->rs) {
      set_bad(r, d.var->rs, c->c, "cudaMemcpy between two different structs");
      set_bad(r, s.var->rs, c->c, "cudaMemcpy between two different structs");
    } else if (dv || sv) {
      int rs = dv ? d.var->rs : s.var->rs;
      rename_callee(r, c, rs, dv && sv ? "kdlg_%s_copy_between%s" : dv ? "kdlg_%s_copy_in%s" : "kdlg_%s_copy_out%s",
                    r->rs[rs].tag, h->suffix);
    }
    done[0] = dv;
    done[1] = sv;
  } else if ((h->kind == H_SET || h->kind == H_FREE) && nargs >= 1) {
    VRef d;
    if (host_view_arg(r, arg_node(r, c, 0), &d)) {
      rename_callee(r, c, d.var->rs, "kdlg_%s_%s", r->rs[d.var->rs].tag, h->suffix);
      done[0] = true;
    }
  }
  for (int i = 0; i < nargs; i++)
    if (i >= 8 || !done[i])
      walk(r, arg_node(r, c, i), CTX_VALUE);
}

/* The instance of cloneable F that call c, walked in instance r->inst, reaches (pass 1 decided). */
static int call_route(R *r, KdNode *c, const Fn *F) {
  if (!F->cloned)
    return F->text;  // every call reaches the one instance
  RouteKey k = route_key(r, c->c, r->inst);
  Route *ro;
  HASH_FIND(hh, r->routes, &k, sizeof k, ro);
  return ro && r->edges[ro->edge].callee == F && r->edges[ro->edge].route >= 0 ? r->edges[ro->edge].route : 0;
}

static void walk_call(R *r, KdNode *c) {
  CXCursor callee = kd_node_referenced(r->tree, c);
  int nargs = clang_Cursor_getNumArguments(c->c);
  if (nargs < 0 || clang_Cursor_isNull(callee)) {
    walk_kids(r, c);
    return;
  }
  char name[256];
  spell(callee, name, sizeof name);
  enum CXCursorKind ck = clang_getCursorKind(callee);
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 2) {
    KdNode *lhs = arg_node(r, c, 0), *rhs = arg_node(r, c, 1);
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
      walk(r, arg_node(r, c, i), CTX_VALUE);
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
        walk(r, arg_node(r, c, i), CTX_VALUE);
    return;
  }
  CXCursor def = clang_getCursorDefinition(callee);
  unsigned off;
  bool local = !clang_Cursor_isNull(def) && in_main(r, clang_getCursorLocation(def), &off);
  if (nargs >= 1 && is_atomic_name(name) && !local) {
    KdNode *a0 = strip_parens_casts(arg_node(r, c, 0));
    VRef vr;
    vref(r, a0, &vr);
    if (vr.kind == VR_FADDR) {
      if (only_kid(a0))
        walk(r, only_kid(a0), CTX_VALUE);  // the field itself: &(*kdlg_S_f(p, i))
    } else {
      walk(r, arg_node(r, c, 0), CTX_VALUE);
    }
    for (int i = 1; i < nargs; i++)
      walk(r, arg_node(r, c, i), CTX_VALUE);
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
    KdNode *a = arg_node(r, c, i);
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
    Var *uv = vr.kind == VR_PTR ? NULL : updated_view(r, a);
    if (uv) {
      set_bad(r, uv->rs, a->c, "a pointer update's value is passed to '%s'", name);
      continue;
    }
    if (vr.kind == VR_PTR) {
      set_bad(r, vr.var->rs, a->c, "a pointer to it is passed to '%s', %s", name,
              local ? "whose parameter receives other pointers too" : "which the rewriter cannot see into");
      continue;
    }
    if ((vr.kind == VR_ELEM || vr.kind == VR_FIELD || vr.kind == VR_SUB) && i < clang_getNumArgTypes(ft) &&
        is_reference(clang_getArgType(ft, (unsigned)i))) {
      set_bad(r, vr.var->rs, a->c, "an element or field is passed by reference to '%s'", name);
      continue;
    }
    walk(r, a, CTX_VALUE);
  }
  // the rest: the callee expression, a launch's configuration
  for (int k = 1; k < c->nkids; k++) {
    bool is_arg = false;
    for (int i = 0; i < nargs && !is_arg; i++)  // (cursors of the same node may compare unequal)
      is_arg = same_extent(r, c->kids[k], arg_node(r, c, i));
    if (!is_arg)
      walk(r, c->kids[k], CTX_VALUE);
  }
}

/* q = e, q += k, q -= k, ++q, q++, --q, q-- on a view variable q. */
static bool walk_pointer_update(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  bool handled = false;
  if (c->nkids >= 1 && c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
    Var *v = ref_var(r, c->kids[0]);
    if (v && is_view(r, v)) {
      handled = true;
      RStruct *S = &r->rs[v->rs];
      const char *name = v->name;
      unsigned b, e;
      if (k == CXCursor_BinaryOperator) {  // q = e
        if (c->nkids == 2)
          emit_view_value(r, c->kids[1], v->rs, "a pointer variable");
      } else if (!node_range(r, c, &b, &e) || !node_plain(r, c->kids[0])) {
        set_bad(r, v->rs, c->c, "pointer arithmetic is spelled inside a macro");
      } else if (k == CXCursor_CompoundAssignOperator && c->nkids == 2) {
        unsigned kb, ke;
        enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(c->c);
        if ((op != CXBinaryOperator_AddAssign && op != CXBinaryOperator_SubAssign) ||
            !node_range(r, c->kids[1], &kb, &ke)) {
          set_bad(r, v->rs, c->c, "unsupported pointer arithmetic");
        } else {
          kd_edit_begin(r->E, b, e, v->rs);
          kd_edit_text(r->E, "kdlg_%s_pre(&%s, %s(kdlg_index)(", S->tag, name,
                       op == CXBinaryOperator_SubAssign ? "-" : "");
          kd_edit_hole(r->E, kb, ke);
          kd_edit_text(r->E, "))");
          walk(r, c->kids[1], CTX_VALUE);
        }
      } else if (k == CXCursor_UnaryOperator) {
        enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(c->c);
        bool pre = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PreDec;
        bool inc = op == CXUnaryOperator_PreInc || op == CXUnaryOperator_PostInc;
        if (!is_step_op(op)) {
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

static void walk(R *r, KdNode *c, Ctx ctx) {
  enum CXCursorKind k = c->c.kind;
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
  if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c->c) == CXBinaryOperator_Assign) {
    bool done = false;
    if (c->nkids == 2) {
      VRef vr;
      vref(r, c->kids[0], &vr);
      if (vr.kind == VR_ELEM) {
        emit_store(r, &vr, c, c->kids[1]);
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
      set_bad(r, vr.var->rs, c->c, "an array field decays to a pointer that leaves the expression");
      return;
    }
    walk_kids(r, c);
    return;
  case VR_ELEM:
    emit_load(r, &vr, c);
    return;
  case VR_PTR:
    set_bad(r, vr.var->rs, c->c,
            "a pointer to it is used in a way the rewriter does not handle (converted, compared, stored, "
            "subtracted or passed on)");
    return;
  case VR_FADDR:
    set_bad(r, vr.var->rs, c->c, "the address of field '%s' escapes", r->rs[vr.var->rs].st->fields[vr.field].name);
    return;
  case VR_BAD:
    set_bad(r, vr.var->rs, c->c, "%s", vr.why ? vr.why : "unsupported use");
    return;
  default:
    break;
  }
  if (k == CXCursor_DeclRefExpr) {
    // a function whose parameters become views may only be called (a name
    // of arithmetic or pointer type is not a function's: not asked, nor kept)
    enum CXTypeKind tk = kd_node_type_kind(r->tree, c);
    bool value = tk == CXType_Pointer || (tk >= CXType_Bool && tk <= CXType_LongDouble);
    CXCursor d = value ? clang_getNullCursor() : clang_getCursorReferenced(c->c);
    if (clang_getCursorKind(d) == CXCursor_FunctionDecl) {
      CXCursor def = clang_getCursorDefinition(d);
      Fn *F = fn_find(r, def);
      int np = clang_Cursor_isNull(def) ? 0 : clang_Cursor_getNumArguments(def);
      for (int i = 0; i < np; i++) {
        Var *pv = base_var(r, clang_Cursor_getArgument(def, (unsigned)i));
        for (int inst = 0; pv && inst < 2; inst++) {  // either instance of a cloneable function
          Var *iv = inst ? pv->twin : pv;
          if (iv && (!F || F->live[inst]) && is_view(r, iv))
            set_bad(r, iv->rs, c->c, "the address of a function that receives it is taken");
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
  walk(r, node_of(r, kd_function_body(F->def)), CTX_VALUE);
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
    pass1_vardecl(r, node_of(r, c));  // globals
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

/* Whether the plan differs from the input's AoS: more than one cluster, a
 * tile, or an alignment raised (the same bytes, one access per element). */
static bool layout_changes(const kd_layout *L, const KdLayoutChoice *layouts) {
  return !(L->nclusters == 1 && L->clusters[0].tile == 1 && layouts[0].align == 0);
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
    S->changes = layout_changes(&S->L, sp->layouts);
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
    Kids fk = kids_of(fd.found);
    for (int k = 0; k < fk.n && S->changes; k++)
      if (clang_getCursorKind(fk.v[k]) == CXCursor_Constructor) {
        // kdlg_S_load declares an element and fills it field by field
        set_bad(r, (int)(S - r->rs), fk.v[k], "it declares a constructor (the rewritten code builds elements field by field)");
        break;
      }
    if (S->bad) {
      free(fk.v);
      continue;
    }
    S->gf = calloc((size_t)S->st->nfields + 1, sizeof(KdGenField));
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
      else if (t == 1 && S->sp->layouts[c].align)
        fprintf(out, "AoS aligned %u", S->sp->layouts[c].align);
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
  r.tree = src->tree;  // (the analysis has read most bodies into it)
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
      r.vgen++;  // (resolve and the rounds before decided which variables are views)
      for (int f = 0; f < r.funcs.n; f++)
        if (clang_isCursorDefinition(r.funcs.v[f])) {
          Fn *F = fn_find(&r, r.funcs.v[f]);
          r.inst = F ? F->text : 0;  // the instance the original text stands for
          walk(&r, node_of(&r, kd_function_body(r.funcs.v[f])), CTX_VALUE);
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
    FieldDecl *d, *dt;
    HASH_ITER(hh, r.rs[i].fdecls, d, dt) {
      HASH_DEL(r.rs[i].fdecls, d);
      free(d);
    }
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
  free(r.moves);
  free(r.cflags);
  free(r.vmemo);
  free_hits(r.own_name_hits);
  free_hits(r.counter_hits);
  kd_edits_free(r.E);
  return rc;
}

void kd_rewrite_result_free(KdRewriteResult *r) {
  free(r->text);
  free(r->header);
  free(r->edits);
  memset(r, 0, sizeof *r);
}
