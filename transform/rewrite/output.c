/* output.c: the output: overlapping edits resolved (the struct that owns
 * one keeps AoS), the header comment (the plan in words), the runtime, the
 * generated types after each struct's declaration, the edits applied; for
 * OpenCL the host header <output>.layout.h. */
#include "rewriteInt.h"

#include <limits.h>

extern const char kd_embedded_runtime_layout[];
extern const char kd_embedded_runtime_cuda[];

/* Removes owner's edits from every list. */
void rw_drop_owner_all(R *r, int owner) {
  kd_edits_drop_owner(r->cur.E, owner);
  Fn *F, *tmp;
  HASH_ITER(hh, r->cl.fns, F, tmp) {
    if (!F->E)
      continue;  // (no round of pass 2)
    kd_edits_drop_owner(F->E, owner);
    for (int k = 0; k < F->protos.n; k++)
      kd_edits_drop_owner(F->PE[k], owner);
  }
}

/* Overlapping edits in E: the struct that owns one keeps AoS (its edits go);
 * -1 if an edit of nobody's overlaps (a bug). */
int rw_check_overlaps(R *r, KdEdits *E) {
  int owner;
  unsigned at;
  while (!kd_edits_check(E, &owner, &at)) {
    if (owner < 0 || owner >= r->nrs || r->rs[owner].bad) {
      fprintf(r->rem, "kdlg-opt: error: overlapping edits at offset %u\n", at);
      return -1;
    }
    rw_set_bad(r, owner, clang_getCursor(r->src->tu, kd_filemap_location(r->map, r->src->tu, at)),
               "two rewrites overlap here");
    rw_drop_owner_all(r, owner);
  }
  return 0;
}

/* ---- output ---- */

static void header_comment(R *r, FILE *out) {
  fprintf(out, "/* Data layout rewritten by kdlg-opt %s from %s\n", r->opt->version ? r->opt->version : "",
          r->src->path);
  fprintf(out, " * (Kofler, Cosenza, Fahringer: Automatic Data Layout Optimizations for GPUs, 2015).\n");
  const KdDeviceModel *m = r->plan->model;
  fprintf(out, " * device model: %s\n", m && m->device ? m->device : "?");
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    fprintf(out, " * %s: epsilon %lld B;", S->sp->name, (long long)S->sp->epsilon);
    for (uint32_t c = 0; c < S->L->nclusters; c++) {
      fprintf(out, "%s {", c ? ";" : "");
      bool first = true;
      for (uint32_t f = 0; f < S->L->nfields; f++)
        if (S->L->fields[f].cluster == c) {
          fprintf(out, "%s%s", first ? "" : ",", S->L->fields[f].name);
          first = false;
        }
      char layout[32];
      kd_layout_format(layout, sizeof layout, S->sp->layouts[c], KD_LAYOUT_STYLE_PROSE);
      fprintf(out, "} %u B %s", S->L->clusters[c].bytes, layout);
    }
    fprintf(out, " -> %s\n", S->bad ? "kept in AoS (see remarks)" : !S->changes ? "AoS (unchanged)"
                             : S->nviews == 0 ? "no pointer reaches it (unchanged)" : "rewritten");
  }
  fputs(" */\n", out);
}

bool rw_rewritten(const RStruct *S) { return !S->bad && S->changes && S->nviews > 0; }

/* Whether S's host wrappers are declared in its block and defined in one
 * file (a host-compiled file of the program may call them): S's block is
 * in a project header. */
static bool extern_api(R *r, const RStruct *S) {
  return r->cuda && r->opt->extern_host_api && kd_filemap_file_at(r->map, S->insert_at) > 0;
}

static void gen_struct(R *r, const RStruct *S, KdLanguage lang, KdGenStruct *g) {
  g->host_api = extern_api(r, S) ? KD_GEN_HOST_EXTERN : KD_GEN_HOST_INLINE;
  g->tag = S->tag;
  g->type = S->type;
  g->L = S->L;
  g->fields = S->gf;
  g->lang = lang;
  g->no_load = S->load_why[0] != '\0';
  g->no_store = S->store_why[0] != '\0';
  g->raw_load = S->raw_load;
}

