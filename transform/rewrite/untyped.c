/* untyped.c: device memory allocated into a pointer of another type
 * (issue 19).  Real programs often allocate an array of structs into a
 * `void *` (or `char *`) and cast it at the launch:
 *
 *     void *d;
 *     cudaMalloc(&d, n * sizeof(S));
 *     cudaMemcpy(d, h, n * sizeof(S), cudaMemcpyHostToDevice);
 *     k<<<g, b>>>((S *)d, n);
 *     cudaFree(d);
 *
 * Such a local is an untyped pointer variable of S, tracked like `S *d`
 * (pass 1 gives it a Var of S: a view once the cudaMalloc seeds it), when
 * nothing but these uses name it:
 *   - `&d` (or `(void **)&d`) as cudaMalloc's / cudaMallocManaged's /
 *     cudaMallocAsync's first argument (at least one);
 *   - `d` (bare, or cast to a `void *`) as a pointer argument of cudaMemcpy,
 *     cudaMemcpyAsync, cudaMemset, cudaMemsetAsync, cudaFree, cudaFreeAsync;
 *   - `(S *)d`, `(const S *)d`, `static_cast<S *>(d)`: one planned struct S
 *     for every cast.
 * Then every byte the memory holds is read and written as an array of S (the
 * casts are its only way into an expression), so the layout may change it
 * as it changes `S *d`: the declaration becomes `kdlg_view_S d`, the memory
 * calls the converting ones, each cast the view itself.  Anything else
 * (arithmetic, a comparison, an assignment, passing it on as `void *`, a cast
 * to another type, a parameter or a global) leaves the variable alone, and a
 * cast of it to `S *` that reaches device data keeps S in AoS with a remark
 * that says which use (rw_untyped_why). */
#include "rewriteInt.h"

/* A candidate: a local pointer-to-void-or-char variable, with what its uses
 * were. */
typedef struct Untyped {
  DeclKey key;
  CXCursor decl;
  int refs;          // references to it
  int allowed;       // ... of which in one of the uses above
  int mallocs;       // ... of which cudaMalloc targets
  int rs;            // the struct of its casts: -1 none yet, -2 two different ones
  CXCursor bad_at;   // the first other use (null cursor: none)
  UT_hash_handle hh;
} Untyped;

/* Whether t is a pointer to void or to a character type (not volatile). */
static bool untyped_pointer(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer)
    return false;
  CXType p = clang_getCanonicalType(clang_getPointeeType(t));
  return !clang_isVolatileQualifiedType(p) && rw_byte_type(p);
}

static Untyped *find(R *r, CXCursor decl) {
  DeclKey k = decl_key(decl);
  Untyped *u;
  HASH_FIND(hh, r->fl.untyped, &k, sizeof k, u);
  return u;
}

/* e without the parentheses, implicit conversions and casts to `void *`
 * around it (`(S *)(void *)d`: d). */
KdNode *rw_strip_void_casts(R *r, KdNode *e) {
  KdNode *ch;
  while (rw_conversion_operand(e, &ch)) {
    enum CXCursorKind k = e->c.kind;
    if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr) {
      CXType t = clang_getCanonicalType(kd_node_type(r->tree, e));
      if (k == CXCursor_CXXReinterpretCastExpr || t.kind != CXType_Pointer ||
          clang_getCanonicalType(clang_getPointeeType(t)).kind != CXType_Void)
        break;
    }
    e = ch;
  }
  return e;
}

/* The candidate named by e (parentheses and implicit conversions around it,
 * and with `voids` casts to `void *` too), or NULL. */
static Untyped *named(R *r, KdNode *e, KdNode **ref, bool voids) {
  e = voids ? rw_strip_void_casts(r, e) : rw_strip_parens_casts(e);
  if (e->c.kind != CXCursor_DeclRefExpr || !r->fl.untyped)
    return NULL;
  CXCursor d = kd_node_referenced(r->tree, e);
  Untyped *u = clang_Cursor_isNull(d) ? NULL : find(r, d);
  if (u && ref)
    *ref = e;
  return u;
}

