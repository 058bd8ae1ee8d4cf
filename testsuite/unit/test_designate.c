/* test_designate.c: the designator walk (analysis/designate.h) under the
 * access model's rules and the rewriter's, on the expressions whose answers
 * the two share and on examples of the header's rules 1, 2 and 4 (rule 3
 * shows only in a template).  A toy client: the kernel's parameter p points
 * to struct P (id 0), o to other data; P's fields are numbered in
 * declaration order.  One kernel holds every case, `(void)(expr);` each,
 * parsed once. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/ast.h"
#include "analysis/designate.h"
#include "analysis/frontend.h"

static const char *const fields[] = {"x", "y", "v", "arr", "in", NULL};

static bool spelled(CXCursor c, const char *name) {
  CXString s = clang_getCursorSpelling(c);
  bool eq = !strcmp(clang_getCString(s), name);
  clang_disposeString(s);
  return eq;
}

static void toy_base(void *ctx, KdNode *ref, KdDes *d) {
  CXCursor decl = kd_node_referenced(ctx, ref);
  if (clang_getCursorKind(decl) != CXCursor_ParmDecl)
    return;
  if (spelled(decl, "p")) {
    d->kind = KD_DES_PTR;
    d->id = 0;
  } else if (spelled(decl, "o")) {
    d->kind = KD_DES_PTR;
    d->other = true;
  }
}

static int toy_field(void *ctx, const KdDes *d, KdNode *member) {
  (void)d;
  CXCursor fd = kd_node_referenced(ctx, member);
  if (clang_getCursorKind(fd) != CXCursor_FieldDecl)
    return -1;
  for (int i = 0; fields[i]; i++)
    if (spelled(fd, fields[i]))
      return i;
  return -1;
}

static bool is_p(CXType t) {
  return t.kind == CXType_Record && spelled(clang_getTypeDeclaration(clang_getCanonicalType(t)), "P");
}

static bool toy_same(void *ctx, const KdDes *d, CXType t) {
  (void)ctx;
  return d->kind == KD_DES_PTR ? t.kind == CXType_Pointer && is_p(clang_getPointeeType(t)) : is_p(t);
}

/* The answers expected for one expression under one set of rules. */
typedef struct Want {
  KdDesKind kind;
  int field;  // FIELD / FADDR
  bool part, decay, other;
  int nterms;
  KdDesWhy why;
} Want;

typedef struct Case {
  const char *expr;  // in kernel k(P *p, float *o, int i, int k) as `(void)(expr);`
  Want access, rewrite;
  bool cast;  // the access model's answer records a retyping cast of p
} Case;

