/* access.c: the access-model builder (see access.h; Sect. 3.1).
 *
 * Top-down: collect kernels and their candidate structs, then walk each
 * kernel body with an environment that says which variables point into
 * global memory (pointer parameters, pointers derived from them, references
 * to elements), emitting KR_ACCESS regions in evaluation order and
 * KR_IF/KR_LOOP/KR_SWITCH regions for control flow.  Calls to functions
 * defined in the file are followed with their pointer arguments bound.
 */
#include "access.h"
#include "ast.h"
#include "diag.h"
#include "designate.h"
#include "uniform.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

/* ---- small helpers over libclang ---- */

typedef struct Cursors {
  CXCursor *v;
  int n, cap;
} Cursors;

static void cursors_push(Cursors *cs, CXCursor c) {
  if (cs->n == cs->cap) {
    cs->cap = cs->cap ? 2 * cs->cap : 8;
    CXCursor *v = realloc(cs->v, (size_t)cs->cap * sizeof(CXCursor));
    if (!v) {
      fputs("kdlg-opt: out of memory\n", stderr);
      abort();
    }
    cs->v = v;
  }
  cs->v[cs->n++] = c;
}


static CXType canon(CXType t) { return clang_getCanonicalType(t); }
static CXType cursor_type(CXCursor c) { return kd_cursor_type(c); }  // canon(clang_getCursorType(c)), kept

static uint32_t type_bytes(CXType t) {
  long long s = clang_Type_getSizeOf(t);
  return s > 0 ? (uint32_t)s : 0;
}

static bool is_pointer(CXType t) { return t.kind == CXType_Pointer; }

static char *spelling(KdArena *a, CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = kd_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  return r;
}

static bool spelled(CXCursor c, const char *name) {
  CXString s = clang_getCursorSpelling(c);
  bool eq = clang_getCString(s) && !strcmp(clang_getCString(s), name);
  clang_disposeString(s);
  return eq;
}

static void location(CXCursor c, const char **file, unsigned *line, unsigned *col, KdArena *a) {
  CXFile f;
  clang_getExpansionLocation(clang_getCursorLocation(c), &f, line, col, NULL);
  if (file) {
    CXString s = clang_getFileName(f);
    *file = kd_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "?");
    clang_disposeString(s);
  }
}

/* Key of a declaration: its file and offset (unique within one TU). */
typedef KdDeclKey DeclKey;
#define decl_key kd_decl_key

/* ---- builder state ---- */

typedef enum TKind {
  T_NONE,   // not global memory (or not understood)
  T_PTR,    // a pointer into global memory: to candidate struct sid, or (sid -1) to other data
  T_ELEM,   // lvalue: a whole element of candidate struct sid
  T_FIELD,  // lvalue inside field `field` of struct sid, `bytes` wide
  T_OTHER,  // lvalue in another global array, `bytes` wide
  T_FADDR,  // address of a global lvalue (struct field or other data), for atomics
} TKind;

typedef struct Target {
  TKind k;
  int sid;       // candidate struct or -1
  int field;     // T_FIELD / T_FADDR
  uint32_t bytes;
  bool uniform;  // the base is the same for every thread of a work-group (subscripts collected in subs aside)
  bool pend;     // ... and only if kd_uniform_var(uvar), not asked yet (classify's base variable)
  CXCursor uvar;
} Target;

typedef struct EnvEntry {
  DeclKey key;
  Target t;  // T_PTR (pointer variable) or T_ELEM (reference to an element)
  UT_hash_handle hh;
} EnvEntry;

typedef struct StructEntry {
  char *usr;
  int sid;
  UT_hash_handle hh;
} StructEntry;

typedef struct FieldEntry {
  char key[512];  // "sid:name"
  int index;
  UT_hash_handle hh;
} FieldEntry;

/* A binding bit of a memo key not asked yet: kd_uniform_var(from, var). */
typedef struct PendBit {
  size_t pos;  // of its '?' in the key
  KdUniform *from;
  CXCursor var;
} PendBit;

typedef struct MemoEntry {
  char *key;         // callee USR + binding ('?': a uniform bit in pend)
  KdRegion *region;
  int npend;
  PendBit *pend;
  UT_hash_handle hh;
} MemoEntry;

typedef struct SeenEntry {
  char *key;
  UT_hash_handle hh;
} SeenEntry;

typedef struct Builder {
  const KdSource *src;
  KdProgram *prog;
  KdArena *A;
  FILE *rem;
  StructEntry *structs;  // USR → sid
  FieldEntry *fields;    // (sid, name) → field index
  EnvEntry *env;         // current function's variables
  MemoEntry *memo;       // callee regions of the current kernel
  SeenEntry *seen;       // remarks already printed
  const char *kernel;    // current kernel
  const char *func;      // current function
  KdUniform *uni;        // uniformity of the current function's expressions (NULL: all varying)
  KdUniform **unis;      // every analysis of the current kernel (bindings refer to callers'), freed with memo
  int nunis, unis_cap;
  int memo_pend;         // memo entries with a '?' in their key
  bool lazy;             // KD_ACCESS_UNIFORM_LAZY
  bool *varying;         // lazy: struct sid has an access known not uniform
  int varying_cap;
  Target des_base;       // classify: the Target of the walk's base (des_base)
  Cursors *des_subs;     // classify: where the walk's sub-expressions go (des_sub)
  char **stack;          // USRs of functions being built (recursion check)
  int depth, stack_cap;
  int struct_cap, loop_cap;
} Builder;

