/* test_uniform.c: work-group uniformity (analysis/uniform.h) on small CUDA
 * and OpenCL sources parsed by the front end.  Each test names a variable
 * of a function and asserts whether the analysis finds it uniform. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/frontend.h"
#include "analysis/uniform.h"

typedef struct Parsed {
  KdSource src;
  char path[64];
} Parsed;

/* Writes `text` to a temporary .cu / .cl file and parses it (fails the test on a clang error). */
static Parsed *parse(const char *text, KdLanguage lang) {
  Parsed *p = calloc(1, sizeof *p);
  assert_non_null(p);
  snprintf(p->path, sizeof p->path, "/tmp/kdlg_uniform_XXXXXX%s", lang == KD_LANG_CUDA ? ".cu" : ".cl");
  int fd = mkstemps(p->path, 3);
  assert_true(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs(text, f);
  fclose(f);
  assert_int_equal(kd_frontend_parse(p->path, NULL, lang, NULL, 0, &p->src, stderr), 0);
  return p;
}

static void done(Parsed *p) {
  kd_frontend_dispose(&p->src);
  unlink(p->path);
  free(p);
}

typedef struct Find {
  const char *name;
  enum CXCursorKind kind;
  CXCursor found;
} Find;

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Find *f = data;
  if (clang_getCursorKind(c) == f->kind && kd_cursor_in_user_code(c)) {
    CXString s = clang_getCursorSpelling(c);
    bool eq = !strcmp(clang_getCString(s), f->name);
    clang_disposeString(s);
    if (eq && (f->kind != CXCursor_FunctionDecl || clang_isCursorDefinition(c))) {
      f->found = c;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

static CXCursor find(CXCursor root, enum CXCursorKind kind, const char *name) {
  Find f = {name, kind, clang_getNullCursor()};
  clang_visitChildren(root, find_visit, &f);
  assert_false(clang_Cursor_isNull(f.found));
  return f.found;
}

static CXCursor function(Parsed *p, const char *name) {
  return find(clang_getTranslationUnitCursor(p->src.tu), CXCursor_FunctionDecl, name);
}

/* Whether variable `var` of function `fn` is uniform (default parameter rule). */
static bool var_uniform(Parsed *p, const char *fn, const char *var) {
  CXCursor f = function(p, fn);
  KdUniform *u = kd_uniform_new(&p->src, f, NULL, 0);
  assert_non_null(u);
  bool r = kd_uniform_var(u, find(f, CXCursor_VarDecl, var));
  kd_uniform_free(u);
  return r;
}

static const char *const BOX =
    "struct Nei { int x, y, z, number; long start; };\n"
    "struct Box { int x, y, z, number; long start; int nn; Nei nei[26]; };\n";

static void test_thread_and_block_index(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(Box *box, int n) {\n"
           "  int tx = threadIdx.x;\n"
           "  int twice = tx * 2;\n"
           "  int gid = blockIdx.x * blockDim.x + threadIdx.x;\n"
           "  int bx = blockIdx.x;\n"
           "  int grid = gridDim.x * blockDim.x + n;\n"
           "  float m = sqrtf((float)bx) + fmaxf(1.0f, (float)n);\n"
           "  float mv = sqrtf((float)tx);\n"
           "  int at = atomicAdd(&box[bx].nn, 1);\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "tx"));
  assert_false(var_uniform(p, "k", "twice"));
  assert_false(var_uniform(p, "k", "gid"));
  assert_true(var_uniform(p, "k", "bx"));
  assert_true(var_uniform(p, "k", "grid"));
  assert_true(var_uniform(p, "k", "m"));    // pure math built-ins of uniform arguments
  assert_false(var_uniform(p, "k", "mv"));
  assert_false(var_uniform(p, "k", "at"));  // an atomic's result
  done(p);
}

static void test_loop_counters(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(Box *box, int n) {\n"
           "  int tx = threadIdx.x;\n"
           "  int sum = 0, vsum = 0;\n"
           "  for (int k = 0; k < n + box[blockIdx.x].nn; k++)\n"
           "    sum += k;\n"
           "  for (int w = tx; w < 100; w += 128)\n"
           "    vsum += 1;\n"
           "  int i = 0;\n"
           "  while (i < n) i++;\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_true(var_uniform(p, "k", "k"));
  assert_true(var_uniform(p, "k", "sum"));
  assert_true(var_uniform(p, "k", "i"));
  assert_false(var_uniform(p, "k", "w"));
  assert_false(var_uniform(p, "k", "vsum"));  // defined in a loop of a varying trip count
  done(p);
}

static void test_divergent_if(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(Box *box, int n) {\n"
           "  int tx = threadIdx.x, bx = blockIdx.x;\n"
           "  int p, q, r = 0, s = 0;\n"
           "  if (tx == 0) p = 1; else p = 2;\n"
           "  if (bx == 0) q = 1; else q = 2;\n"
           "  int c = tx > 3 ? 1 : 0;\n"
           "  (tx > 3) && (r = 1);\n"
           "  (bx > 3) || (s = 1);\n"
           "  int sw = n;\n"
           "  switch (tx) { case 0: sw = 4; break; }\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "p"));
  assert_true(var_uniform(p, "k", "q"));
  assert_false(var_uniform(p, "k", "c"));
  assert_false(var_uniform(p, "k", "r"));
  assert_true(var_uniform(p, "k", "s"));
  assert_false(var_uniform(p, "k", "sw"));  // re-assigned under switch (tx)
  done(p);
}

static void test_global_loads(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__constant__ int table[16];\n"
           "__device__ int counter;\n"
           "__global__ void k(const Box *box, int n) {\n"
           "  int bx = blockIdx.x, tx = threadIdx.x;\n"
           "  long first = box[bx].start;\n"
           "  int nn = box[bx].nn;\n"
           "  int ptr = 0;\n"
           "  for (int k = 0; k < 1 + nn; k++) {\n"
           "    if (k == 0) ptr = bx; else ptr = box[bx].nei[k - 1].number;\n"
           "  }\n"
           "  long again = box[ptr].start;\n"
           "  const Box *mine = &box[bx];\n"
           "  int viap = mine->nn + (*mine).x;\n"
           "  int c = table[3] + counter;\n"
           "  long varying = box[tx].start;\n"
           "  int nv = box[bx].nei[tx %% 26].number;\n"
           "  const Box *theirs = box + tx;\n"
           "  int viat = theirs->nn;\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_true(var_uniform(p, "k", "first"));
  assert_true(var_uniform(p, "k", "nn"));
  assert_true(var_uniform(p, "k", "k"));
  assert_true(var_uniform(p, "k", "ptr"));
  assert_true(var_uniform(p, "k", "again"));
  assert_true(var_uniform(p, "k", "mine"));
  assert_true(var_uniform(p, "k", "viap"));
  assert_true(var_uniform(p, "k", "c"));
  assert_false(var_uniform(p, "k", "varying"));
  assert_false(var_uniform(p, "k", "nv"));
  assert_false(var_uniform(p, "k", "theirs"));
  assert_false(var_uniform(p, "k", "viat"));
  done(p);
}

static void test_shared_and_private(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(const Box *box) {\n"
           "  __shared__ float sh[64];\n"
           "  float priv[4] = {1, 2, 3, 4};\n"
           "  sh[0] = 1.0f;\n"
           "  __syncthreads();\n"
           "  float v = sh[0];\n"
           "  float w = priv[0];\n"
           "  float *q = &sh[0];\n"
           "  float x = q[0];\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "v"));
  assert_false(var_uniform(p, "k", "w"));
  assert_false(var_uniform(p, "k", "x"));  // through a pointer that is not into global memory
  CXCursor f = function(p, "k");
  KdUniform *u = kd_uniform_new(&p->src, f, NULL, 0);
  assert_true(kd_uniform_var(u, find(f, CXCursor_VarDecl, "q")));  // the address is one per block
  kd_uniform_free(u);
  done(p);
}

static void test_device_function_params(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__device__ long f(const Box *b, int n) {\n"
           "  int m = n;\n"
           "  long s = b[0].start;\n"
           "  int bx = blockIdx.x;\n"
           "  return s + m + bx;\n"
           "}\n"
           "__global__ void k(const Box *box) { f(box + blockIdx.x, 3); }\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "f", "m"));   // a device function's scalar parameter: varying
  assert_false(var_uniform(p, "f", "s"));   // its pointer parameters too, unless bound
  assert_true(var_uniform(p, "f", "bx"));
  CXCursor f = function(p, "f");
  bool bound[2] = {true, false};            // the caller binds a uniform global pointer to b
  KdUniform *u = kd_uniform_new(&p->src, f, bound, 2);
  assert_true(kd_uniform_var(u, find(f, CXCursor_VarDecl, "s")));
  assert_false(kd_uniform_var(u, find(f, CXCursor_VarDecl, "m")));
  kd_uniform_free(u);
  done(p);
}

static void test_address_taken(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__device__ void set(int *x) { *x = threadIdx.x; }\n"
           "__device__ void setr(int &x) { x = threadIdx.x; }\n"
           "__global__ void k(const Box *box) {\n"
           "  int c = 0, d = 0, e = 0;\n"
           "  set(&c);\n"
           "  setr(d);\n"
           "  int *pe = &e;\n"
           "  int kept = 5;\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "c"));
  assert_false(var_uniform(p, "k", "d"));
  assert_false(var_uniform(p, "k", "e"));
  assert_false(var_uniform(p, "k", "pe"));  // the address of a private variable
  assert_true(var_uniform(p, "k", "kept"));
  done(p);
}

static void test_break_under_varying_condition(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(const Box *box, int n) {\n"
           "  int tx = threadIdx.x;\n"
           "  int last = 0, ulast = 0, clast = 0, rlast = 0;\n"
           "  for (int k = 0; k < n; k++) { if (tx == k) break; last = k; }\n"
           "  for (int j = 0; j < n; j++) { if (j == 5) break; ulast = j; }\n"
           "  for (int c = 0; c < n; c++) { if (tx == c) continue; clast = c; }\n"
           "  int after = 0;\n"
           "  after = n;\n"
           "  for (int r = 0; r < n; r++) { rlast = r; if (tx == r) return; }\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "k"));
  assert_false(var_uniform(p, "k", "last"));
  assert_true(var_uniform(p, "k", "j"));
  assert_true(var_uniform(p, "k", "ulast"));
  assert_false(var_uniform(p, "k", "c"));
  assert_false(var_uniform(p, "k", "clast"));
  assert_true(var_uniform(p, "k", "after"));
  assert_false(var_uniform(p, "k", "r"));
  assert_false(var_uniform(p, "k", "rlast"));
  done(p);
}

static void test_goto_and_asm(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(const Box *box, int n) {\n"
           "  int a = 1;\n"
           "  if (n) goto out;\n"
           "  a = 2;\n"
           "out:;\n"
           "}\n"
           "__global__ void k2(const Box *box) {\n"
           "  unsigned lane = 0, other = 1;\n"
           "  asm(\"mov.u32 %%0, %%%%laneid;\" : \"=r\"(lane));\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  assert_false(var_uniform(p, "k", "a"));  // goto: control flow not followed
  assert_false(var_uniform(p, "k2", "lane"));
  assert_true(var_uniform(p, "k2", "other"));
  done(p);
}

static void test_expressions_and_addresses(void **state) {
  (void)state;
  char src[2048];
  snprintf(src, sizeof src,
           "%s__global__ void k(Box *box) {\n"
           "  int bx = blockIdx.x, tx = threadIdx.x;\n"
           "  box[bx].nei[bx %% 26].number = 1;\n"
           "  box[tx].nn = 2;\n"
           "}\n",
           BOX);
  Parsed *p = parse(src, KD_LANG_CUDA);
  CXCursor f = function(p, "k");
  KdUniform *u = kd_uniform_new(&p->src, f, NULL, 0);
  CXCursor m1 = find(f, CXCursor_MemberRefExpr, "number");
  CXCursor m2 = find(f, CXCursor_MemberRefExpr, "nn");
  assert_true(kd_uniform_addr(u, m1));
  assert_true(kd_uniform_expr(u, m1));   // a load of global memory at a uniform address
  assert_false(kd_uniform_addr(u, m2));
  assert_false(kd_uniform_expr(u, m2));
  assert_true(kd_uniform_expr(u, clang_getNullCursor()));
  kd_uniform_free(u);
  done(p);
}

static void test_opencl(void **state) {
  (void)state;
  const char *src =
      "typedef struct { int n; float v; } Cell;\n"
      "__kernel void k(__global const Cell *c, __local float *lp, int n) {\n"
      "  __local float tile[64];\n"
      "  int g = get_group_id(0);\n"
      "  int l = get_local_id(0);\n"
      "  int gi = get_global_id(0);\n"
      "  int sz = get_local_size(0) * get_num_groups(0);\n"
      "  int cn = c[g].n;\n"
      "  int cv = c[gi].n;\n"
      "  tile[l] = 1.0f;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  float t = tile[0];\n"
      "  float t2 = lp[0];\n"
      "  float m = fmax(c[g].v, 1.0f);\n"
      "}\n";
  Parsed *p = parse(src, KD_LANG_OPENCL);
  assert_true(var_uniform(p, "k", "g"));
  assert_false(var_uniform(p, "k", "l"));
  assert_false(var_uniform(p, "k", "gi"));
  assert_true(var_uniform(p, "k", "sz"));
  assert_true(var_uniform(p, "k", "cn"));
  assert_false(var_uniform(p, "k", "cv"));
  assert_false(var_uniform(p, "k", "t"));   // __local memory
  assert_false(var_uniform(p, "k", "t2"));  // through a __local pointer parameter
  assert_true(var_uniform(p, "k", "m"));
  done(p);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_thread_and_block_index),
      cmocka_unit_test(test_loop_counters),
      cmocka_unit_test(test_divergent_if),
      cmocka_unit_test(test_global_loads),
      cmocka_unit_test(test_shared_and_private),
      cmocka_unit_test(test_device_function_params),
      cmocka_unit_test(test_address_taken),
      cmocka_unit_test(test_break_under_varying_condition),
      cmocka_unit_test(test_goto_and_asm),
      cmocka_unit_test(test_expressions_and_addresses),
      cmocka_unit_test(test_opencl),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
