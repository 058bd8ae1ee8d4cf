/* access.c: the access-model builder (see access.h; Sect. 3.1): its state
 * and remarks, the candidate structs, the environment, and the functions
 * and kernels whose bodies access_expr.c and access_stmt.c walk
 * (accessInt.h lists the files).
 *
 * Top-down: collect kernels and their candidate structs, then walk each
 * kernel body with an environment that says which variables point into
 * global memory (pointer parameters, pointers derived from them, references
 * to elements), emitting KR_ACCESS regions in evaluation order and
 * KR_IF/KR_LOOP/KR_SWITCH regions for control flow.  Calls to functions
 * defined in the file are followed with their pointer arguments bound.
 */
#include "accessInt.h"

#include <stdarg.h>

/* ---- small helpers over libclang ---- */

static char *spelling(KdArena *a, CXCursor c) {
  CXString s = clang_getCursorSpelling(c);
  char *r = kd_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "");
  clang_disposeString(s);
  return r;
}

void ac_location(CXCursor c, const char **file, unsigned *line, unsigned *col, KdArena *a) {
  CXFile f;
  clang_getExpansionLocation(clang_getCursorLocation(c), &f, line, col, NULL);
  if (file) {
    CXString s = clang_getFileName(f);
    *file = kd_arena_strdup(a, clang_getCString(s) ? clang_getCString(s) : "?");
    clang_disposeString(s);
  }
}

/* ---- remarks ---- */

void ac_remark(Builder *b, CXCursor at, const char *tag, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  const char *file;
  unsigned line, col;
  ac_location(at, &file, &line, &col, b->A);
  char key[1400];
  snprintf(key, sizeof key, "%s:%u:%u:%s", file, line, col, msg);
  SeenEntry *s;
  HASH_FIND_STR(b->seen, key, s);
  if (s)
    return;
  s = kd_xcalloc(1, sizeof *s);
  s->key = kd_xstrdup(key);
  HASH_ADD_KEYPTR(hh, b->seen, s->key, strlen(s->key), s);
  kd_remark(b->rem, (KdLoc){file, line, col}, tag, "%s", msg);
}

/* ---- candidate structs ---- */

void ac_struct_add_kernel(Builder *b, int sid) {
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
  Cursors *fields = data;
  kd_vec_push(fields, c);
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
  KD_GROW(p->structs, b->struct_cap, p->nstructs + 1);
  int sid = p->nstructs++;
  KdStruct *st = &p->structs[sid];
  memset(st, 0, sizeof *st);
  st->name = struct_name(b, spelled_t, decl);
  CXString ts = clang_getTypeSpelling(clang_getUnqualifiedType(spelled_t));
  const char *tn = clang_getCString(ts);
  if (tn && strcmp(tn, st->name) && !strchr(tn, ' '))  // `NamedT` for typedef struct Named {...} NamedT
    st->alias = kd_arena_strdup(b->A, tn);
  clang_disposeString(ts);
  ac_location(decl, &st->file, &st->line, &st->col, b->A);
  long long size = clang_Type_getSizeOf(t);
  st->bytes = size > 0 ? (uint32_t)size : 0;
  st->eligible = true;
  e = kd_xcalloc(1, sizeof *e);
  st->usr = kd_arena_strdup(b->A, u);
  e->usr = kd_xstrdup(u);
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
      CXType ft = cursor_type(b->src->tree, fc);
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
      FieldEntry *fe = kd_xcalloc(1, sizeof *fe);
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
    ac_remark(b, decl, "ineligible", "%s: not eligible for layout optimization", why);
  }
  return sid;
}

