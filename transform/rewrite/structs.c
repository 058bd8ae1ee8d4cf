/* structs.c: the plan's structs as the rewriter sees them in this file
 * (RStruct: the definition, the layout description, the spelling of the
 * type and of its fields' types, where the generated block goes), the
 * remark that keeps one in AoS (rw_set_bad), and which struct a type or a
 * field is. */
#define _GNU_SOURCE /* vasprintf */
#include "rewriteInt.h"

#include <stdarg.h>

static int field_decl_index(R *r, int rs, CXCursor fd);

/* The remark being written (kd_remark's line) goes to r->rem and becomes
 * struct rs's reason (RStruct.why: the verdict's, KdRewriteResult.why). */
static FILE *why_open(char **buf, size_t *len) { return kd_xopen_memstream(buf, len); }

static void why_close(R *r, int rs, FILE *f, char **bufp) {
  fclose(f);  // (sets *bufp)
  char *buf = *bufp;
  fputs(buf, r->rem);
  size_t n = strlen(buf);
  while (n && buf[n - 1] == '\n')
    buf[--n] = '\0';
  free(r->rs[rs].why);
  r->rs[rs].why = buf;
}

static void set_bad_v(R *r, int rs, CXSourceLocation at, const char *fmt, va_list ap) {
  if (rs < 0 || r->rs[rs].bad)
    return;
  r->rs[rs].bad = true;
  r->vm.gen++;  // (its pointers stop being views: vref's answers about them are stale)
  char *msg;
  if (vasprintf(&msg, fmt, ap) < 0)
    kd_out_of_memory();
  char *buf;
  size_t len;
  FILE *f = why_open(&buf, &len);
  kd_remark_at(f, at, r->src->path, "rewrite", "struct '%s' keeps its AoS layout: %s", r->rs[rs].sp->name, msg);
  why_close(r, rs, f, &buf);
  free(msg);
}

/* Struct rs keeps AoS: the remark (printf-style), at `at`'s expansion location. */
void rw_set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_bad_v(r, rs, clang_getCursorLocation(at), fmt, ap);
  va_end(ap);
}

/* rw_set_bad at a source location. */
void rw_set_bad_loc(R *r, int rs, CXSourceLocation at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  set_bad_v(r, rs, at, fmt, ap);
  va_end(ap);
}

/* Struct index of the record type t (canonical), or -1. */
int rw_rs_of_record(R *r, CXType t) {
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
int rw_rs_of_pointer(R *r, CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer)
    return -1;
  return rw_rs_of_record(r, clang_getCanonicalType(clang_getPointeeType(t)));
}

/* Struct index if t is an lvalue reference to one of the plan's structs
 * (`S &`, `const S &`, `auto &` deduced so), else -1. */
int rw_rs_of_lvalue_ref(R *r, CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_LValueReference)
    return -1;
  return rw_rs_of_record(r, clang_getCanonicalType(clang_getPointeeType(t)));
}