static void remark(Builder *b, CXCursor at, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void remark(Builder *b, CXCursor at, const char *tag, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const char *file;
  unsigned line, col;
  location(at, &file, &line, &col, b->A);
  char key[1400];
  snprintf(key, sizeof key, "%s:%u:%u:%s", file, line, col, msg);
  SeenEntry *s;
  HASH_FIND_STR(b->seen, key, s);
  if (s)
    return;
  s = calloc(1, sizeof *s);
  s->key = strdup(key);
  HASH_ADD_KEYPTR(hh, b->seen, s->key, strlen(s->key), s);
  kd_remark(b->rem, (KdLoc){file, line, col}, tag, "%s", msg);
}

/* ---- candidate structs ---- */

static void struct_add_kernel(Builder *b, int sid) {
  KdStruct *st = &b->prog->structs[sid];
  for (int i = 0; i < st->nkernels; i++)
    if (!strcmp(st->kernels[i], b->kernel))
      return;
  const char **k = kd_arena_alloc(b->A, (size_t)(st->nkernels + 1) * sizeof(char *));
  if (st->nkernels)
    memcpy(k, st->kernels, (size_t)st->nkernels * sizeof(char *));
  k[st->nkernels++] = b->kernel;
  st->kernels = k;
}

static enum CXVisitorResult visit_field(CXCursor c, CXClientData data) {
  cursors_push(data, c);
  return CXVisit_Continue;
}

static const char *struct_name(Builder *b, CXType pointee, CXCursor decl) {
  CXString s = clang_getCursorSpelling(decl);
  const char *n = clang_getCString(s);
  char *name = NULL;
  if (n && *n && !strstr(n, "(unnamed") && !strstr(n, "(anonymous"))
    name = kd_arena_strdup(b->A, n);
  clang_disposeString(s);
  if (name)
    return name;
  // anonymous struct behind a typedef: use the type as the user spells it
  CXString ts = clang_getTypeSpelling(clang_getUnqualifiedType(pointee));
  name = kd_arena_strdup(b->A, clang_getCString(ts));
  clang_disposeString(ts);
  return name;
}

/* Struct id for the record type `t` (canonical) reached from a kernel, or -1
 * if it is not a user struct (a vector type from the prelude, say).  `spelled_t`
 * is the type as written, for anonymous structs' names. */
static int struct_lookup(Builder *b, CXType t, CXType spelled_t) {
  CXCursor decl = clang_getTypeDeclaration(t);
  if (clang_Cursor_isNull(decl) || !kd_cursor_in_user_code(decl))
    return -1;
  enum CXCursorKind dk = clang_getCursorKind(decl);
  if (dk != CXCursor_StructDecl && dk != CXCursor_UnionDecl && dk != CXCursor_ClassDecl)
    return -1;
  CXString usr = clang_getCursorUSR(decl);
  const char *u = clang_getCString(usr);
  StructEntry *e;
  HASH_FIND_STR(b->structs, u, e);
  if (e) {
    clang_disposeString(usr);
    return e->sid;
  }
  KdProgram *p = b->prog;
  if (p->nstructs == b->struct_cap) {
    b->struct_cap = b->struct_cap ? 2 * b->struct_cap : 8;
    p->structs = realloc(p->structs, (size_t)b->struct_cap * sizeof(KdStruct));
    if (!p->structs)
      abort();
  }
  int sid = p->nstructs++;
  KdStruct *st = &p->structs[sid];
  memset(st, 0, sizeof *st);
  st->name = struct_name(b, spelled_t, decl);
  CXString ts = clang_getTypeSpelling(clang_getUnqualifiedType(spelled_t));
  const char *tn = clang_getCString(ts);
  if (tn && strcmp(tn, st->name) && !strchr(tn, ' '))  // `NamedT` for typedef struct Named {...} NamedT
    st->alias = kd_arena_strdup(b->A, tn);
  clang_disposeString(ts);
  location(decl, &st->file, &st->line, &st->col, b->A);
  long long size = clang_Type_getSizeOf(t);
  st->bytes = size > 0 ? (uint32_t)size : 0;
  st->eligible = true;
  e = calloc(1, sizeof *e);
  st->usr = kd_arena_strdup(b->A, u);
  e->usr = strdup(u);
  e->sid = sid;
  HASH_ADD_KEYPTR(hh, b->structs, e->usr, strlen(e->usr), e);
  clang_disposeString(usr);

  char why[256] = "";
  if (dk == CXCursor_UnionDecl) {
    snprintf(why, sizeof why, "'%s' is a union: its fields share storage, so it keeps its layout", st->name);
  } else if (size <= 0) {
    snprintf(why, sizeof why, "struct '%s' is incomplete", st->name);
  } else {
    Cursors fields = {0};
    clang_Type_visitFields(t, visit_field, &fields);
    if (fields.n == 0)
      snprintf(why, sizeof why, "struct '%s' has no fields", st->name);
    st->fields = kd_arena_alloc(b->A, (size_t)(fields.n ? fields.n : 1) * sizeof(KdField));
    for (int i = 0; i < fields.n && !why[0]; i++) {
      CXCursor fc = fields.v[i];
      KdField *f = &st->fields[i];
      f->name = spelling(b->A, fc);
      CXType ft = cursor_type(fc);
      long long fs = clang_Type_getSizeOf(ft);
      long long off = clang_Cursor_getOffsetOfField(fc);
      if (clang_Cursor_isBitField(fc))
        snprintf(why, sizeof why, "struct '%s' has bit-field '%s'", st->name, f->name);
      else if (!*f->name || clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(ft)))
        snprintf(why, sizeof why, "struct '%s' has an anonymous member", st->name);
      else if (fs <= 0 || off < 0)
        snprintf(why, sizeof why, "struct '%s' has field '%s' of unknown size (flexible array?)", st->name,
                 f->name);
      f->bytes = fs > 0 ? (uint32_t)fs : 0;
      long long fa = clang_Type_getAlignOf(ft);
      f->align = fa > 0 ? (uint32_t)fa : 1;
      f->offset = off > 0 ? (uint32_t)(off / 8) : 0;
      FieldEntry *fe = calloc(1, sizeof *fe);
      snprintf(fe->key, sizeof fe->key, "%d:%s", sid, f->name);
      fe->index = i;
      FieldEntry *dup;
      HASH_FIND_STR(b->fields, fe->key, dup);
      if (dup)
        free(fe);
      else
        HASH_ADD_STR(b->fields, key, fe);
    }
    st->nfields = why[0] ? 0 : fields.n;
    free(fields.v);
  }
  if (why[0]) {
    st->eligible = false;
    st->reason = kd_arena_strdup(b->A, why);
    st->nfields = 0;
    remark(b, decl, "ineligible", "%s: not eligible for layout optimization", why);
  }
  return sid;
}

