/* region.c: arena and region constructors of the access model (see region.h). */
#include "region.h"
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Block {
  struct Block *next;
  size_t used, size;
  _Alignas(max_align_t) unsigned char data[];
} Block;

struct KdArena {
  Block *head;
};

KdArena *kd_arena_new(void) { return kd_xcalloc(1, sizeof(KdArena)); }

void *kd_arena_alloc(KdArena *a, size_t bytes) {
  bytes = (bytes + 15) & ~(size_t)15;
  if (!a->head || a->head->used + bytes > a->head->size) {
    size_t size = bytes > 65536 ? bytes : 65536;
    Block *b = kd_xcalloc(1, sizeof(Block) + size);
    b->size = size;
    b->next = a->head;
    a->head = b;
  }
  void *p = a->head->data + a->head->used;
  a->head->used += bytes;
  return p;
}

char *kd_arena_strdup(KdArena *a, const char *s) {
  size_t n = strlen(s) + 1;
  char *p = kd_arena_alloc(a, n);
  memcpy(p, s, n);
  return p;
}

void kd_arena_free(KdArena *a) {
  if (!a)
    return;
  for (Block *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(a);
}

KdRegion *kd_region_new(KdArena *a, KdRegionKind kind) {
  KdRegion *r = kd_arena_alloc(a, sizeof(KdRegion));
  r->kind = kind;
  return r;
}

static void push(KdArena *a, KdRegion *r, KdRegion *kid) {
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 4;
    KdRegion **kids = kd_arena_alloc(a, (size_t)cap * sizeof(KdRegion *));
    if (r->n)
      memcpy(kids, r->kids, (size_t)r->n * sizeof(KdRegion *));
    r->kids = kids;  // the old array stays in the arena until it is freed
    r->cap = cap;
  }
  r->kids[r->n++] = kid;
}

void kd_region_add(KdArena *a, KdRegion *r, KdRegion *kid) {
  if (r->kind == KR_SEQ && !kid)
    return;
  push(a, r, kid);
}

KdRegion *kd_region_access(KdArena *a, int struct_id, int field, uint32_t bytes, bool store) {
  KdRegion *r = kd_region_new(a, KR_ACCESS);
  r->acc.struct_id = struct_id;
  r->acc.field = field;
  r->acc.bytes = bytes;
  r->acc.store = store;
  return r;
}

KdRegion *kd_region_if(KdArena *a, KdRegion *cond, KdRegion *then_r, KdRegion *else_r) {
  KdRegion *r = kd_region_new(a, KR_IF);
  push(a, r, cond);
  push(a, r, then_r);
  push(a, r, else_r);
  return r;
}

KdRegion *kd_region_loop(KdArena *a, KdRegion *init, KdRegion *cond, KdRegion *body,
                         KdRegion *inc, KdLoop *loop) {
  KdRegion *r = kd_region_new(a, KR_LOOP);
  push(a, r, init);
  push(a, r, cond);
  push(a, r, body);
  push(a, r, inc);
  r->loop = loop;
  return r;
}

KdRegion *kd_region_call(KdArena *a, KdRegion *body) {
  KdRegion *r = kd_region_new(a, KR_CALL);
  push(a, r, body);
  return r;
}

static void indent(FILE *out, int depth) {
  for (int i = 0; i < depth; i++)
    fputs("  ", out);
}

void kd_region_dump(FILE *out, const KdRegion *r, const char *const *struct_names,
                    const char *const *const *field_names, int depth) {
  if (!r) {
    indent(out, depth);
    fputs("(empty)\n", out);
    return;
  }
  indent(out, depth);
  switch (r->kind) {
  case KR_ACCESS: {
    const KdAccess *a = &r->acc;
    fprintf(out, "%s %u B ", a->store ? "store" : "load", a->bytes);
    if (a->struct_id < 0)
      fputs("(other)", out);
    else if (a->field < 0)
      fprintf(out, "%s.*", struct_names[a->struct_id]);
    else
      fprintf(out, "%s.%s", struct_names[a->struct_id], field_names[a->struct_id][a->field]);
    fprintf(out, " @%u:%u%s\n", a->line, a->col, a->uniform ? " uniform" : "");
    return;
  }
  case KR_SEQ:
    fputs("seq\n", out);
    for (int i = 0; i < r->n; i++)
      kd_region_dump(out, r->kids[i], struct_names, field_names, depth + 1);
    return;
  case KR_IF:
    fputs("if\n", out);
    for (int i = 0; i < 3; i++)
      kd_region_dump(out, r->kids[i], struct_names, field_names, depth + 1);
    return;
  case KR_LOOP:
    fprintf(out, "loop trip=%lld rule=%c%s @%u\n", (long long)r->loop->trip, r->loop->rule,
            r->loop->do_while ? " do" : "", r->loop->line);
    for (int i = 0; i < 4; i++)
      kd_region_dump(out, r->kids[i], struct_names, field_names, depth + 1);
    return;
  case KR_SWITCH:
    fprintf(out, "switch%s\n", r->has_default ? " default" : "");
    for (int i = 0; i < r->n; i++)
      kd_region_dump(out, r->kids[i], struct_names, field_names, depth + 1);
    return;
  case KR_BREAK:
    fputs("break\n", out);
    return;
  case KR_CONTINUE:
    fputs("continue\n", out);
    return;
  case KR_RETURN:
    fputs("return\n", out);
    return;
  case KR_CALL:
    fputs("call\n", out);
    kd_region_dump(out, r->kids[0], struct_names, field_names, depth + 1);
    return;
  }
}
