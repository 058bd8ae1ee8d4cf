/* test_merge.c: the access model of a program of several translation units
 * (kd_program_merge, analysis/access.h).  Two units number the same struct
 * differently and share a kernel of a header: the merged program has each
 * struct once (by USR), ineligible where any unit found it so, the shared
 * kernel once, every access renumbered into the merged table (a callee's
 * body that two calls share renumbered once), and every loop. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "analysis/access.h"

static const char *kernels_a[] = {"ka", "shared"};

static KdProgram *unit(int which) {
  KdProgram *p = calloc(1, sizeof *p);
  p->arena = kd_arena_new();
  KdArena *a = p->arena;
  p->nstructs = 2;
  p->structs = calloc(2, sizeof(KdStruct));
  // unit 0: P is struct 0, Q struct 1; unit 1: the other way round, and Q ineligible
  KdStruct P = {.name = "P", .usr = "c:@S@P", .bytes = 8, .eligible = true, .kernels = kernels_a, .nkernels = 2};
  KdStruct Q = {.name = "Q", .usr = "c:@S@Q", .bytes = 4, .eligible = which == 0, .reason = which ? "a union member" : NULL,
                .kernels = kernels_a, .nkernels = 1};
  p->structs[which == 0 ? 0 : 1] = P;
  p->structs[which == 0 ? 1 : 0] = Q;
  int sp = which == 0 ? 0 : 1, sq = which == 0 ? 1 : 0;
  p->nkernels = 2;
  p->kernels = calloc(2, sizeof(KdKernel));
  // a callee's body that both calls of the unit's own kernel share
  KdRegion *callee = kd_region_access(a, sp, 1, 4, false);
  KdRegion *own = kd_region_new(a, KR_SEQ);
  kd_region_add(a, own, kd_region_call(a, callee));
  kd_region_add(a, own, kd_region_call(a, callee));
  kd_region_add(a, own, kd_region_access(a, sq, 0, 4, true));
  KdRegion *shared = kd_region_new(a, KR_SEQ);
  kd_region_add(a, shared, kd_region_access(a, sp, 0, 4, false));
  p->kernels[0] = (KdKernel){which == 0 ? "ka" : "kb", which == 0 ? "a.cu" : "b.cu", 3, 1, own};
  p->kernels[1] = (KdKernel){"shared", "k.cuh", 7, 17, shared};  // a header's kernel, in both units
  p->nloops = 1;
  p->loops = calloc(1, sizeof(KdLoop *));
  p->loops[0] = kd_arena_alloc(a, sizeof(KdLoop));
  return p;
}

static const KdRegion *access_of(const KdRegion *r) {
  while (r->kind != KR_ACCESS)
    r = r->kids[0];
  return r;
}

static void test_merge(void **state) {
  (void)state;
  KdProgram *parts[2] = {unit(0), unit(1)};
  KdProgram *m = kd_program_merge(parts, 2);
  assert_int_equal(m->nstructs, 2);
  assert_string_equal(m->structs[0].usr, "c:@S@P");
  assert_string_equal(m->structs[1].usr, "c:@S@Q");
  assert_true(m->structs[0].eligible);
  assert_false(m->structs[1].eligible);  // ineligible in unit 1
  assert_string_equal(m->structs[1].reason, "a union member");
  assert_int_equal(m->nkernels, 3);  // ka, shared, kb: the header's kernel once
  assert_string_equal(m->kernels[0].name, "ka");
  assert_string_equal(m->kernels[1].name, "shared");
  assert_string_equal(m->kernels[2].name, "kb");
  assert_int_equal(m->nloops, 2);
  // unit 1's accesses renumbered: its P (1) is 0, its Q (0) is 1; the shared callee once
  const KdRegion *kb = m->kernels[2].body;
  assert_int_equal(access_of(kb->kids[0])->acc.struct_id, 0);
  assert_int_equal(access_of(kb->kids[1])->acc.struct_id, 0);
  assert_int_equal(kb->kids[2]->acc.struct_id, 1);
  // unit 0's stay
  const KdRegion *ka = m->kernels[0].body;
  assert_int_equal(access_of(ka->kids[0])->acc.struct_id, 0);
  assert_int_equal(ka->kids[2]->acc.struct_id, 1);
  kd_program_free(m);  // (frees the parts)
}

int main(void) {
  const struct CMUnitTest tests[] = {cmocka_unit_test(test_merge)};
  return cmocka_run_group_tests(tests, NULL, NULL);
}