static int field_index(Builder *b, int sid, CXCursor field) {
  if (!b->prog->structs[sid].eligible)
    return -1;
  char key[512];
  CXString s = clang_getCursorSpelling(field);
  snprintf(key, sizeof key, "%d:%s", sid, clang_getCString(s));
  clang_disposeString(s);
  FieldEntry *fe;
  HASH_FIND_STR(b->fields, key, fe);
  return fe ? fe->index : -1;
}

/* The pointee of a pointer type as spelled, also through a typedef of the
 * pointer type (`typedef S *S_ptr`), whose own pointee is no type. */
static CXType spelled_pointee(CXType spelled) {
  for (int i = 0; i < 64; i++) {
    CXType p = clang_getPointeeType(spelled);
    if (p.kind != CXType_Invalid)
      return p;
    if (spelled.kind == CXType_Typedef)
      spelled = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(spelled));
    else if (spelled.kind == CXType_Elaborated)
      spelled = clang_Type_getNamedType(spelled);
    else if (spelled.kind == CXType_Attributed)
      spelled = clang_Type_getModifiedType(spelled);
    else
      break;
  }
  return clang_getPointeeType(canon(spelled));
}

/* Target for a pointer whose pointee type is `pt` (canonical). */
static Target pointer_target(Builder *b, CXType pt, CXType spelled) {
  Target t = {T_PTR, -1, -1, type_bytes(pt), false, false, {0}};
  if (pt.kind == CXType_Record)
    t.sid = struct_lookup(b, pt, spelled);
  return t;
}

/* ---- environment ---- */

static EnvEntry *env_find(Builder *b, CXCursor decl) {
  DeclKey k = decl_key(decl);
  EnvEntry *e;
  HASH_FIND(hh, b->env, &k, sizeof k, e);
  return e;
}

static void env_set(Builder *b, CXCursor decl, Target t) {
  EnvEntry *e = env_find(b, decl);
  if (!e) {
    e = calloc(1, sizeof *e);
    e->key = decl_key(decl);
    HASH_ADD(hh, b->env, key, sizeof(DeclKey), e);
  }
  e->t = t;
}

static void env_clear(EnvEntry **env) {
  EnvEntry *e, *tmp;
  HASH_ITER(hh, *env, e, tmp) {
    HASH_DEL(*env, e);
    free(e);
  }
}

/* ---- expressions ---- */

typedef enum Mode { M_LOAD, M_STORE, M_RMW, M_ADDR, M_NONE } Mode;

static void visit_expr(Builder *b, CXCursor e, Mode mode, KdRegion *seq);
static KdRegion *stmt(Builder *b, CXCursor s);