/* The scan's state: the references that an enclosing use allows. */
typedef struct Scan {
  R *r;
  KD_VEC(KdNode *) ok;
} Scan;

static void allow(Scan *s, KdNode *ref) { kd_vec_push(&s->ok, ref); }

/* A memory call's pointer argument: `d`, or `d` cast to `void *`. */
static void allow_mem_arg(Scan *s, KdNode *a) {
  KdNode *ref;
  if (named(s->r, a, &ref, true))
    allow(s, ref);
}

/* The uses that node n allows (a memory call, a cast to a struct pointer). */
static void scan_node(Scan *s, KdNode *n) {
  R *r = s->r;
  enum CXCursorKind k = n->c.kind;
  if (k == CXCursor_VarDecl) {
    enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(n->c));
    if (untyped_pointer(clang_getCursorType(n->c)) && clang_Cursor_getStorageClass(n->c) != CX_SC_Static &&
        (pk == CXCursor_FunctionDecl || pk == CXCursor_CXXMethod || pk == CXCursor_Constructor ||
         pk == CXCursor_Destructor) &&
        !find(r, n->c)) {
      Untyped *u = kd_xcalloc(1, sizeof *u);
      u->key = decl_key(n->c);
      u->decl = n->c;
      u->rs = -1;
      u->bad_at = clang_getNullCursor();
      HASH_ADD(hh, r->fl.untyped, key, sizeof(DeclKey), u);
    }
  } else if (k == CXCursor_CallExpr) {
    const HostCall *h = rw_host_call(r, kd_node_referenced(r->tree, n));
    int nargs = clang_Cursor_getNumArguments(n->c);
    if (!h || nargs < 1)
      return;
    if (h->kind == H_MALLOC) {
      KdNode *a = rw_arg_node(r, n, 0), *ch;
      while (rw_conversion_operand(a, &ch))
        a = ch;
      if (a->c.kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(a->c) == CXUnaryOperator_AddrOf &&
          rw_only_kid(a)) {
        KdNode *ref;
        Untyped *u = named(r, rw_only_kid(a), &ref, false);
        if (u) {
          allow(s, ref);
          u->mallocs++;
        }
      }
    } else {
      allow_mem_arg(s, rw_arg_node(r, n, 0));
      if (h->kind == H_COPY && nargs >= 2)
        allow_mem_arg(s, rw_arg_node(r, n, 1));
    }
  } else if ((k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr) && n->nkids >= 1) {
    KdNode *ref;
    Untyped *u = named(r, rw_last_kid(n), &ref, false);
    if (!u)
      return;
    CXType t = kd_node_type(r->tree, n);
    int rs = rw_rs_of_pointer(r, t);
    if (rs < 0)
      return;  // (a cast to another type: the reference is not allowed)
    allow(s, ref);
    u->rs = u->rs == -1 || u->rs == rs ? rs : -2;
  }
}

static void scan_below(Scan *s, KdNode *n) {
  for (int i = 0; i < n->nkids; i++) {
    KdNode *c = n->kids[i];
    scan_node(s, c);
    if (c->c.kind == CXCursor_DeclRefExpr) {
      Untyped *u = named(s->r, c, NULL, false);
      if (u) {
        u->refs++;
        bool ok = false;
        for (int j = 0; j < s->ok.n && !ok; j++)
          ok = s->ok.v[j] == c;
        if (ok)
          u->allowed++;
        else if (clang_Cursor_isNull(u->bad_at))
          u->bad_at = c->c;
      }
    }
    scan_below(s, c);
  }
}

void rw_untyped_scan(R *r) {
  if (!r->cuda)
    return;
  Scan s = {r, {0}};
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn))
      continue;
    CXCursor body = kd_function_body(fn);
    if (clang_Cursor_isNull(body))
      continue;
    s.ok.n = 0;
    scan_below(&s, rw_node_of(r, body));
  }
  free(s.ok.v);
}

