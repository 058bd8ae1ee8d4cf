/* usage.c: φ(c), the used share of AoS's bytes (usage.h). */
#include "usage.h"

#include <math.h>
#include <stdbool.h>

/* Calls visit(ctx, a, count) for every access a below r, whose every
 * instruction runs `count` times per work-item: loops by their trip counts
 * (the condition once more than the body, except in a do loop), both arms of
 * a branch, every switch segment, inlined calls. */
typedef void (*Visit)(void *ctx, const KdAccess *a, double count);

static void walk(const KdRegion *r, double count, Visit visit, void *ctx) {
  if (!r || !(count > 0))
    return;
  switch (r->kind) {
  case KR_ACCESS:
    visit(ctx, &r->acc, count);
    return;
  case KR_LOOP: {
    double trip = (double)r->loop->trip;
    walk(r->kids[0], count, visit, ctx);                                          // init
    walk(r->kids[1], count * (r->loop->do_while ? trip : trip + 1), visit, ctx);  // cond
    walk(r->kids[2], count * trip, visit, ctx);                                   // body
    walk(r->kids[3], count * trip, visit, ctx);                                   // inc
    return;
  }
  default:  // sequences, branches (both arms), switch segments, inlined calls
    for (int i = 0; i < r->n; i++)
      walk(r->kids[i], count, visit, ctx);
    return;
  }
}

typedef struct Fields {
  const KdStruct *st;
  int sid;
  KdFieldUse *f;  // [field of st]
} Fields;

static void touch(KdFieldUse *u, int dir, double count) {
  if (count > u->count[dir])
    u->count[dir] = count;
}

static void visit_fields(void *ctx, const KdAccess *a, double count) {
  Fields *w = ctx;
  if (a->struct_id != w->sid)
    return;
  if (a->field >= 0) {
    touch(&w->f[a->field], a->store, count);
  } else {
    for (int f = 0; f < w->st->nfields; f++)
      touch(&w->f[f], a->store, count);
  }
}

void kd_use_fields(const KdRegion *body, const KdStruct *st, int sid, KdFieldUse *out) {
  for (int f = 0; f < st->nfields; f++)
    out[f] = (KdFieldUse){{0, 0}};
  Fields w = {st, sid, out};
  walk(body, 1, visit_fields, &w);
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

static void visit_moves(void *ctx, const KdAccess *a, double count) {
  Moves *m = ctx;
  if (a->struct_id != m->sid)
    return;
  m->all += count;
  if (a->field < 0)
    m->whole += count;
}

void kd_use_whole_moves(const KdRegion *body, int sid, double *whole, double *all) {
  Moves m = {sid, 0, 0};
  walk(body, 1, visit_moves, &m);
  *whole += m.whole;
  *all += m.all;
}