int ac_field_index(Builder *b, int sid, CXCursor field) {
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

EnvEntry *ac_env_find(Builder *b, CXCursor decl) {
  DeclKey k = decl_key(decl);
  EnvEntry *e;
  HASH_FIND(hh, b->env, &k, sizeof k, e);
  return e;
}

void ac_env_set(Builder *b, CXCursor decl, Target t) {
  EnvEntry *e = ac_env_find(b, decl);
  if (!e) {
    e = kd_xcalloc(1, sizeof *e);
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

/* ---- functions and kernels ---- */

static void keep_uni(Builder *b, KdUniform *u) {
  kd_vec_push(&b->unis, u);
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

KdRegion *ac_build_function(Builder *b, CXCursor def, const Target *bind, int nbind, CXCursor call) {
  CXString usr = clang_getCursorUSR(def);
  size_t klen = strlen(clang_getCString(usr)) + 16 * (size_t)(nbind + 2) + 2;
  char *key = kd_xmalloc(klen);
  size_t pos = (size_t)snprintf(key, klen, "%s|", clang_getCString(usr));
  size_t prefix = pos;
  clang_disposeString(usr);
  Target self = b->call_this;  // (the member function's `this`, from visit_call)
  b->call_this.k = T_NONE;
  pos += (size_t)snprintf(key + pos, klen - pos, "%d:%d:%c;", self.k, self.sid, self.uniform ? '1' : '0');
  PendBit *pend = kd_xcalloc((size_t)(nbind ? nbind : 1), sizeof *pend);
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
      ac_remark(b, call, "recursion", "recursive call to '%s' is not followed: the analysis is conservative",
             clang_getCString(fn));
      clang_disposeString(fn);
      free(pend);
      free(key);
      return NULL;
    }
  KD_GROW(b->stack, b->stack_cap, b->depth + 1);
  b->stack[b->depth++] = key;
  EnvEntry *saved = b->env;
  Target saved_this = b->this_t;
  b->this_t = self;
  const char *saved_func = b->func;
  KdUniform *saved_uni = b->uni;
  b->env = NULL;
  b->func = spelling(b->A, def);
  int np = kd_function_nparams(def);  // (a function template's too: a call that a template resolves later)
  // pointer (and reference) parameters keep the caller's uniformity; scalars are varying
  KdUniformParam *pu = kd_xcalloc((size_t)(np > 0 ? np : 1), sizeof *pu);
  for (int i = 0; i < np && i < nbind; i++)
    if (binds_param(bind[i].k)) {
      Target t = bind[i];
      t.pend = false;  // the callee's analysis carries the caller's bit: kd_uniform_var of the parameter
      ac_env_set(b, kd_function_param(def, (unsigned)i), t);
      pu[i] = (KdUniformParam){bind[i].uniform, bind[i].pend ? saved_uni : NULL, bind[i].uvar};
    }
  b->uni = kd_uniform_new_bound(b->src, def, pu, np > 0 ? np : 0);
  free(pu);
  keep_uni(b, b->uni);  // freed with the memo: bindings and memo keys may still ask it
  CXCursor body = kd_function_body(def);
  KdRegion *r = clang_Cursor_isNull(body) ? NULL : ac_stmt(b, body);
  b->uni = saved_uni;
  env_clear(&b->env);
  b->env = saved;
  b->this_t = saved_this;
  b->func = saved_func;
  b->depth--;
  m = kd_xcalloc(1, sizeof *m);
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
  for (int i = 0; i < b->unis.n; i++)
    kd_uniform_free(b->unis.v[i]);
  b->unis.n = 0;
}

static void build_kernel(Builder *b, CXCursor fn) {
  KdProgram *p = b->prog;
  KdKernel *k = &p->kernels[p->nkernels++];
  k->name = spelling(b->A, fn);
  ac_location(fn, &k->file, &k->line, &k->col, b->A);
  b->kernel = k->name;
  b->func = k->name;
  int np = kd_function_nparams(fn);
  for (int i = 0; i < np; i++) {
    CXCursor prm = kd_function_param(fn, (unsigned)i);
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
      ac_struct_add_kernel(b, tg.sid);
    ac_env_set(b, prm, tg);
  }
  b->uni = kd_uniform_new(b->src, fn, NULL, 0);
  keep_uni(b, b->uni);
  CXCursor body = kd_function_body(fn);
  k->body = clang_Cursor_isNull(body) ? NULL : ac_stmt(b, body);
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
  if ((k == CXCursor_FunctionDecl || (k == CXCursor_FunctionTemplate && kd_function_template_plain(c))) &&
      clang_isCursorDefinition(c) && kd_cursor_in_user_code(c) && kd_is_kernel(tv->b->src->lang, c))
    kd_vec_push(&tv->kernels, c);
  return CXChildVisit_Continue;
}

KdProgram *kd_access_build(const KdSource *src, FILE *remarks, unsigned flags) {
  KdProgram *p = kd_xcalloc(1, sizeof *p);
  p->arena = kd_arena_new();
  Builder b = {.src = src, .prog = p, .A = p->arena, .rem = remarks, .lazy = (flags & KD_ACCESS_UNIFORM_LAZY) != 0};
  TopVisit tv = {&b, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(src->tu), visit_top, &tv);
  p->kernels = kd_xcalloc((size_t)(tv.kernels.n ? tv.kernels.n : 1), sizeof(KdKernel));
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
  free(b.unis.v);
  free(b.varying);
  return p;
}

void kd_program_free(KdProgram *p) {
  if (!p)
    return;
  kd_arena_free(p->arena);
  for (int i = 0; i < p->nparts; i++)
    kd_program_free(p->parts[i]);
  free(p->parts);
  free(p->structs);
  free(p->kernels);
  free(p->loops);
  free(p);
}