int rw_untyped_rs(R *r, CXCursor decl) {
  Untyped *u = r->fl.untyped ? find(r, decl) : NULL;
  if (!u || u->refs != u->allowed || u->mallocs == 0 || u->rs < 0)
    return -1;
  return u->rs;
}

/* "line L, column C" of cursor c. */
static void line_col(CXCursor c, char *buf, size_t n) {
  unsigned line, col;
  clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
  snprintf(buf, n, "line %u, column %u", line, col);
}

bool rw_untyped_why(R *r, KdNode *e, const char *to, char *why, size_t n) {
  e = rw_strip_parens_casts(e);
  enum CXCursorKind k = e->c.kind;
  if ((k != CXCursor_CStyleCastExpr && k != CXCursor_CXXStaticCastExpr && k != CXCursor_CXXReinterpretCastExpr) ||
      e->nkids < 1)
    return false;
  KdNode *op = rw_strip_parens_casts(rw_last_kid(e));
  CXType ot = kd_node_type(r->tree, op);
  if (clang_getCanonicalType(ot).kind != CXType_Pointer || rw_rs_of_pointer(r, ot) >= 0)
    return false;
  KdNode *name = rw_strip_void_casts(r, op);  // (`(S *)(void *)d`: d, named in the message)
  CXCursor nd = name->c.kind == CXCursor_DeclRefExpr ? kd_node_referenced(r->tree, name) : clang_getNullCursor();
  enum CXCursorKind ndk = clang_getCursorKind(nd);
  if (!r->cuda || (ndk != CXCursor_VarDecl && ndk != CXCursor_ParmDecl) || !untyped_pointer(clang_getCursorType(nd)))
    return false;  // (a call's value, a pointer to another struct, ...: the general message)
  Untyped *u = named(r, name, NULL, false);
  CXString ts = clang_getTypeSpelling(clang_getCursorType(nd));
  char tn[128];
  snprintf(tn, sizeof tn, "%s", clang_getCString(ts));
  clang_disposeString(ts);
  char at[64] = "", vn[128] = "";
  rw_spell(nd, vn, sizeof vn);
  const char *rule = "the rewriter follows a 'void *' or 'char *' only where it is a local variable that cudaMalloc "
                     "allocates and that nothing but CUDA memory calls and casts to one struct's pointer use";
  const char *what = ndk == CXCursor_ParmDecl ? "parameter" : "variable";
  if (k == CXCursor_CXXReinterpretCastExpr)
    snprintf(why, n, "'%s' is given '%s' %s '%s' through reinterpret_cast (%s, by static_cast or a C cast)", to, tn,
             what, vn, rule);
  else if (!u)
    snprintf(why, n, "'%s' is given '%s' %s '%s' cast to another type (%s)", to, tn, what, vn, rule);
  else if (u->refs != u->allowed) {
    line_col(u->bad_at, at, sizeof at);
    snprintf(why, n,
             "'%s' is given '%s' variable '%s' cast to another type, which is also used other than by CUDA memory "
             "calls and casts to one struct's pointer (%s)",
             to, tn, vn, at);
  } else if (u->mallocs == 0)
    snprintf(why, n, "'%s' is given '%s' variable '%s' cast to another type, which no cudaMalloc in its function allocates",
             to, tn, vn);
  else if (u->rs == -2)
    snprintf(why, n, "'%s' is given '%s' variable '%s' cast to another type, which is cast to pointers to two structs", to,
             tn, vn);
  else
    return false;
  return true;
}

void rw_untyped_free(R *r) {
  Untyped *u, *t;
  HASH_ITER(hh, r->fl.untyped, u, t) {
    HASH_DEL(r->fl.untyped, u);
    free(u);
  }
}