/* Whether S's generated block is written: S is rewritten here, or (several
 * inputs) S changes layout and is defined in a project header, which every
 * input must rewrite alike, whether a pointer reaches S here or not. */
static bool gets_block(R *r, const RStruct *S) {
  return rw_rewritten(S) || (r->opt->blocks_in_headers && !S->bad && S->changes && !clang_Cursor_isNull(S->decl) &&
                             kd_filemap_file_at(r->map, S->insert_at) > 0);
}

/* Where each rewritten struct's generated block goes: after its
 * declaration; for a struct of a project header that the rewrite leaves
 * as it is, in the main file, after the #include line that brings the
 * header in (so the header need not change). */
static void place_blocks(R *r) {
  const KdFileMap *m = r->map;
  bool headers_edited = false;
  for (int i = 1; i < m->nfiles; i++)
    headers_edited |= kd_edits_any_in(r->cur.E, m->files[i].base, m->files[i].base + m->files[i].len);
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    int fi = kd_filemap_file_at(m, S->insert_at);
    if (rw_rewritten(S) && fi > 0 && !headers_edited && !r->opt->blocks_in_headers && !S->qual[0])
      S->insert_at = m->files[fi].include_end;  // (a struct of a namespace: its block stays in it)
  }
}

/* Inserts the prelude (the macros every block uses) before the first block
 * of each file, and the generated blocks. */
static void insert_blocks(R *r) {
  const KdFileMap *m = r->map;
  for (int fi = 0; fi < m->nfiles; fi++) {
    unsigned first = UINT_MAX;
    for (int i = 0; i < r->nrs; i++) {
      const RStruct *S = &r->rs[i];
      // (before a namespace that holds a block: the prelude's kdlg_index is declared at file scope)
      unsigned at = S->qual[0] ? S->ns_start : S->insert_at;
      if (gets_block(r, S) && kd_filemap_file_at(m, S->insert_at) == fi && at < first)
        first = at;
    }
    if (first == UINT_MAX)
      continue;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = kd_xopen_memstream(&buf, &n);
    fputs("\n", f);
    kd_gen_prelude(f, r->src->lang);
    fclose(f);
    kd_edit_begin(r->cur.E, first, first, -1);  // before the blocks inserted at the same place
    kd_edit_text(r->cur.E, "%s", buf);
    free(buf);
  }
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    if (!gets_block(r, S))
      continue;
    char *buf = NULL;
    size_t n = 0;
    FILE *f = kd_xopen_memstream(&buf, &n);
    fputs("\n", f);
    KdGenStruct g;
    gen_struct(r, S, r->src->lang, &g);
    kd_gen_device(f, &g);
    if (r->cuda)
      kd_gen_cuda_host(f, &g);
    if (rw_rewritten(S))
      rw_write_methods(r, i, f);  // (after the accessors they call)
    fclose(f);
    kd_edit_begin(r->cur.E, S->insert_at, S->insert_at, i);
    kd_edit_text(r->cur.E, "%s", buf);
    free(buf);
  }
}

static const char bom[] = "\xef\xbb\xbf";

/* Writes mapped file fi with the edits applied, after `preamble`: a UTF-8
 * byte-order mark stays the file's first bytes (after the preamble it would
 * be a stray character); the edits never insert before it. */
static int render_file(R *r, int fi, const char *preamble, FILE *f) {
  const KdMappedFile *mf = &r->map->files[fi];
  bool has_bom = mf->len >= 3 && !memcmp(r->text + mf->base, bom, 3);
  if (has_bom)
    fputs(bom, f);
  fputs(preamble, f);
  if (!has_bom)
    return kd_edits_apply_range(r->cur.E, r->text, mf->base, mf->base + mf->len, f);
  char *body = NULL;
  size_t blen = 0;
  FILE *fb = kd_xopen_memstream(&body, &blen);
  int rc = kd_edits_apply_range(r->cur.E, r->text, mf->base, mf->base + mf->len, fb);
  fclose(fb);
  size_t skip = blen >= 3 && !memcmp(body, bom, 3) ? 3 : 0;
  fwrite(body + skip, 1, blen - skip, f);
  free(body);
  return rc;
}

