/* branches.c: a view named in a branch of #if that the program's
 * configuration leaves out (`#ifdef DEBUG_PRINT_GPU`, `#ifndef
 * MILC_COMPLEX`), on the host side and on the device side alike.  The
 * parser does not see that text, so it stays as written; instead of keeping
 * the struct AoS (as for a branch that only the host side skips, the device
 * code of `#ifdef __CUDA_ARCH__`, which nvcc compiles), the output puts an
 * `#error` at the top of the branch, so that a build that turns the branch
 * on stops there with the reason, not on the view it cannot index; and
 * kdlg-opt warns (rw_print_branch_guards).  A branch whose #if chain, or an
 * enclosing one, spells __CUDA_ARCH__ is never such a branch: another GPU
 * architecture of the same build may compile it. */
#include "rewriteInt.h"

/* Whether the skipped ranges of `tu` in file f hold file offset fo; *start:
 * the range's first byte (its opening directive's '#'). */
static bool skipped_at(CXTranslationUnit tu, CXFile f, unsigned fo, unsigned *start) {
  CXSourceRangeList *rl = f ? clang_getSkippedRanges(tu, f) : NULL;
  bool in = false;
  for (unsigned i = 0; rl && i < rl->count && !in; i++) {
    unsigned b, e;
    clang_getFileLocation(clang_getRangeStart(rl->ranges[i]), NULL, NULL, NULL, &b);
    clang_getFileLocation(clang_getRangeEnd(rl->ranges[i]), NULL, NULL, NULL, &e);
    if (b <= fo && fo < e) {
      in = true;
      *start = b;
    }
  }
  if (rl)
    clang_disposeSourceRangeList(rl);
  return in;
}

/* The end of the (logical) line that starts at map offset o: past its
 * '\n', over backslash continuations. */
static unsigned line_after(R *r, unsigned o) {
  while (o < r->len && !(r->text[o] == '\n' && (o == 0 || r->text[o - 1] != '\\')))
    o++;
  return o < r->len ? o + 1 : o;
}

/* Whether the directive line at map offset o spells __CUDA_ARCH (the macro,
 * or __CUDA_ARCH_LIST__ and its kin). */
static bool line_names_arch(R *r, unsigned o) {
  unsigned e = line_after(r, o);
  for (unsigned k = o; k + 11 <= e; k++)
    if (!memcmp(r->text + k, "__CUDA_ARCH", 11))
      return true;
  return false;
}

/* The directive name at map offset o (just after its '#'), in dir (n bytes). */
static void directive_at(R *r, unsigned o, char *dir, size_t n) {
  unsigned k = o + 1;
  while (k < r->len && (r->text[k] == ' ' || r->text[k] == '\t'))
    k++;
  size_t i = 0;
  while (k < r->len && i + 1 < n && rw_is_ident_char(r->text[k]))
    dir[i++] = r->text[k++];
  dir[i] = '\0';
}

/* Whether the #if chain that the directive at map offset `at` (of a file
 * starting at `base`) belongs to, or one enclosing it, spells __CUDA_ARCH:
 * the directives from the file's start are followed with a stack of
 * chains. */
static bool chain_names_arch(R *r, unsigned base, unsigned at) {
  bool stack[64];
  int depth = 0, lost = 0;  // (deeper than the stack: counted, and taken to name it)
  for (unsigned o = base; o <= at && o < r->len; o = line_after(r, o)) {
    unsigned k = o;
    while (k < r->len && (r->text[k] == ' ' || r->text[k] == '\t'))
      k++;
    if (k >= r->len || r->text[k] != '#')
      continue;
    char dir[16];
    directive_at(r, k, dir, sizeof dir);
    bool arch = line_names_arch(r, k);
    if (!strcmp(dir, "if") || !strcmp(dir, "ifdef") || !strcmp(dir, "ifndef")) {
      if (depth < 64)
        stack[depth++] = arch;
      else
        lost++;
    } else if (!strncmp(dir, "elif", 4) && depth > 0 && !lost) {
      stack[depth - 1] |= arch;
    } else if (!strcmp(dir, "endif") && k < at) {
      if (lost)
        lost--;
      else if (depth > 0)
        depth--;
    }
  }
  if (lost)
    return true;
  for (int i = 0; i < depth; i++)
    if (stack[i])
      return true;
  return false;
}

bool rw_config_branch(R *r, CXSourceLocation l, unsigned *at) {
  if (!r->cuda)
    return false;
  CXFile f;
  unsigned fo, off;
  clang_getFileLocation(l, &f, NULL, NULL, &fo);
  int i = kd_filemap_find(r->map, f);
  if (i < 0 || !rw_in_files(r, l, &off))
    return false;
  const KdMappedFile *mf = &r->map->files[i];
  unsigned b[2];
  for (int side = 0; side < 2; side++) {  // (parsed once, kept in the source)
    CXTranslationUnit tu = kd_frontend_skips_tu((KdSource *)r->src, side == 1);
    if (!tu || !skipped_at(tu, clang_getFile(tu, mf->name), fo, &b[side]))
      return false;
  }
  if (b[0] != b[1] || chain_names_arch(r, mf->base, mf->base + b[0]))
    return false;
  unsigned hb = b[0];
  *at = line_after(r, mf->base + hb);
  return true;
}

void rw_add_branch_guard(R *r, int rs, unsigned at, CXSourceLocation l, const char *name) {
  for (int i = 0; i < r->guards.n; i++)
    if (r->guards.v[i].at == at && r->guards.v[i].rs == rs)
      return;
  BranchGuard g = {.at = at, .rs = rs, .loc = l};
  snprintf(g.name, sizeof g.name, "%s", name);
  kd_vec_push(&r->guards, g);
}

void rw_edit_branch_guards(R *r) {
  for (int i = 0; i < r->guards.n; i++) {
    const BranchGuard *g = &r->guards.v[i];
    if (r->rs[g->rs].bad)
      continue;
    kd_edit_begin(r->cur.E, g->at, g->at, g->rs);
    kd_edit_text(r->cur.E,
                 "#error \"kdlg-opt: this branch names '%s', whose struct '%s' kdlg-opt gave a new layout in a "
                 "configuration that leaves the branch out: run kdlg-opt again with the branch's macros set\"\n",
                 g->name, r->rs[g->rs].sp->name);
  }
}

void rw_print_branch_guards(R *r) {
  for (int i = 0; i < r->guards.n; i++) {
    const BranchGuard *g = &r->guards.v[i];
    if (!rw_rewritten(&r->rs[g->rs]))
      continue;
    CXFile f;
    unsigned line, col;
    clang_getFileLocation(g->loc, &f, &line, &col, NULL);
    CXString fn = clang_getFileName(f);
    fprintf(r->rem,
            "%s:%u:%u: warning: '%s' is named in a branch of #if that this configuration leaves out (on the host "
            "and the device side), which stays as written: the output stops there with #error if a build turns "
            "the branch on [kdlg-config-branch]\n",
            clang_getCString(fn), line, col, g->name);
    clang_disposeString(fn);
  }
}