static bool is_device_global_var(CXCursor decl) {
  if (clang_getCursorKind(decl) != CXCursor_VarDecl || !kd_cursor_in_user_code(decl))
    return false;  // the prelude's built-in variables (threadIdx, ...) are not memory
  if (clang_getCursorKind(clang_getCursorSemanticParent(decl)) != CXCursor_TranslationUnit)
    return false;
  KdKids ks = kd_kids_of(decl);
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
  EnvEntry *en = env_find(b, decl);
  if (en) {
    t = en->t;  // re-pointed under divergent control, say: the function's analysis knows
    if (t.uniform && !b->uni) {
      t.uniform = false;
    } else if (t.uniform) {  // asked when needed (after the subscripts: often varying, and cheaper)
      t.pend = true;
      t.uvar = decl;
    }
  } else if (is_device_global_var(decl)) {
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

static int des_field(void *ctx, const KdDes *d, KdNode *member) {
  Builder *b = ctx;
  return field_index(b, d->id, kd_node_referenced(b->src->tree, member));
}

static void des_sub(void *ctx, KdNode *e) {
  Builder *b = ctx;
  cursors_push(b->des_subs, e->c);
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

/* What lvalue or pointer expression e designates (the designator walk under
 * the access model's rules); sub-expressions that must be evaluated first
 * (indices, pointer offsets) are appended to subs.  A pointer to a struct
 * cast to another pointer type is remarked on (kdlg-cast). */
static Target classify(Builder *b, CXCursor e, Cursors *subs) {
  static const KdDesClient client = {
      .rules = KD_DES_RULES_ACCESS,
      .base = des_base,
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
    remark(b, d.cast_at->c, "cast",
           "pointer to struct '%s' is cast to another type: accesses through it count as other data",
           b->prog->structs[d.cast_id].name);
  return target_of(b, &d);
}

/* Whether every sub-expression classify() collected (indices, offsets) is
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
static Target with_subs(Builder *b, Target t, const Cursors *subs) {
  t.uniform = t.uniform && subs_uniform(b, subs) && pend_uniform(b, &t);
  t.pend = false;
  return t;
}

static bool *struct_varying(Builder *b, int sid) {
  if (sid >= b->varying_cap) {
    int cap = b->varying_cap ? b->varying_cap : 16;
    while (cap <= sid)
      cap *= 2;
    bool *v = realloc(b->varying, (size_t)cap * sizeof(bool));
    if (!v)
      abort();
    memset(v + b->varying_cap, 0, (size_t)(cap - b->varying_cap) * sizeof(bool));
    b->varying = v;
    b->varying_cap = cap;
  }
  return &b->varying[sid];
}

/* The uniform flag of an access of struct sid (-1: other data) at t with
 * subscripts subs.  Lazy: exact for a struct until one of its accesses is
 * known not uniform (all the plan's rule reads); false after, and for other data. */
static bool access_uniform(Builder *b, Target t, const Cursors *subs, int sid) {
  if (b->lazy && (sid < 0 || *struct_varying(b, sid)))
    return false;
  bool u = with_subs(b, t, subs).uniform;
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
    struct_add_kernel(b, sid);
  unsigned line, col;
  location(at, NULL, &line, &col, b->A);
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
  KdKids ks = kd_kids_of(e);
  for (int i = 0; i < ks.n; i++)
    visit_expr(b, ks.v[i], mode, seq);
}

static KdRegion *expr_region(Builder *b, CXCursor e) {
  KdRegion *seq = kd_region_new(b->A, KR_SEQ);
  visit_expr(b, e, M_LOAD, seq);
  return seq;
}

/* Tries e as a global lvalue or pointer; returns true if handled. */
static bool visit_lvalue(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  Cursors subs = {0};
  Target t = classify(b, e, &subs);
  bool handled = t.k != T_NONE;
  if (handled) {
    for (int i = 0; i < subs.n; i++)
      visit_expr(b, subs.v[i], M_LOAD, seq);
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

/* Whether a binding of this kind binds the callee's parameter (a pointer or reference into global memory). */
static bool binds_param(TKind k) { return k == T_PTR || k == T_ELEM || k == T_FIELD || k == T_FADDR; }

/* Binding of a callee's parameters: one Target per parameter. */
static KdRegion *build_function(Builder *b, CXCursor def, const Target *bind, int nbind, CXCursor call);

static void visit_call(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
  (void)mode;
  CXCursor callee = kd_cursor_referenced(e);
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
      visit_expr(b, clang_Cursor_getArgument(e, i), M_LOAD, seq);
    return;
  }
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 2) {
    visit_expr(b, clang_Cursor_getArgument(e, 1), M_LOAD, seq);
    visit_expr(b, clang_Cursor_getArgument(e, 0), M_STORE, seq);
    return;
  }
  if (ck == CXCursor_CXXMethod && !strcmp(name, "operator=") && nargs == 1) {
    // member call form: children are {object, argument}
    KdKids ks = kd_kids_of(e);
    visit_expr(b, clang_Cursor_getArgument(e, 0), M_LOAD, seq);
    if (ks.n >= 1)
      visit_expr(b, ks.v[0], M_STORE, seq);
    return;
  }
  if (nargs >= 1 && (is_atomic_name(name) || !strcmp(name, "__ldg"))) {
    for (int i = 1; i < nargs; i++)
      visit_expr(b, clang_Cursor_getArgument(e, i), M_LOAD, seq);
    Cursors subs = {0};
    CXCursor a0 = clang_Cursor_getArgument(e, 0);
    Target t = classify(b, a0, &subs);
    for (int i = 0; i < subs.n; i++)
      visit_expr(b, subs.v[i], M_LOAD, seq);
    if (t.k == T_FADDR) {
      emit(b, e, (Target){T_FIELD, t.sid, t.field, t.bytes, t.uniform, t.pend, t.uvar}, &subs,
           name[0] == '_' ? M_LOAD : M_RMW, seq);
    } else if (t.k == T_PTR && t.sid < 0) {
      emit(b, e, (Target){T_OTHER, -1, -1, t.bytes, t.uniform, t.pend, t.uvar}, &subs, name[0] == '_' ? M_LOAD : M_RMW,
           seq);
    } else if (t.k == T_NONE) {
      visit_expr(b, a0, M_LOAD, seq);
    }
    free(subs.v);
    return;
  }
  // arguments are evaluated before the call
  Target *bind = calloc((size_t)(nargs ? nargs : 1), sizeof(Target));
  for (int i = 0; i < nargs; i++) {
    CXCursor a = clang_Cursor_getArgument(e, i);
    Cursors subs = {0};
    Target t = classify(b, a, &subs);
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
        visit_expr(b, subs.v[j], M_LOAD, seq);
    } else {
      visit_expr(b, a, M_LOAD, seq);
    }
    free(subs.v);
  }
  CXCursor def = clang_getCursorDefinition(callee);
  bool defined = !clang_Cursor_isNull(def) &&
                 (clang_getCursorKind(def) == CXCursor_FunctionDecl || clang_getCursorKind(def) == CXCursor_CXXMethod ||
                  clang_getCursorKind(def) == CXCursor_FunctionTemplate) &&
                 kd_cursor_in_user_code(def);
  if (defined) {
    KdRegion *r = build_function(b, def, bind, nargs, e);
    if (r)
      kd_region_add(b->A, seq, kd_region_call(b->A, r));
  } else {
    static const char *const pure[] = {"printf", NULL};
    for (int i = 0; i < nargs; i++)
      if ((bind[i].k == T_PTR || bind[i].k == T_FADDR || bind[i].k == T_ELEM) && bind[i].sid >= 0 &&
          !name_in(name, pure))
        remark(b, clang_Cursor_getArgument(e, i), "unknown-call",
               "pointer into '%s' passed to '%s', whose body is not available: accesses inside are not counted",
               b->prog->structs[bind[i].sid].name, name[0] ? name : "(indirect call)");
  }
  free(bind);
}

static void visit_expr(Builder *b, CXCursor e, Mode mode, KdRegion *seq) {
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
    KdKids ks = kd_kids_of(e);
    Mode m = M_LOAD;
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreInc ||
        op == CXUnaryOperator_PreDec)
      m = M_RMW;
    else if (op == CXUnaryOperator_AddrOf)
      m = M_ADDR;
    for (int i = 0; i < ks.n; i++) {
      if (m == M_ADDR) {
        Cursors subs = {0};
        Target t = classify(b, ks.v[i], &subs);
        for (int j = 0; j < subs.n; j++)
          visit_expr(b, subs.v[j], M_LOAD, seq);
        free(subs.v);
        if (t.k == T_NONE)
          visit_expr(b, ks.v[i], M_ADDR, seq);
      } else {
        visit_expr(b, ks.v[i], m, seq);
      }
    }
    return;
  }
  case CXCursor_BinaryOperator: {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(e);
    if ((op == CXBinaryOperator_Add || op == CXBinaryOperator_Sub) && visit_lvalue(b, e, mode, seq))
      return;
    KdKids ks = kd_kids_of(e);
    if (ks.n != 2) {
      visit_kids(b, e, M_LOAD, seq);
    } else if (op == CXBinaryOperator_Assign) {
      visit_expr(b, ks.v[1], M_LOAD, seq);
      // a pointer variable re-pointed: track the new value (flow-insensitively)
      CXCursor lhs = ks.v[0];
      if (clang_getCursorKind(lhs) == CXCursor_DeclRefExpr && is_pointer(cursor_type(lhs))) {
        CXCursor d = kd_cursor_referenced(lhs);
        Cursors subs = {0};
        Target t = with_subs(b, classify(b, ks.v[1], &subs), &subs);
        free(subs.v);
        if (t.k == T_PTR || t.k == T_FADDR)
          env_set(b, d, t);
        else if (env_find(b, d))
          env_set(b, d, (Target){T_NONE, -1, -1, 0, false, false, {0}});
      }
      visit_expr(b, lhs, M_STORE, seq);
    } else if (op == CXBinaryOperator_LAnd || op == CXBinaryOperator_LOr) {
      KdRegion *c = expr_region(b, ks.v[0]);
      KdRegion *r = expr_region(b, ks.v[1]);
      kd_region_add(b->A, seq, kd_region_if(b->A, c, r, NULL));
    } else {
      visit_expr(b, ks.v[0], M_LOAD, seq);
      visit_expr(b, ks.v[1], M_LOAD, seq);
    }
    return;
  }
  case CXCursor_CompoundAssignOperator: {
    KdKids ks = kd_kids_of(e);
    if (ks.n == 2) {
      visit_expr(b, ks.v[1], M_LOAD, seq);
      visit_expr(b, ks.v[0], M_RMW, seq);
    }
    return;
  }
  case CXCursor_ConditionalOperator: {
    KdKids ks = kd_kids_of(e);
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

/* ---- trip counts (docs/method-notes.md §2) ---- */

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

static bool const_int(CXCursor e, int64_t *v) {
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
  CXCursor s = kd_strip_parens(e);
  if (clang_getCursorKind(s) == CXCursor_DeclRefExpr) {
    CXCursor d = kd_cursor_referenced(s);
    if (clang_getCursorKind(d) == CXCursor_VarDecl && clang_isConstQualifiedType(clang_getCursorType(d))) {
      KdKids ks = kd_kids_of(d);
      bool ok = ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])) &&
                const_int(ks.v[ks.n - 1], v);
      return ok;
    }
  }
  return false;
}

