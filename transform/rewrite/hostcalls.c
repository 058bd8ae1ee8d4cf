/* hostcalls.c: CUDA memory functions on views (cudaMalloc*, cudaMemcpy*,
 * cudaMemset*, cudaFree*): the call becomes the runtime's converting version
 * (kdlg_S_malloc, kdlg_S_copy_in, ...; runtime/kdlg_cuda.cuh), given the
 * view variable itself (a pointer plus an offset keeps the struct in AoS). */
#include "rewriteInt.h"

static const HostCall host_calls[] = {
    {"cudaMalloc", H_MALLOC, "malloc"},     {"cudaMallocManaged", H_MALLOC, "malloc_managed"},
    {"cudaMallocAsync", H_MALLOC, "malloc_async"}, {"cudaMemcpy", H_COPY, ""},
    {"cudaMemcpyAsync", H_COPY, "_async"},  {"cudaMemset", H_SET, "memset"},
    {"cudaMemsetAsync", H_SET, "memset_async"}, {"cudaFree", H_FREE, "free"},
    {"cudaFreeAsync", H_FREE, "free_async"}, {NULL, H_NONE, NULL}};

const HostCall *rw_host_call(R *r, CXCursor callee) {
  unsigned off;
  if (!r->cuda || rw_in_files(r, clang_getCursorLocation(callee), &off))
    return NULL;
  char name[128];
  rw_spell(callee, name, sizeof name);
  for (const HostCall *h = host_calls; h->name; h++)
    if (!strcmp(h->name, name))
      return h;
  return NULL;
}

/* A view argument of a CUDA memory function: the bare variable (explicit
 * casts to void * dropped, and a cast to the struct's pointer of an untyped
 * one, untyped.c: `(void *)d`, `(S *)d` → `d`). */
static bool host_view_arg(R *r, KdNode *a, VRef *vr) {
  KdNode *s = rw_strip_void_casts(r, a);  // (the conversion to void * of `(void *)d` is no view use)
  bool cast = rw_strip_parens_casts(a)->c.kind != CXCursor_DeclRefExpr;
  rw_vref(r, s, vr);
  if (vr->kind != VR_PTR) {
    Var *uv = rw_updated_view(r, s);
    if (uv)
      rw_set_bad(r, uv->rs, a->c, "a CUDA memory function is given a pointer update's value");
    return false;
  }
  if (vr->nterms > 0) {
    rw_set_bad(r, vr->var->rs, a->c, "a CUDA memory function is given a device pointer plus an offset");
    return false;
  }
  // a variable that may hold one: the copies take the start of an
  // allocation (an identity layout's plain pointer takes any)
  if (vr->var->moved && !kd_layout_identity(r->rs[vr->var->rs].L)) {
    CXSourceLocation at = clang_getCursorLocation(vr->var->moved_at);
    unsigned line, col;
    clang_getExpansionLocation(at, NULL, &line, &col, NULL);
    rw_set_bad(r, vr->var->rs, a->c,
               "a CUDA memory function is given '%s', which may hold a device pointer plus an offset (line %u, column %u)",
               vr->var->name, line, col);
    return false;
  }
  if (cast) {  // (void *)d → d
    unsigned b, e;
    if (!rw_node_range(r, a, &b, &e)) {
      rw_set_bad(r, vr->var->rs, a->c, "a device pointer is spelled inside a macro");
      return false;
    }
    kd_edit_begin(r->cur.E, b, e, vr->var->rs);
    kd_edit_text(r->cur.E, "%s", vr->var->name);
  }
  return true;
}

/* The callee's name of `call` becomes struct rs's host wrapper `what` (KD_NAME_HOST). */
static void rename_callee(R *r, KdNode *call, int rs, const char *what) {
  KdNode *ref = rw_callee_ref(call);
  unsigned b, e;
  if (!ref || !rw_node_range(r, ref, &b, &e) || !rw_node_plain(r, ref)) {
    rw_set_bad(r, rs, call->c, "a CUDA memory call is spelled inside a macro");
    return;
  }
  kd_edit_begin(r->cur.E, b, e, rs);
  rw_edit_name(r, KD_NAME_HOST, rs, what);
}

void rw_walk_host_call(R *r, KdNode *c, const HostCall *h, int nargs) {
  bool done[8] = {0};
  if (h->kind == H_MALLOC && nargs >= 1) {
    Var *v = rw_address_of_var(r, rw_arg_node(r, c, 0));
    if (v && rw_is_view(r, v)) {
      rename_callee(r, c, v->rs, h->suffix);
      done[0] = true;
    }
  } else if (h->kind == H_COPY && nargs >= 2) {
    VRef d, s;
    bool dv = host_view_arg(r, rw_arg_node(r, c, 0), &d);
    bool sv = host_view_arg(r, rw_arg_node(r, c, 1), &s);
    if (dv && sv && d.var->rs != s.var->rs) {
      rw_set_bad(r, d.var->rs, c->c, "cudaMemcpy between two different structs");
      rw_set_bad(r, s.var->rs, c->c, "cudaMemcpy between two different structs");
    } else if (dv || sv) {
      int rs = dv ? d.var->rs : s.var->rs;
      char what[64];
      snprintf(what, sizeof what, "%s%s", dv && sv ? "copy_between" : dv ? "copy_in" : "copy_out", h->suffix);
      rename_callee(r, c, rs, what);
    }
    done[0] = dv;
    done[1] = sv;
  } else if ((h->kind == H_SET || h->kind == H_FREE) && nargs >= 1) {
    VRef d;
    if (host_view_arg(r, rw_arg_node(r, c, 0), &d)) {
      rename_callee(r, c, d.var->rs, h->suffix);
      done[0] = true;
    }
  }
  for (int i = 0; i < nargs; i++)
    if (i >= 8 || !done[i])
      rw_walk(r, rw_arg_node(r, c, i), CTX_VALUE);
}
