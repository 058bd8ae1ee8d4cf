/* test_ast.c: the shared AST tree (analysis/ast.h) against libclang itself.
 * For every node under every function definition of a small source, the
 * children kd_kids gives must be the cursors clang_visitChildren on the node
 * lists (same kinds, same extents, in order), and kd_cursor_type /
 * kd_cursor_referenced must answer what libclang answers.  The sources hold
 * what the tree's one-traversal reading has to get right: case labels
 * (ConstantExpr meets itself), lambdas with init captures, nested lambdas,
 * and C++20 requires-expressions, whose requirements libclang passes with a
 * parent the traversal has not met: in a body, in a lambda's parameter's
 * default argument and in a lambda's return type (review finding: there
 * they were hung on the lambda, which then had 7 children instead of 5). */
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
#include "analysis/frontend.h"

typedef struct List {
  CXCursor v[256];
  int n;
} List;

static enum CXChildVisitResult list_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  List *l = data;
  if (l->n < 256)
    l->v[l->n] = c;
  l->n++;
  return CXChildVisit_Continue;
}

typedef struct Walk {
  KdTree *tree; // the source's
  int nodes;   // nodes compared
  int lambdas; // LambdaExpr nodes among them
  int requires_exprs;
} Walk;

/* Compares c's children by kd_kids with clang_visitChildren's, then theirs. */
static void compare(CXCursor c, Walk *w) {
  List fresh = {.n = 0};
  clang_visitChildren(c, list_visit, &fresh);
  const CXCursor *kids;
  int n = kd_kids(w->tree, c, &kids);
  assert_int_equal(n, fresh.n);
  assert_true(n <= 256);
  w->nodes++;
  w->lambdas += clang_getCursorKind(c) == CXCursor_LambdaExpr;
  w->requires_exprs += clang_getCursorKind(c) == CXCursor_RequiresExpr;
  CXType t = kd_cursor_type(w->tree, c);
  assert_true(clang_equalTypes(t, clang_getCanonicalType(clang_getCursorType(c))));
  assert_true(clang_equalCursors(kd_cursor_referenced(w->tree, c), clang_getCursorReferenced(c)));
  for (int i = 0; i < n; i++) {
    assert_int_equal(clang_getCursorKind(kids[i]), clang_getCursorKind(fresh.v[i]));
    assert_true(clang_equalRanges(clang_getCursorExtent(kids[i]), clang_getCursorExtent(fresh.v[i])));
    compare(kids[i], w);
  }
}

static enum CXChildVisitResult each_function(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  enum CXCursorKind k = clang_getCursorKind(c);
  if (kd_cursor_in_user_code(c) && (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
      clang_isCursorDefinition(c)) {
    CXCursor body = kd_function_body(c);
    if (!clang_Cursor_isNull(body))
      compare(body, data);
  }
  return CXChildVisit_Continue;
}

/* Parses `text` as CUDA with -std=c++20 and compares every function body's tree. */
static Walk check(const char *text) {
  char path[64];
  snprintf(path, sizeof path, "/tmp/kdlg_ast_XXXXXX.cu");
  int fd = mkstemps(path, 3);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  const char *args[] = {"-std=c++20"};
  KdSource src;
  assert_int_equal(kd_frontend_parse(path, NULL, KD_LANG_CUDA, args, 1, &src, stderr), 0);
  Walk w = {.tree = src.tree};
  clang_visitChildren(clang_getTranslationUnitCursor(src.tu), each_function, &w);
  kd_frontend_dispose(&src);
  unlink(path);
  return w;
}

/* One source: a kernel body after P's declaration, and how many lambdas and
 * requires-expressions the walk must meet (-1: any). */
typedef struct Case {
  const char *body;
  int lambdas, requires_exprs, min_nodes;
} Case;

static const Case cases[] = {
    {"  for (int j = 0; j < 4; j++)\n"
     "    switch (j) { case 1: case 2 + 1: p[i].x += p[(i + j) % n].y; break; default: p[i].id = j; }\n"
     "  float a[3 + 1] = {p[i].z};\n"
     "  if (i < n) p[i].y = a[0] * 2;\n",
     0, 0, 60},
    {"  auto f = [q = p + 1, &n](int a) { auto g = [a, q]() { return q[a].x; }; return g() + n; };\n"
     "  if (i < n - 1) p[i].x = f(i);\n",
     2, 0, 0},
    {"  constexpr bool addable = requires(int t) { t + 1; };\n"
     "  if (i < n && addable) p[i].x = p[i].y;\n",
     0, 1, 0},
    {"  auto f = [q = p](int a, bool b = requires(int u) { u + 1; }) { return b ? q[a].x : 0.f; };\n"
     "  if (i < n) p[i].x = f(i) + p[i].z;\n",
     1, 1, 0},
    {"  auto m = [](int a) -> decltype(requires(int t) { t + 1; }) { return a > 0; };\n"
     "  if (i < n && m(i)) p[i].y = p[i].x;\n",
     1, 1, 0},
};

/* The case `*state` points at, in kernel k(P *p, int n) after i's declaration. */
static void test_case(void **state) {
  const Case *c = *state;
  char text[2048];
  snprintf(text, sizeof text,
           "struct P { float x; float y; float z; int id; };\n"
           "__global__ void k(P *p, int n) {\n"
           "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
           "%s}\n",
           c->body);
  Walk w = check(text);
  assert_int_equal(w.lambdas, c->lambdas);
  assert_int_equal(w.requires_exprs, c->requires_exprs);
  assert_true(w.nodes >= c->min_nodes);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test_prestate(test_case, (void *)&cases[0]),  // case labels (ConstantExpr), array bound
      cmocka_unit_test_prestate(test_case, (void *)&cases[1]),  // lambdas: init capture, nested
      cmocka_unit_test_prestate(test_case, (void *)&cases[2]),  // requires-expression in a body
      cmocka_unit_test_prestate(test_case, (void *)&cases[3]),  // ... in a lambda's default argument
      cmocka_unit_test_prestate(test_case, (void *)&cases[4]),  // ... in a lambda's return type
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