/* The main file's preamble: the plan in words, the runtime. */
static char *main_preamble(R *r, const KdRewriteResult *out) {
  char *text = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&text, &len);
  header_comment(r, f);
  if (out->nrewritten > 0 && r->cuda) {
    if (r->opt->inline_runtime) {
      fprintf(f, "/* ---- kdlg_layout.h (inlined) ---- */\n%s\n/* ---- kdlg_cuda.cuh (inlined) ---- */\n",
              kd_embedded_runtime_layout);
      const char *inc = "#include \"kdlg_layout.h\"";
      const char *at = strstr(kd_embedded_runtime_cuda, inc);
      if (at)
        fprintf(f, "%.*s/* kdlg_layout.h: above */%s\n", (int)(at - kd_embedded_runtime_cuda),
                kd_embedded_runtime_cuda, at + strlen(inc));
      else
        fprintf(f, "%s\n", kd_embedded_runtime_cuda);
    } else
      fputs("#include \"kdlg_cuda.cuh\" /* kdlg-opt's runtime/ (or use --inline-runtime) */\n", f);
  }
  if (out->nrewritten > 0 && !r->cuda && r->opt->layout_header)
    fprintf(f, "/* host side: %s describes the layouts and the kernels' new arguments */\n", r->opt->layout_header);
  fclose(f);
  return text;
}

/* Header fi, rewritten: appended to out->headers when its text changed. */
static int render_header(R *r, int fi, KdRewriteResult *out) {
  const KdMappedFile *mf = &r->map->files[fi];
  bool has_block = false;
  for (int i = 0; i < r->nrs; i++)
    has_block |= gets_block(r, &r->rs[i]) && kd_filemap_file_at(r->map, r->rs[i].insert_at) == fi;
  char *body = NULL;
  size_t blen = 0;
  FILE *fb = kd_xopen_memstream(&body, &blen);
  int rc = kd_edits_apply_range(r->cur.E, r->text, mf->base, mf->base + mf->len, fb);
  fclose(fb);
  bool same = blen == mf->len && !memcmp(body, r->text + mf->base, blen);
  free(body);
  if (rc != 0 || same)
    return rc;
  char *pre = kd_xasprintf(KD_REWRITTEN_HEADER_MARK "%s (the plan is in the first comment of the rewritten sources) */\n%s",
                           r->opt->version ? r->opt->version : "",
                           has_block && r->cuda && !r->opt->inline_runtime
                               ? "#include \"kdlg_cuda.cuh\" /* kdlg-opt's runtime/ */\n"
                               : "");
  char *text = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&text, &len);
  rc = render_file(r, fi, pre, f);
  fclose(f);
  free(pre);
  out->headers = kd_xrealloc(out->headers, (size_t)(out->nheaders + 1) * sizeof *out->headers);
  KdRewrittenHeader *h = &out->headers[out->nheaders++];
  h->name = kd_xstrdup(mf->name);
  h->real = kd_xstrdup(mf->real);
  h->text = text;
  h->len = len;
  return rc;
}

