/* usage.c: φ(c), the used share of AoS's bytes (usage.h). */
#include "usage.h"

#include <math.h>
#include <stdbool.h>

typedef struct Walk {
  const KdStruct *st;
  int sid;
  KdFieldUse *f;  // [field of st]
} Walk;

static void touch(Walk *w, int dir, int field, double count) {
  if (count > w->f[field].count[dir])
    w->f[field].count[dir] = count;
}

/* Visits r, whose every instruction runs `count` times per work-item. */
static void walk(Walk *w, const KdRegion *r, double count) {
  if (!r || !(count > 0))
    return;
  switch (r->kind) {
  case KR_ACCESS:
    if (r->acc.struct_id != w->sid)
      return;
    if (r->acc.field >= 0) {
      touch(w, r->acc.store, r->acc.field, count);
    } else {
      for (int f = 0; f < w->st->nfields; f++)
        touch(w, r->acc.store, f, count);
    }
    return;
  case KR_LOOP: {
    double trip = (double)r->loop->trip;
    walk(w, r->kids[0], count);                                          // init
    walk(w, r->kids[1], count * (r->loop->do_while ? trip : trip + 1));  // cond
    walk(w, r->kids[2], count * trip);                                   // body
    walk(w, r->kids[3], count * trip);                                   // inc
    return;
  }
  default:  // sequences, branches (both arms), switch segments, inlined calls
    for (int i = 0; i < r->n; i++)
      walk(w, r->kids[i], count);
    return;
  }
}

void kd_use_fields(const KdRegion *body, const KdStruct *st, int sid, KdFieldUse *out) {
  for (int f = 0; f < st->nfields; f++)
    out[f] = (KdFieldUse){{0, 0}};
  Walk w = {st, sid, out};
  walk(&w, body, 1);
}

void kd_use_cluster(const KdFieldUse *per_field, const KdStruct *st, const int *fields, int nfields, KdUse *u) {
  double sigma_c = 0;
  for (int i = 0; i < nfields; i++)
    sigma_c += st->fields[fields[i]].bytes;
  for (int d = 0; d < 2; d++) {
    double n = 0, bytes = 0;
    for (int i = 0; i < nfields; i++) {
      double c = per_field[fields[i]].count[d];
      if (c > 0) {
        bytes += st->fields[fields[i]].bytes;
        n = c > n ? c : n;
      }
    }
    kd_use_add(u, n, bytes, sigma_c);
  }
}

void kd_use_add(KdUse *u, double count, double used_bytes, double cluster_bytes) {
  if (count > 0) {
    u->used += count * used_bytes;
    u->moved += count * cluster_bytes;
  }
}

uint32_t kd_used_permille(double used, double moved) {
  if (!(moved > 0) || used >= moved)
    return 1000;
  if (!(used > 0))
    return 0;
  return (uint32_t)floor(1000.0 * used / moved + 0.5);
}

typedef struct Moves {
  int sid;
  double whole, all;
} Moves;

static void walk_moves(Moves *m, const KdRegion *r, double count) {
  if (!r || !(count > 0))
    return;
  switch (r->kind) {
  case KR_ACCESS:
    if (r->acc.struct_id == m->sid) {
      m->all += count;
      if (r->acc.field < 0)
        m->whole += count;
    }
    return;
  case KR_LOOP: {
    double trip = (double)r->loop->trip;
    walk_moves(m, r->kids[0], count);
    walk_moves(m, r->kids[1], count * (r->loop->do_while ? trip : trip + 1));
    walk_moves(m, r->kids[2], count * trip);
    walk_moves(m, r->kids[3], count * trip);
    return;
  }
  default:
    for (int i = 0; i < r->n; i++)
      walk_moves(m, r->kids[i], count);
    return;
  }
}

void kd_use_whole_moves(const KdRegion *body, int sid, double *whole, double *all) {
  Moves m = {sid, 0, 0};
  walk_moves(&m, body, 1);
  *whole += m.whole;
  *all += m.all;
}
