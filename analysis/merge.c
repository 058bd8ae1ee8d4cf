/* merge.c: one access model for a program of several translation units
 * (kd_program_merge, access.h; issue 19).
 *
 * Each unit's kd_access_build numbers the structs it meets in its own
 * order; the plan wants one entry per struct, whose KDLG sums the accesses
 * of every kernel of every unit (Sect. 3.1's δ is a maximum over kernels:
 * the same over the kernels of all files).  The struct's USR is its
 * identity across units.  A kernel defined in a header that two units
 * include is analysed by both: it counts once. */
#define _GNU_SOURCE /* realpath */
#include <stdlib.h>
#include <string.h>

#include "access.h"
#include "mem.h"
#include "uthash.h"

typedef struct Seen {
  const KdRegion *r;
  UT_hash_handle hh;
} Seen;

/* Renumbers the struct ids of every access under r by map (each region once:
 * an inlined callee's body may be shared by several calls). */
static void renumber(KdRegion *r, const int *map, Seen **seen) {
  if (!r)
    return;
  Seen *s;
  HASH_FIND_PTR(*seen, &r, s);
  if (s)
    return;
  s = kd_xcalloc(1, sizeof *s);
  s->r = r;
  HASH_ADD_PTR(*seen, r, s);
  if (r->kind == KR_ACCESS && r->acc.struct_id >= 0)
    r->acc.struct_id = map[r->acc.struct_id];
  for (int i = 0; i < r->n; i++)
    renumber(r->kids[i], map, seen);
}

static bool same_kernel(const KdKernel *a, const KdKernel *b) {
  if (strcmp(a->name, b->name) || a->line != b->line || a->col != b->col)
    return false;
  if (!strcmp(a->file, b->file))
    return true;
  char *ra = realpath(a->file, NULL), *rb = realpath(b->file, NULL);
  bool same = ra && rb && !strcmp(ra, rb);
  free(ra);
  free(rb);
  return same;
}

KdProgram *kd_program_merge(KdProgram **progs, int n) {
  KdProgram *m = kd_xcalloc(1, sizeof *m);
  m->arena = kd_arena_new();
  m->parts = kd_xcalloc((size_t)n, sizeof *m->parts);
  int cap_structs = 0, cap_kernels = 0, cap_loops = 0;
  for (int p = 0; p < n; p++) {
    KdProgram *P = progs[p];
    m->parts[m->nparts++] = P;
    int *map = kd_xcalloc((size_t)P->nstructs + 1, sizeof(int));
    for (int s = 0; s < P->nstructs; s++) {
      const KdStruct *st = &P->structs[s];
      int found = -1;
      for (int t = 0; t < m->nstructs && found < 0; t++)
        if (st->usr && m->structs[t].usr && !strcmp(st->usr, m->structs[t].usr))
          found = t;
      if (found < 0) {
        KD_GROW(m->structs, cap_structs, m->nstructs + 1);
        m->structs[m->nstructs] = *st;
        found = m->nstructs++;
      } else {
        KdStruct *mt = &m->structs[found];
        if (mt->eligible && !st->eligible) {
          mt->eligible = false;
          mt->reason = st->reason;
        }
        // the kernels that reach it, each name once
        for (int k = 0; k < st->nkernels; k++) {
          bool have = false;
          for (int j = 0; j < mt->nkernels && !have; j++)
            have = !strcmp(mt->kernels[j], st->kernels[k]);
          if (have)
            continue;
          const char **ks = kd_arena_alloc(m->arena, (size_t)(mt->nkernels + 1) * sizeof(char *));
          if (mt->nkernels)
            memcpy(ks, mt->kernels, (size_t)mt->nkernels * sizeof(char *));
          ks[mt->nkernels++] = st->kernels[k];
          mt->kernels = ks;
        }
      }
      map[s] = found;
    }
    Seen *seen = NULL;
    for (int k = 0; k < P->nkernels; k++) {
      bool dup = false;
      for (int j = 0; j < m->nkernels && !dup; j++)
        dup = same_kernel(&m->kernels[j], &P->kernels[k]);
      if (dup)
        continue;
      renumber(P->kernels[k].body, map, &seen);
      KD_GROW(m->kernels, cap_kernels, m->nkernels + 1);
      m->kernels[m->nkernels++] = P->kernels[k];
    }
    Seen *s, *tmp;
    HASH_ITER(hh, seen, s, tmp) {
      HASH_DEL(seen, s);
      free(s);
    }
    for (int l = 0; l < P->nloops; l++) {
      KD_GROW(m->loops, cap_loops, m->nloops + 1);
      m->loops[m->nloops++] = P->loops[l];
    }
    free(map);
  }
  return m;
}
