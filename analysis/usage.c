/* usage.c: φ(c), the used share of AoS's bytes (usage.h). */
#include "usage.h"

#include <math.h>
#include <stdbool.h>

/* What one kernel does to the cluster in one direction. */
typedef struct Side {
  bool any;       // some access of the cluster in this direction
  double count;   // N: the largest execution count of such an access
  double bytes;   // σ(T): bytes of the fields touched (each field once)
} Side;

typedef struct Walk {
  const KdStruct *st;
  int sid;
  const bool *in;    // [field of st]: the field is one of the cluster's
  bool *touched[2];  // [direction][field of st]: counted in Side.bytes already
  Side side[2];      // 0 loads, 1 stores
} Walk;

static void touch(Walk *w, int dir, int field, double count) {
  if (!w->in[field])
    return;
  Side *s = &w->side[dir];
  s->any = true;
  if (count > s->count)
    s->count = count;
  if (!w->touched[dir][field]) {
    w->touched[dir][field] = true;
    s->bytes += w->st->fields[field].bytes;
  }
}

/* Visits r, whose every instruction runs `count` times per work-item. */
static void walk(Walk *w, const KdRegion *r, double count) {
  if (!r)
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
    walk(w, r->kids[0], count);                                             // init
    walk(w, r->kids[1], count * (r->loop->do_while ? trip : trip + 1));     // cond
    walk(w, r->kids[2], count * trip);                                      // body
    walk(w, r->kids[3], count * trip);                                      // inc
    return;
  }
  default:  // sequences, branches (both arms), switch segments, inlined calls
    for (int i = 0; i < r->n; i++)
      walk(w, r->kids[i], count);
    return;
  }
}

void kd_use_accumulate(const KdRegion *body, const KdStruct *st, int sid, const int *fields, int nfields, KdUse *u) {
  int nf = st->nfields > 0 ? st->nfields : 1;
  bool in[nf], loads[nf], stores[nf];
  for (int f = 0; f < nf; f++)
    in[f] = loads[f] = stores[f] = false;
  for (int i = 0; i < nfields; i++)
    in[fields[i]] = true;
  Walk w = {st, sid, in, {loads, stores}, {{0}}};
  walk(&w, body, 1);
  double sigma_c = 0;
  for (int i = 0; i < nfields; i++)
    sigma_c += st->fields[fields[i]].bytes;
  for (int d = 0; d < 2; d++)
    if (w.side[d].any) {
      u->used += w.side[d].count * w.side[d].bytes;
      u->moved += w.side[d].count * sigma_c;
    }
}

uint32_t kd_used_permille(double used, double moved) {
  if (!(moved > 0) || used >= moved)
    return 1000;
  if (!(used > 0))
    return 0;
  return (uint32_t)floor(1000.0 * used / moved + 0.5);
}