/* The index in struct rs of the field that `member` names, or -1. */
int rw_field_index(R *r, int rs, KdNode *member) {
  CXCursor fd = kd_node_referenced(r->tree, member);
  if (clang_getCursorKind(fd) != CXCursor_FieldDecl)
    return -1;
  FieldDecl *d;  // (a kernel names few fields many times)
  HASH_FIND(hh, r->rs[rs].fdecls, &fd, sizeof fd, d);
  if (!d) {
    d = kd_xcalloc(1, sizeof *d);
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
  rw_spell(fd, name, sizeof name);
  RStruct *S = &r->rs[rs];
  if (!S->fnames) {  // (a struct of 256 fields would compare 256 names per access)
    FieldName *all = S->fname_mem = kd_xcalloc((size_t)S->L->nfields + 1, sizeof(FieldName));
    for (int i = 0; i < (int)S->L->nfields; i++) {
      FieldName *f;
      HASH_FIND_STR(S->fnames, S->L->fields[i].name, f);
      if (f)
        continue;  // the first field of a name wins
      all[i].name = S->L->fields[i].name;
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

/* The namespaces S (defined at def) is declared in, into S->qual and
 * S->ns_start; an anonymous namespace, or any in OpenCL, keeps S in AoS. */
static void namespaces(R *r, RStruct *S, CXCursor def) {
  S->qual[0] = '\0';
  if (!S->changes)
    return;  // (no block)
  for (CXCursor sp = clang_getCursorSemanticParent(def); !clang_Cursor_isNull(sp) &&
                                                         clang_getCursorKind(sp) != CXCursor_TranslationUnit;
       sp = clang_getCursorSemanticParent(sp)) {
    if (clang_getCursorKind(sp) != CXCursor_Namespace)
      continue;
    char ns[256], q[256];
    rw_spell(sp, ns, sizeof ns);
    if (!*ns || !r->cuda) {  // (the generated block follows the definition, inside the namespace)
      rw_set_bad(r, (int)(S - r->rs), def,
                 "it is declared inside %s%s%s (the rewriter declares generated code only in named namespaces of "
                 "CUDA code)",
                 *ns ? "namespace '" : "an anonymous namespace", ns, *ns ? "'" : "");
      return;
    }
    if (strlen(ns) + 2 + strlen(S->qual) + 1 > sizeof q) {
      rw_set_bad(r, (int)(S - r->rs), def, "the names of the namespaces it is declared in are too long");
      return;
    }
    unsigned b, e;
    if (!rw_range_of(r, sp, &b, &e)) {
      rw_set_bad(r, (int)(S - r->rs), def, "it is declared inside namespace '%s', which does not lie in this file", ns);
      return;
    }
    snprintf(q, sizeof q, "%s::%s", ns, S->qual);
    strcpy(S->qual, q);
    S->ns_start = b;
  }
}

/* ---- structs ---- */

/* t through typedefs and elaborated names down to the array type they
 * name (`typedef unsigned A4[4]`), or t itself. */
static CXType array_of_sugar(CXType t) {
  if (clang_getCanonicalType(t).kind != CXType_ConstantArray)
    return t;
  for (int i = 0; i < 64 && t.kind != CXType_ConstantArray; i++) {
    if (t.kind == CXType_Typedef)
      t = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(t));
    else if (t.kind == CXType_Elaborated)
      t = clang_Type_getNamedType(t);
    else
      return clang_getCanonicalType(t);
  }
  return t;
}

/* Why a field of type t cannot be assigned as a member of an element (the
 * generated whole-element load declares an element and assigns its fields
 * one by one, the store assigns them): a const or reference member
 * anywhere inside it.  NULL if it can.  (Constructors: whole_copy.) */
static const char *unassignable(CXType t, int depth) {
  t = clang_getCanonicalType(t);
  while (t.kind == CXType_ConstantArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  if (clang_isConstQualifiedType(t))
    return "is const";
  if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    return "is a reference";
  if (t.kind != CXType_Record || depth > 32)
    return NULL;
  CXCursor d = clang_getCursorDefinition(clang_getTypeDeclaration(t));
  if (clang_Cursor_isNull(d))
    return NULL;
  Kids k = rw_kids_of(d);
  const char *why = NULL;
  for (int i = 0; i < k.n && !why; i++)
    if (clang_getCursorKind(k.v[i]) == CXCursor_FieldDecl && unassignable(clang_getCursorType(k.v[i]), depth + 1))
      why = "has a const or reference member";
  free(k.v);
  return why;
}

/* Whether a special member function was written by the user (not
 * implicit, not `= default` on its first declaration, not deleted). */
static bool user_provided(CXCursor m) { return !clang_CXXMethod_isDefaulted(m) && !clang_CXXMethod_isDeleted(m); }

static bool constant_ctor(CXCursor m, int depth);

/* Whether expression e is made only of literals (numbers, characters,
 * `true`, `nullptr`), braces, parentheses, signs, casts and implicit
 * conversions of them, and default constructions of fields whose default
 * constructor is defaulted or constant_ctor (`w{}`): nothing it evaluates
 * has an effect or reads memory. */
static bool literal_expr(CXCursor e, int depth) {
  enum CXCursorKind k = clang_getCursorKind(e);
  if (depth > 16)
    return false;
  if (k == CXCursor_CallExpr) {  // (a construction: libclang's cursor for CXXConstructExpr)
    CXCursor c = clang_getCursorReferenced(e);
    if (clang_getCursorKind(c) != CXCursor_Constructor || clang_Cursor_getNumArguments(e) != 0 ||
        !clang_CXXConstructor_isDefaultConstructor(c))
      return false;
    return clang_CXXMethod_isDefaulted(c) || constant_ctor(c, depth + 1);
  }
  if (k == CXCursor_IntegerLiteral || k == CXCursor_FloatingLiteral || k == CXCursor_CharacterLiteral ||
      k == CXCursor_CXXBoolLiteralExpr || k == CXCursor_CXXNullPtrLiteralExpr || k == CXCursor_TypeRef)
    return true;
  if (k == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(e);
    if (op != CXUnaryOperator_Minus && op != CXUnaryOperator_Plus)
      return false;
  } else if (k != CXCursor_InitListExpr && k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr &&
             k != CXCursor_CStyleCastExpr && k != CXCursor_CXXFunctionalCastExpr &&
             k != CXCursor_CXXStaticCastExpr) {
    return false;
  }
  Kids kids = rw_kids_of(e);
  bool ok = true;
  for (int i = 0; i < kids.n && ok; i++)
    ok = literal_expr(kids.v[i], depth + 1);
  free(kids.v);
  return ok;
}

/* Whether default constructor m, user-provided, only gives fields
 * constant values and runs on the device: its definition (here) is
 * __device__, has an empty body and each member initialiser is
 * literal_expr (`__host__ __device__ P() : pos{}, mass{0.0f} {}`).  The generated load then runs it on a new element and
 * assigns every field: the same value as the copy the original makes, and
 * nothing else happens. */
static bool constant_ctor(CXCursor m, int depth) {
  CXCursor def = clang_getCursorDefinition(m);
  if (clang_Cursor_isNull(def) || depth > 16)
    return false;
  Kids kids = rw_kids_of(def);
  bool ok = true, body = false, device = false;
  for (int i = 0; i < kids.n && ok; i++) {
    enum CXCursorKind k = clang_getCursorKind(kids.v[i]);
    if (k == CXCursor_MemberRef || clang_isAttribute(k)) {
      device |= k == CXCursor_CUDADeviceAttr;
      continue;
    } else if (k == CXCursor_CompoundStmt) {
      Kids stmts = rw_kids_of(kids.v[i]);
      ok = stmts.n == 0 && !body;
      body = true;
      free(stmts.v);
    } else {
      ok = clang_isExpression(k) && literal_expr(kids.v[i], depth + 1);
    }
  }
  free(kids.v);
  // (CUDA: a constructor without __device__ is the host's only; the generated load, __host__ __device__,
  // would call it on the device, which nvcc only warns about, and the kernel then computes garbage:
  // HeCBench nbody's Particle gave NaN energies on an H200)
  return ok && body && device;
}

/* What keeps an element of record type t (a struct of the plan, or at
 * depth > 0 the type of a field, arrays looked through) from being loaded
 * or stored whole as the generated code does it: kdlg_S_load declares an
 * element (`S s;`: its default constructor runs), assigns its fields and
 * returns it (a copy); kdlg_S_store takes the element by value (a copy)
 * and assigns the fields.  The original copies the element with its copy
 * constructor or assignment operator instead, so where one of those, the
 * default constructor or the destructor is user-provided the generated
 * code would run user code the original does not (or not run what it
 * does), and where no default constructor exists it does not compile.
 * *load and *store (each a 320-byte buffer) get the first reason, or stay
 * as they are; `what` names the type for the reason ("it", "the type of
 * field 'f'").  Reasons that concern only the default construction of the
 * load's element (a user-provided default constructor, none, a default
 * member initialiser that is not a constant) go to *dflt instead: where
 * nothing else is wrong, the load builds its element in raw storage
 * (RStruct.raw_load), which no constructor runs on; the element's copy
 * and destruction are then trivial, the C++ rules of implicit object
 * creation in an unsigned char array apply. */
static void whole_copy(CXType t, int depth, const char *what, char *load, char *store, char *dflt) {
  t = clang_getCanonicalType(t);
  while (t.kind == CXType_ConstantArray)
    t = clang_getCanonicalType(clang_getArrayElementType(t));
  if (t.kind != CXType_Record || depth > 32)
    return;
  CXCursor d = clang_getCursorDefinition(clang_getTypeDeclaration(t));
  if (clang_Cursor_isNull(d))
    return;
  Kids k = rw_kids_of(d);
  bool ctor = false, has_dflt = false;
  const char *lw = NULL, *sw = NULL, *dw = NULL;  // (the first of each)
  for (int i = 0; i < k.n; i++) {
    CXCursor m = k.v[i];
    enum CXCursorKind ck = clang_getCursorKind(m);
    if (ck == CXCursor_Constructor) {
      ctor = true;
      if (clang_CXXConstructor_isDefaultConstructor(m)) {
        has_dflt |= !clang_CXXMethod_isDeleted(m);
        if (!dw && user_provided(m) && !constant_ctor(m, 0))
          dw = "has a user-provided default constructor (the generated load would run it on a new element, where "
               "the original copies one)";
      } else if (clang_CXXConstructor_isCopyConstructor(m) || clang_CXXConstructor_isMoveConstructor(m)) {
        const char *w = clang_CXXMethod_isDeleted(m) ? "cannot be copied (a deleted copy or move constructor)"
                        : user_provided(m) ? "has a user-provided copy or move constructor (the generated load and "
                                             "store copy field by field, and copy the element once more)"
                                           : NULL;
        if (w && !lw)
          lw = w;
        if (w && !sw)
          sw = w;
      }
    } else if (ck == CXCursor_CXXMethod &&
               (clang_CXXMethod_isCopyAssignmentOperator(m) || clang_CXXMethod_isMoveAssignmentOperator(m)) &&
               (user_provided(m) || clang_CXXMethod_isDeleted(m))) {
      // the struct's own: the store assigns its fields one by one instead; a field type's: the load and
      // the store assign that field (`s.f = ...`), where the original copies it bit by bit (found by
      // review: a field type's operator= that counted, or that is __device__ only, in the
      // __host__ __device__ load)
      const char *w = depth ? "has a user-provided or deleted assignment operator (the generated load and store "
                              "assign the field)"
                            : "has a user-provided assignment operator (the generated store assigns field by field)";
      if (depth && !lw)
        lw = w;
      if (!sw)
        sw = w;
    } else if (ck == CXCursor_Destructor && user_provided(m)) {
      const char *w = "has a user-provided destructor (the generated load and store destroy a copy more)";
      if (!lw)
        lw = w;
      if (!sw)
        sw = w;
    }
  }
  if (ctor && !has_dflt && !dw)
    dw = "has no default constructor (the generated load declares an element)";
  for (int i = 0; i < k.n && !dw; i++)  // (the default constructor runs default member initialisers too)
    if (clang_getCursorKind(k.v[i]) == CXCursor_FieldDecl) {
      Kids fk = rw_kids_of(k.v[i]);
      for (int j = 0; j < fk.n && !dw; j++)
        if (clang_isExpression(clang_getCursorKind(fk.v[j])) && !literal_expr(fk.v[j], 0))
          dw = "has a field whose default member initialiser is not a constant (the generated load would run it on "
               "a new element, where the original copies one)";
      free(fk.v);
    }
  for (int i = 0; i < k.n && depth == 0; i++)  // (a nested type's fields are copied with it, not named)
    if (clang_getCursorKind(k.v[i]) == CXCursor_FieldDecl && clang_getCXXAccessSpecifier(k.v[i]) != CX_CXXPublic &&
        clang_getCXXAccessSpecifier(k.v[i]) != CX_CXXInvalidAccessSpecifier) {
      const char *w = "has a private or protected field (the generated load and store, outside the struct, cannot "
                      "name it)";
      if (!lw)
        lw = w;
      if (!sw)
        sw = w;
      break;
    }
  if (lw && !*load)
    snprintf(load, 320, "%s %s", what, lw);
  if (sw && !*store)
    snprintf(store, 320, "%s %s", what, sw);
  if (dw && !*dflt)
    snprintf(dflt, 320, "%s %s", what, dw);
  for (int i = 0; i < k.n && (!*load || !*store || !*dflt); i++)
    if (clang_getCursorKind(k.v[i]) == CXCursor_FieldDecl) {
      char name[128], fw[200];
      rw_spell(k.v[i], name, sizeof name);
      snprintf(fw, sizeof fw, "the type of field '%s'", name);
      whole_copy(clang_getCursorType(k.v[i]), depth + 1, depth ? what : fw, load, store, dflt);
    }
  free(k.v);
}

/* The text of a field's type around its name; false if the rewriter cannot spell it. */
static bool field_decl_text(CXType t, char *pre, size_t npre, char *post, size_t npost, char *scalar, size_t nscalar,
                            unsigned long long *count) {
  post[0] = 0;
  scalar[0] = 0;
  *count = 0;
  unsigned long long n = 1;
  while ((t = array_of_sugar(t)).kind == CXType_ConstantArray) {
    char dim[32];
    snprintf(dim, sizeof dim, "[%lld]", clang_getArraySize(t));
    if (strlen(post) + strlen(dim) + 1 > npost)
      return false;
    strcat(post, dim);
    n *= (unsigned long long)clang_getArraySize(t);
    t = clang_getArrayElementType(t);
    *count = n;
  }
  // a struct defined inside another (`struct P { struct Q {...} q; }`): C++
  // names it P::Q outside P, as the canonical spelling does
  CXCursor rd = clang_getTypeDeclaration(clang_getCanonicalType(t));
  enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(rd));
  if (clang_getCanonicalType(t).kind == CXType_Record &&
      (pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl || pk == CXCursor_UnionDecl))
    t = clang_getCanonicalType(t);
  CXString s = clang_getTypeSpelling(t);
  const char *sp = clang_getCString(s);
  bool ok = sp && *sp && strlen(sp) < npre && !strstr(sp, "(anonymous") && !strstr(sp, "(unnamed") && !strchr(sp, '(') &&
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

static const char template_why[] =
    "it is an instance of a class template (the rewriter rewrites structs and classes defined as such, and "
    "explicit specializations, not a type instantiated from a template or a partial specialization)";

/* Whether the struct of sp (not a definition of the file's, kd_source_find_record)
 * is an instance of a class template of the file: its location is a
 * template's or a partial specialization's (clang puts an implicit
 * instantiation where the pattern it comes from is). */
static bool template_instance(R *r, const KdStructPlan *sp) {
  CXFile f = sp->file ? clang_getFile(r->src->tu, sp->file) : NULL;
  if (!f)
    return false;
  CXCursor c = clang_getCursor(r->src->tu, clang_getLocation(r->src->tu, f, sp->line, sp->col));
  enum CXCursorKind k = clang_getCursorKind(c);
  return k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/* Whether record definition def derives from a base class. */
static bool has_base(CXCursor def) {
  Kids ks = rw_kids_of(def);
  bool base = false;
  for (int i = 0; i < ks.n && !base; i++)
    base = clang_getCursorKind(ks.v[i]) == CXCursor_CXXBaseSpecifier;
  free(ks.v);
  return base;
}

/* Whether record definition def declares a virtual member function (its
 * elements then hold a vtable pointer, which is no field). */
static bool has_virtual(CXCursor def) {
  Kids ks = rw_kids_of(def);
  bool virt = false;
  for (int i = 0; i < ks.n && !virt; i++) {
    enum CXCursorKind k = clang_getCursorKind(ks.v[i]);
    virt = (k == CXCursor_CXXMethod || k == CXCursor_Destructor) && clang_CXXMethod_isVirtual(ks.v[i]);
  }
  free(ks.v);
  return virt;
}

void rw_setup_structs(R *r) {
  r->rs = kd_xcalloc((size_t)r->plan->nstructs + 1, sizeof(RStruct));
  for (int i = 0; i < r->plan->nstructs; i++) {
    const KdStructPlan *sp = &r->plan->structs[i];
    RStruct *S = &r->rs[r->nrs++];
    S->sp = sp;
    S->L = &sp->layout;
    S->decl = clang_getNullCursor();
    S->changes = layout_changes(S->L, sp->layouts);
    snprintf(S->tag, sizeof S->tag, "%s", sp->name);
    sanitize(S->tag);
    CXCursor def, top;
    KdRecordWhere where = kd_source_record_where(r->src, sp->usr);
    if (where == KD_RECORD_NONE && r->opt->blocks_in_headers && !template_instance(r, sp)) {
      S->changes = false;  // one input of a program that never names it: nothing to do here
      continue;
    }
    if (!kd_source_find_record(r->src, sp->usr, &def, &top)) {
      S->bad = true;
      char *buf;
      size_t len;
      FILE *f = why_open(&buf, &len);
      if (where == KD_RECORD_DECLARED)
        kd_remark(f, (KdLoc){r->src->path, 0, 0}, "rewrite",
                  "struct '%s' keeps its AoS layout: this file declares it without its definition", sp->name);
      else if (template_instance(r, sp))
        kd_remark(f, (KdLoc){sp->file, sp->line, sp->col}, "rewrite", "struct '%s' keeps its AoS layout: %s",
                  sp->name, template_why);
      else if (sp->file && strcmp(sp->file, r->map->files[0].name))
        kd_remark(f, (KdLoc){sp->file, sp->line, sp->col}, "rewrite",
                  "struct '%s' keeps its AoS layout: it is defined in a header outside the input's directory "
                  "(kdlg-opt rewrites the headers under it)",
                  sp->name);
      else
        kd_remark(f, (KdLoc){sp->file, sp->line, sp->col}, "rewrite",
                  "struct '%s' keeps its AoS layout: it is not defined in this file", sp->name);
      why_close(r, (int)(S - r->rs), f, &buf);
      continue;
    }
    S->decl = def;
    namespaces(r, S, def);
    if (S->changes && has_base(def))
      // the access model and the layout see the struct's own fields only: a base class's would be
      // dropped by every whole-element load, store and conversion (found by review: `struct Q : B`)
      rw_set_bad(r, (int)(S - r->rs), def,
                 "it has a base class, whose fields the layout would leave out (only a struct's own fields are laid "
                 "out)");
    else if (S->changes && has_virtual(def))
      // its elements begin with a vtable pointer the layout does not place: a whole-element copy would
      // set it anew, but the conversions would drop the one host code reads back (found by review)
      rw_set_bad(r, (int)(S - r->rs), def,
                 "it has virtual member functions, and its elements' vtable pointer is no field the layout can "
                 "place");
    else if (S->changes && S->L->aos_bytes > RW_MAX_CONVERT_BYTES && r->cuda)
      // the CUDA conversion kernels stage whole elements in shared memory (runtime/kdlg_cuda.cuh): an
      // element larger than a block's default 48 KiB cannot be converted on every device (HeCBench
      // interleave: a 256 KiB struct of arrays; the copy failed and the program read garbage)
      rw_set_bad(r, (int)(S - r->rs), def,
                 "its elements are %u bytes, more than the %u bytes the CUDA conversion kernels can stage in shared "
                 "memory",
                 S->L->aos_bytes, (unsigned)RW_MAX_CONVERT_BYTES);
    else if (S->changes && r->cuda && kd_gen_view_bytes(S->L, true) > KD_GEN_MAX_VIEW_BYTES)
      // even a view of one pointer per region (codegen.h, kd_gen_compact) is too large for nvcc
      rw_set_bad(r, (int)(S - r->rs), def,
                 "its layout has %u storage regions, and a view of them (%u bytes) is larger than the %u bytes "
                 "nvcc compiles correctly when it is passed by value",
                 S->L->nclusters, kd_gen_view_bytes(S->L, true), KD_GEN_MAX_VIEW_BYTES);
    if (S->bad)
      continue;
    CXString ts = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(def)));
    snprintf(S->type, sizeof S->type, "%s", clang_getCString(ts));
    clang_disposeString(ts);
    if (strstr(S->type, "(anonymous") || strstr(S->type, "(unnamed")) {
      // typedef struct { ... } Body: the typedef name
      snprintf(S->type, sizeof S->type, "%s", sp->alias ? sp->alias : sp->name);
    }
    unsigned b, e;
    if (!rw_range_of(r, top, &b, &e) || !after_semicolon(r, e, &S->insert_at)) {
      rw_set_bad(r, (int)(S - r->rs), def, "its declaration does not end with ';' in this file");
      continue;
    }
    if (S->qual[0] && (S->ns_start > S->insert_at ||
                       kd_filemap_file_at(r->map, S->ns_start) != kd_filemap_file_at(r->map, S->insert_at))) {
      rw_set_bad(r, (int)(S - r->rs), def, "the namespace it is declared in does not enclose its definition's text");
      continue;
    }
    Kids fk = rw_kids_of(def);
    // constructors, assignment, destructor: no whole-element load or store (walk.c refuses them)
    if (r->cuda) {
      char dflt[320] = "";
      whole_copy(clang_getCursorType(def), 0, "it", S->load_why, S->store_why, dflt);
      S->raw_load = dflt[0] && !S->load_why[0];  // (its copy and destruction are trivial: raw storage will do)
    }
    S->gf = kd_xcalloc((size_t)S->L->nfields + 1, sizeof(KdGenField));
    int fi = 0;
    for (int k = 0; k < fk.n; k++) {
      if (clang_getCursorKind(fk.v[k]) != CXCursor_FieldDecl)
        continue;
      if (fi >= (int)S->L->nfields)
        break;
      const char *why = S->changes ? unassignable(clang_getCursorType(fk.v[k]), 0) : NULL;
      if (why) {
        rw_set_bad(r, (int)(S - r->rs), fk.v[k],
                   "the type of field '%s' %s (the generated whole-element load and store assign fields one by one)",
                   S->L->fields[fi].name, why);
        break;
      }
      char pre[256], post[64], scalar[256];
      unsigned long long count;
      if (!field_decl_text(clang_getCursorType(fk.v[k]), pre, sizeof pre, post, sizeof post, scalar, sizeof scalar,
                           &count)) {
        rw_set_bad(r, (int)(S - r->rs), fk.v[k], "the type of field '%s' cannot be spelled by the rewriter",
                   S->L->fields[fi].name);
        break;
      }
      KdGenField *G = &S->gf[fi];
      G->name = S->L->fields[fi].name;
      G->decl_pre = kd_xstrdup(pre);
      G->decl_post = kd_xstrdup(post);
      G->scalar = count ? kd_xstrdup(scalar) : NULL;
      G->count = count;
      fi++;
    }
    free(fk.v);
    if (fi != (int)S->L->nfields && !S->bad)
      rw_set_bad(r, (int)(S - r->rs), def, "its fields could not be matched");
  }
}