int rw_build_output(R *r, KdRewriteResult *out) {
  place_blocks(r);
  insert_blocks(r);
  char *pre = main_preamble(r, out);
  char *text = NULL;
  size_t len = 0;
  FILE *f = kd_xopen_memstream(&text, &len);
  int rc = render_file(r, 0, pre, f);
  for (int i = 0; i < r->nrs && r->opt->define_host_api; i++) {  // (the one file that defines them)
    RStruct *S = &r->rs[i];
    bool here = false;
    for (const char *const *u = r->opt->define_host_api; *u && !here; u++)
      here = !strcmp(*u, S->sp->usr);
    if (here && gets_block(r, S) && extern_api(r, S)) {
      KdGenStruct g;
      gen_struct(r, S, r->src->lang, &g);
      int depth = 0;  // (in the struct's namespaces, where the header declares them)
      for (const char *q = S->qual, *e; (e = strstr(q, "::")); q = e + 2, depth++)
        fprintf(f, "%snamespace %.*s {", depth ? " " : "\n", (int)(e - q), q);
      kd_gen_cuda_host_defs(f, &g);
      for (int k = 0; k < depth; k++)
        fputc('}', f);
      if (depth)
        fputs(" /* namespace */\n", f);
    }
  }
  fclose(f);
  free(pre);
  out->text = text;
  out->len = len;
  for (int fi = 1; fi < r->map->nfiles && rc == 0; fi++)
    rc = render_header(r, fi, out);
  if (r->opt->describe) {  // the edit list for --dry-run
    char *ed = NULL;
    size_t elen = 0;
    FILE *fe = kd_xopen_memstream(&ed, &elen);
    for (int fi = 0; fi < r->map->nfiles; fi++) {
      const KdMappedFile *mf = &r->map->files[fi];
      kd_edits_describe_range(r->cur.E, mf->name, r->text, mf->base, mf->base + mf->len, fe);
    }
    fclose(fe);
    out->edits = ed;
  }
  return rc;
}

void rw_opencl_header(R *r, KdRewriteResult *out) {
  char *buf = NULL;
  size_t n = 0;
  FILE *f = kd_xopen_memstream(&buf, &n);
  fprintf(f, "/* Generated by kdlg-opt from %s: the host side of the new data layouts.\n", r->src->path);
  fputs(" *\n"
        " * Each __global pointer parameter p to a rewritten struct S became\n"
        " *   KDLG_S_NREGIONS buffers (__global uchar *p_kd_r0, p_kd_r1, ...) followed by\n"
        " *   one long (p_kd_n): the number of elements the buffers hold.\n"
        " * Host code: create region c with kdlg_S_region_bytes(c, n) bytes, fill the\n"
        " * regions from the AoS array with kdlg_S_pack, set the new arguments in order,\n"
        " * and read results back with kdlg_S_unpack.  Arguments after p move up by\n"
        " * KDLG_S_NREGIONS (see each kernel's list below).\n"
        " */\n",
        f);
  fputs("#ifndef KDLG_OPENCL_LAYOUT_H\n#define KDLG_OPENCL_LAYOUT_H\n", f);
  fprintf(f, "/* ---- kdlg_layout.h ---- */\n%s\n", kd_embedded_runtime_layout);
  for (int i = 0; i < r->nrs; i++) {
    RStruct *S = &r->rs[i];
    if (!rw_rewritten(S))
      continue;
    KdGenStruct g;
    gen_struct(r, S, r->src->lang, &g);
    fprintf(f, "\n/* ---- %s ---- */\n", S->type);
    kd_gen_opencl_host(f, &g);
  }
  // kernels' argument lists
  fputs("\n/* Kernel arguments after rewriting (original index -> new index). */\n", f);
  for (int fi = 0; fi < r->funcs.n; fi++) {
    CXCursor fn = r->funcs.v[fi];
    if (!clang_isCursorDefinition(fn) || !rw_is_kernel_fn(r, fn))
      continue;
    char kname[256];
    rw_spell(fn, kname, sizeof kname);
    int np = kd_function_nparams(fn);
    fprintf(f, "static const int kdlg_args_%s[] = {", kname);
    int next = 0;
    for (int i = 0; i < np; i++) {
      Var *v = rw_var_find(r, kd_function_param(fn, (unsigned)i));
      fprintf(f, "%s%d", i ? ", " : "", next);
      next += v && rw_is_view(r, v) && rw_rewritten(&r->rs[v->rs]) ? (int)r->rs[v->rs].L->nclusters + 1 : 1;
    }
    fprintf(f, "%s}; /* %d arguments now */\n", np ? "" : "0", next);
  }
  fputs("#endif\n", f);
  fclose(f);
  out->header = buf;
  out->header_len = n;
}