#define FIELD(f) {KD_DES_FIELD, f, false, false, false, 1, 0}
static const Case cases[] = {
    // shared answers
    {"p[i].x", FIELD(0), FIELD(0), false},
    {"(p + i)->y", FIELD(1), FIELD(1), false},
    {"p + i - 2", {KD_DES_PTR, -1, 0, 0, 0, 2, 0}, {KD_DES_PTR, -1, 0, 0, 0, 2, 0}, false},
    {"&p[i]", {KD_DES_PTR, -1, 0, 0, 0, 1, 0}, {KD_DES_PTR, -1, 0, 0, 0, 1, 0}, false},
    {"*p", {KD_DES_ELEM, -1, 0, 0, 0, 0, 0}, {KD_DES_ELEM, -1, 0, 0, 0, 0, 0}, false},
    {"p[i].v.x", {KD_DES_FIELD, 2, 1, 0, 0, 1, 0}, {KD_DES_FIELD, 2, 1, 0, 0, 1, 0}, false},
    {"p[i].in.b", {KD_DES_FIELD, 4, 1, 0, 0, 1, 0}, {KD_DES_FIELD, 4, 1, 0, 0, 1, 0}, false},
    {"p[i].arr[k]", {KD_DES_FIELD, 3, 1, 0, 0, 1, 0}, {KD_DES_FIELD, 3, 1, 0, 0, 1, 0}, false},
    {"&p[i].y", {KD_DES_FADDR, 1, 0, 0, 0, 1, 0}, {KD_DES_FADDR, 1, 0, 0, 0, 1, 0}, false},
    {"p[i].arr", FIELD(3), FIELD(3), false},
    {"((const P *)p)[i].x", FIELD(0), FIELD(0), false},
    {"o[i]", {KD_DES_FIELD, -1, 0, 0, 1, 0, 0}, {KD_DES_FIELD, -1, 0, 0, 1, 0, 0}, false},
    // 1: loose / strict
    {"*&p[i].x", {KD_DES_FIELD, 0, 0, 0, 0, 1, 0}, {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, false},
    {"(&p[i].in)->a", {KD_DES_FIELD, 4, 1, 0, 0, 1, 0}, {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, false},
    {"p[i].arr + 1", {KD_DES_FADDR, 3, 0, 1, 0, 1, 0}, {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, false},
    {"((float *)p)[k]", {KD_DES_FIELD, -1, 0, 0, 1, 0, 0}, {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, true},
    // 2: reinterpret_cast
    {"reinterpret_cast<P *>(p)[i].x", FIELD(0), {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, false},
    // 4: BAD
    {"((volatile P *)p)[i].x", {KD_DES_FIELD, 0, 0, 0, 0, 1, 0},
     {KD_DES_BAD, -1, 0, 0, 0, 0, KD_DES_WHY_VOLATILE}, false},
    {"p[i].K", {KD_DES_NONE, -1, 0, 0, 0, 0, 0}, {KD_DES_BAD, -1, 0, 0, 0, 1, KD_DES_WHY_METHOD}, false},
};

static enum CXChildVisitResult find_kernel(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(c) == CXCursor_FunctionDecl && spelled(c, "k") && clang_isCursorDefinition(c)) {
    *(CXCursor *)data = kd_function_body(c);
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

/* The parsed source (group setup): one `(void)(expr);` per case, in order. */
static KdSource src;
static CXCursor operands[sizeof cases / sizeof cases[0]];
static int noperands;

/* The ParenExpr inside each `(void)(...)` under c, in order. */
static void find_operands(CXCursor c) {
  KdKids ks = kd_kids_of(src.tree, c);
  for (int i = 0; i < ks.n; i++) {
    CXCursor k = ks.v[i];
    if (clang_getCursorKind(k) == CXCursor_CStyleCastExpr && kd_cursor_type(src.tree, k).kind == CXType_Void) {
      KdKids cast = kd_kids_of(src.tree, k);
      if (noperands < (int)(sizeof operands / sizeof operands[0]))
        operands[noperands++] = cast.v[cast.n - 1];
    } else {
      find_operands(k);
    }
  }
}

static int parse(void **state) {
  (void)state;
  char path[64];
  snprintf(path, sizeof path, "/tmp/kdlg_designate_XXXXXX.cu");
  int fd = mkstemps(path, 3);
  if (fd < 0)
    return -1;
  FILE *f = fdopen(fd, "w");
  fputs("struct P { float x; float y; float4 v; float arr[4]; struct In { float a, b; } in;\n"
        "  static constexpr int K = 2; };\n"
        "__global__ void k(P *p, float *o, int i, int k) {\n",
        f);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    fprintf(f, "  (void)(%s);\n", cases[i].expr);
  fputs("}\n", f);
  fclose(f);
  int rc = kd_frontend_parse(path, NULL, KD_LANG_CUDA, NULL, 0, &src, stderr);
  unlink(path);
  if (rc)
    return -1;
  CXCursor body = clang_getNullCursor();
  clang_visitChildren(clang_getTranslationUnitCursor(src.tu), find_kernel, &body);
  if (clang_Cursor_isNull(body))
    return -1;
  find_operands(body);
  return noperands == (int)(sizeof cases / sizeof cases[0]) ? 0 : -1;
}

static int dispose(void **state) {
  (void)state;
  kd_frontend_dispose(&src);
  return 0;
}

static void check(const Case *c, const KdDes *d, const Want *w, const char *rules) {
  if (d->kind != w->kind || (w->kind == KD_DES_FIELD || w->kind == KD_DES_FADDR ? d->field != w->field : false) ||
      (d->kind == KD_DES_FIELD && d->part != w->part) || (d->kind == KD_DES_FADDR && d->decay != w->decay) ||
      (d->kind != KD_DES_NONE && d->other != w->other) ||
      (d->kind != KD_DES_NONE && d->kind != KD_DES_BAD && d->nterms != w->nterms) || d->why != w->why) {
    fprintf(stderr, "%s under the %s rules: kind %d field %d part %d decay %d other %d terms %d why %d\n", c->expr,
            rules, d->kind, d->field, d->part, d->decay, d->other, d->nterms, d->why);
    fail();
  }
}

static void test_case(void **state) {
  const Case *c = *state;
  KdNode *n = kd_tree_node(src.tree, operands[c - cases]);
  KdDesClient cl = {.tree = src.tree, .ctx = src.tree, .base = toy_base, .field = toy_field, .same = toy_same};
  KdDes d;
  cl.rules = KD_DES_RULES_ACCESS;
  kd_designate(&cl, n, &d);
  check(c, &d, &c->access, "access model's");
  assert_int_equal(d.cast_at != NULL, c->cast);
  assert_int_equal(d.cast_id, c->cast ? 0 : -1);
  cl.rules = KD_DES_RULES_REWRITE;
  kd_designate(&cl, n, &d);
  check(c, &d, &c->rewrite, "rewriter's");
}

int main(void) {
  struct CMUnitTest tests[sizeof cases / sizeof cases[0]];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    tests[i] = (struct CMUnitTest){cases[i].expr, test_case, NULL, NULL, (void *)&cases[i]};
  return _cmocka_run_group_tests("designate", tests, sizeof cases / sizeof cases[0], parse, dispose);
}