static bool refers_to(CXCursor e, CXCursor var) {
  e = kd_strip_parens(e);
  return clang_getCursorKind(e) == CXCursor_DeclRefExpr && clang_equalCursors(kd_cursor_referenced(e), var);
}

typedef enum StepKind { S_NONE, S_ADD, S_MUL, S_DIV } StepKind;

/* Recognises v++, v--, v += s, v -= s, v = v + s, v *= k, v <<= k, v /= k, v >>= k. */
static StepKind step_of(CXCursor inc, CXCursor var, CXCursor *amount, int64_t *unit) {
  inc = kd_strip_parens(inc);
  enum CXCursorKind k = clang_getCursorKind(inc);
  KdKids ks = kd_kids_of(inc);
  StepKind sk = S_NONE;
  *amount = clang_getNullCursor();
  *unit = 1;
  if (k == CXCursor_UnaryOperator && ks.n == 1 && refers_to(ks.v[0], var)) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(inc);
    if (op == CXUnaryOperator_PostInc || op == CXUnaryOperator_PreInc)
      sk = S_ADD;
    if (op == CXUnaryOperator_PostDec || op == CXUnaryOperator_PreDec) {
      sk = S_ADD;
      *unit = -1;
    }
  } else if (k == CXCursor_CompoundAssignOperator && ks.n == 2 && refers_to(ks.v[0], var)) {
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
  } else if (k == CXCursor_BinaryOperator && ks.n == 2 && refers_to(ks.v[0], var) &&
             clang_getCursorBinaryOperatorKind(inc) == CXBinaryOperator_Assign) {
    CXCursor rhs = kd_strip_parens(ks.v[1]);
    KdKids rk = kd_kids_of(rhs);
    if (clang_getCursorKind(rhs) == CXCursor_BinaryOperator && rk.n == 2) {
      enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(rhs);
      if (op == CXBinaryOperator_Add && refers_to(rk.v[0], var)) {
        sk = S_ADD;
        *amount = rk.v[1];
      } else if (op == CXBinaryOperator_Add && refers_to(rk.v[1], var)) {
        sk = S_ADD;
        *amount = rk.v[0];
      } else if (op == CXBinaryOperator_Sub && refers_to(rk.v[0], var)) {
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
static void trip_count(CXCursor init, CXCursor cond, CXCursor inc, KdLoop *lp) {
  lp->rule = KD_RULE_UNKNOWN;
  lp->trip = KD_TRIP_UNKNOWN;
  if (clang_Cursor_isNull(cond))
    return;  // for (;;): unknown
  CXCursor c = kd_strip_parens(cond);
  KdKids ks = kd_kids_of(c);
  CXCursor var = clang_getNullCursor(), bound = clang_getNullCursor();
  enum CXBinaryOperatorKind op = CXBinaryOperator_Invalid;
  if (clang_getCursorKind(c) == CXCursor_BinaryOperator && ks.n == 2) {
    op = clang_getCursorBinaryOperatorKind(c);
    CXCursor l = kd_strip_parens(ks.v[0]), r = kd_strip_parens(ks.v[1]);
    bool rel = op == CXBinaryOperator_LT || op == CXBinaryOperator_LE || op == CXBinaryOperator_GT ||
               op == CXBinaryOperator_GE || op == CXBinaryOperator_NE;
    if (rel && clang_getCursorKind(l) == CXCursor_DeclRefExpr) {
      var = kd_cursor_referenced(l);
      bound = ks.v[1];
    } else if (rel && clang_getCursorKind(r) == CXCursor_DeclRefExpr) {
      var = kd_cursor_referenced(r);
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
    KdKids is = kd_kids_of(init);
    if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
      for (int i = 0; i < is.n; i++)
        if (clang_equalCursors(is.v[i], var)) {
          KdKids vs = kd_kids_of(is.v[i]);
          if (vs.n > 0 && clang_isExpression(clang_getCursorKind(vs.v[vs.n - 1])))
            initv = vs.v[vs.n - 1];
        }
    } else {
      CXCursor a = kd_strip_parens(init);
      KdKids as = kd_kids_of(a);
      if (clang_getCursorKind(a) == CXCursor_BinaryOperator &&
          clang_getCursorBinaryOperatorKind(a) == CXBinaryOperator_Assign && as.n == 2 && refers_to(as.v[0], var))
        initv = as.v[1];
    }
  }
  CXCursor amount = clang_getNullCursor();
  int64_t unit = 1;
  StepKind sk = S_NONE;
  if (!clang_Cursor_isNull(var) && !clang_Cursor_isNull(inc))
    sk = step_of(inc, var, &amount, &unit);
  int64_t i0, B, s = 1;
  bool step_const = sk != S_NONE && (clang_Cursor_isNull(amount) || const_int(amount, &s));
  if (step_const && !clang_Cursor_isNull(initv) && const_int(initv, &i0) && const_int(bound, &B)) {
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

/* ---- statements ---- */

static KdLoop *new_loop(Builder *b, CXCursor at) {
  KdLoop *lp = kd_arena_alloc(b->A, sizeof(KdLoop));
  lp->kernel = b->kernel;
  lp->func = b->func;
  location(at, NULL, &lp->line, &lp->col, b->A);
  KdProgram *p = b->prog;
  if (p->nloops == b->loop_cap) {
    b->loop_cap = b->loop_cap ? 2 * b->loop_cap : 16;
    p->loops = realloc(p->loops, (size_t)b->loop_cap * sizeof(KdLoop *));
    if (!p->loops)
      abort();
  }
  p->loops[p->nloops++] = lp;
  return lp;
}

static void var_decl(Builder *b, CXCursor v, KdRegion *seq) {
  KdKids ks = kd_kids_of(v);
  CXCursor init = clang_getNullCursor();
  if (ks.n > 0 && clang_isExpression(clang_getCursorKind(ks.v[ks.n - 1])))
    init = ks.v[ks.n - 1];
  if (clang_Cursor_isNull(init))
    return;
  CXType vt = cursor_type(v);
  Cursors subs = {0};
  Target t = classify(b, init, &subs);
  bool ref = vt.kind == CXType_LValueReference || vt.kind == CXType_RValueReference;
  if ((is_pointer(vt) && (t.k == T_PTR || t.k == T_FADDR)) ||
      (ref && (t.k == T_ELEM || t.k == T_FIELD || t.k == T_OTHER))) {
    for (int i = 0; i < subs.n; i++)
      visit_expr(b, subs.v[i], M_LOAD, seq);
    env_set(b, v, with_subs(b, t, &subs));
  } else {
    visit_expr(b, init, M_LOAD, seq);
  }
  free(subs.v);
}

/* Region of a statement or expression used in statement position (NULL cursor → NULL). */
static KdRegion *opt_stmt(Builder *b, CXCursor c) { return clang_Cursor_isNull(c) ? NULL : stmt(b, c); }

static void add_segment_stmt(Builder *b, CXCursor c, KdRegion *sw, KdRegion **seg) {
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
    if (k == CXCursor_DefaultStmt)
      sw->has_default = true;
    *seg = kd_region_new(b->A, KR_SEQ);
    kd_region_add(b->A, sw, *seg);
    KdKids ks = kd_kids_of(c);
    if (ks.n > 0)
      add_segment_stmt(b, ks.v[ks.n - 1], sw, seg);  // `case 1: case 2: s` nests
    return;
  }
  if (*seg)  // statements before the first label are unreachable
    kd_region_add(b->A, *seg, stmt(b, c));
}

static KdRegion *stmt(Builder *b, CXCursor s) {
  enum CXCursorKind k = clang_getCursorKind(s);
  KdRegion *seq = kd_region_new(b->A, KR_SEQ);
  KdKids ks = kd_kids_of(s);
  switch (k) {
  case CXCursor_CompoundStmt:
    for (int i = 0; i < ks.n; i++)
      kd_region_add(b->A, seq, stmt(b, ks.v[i]));
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
      kd_region_add(b->A, cond, stmt(b, ks.v[i]));
    KdRegion *then_r = stmt(b, ks.v[ti]);
    KdRegion *else_r = has_else ? stmt(b, ks.v[ks.n - 1]) : NULL;
    kd_region_add(b->A, seq, kd_region_if(b->A, cond, then_r, else_r));
    break;
  }
  case CXCursor_ForStmt: {
    CXCursor p[4];
    kd_for_parts(s, p);
    KdLoop *lp = new_loop(b, s);
    trip_count(p[0], p[1], p[3], lp);
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
    trip_count(clang_getNullCursor(), cc, clang_getNullCursor(), lp);
    if (lp->rule == KD_RULE_CONST)  // no initial value is known for while loops
      lp->rule = KD_RULE_UNKNOWN, lp->trip = KD_TRIP_UNKNOWN;
    KdRegion *cond = stmt(b, cc);
    KdRegion *body = stmt(b, bc);
    kd_region_add(b->A, seq, kd_region_loop(b->A, NULL, cond, body, NULL, lp));
    break;
  }
  case CXCursor_SwitchStmt: {
    if (ks.n < 2)
      break;
    KdRegion *sw = kd_region_new(b->A, KR_SWITCH);
    KdRegion *cond = kd_region_new(b->A, KR_SEQ);
    for (int i = 0; i < ks.n - 1; i++)
      kd_region_add(b->A, cond, stmt(b, ks.v[i]));
    kd_region_add(b->A, sw, cond);
    CXCursor body = ks.v[ks.n - 1];
    KdRegion *seg = NULL;
    if (clang_getCursorKind(body) == CXCursor_CompoundStmt) {
      KdKids bs = kd_kids_of(body);
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
      visit_expr(b, ks.v[i], M_LOAD, seq);
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_RETURN));
    break;
  case CXCursor_GotoStmt:
  case CXCursor_IndirectGotoStmt:
    remark(b, s, "goto", "goto: the analysis treats it as the end of the path (conservative)");
    kd_region_add(b->A, seq, kd_region_new(b->A, KR_RETURN));
    break;
  case CXCursor_LabelStmt:
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
    if (ks.n > 0)
      kd_region_add(b->A, seq, stmt(b, ks.v[ks.n - 1]));
    break;
  case CXCursor_NullStmt:
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt:
    break;
  default:
    if (clang_isExpression(k))
      visit_expr(b, s, M_LOAD, seq);
    else
      for (int i = 0; i < ks.n; i++)
        kd_region_add(b->A, seq, stmt(b, ks.v[i]));
    break;
  }
  return seq;
}

/* ---- functions and kernels ---- */

static void keep_uni(Builder *b, KdUniform *u) {
  if (!u)
    return;
  if (b->nunis == b->unis_cap) {
    b->unis_cap = b->unis_cap ? 2 * b->unis_cap : 16;
    KdUniform **v = realloc(b->unis, (size_t)b->unis_cap * sizeof *v);
    if (!v)
      abort();
    b->unis = v;
  }
  b->unis[b->nunis++] = u;
}

/* Asks the pending bits of memo entry m (its key changes). */
static void memo_resolve(Builder *b, MemoEntry *m) {
  HASH_DEL(b->memo, m);
  for (int i = 0; i < m->npend; i++)
    m->key[m->pend[i].pos] = kd_uniform_var(m->pend[i].from, m->pend[i].var) ? '1' : '0';
  free(m->pend);
  m->pend = NULL;
  m->npend = 0;
  b->memo_pend--;
  HASH_ADD_KEYPTR(hh, b->memo, m->key, strlen(m->key), m);
}

/* The memo entry for key (prefix: its "USR|" length).  A key with pending
 * bits ('?', in pend) is resolved only if an entry for the same function
 * exists (else no entry can match), and so are the pending bits of such
 * entries: the answer is the one of the keys with every bit asked. */
static MemoEntry *memo_find(Builder *b, char *key, size_t prefix, PendBit *pend, int *npend) {
  MemoEntry *m, *tmp;
  if (*npend || b->memo_pend) {
    bool same_fn = false;
    HASH_ITER(hh, b->memo, m, tmp) {
      if (!strncmp(m->key, key, prefix)) {
        same_fn = true;
        break;
      }
    }
    if (!same_fn)
      return NULL;
    for (int i = 0; i < *npend; i++)
      key[pend[i].pos] = kd_uniform_var(pend[i].from, pend[i].var) ? '1' : '0';
    *npend = 0;
    HASH_ITER(hh, b->memo, m, tmp) {
      if (m->npend && !strncmp(m->key, key, prefix))
        memo_resolve(b, m);
    }
  }
  HASH_FIND_STR(b->memo, key, m);
  return m;
}

static KdRegion *build_function(Builder *b, CXCursor def, const Target *bind, int nbind, CXCursor call) {
  CXString usr = clang_getCursorUSR(def);
  size_t klen = strlen(clang_getCString(usr)) + 16 * (size_t)(nbind + 1) + 2;
  char *key = malloc(klen);
  size_t pos = (size_t)snprintf(key, klen, "%s|", clang_getCString(usr));
  size_t prefix = pos;
  clang_disposeString(usr);
  PendBit *pend = calloc((size_t)(nbind ? nbind : 1), sizeof *pend);
  int npend = 0;
  for (int i = 0; i < nbind; i++) {
    pos += (size_t)snprintf(key + pos, klen - pos, "%d:%d:%u:", bind[i].k, bind[i].sid, bind[i].bytes);
    if (bind[i].uniform && bind[i].pend)  // the caller's variable: asked when it matters
      pend[npend++] = (PendBit){pos, b->uni, bind[i].uvar};
    pos += (size_t)snprintf(key + pos, klen - pos, "%c;", !bind[i].uniform ? '0' : bind[i].pend ? '?' : '1');
  }
  MemoEntry *m = memo_find(b, key, prefix, pend, &npend);
  if (m) {
    free(pend);
    free(key);
    return m->region;
  }
  for (int i = 0; i < b->depth; i++)
    if (!strncmp(b->stack[i], key, strcspn(key, "|") + 1)) {
      CXString fn = clang_getCursorSpelling(def);
      remark(b, call, "recursion", "recursive call to '%s' is not followed: the analysis is conservative",
             clang_getCString(fn));
      clang_disposeString(fn);
      free(pend);
      free(key);
      return NULL;
    }
  if (b->depth == b->stack_cap) {
    b->stack_cap = b->stack_cap ? 2 * b->stack_cap : 16;
    b->stack = realloc(b->stack, (size_t)b->stack_cap * sizeof(char *));
  }
  b->stack[b->depth++] = key;
  EnvEntry *saved = b->env;
  const char *saved_func = b->func;
  KdUniform *saved_uni = b->uni;
  b->env = NULL;
  b->func = spelling(b->A, def);
  int np = clang_Cursor_getNumArguments(def);
  // pointer (and reference) parameters keep the caller's uniformity; scalars are varying
  KdUniformParam *pu = calloc((size_t)(np > 0 ? np : 1), sizeof *pu);
  for (int i = 0; i < np && i < nbind; i++)
    if (binds_param(bind[i].k)) {
      Target t = bind[i];
      t.pend = false;  // the callee's analysis carries the caller's bit: kd_uniform_var of the parameter
      env_set(b, clang_Cursor_getArgument(def, (unsigned)i), t);
      pu[i] = (KdUniformParam){bind[i].uniform, bind[i].pend ? saved_uni : NULL, bind[i].uvar};
    }
  b->uni = kd_uniform_new_bound(b->src->lang, def, pu, np > 0 ? np : 0);
  free(pu);
  keep_uni(b, b->uni);  // freed with the memo: bindings and memo keys may still ask it
  CXCursor body = kd_function_body(def);
  KdRegion *r = clang_Cursor_isNull(body) ? NULL : stmt(b, body);
  b->uni = saved_uni;
  env_clear(&b->env);
  b->env = saved;
  b->func = saved_func;
  b->depth--;
  m = calloc(1, sizeof *m);
  m->key = key;
  m->region = r;
  m->npend = npend;
  m->pend = npend ? pend : NULL;
  if (npend)
    b->memo_pend++;
  else
    free(pend);
  HASH_ADD_KEYPTR(hh, b->memo, m->key, strlen(m->key), m);
  return r;
}

static void memo_clear(Builder *b) {
  MemoEntry *m, *tmp;
  HASH_ITER(hh, b->memo, m, tmp) {
    HASH_DEL(b->memo, m);
    free(m->key);
    free(m->pend);
    free(m);
  }
  b->memo_pend = 0;
  for (int i = 0; i < b->nunis; i++)
    kd_uniform_free(b->unis[i]);
  b->nunis = 0;
}

static void build_kernel(Builder *b, CXCursor fn) {
  KdProgram *p = b->prog;
  KdKernel *k = &p->kernels[p->nkernels++];
  k->name = spelling(b->A, fn);
  location(fn, NULL, &k->line, &k->col, b->A);
  b->kernel = k->name;
  b->func = k->name;
  int np = clang_Cursor_getNumArguments(fn);
  for (int i = 0; i < np; i++) {
    CXCursor prm = clang_Cursor_getArgument(fn, (unsigned)i);
    CXType spelled = clang_getCursorType(prm);
    CXType t = canon(spelled);
    if (!is_pointer(t))
      continue;
    if (b->src->lang == KD_LANG_OPENCL && !kd_opencl_global_pointer(t))
      continue;
    CXType pt = canon(clang_getPointeeType(t));
    Target tg = pointer_target(b, pt, spelled_pointee(spelled));
    tg.uniform = true;  // a kernel parameter: the same for every thread (unless re-pointed: kd_uniform_var)
    if (tg.sid >= 0)
      struct_add_kernel(b, tg.sid);
    env_set(b, prm, tg);
  }
  b->uni = kd_uniform_new(b->src->lang, fn, NULL, 0);
  keep_uni(b, b->uni);
  CXCursor body = kd_function_body(fn);
  k->body = clang_Cursor_isNull(body) ? NULL : stmt(b, body);
  b->uni = NULL;
  env_clear(&b->env);
  memo_clear(b);
}

typedef struct TopVisit {
  Builder *b;
  Cursors kernels;
} TopVisit;

static enum CXChildVisitResult visit_top(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  TopVisit *tv = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec)
    return CXChildVisit_Recurse;
  if (k == CXCursor_FunctionDecl && clang_isCursorDefinition(c) && kd_cursor_in_user_code(c) &&
      kd_is_kernel(tv->b->src->lang, c))
    cursors_push(&tv->kernels, c);
  return CXChildVisit_Continue;
}

int kd_access_build(const KdSource *src, KdProgram **out, FILE *remarks, unsigned flags) {
  KdProgram *p = calloc(1, sizeof *p);
  if (!p)
    return -1;
  p->arena = kd_arena_new();
  Builder b = {.src = src, .prog = p, .A = p->arena, .rem = remarks, .lazy = (flags & KD_ACCESS_UNIFORM_LAZY) != 0};
  TopVisit tv = {&b, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_top, &tv);
  p->kernels = calloc((size_t)(tv.kernels.n ? tv.kernels.n : 1), sizeof(KdKernel));
  for (int i = 0; i < tv.kernels.n; i++)
    build_kernel(&b, tv.kernels.v[i]);
  free(tv.kernels.v);
  StructEntry *se, *st;
  HASH_ITER(hh, b.structs, se, st) {
    HASH_DEL(b.structs, se);
    free(se->usr);
    free(se);
  }
  FieldEntry *fe, *ft;
  HASH_ITER(hh, b.fields, fe, ft) {
    HASH_DEL(b.fields, fe);
    free(fe);
  }
  SeenEntry *re, *rt;
  HASH_ITER(hh, b.seen, re, rt) {
    HASH_DEL(b.seen, re);
    free(re->key);
    free(re);
  }
  free(b.stack);
  free(b.unis);
  free(b.varying);
  *out = p;
  return 0;
}

void kd_program_free(KdProgram *p) {
  if (!p)
    return;
  kd_arena_free(p->arena);
  free(p->structs);
  free(p->kernels);
  free(p->loops);
  free(p);
}
