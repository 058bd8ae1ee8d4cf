/* branches.c: a view named in a branch of #if that the program's
 * configuration leaves out (`#ifdef DEBUG_PRINT_GPU`, `#ifndef
 * MILC_COMPLEX`), on the host side and on the device side alike.  The
 * parser does not see that text, so it stays as written; instead of keeping
 * the struct AoS (as for a branch that only the host side skips, the device
 * code of `#ifdef __CUDA_ARCH__`, which nvcc compiles), the output puts an
 * `#error` at the top of the innermost branch that names it, so that a
 * build that turns the branch on stops there with the reason, not on the
 * view it cannot index; and kdlg-opt warns (rw_print_branch_guards).  Only
 * the build's own switches count: every #if and #elif of the enclosing
 * conditionals tests macro names with `defined`, `!`, `&&`, `||` alone,
 * each one that kdlg-opt's command line defines or undefines (-D, -U: the
 * configuration kdlg-opt was told; clang's parse and nvcc's define
 * different sets of other names, `CUDA_VERSION`, `CLOCK_MONOTONIC`,
 * `linux`), none reserved to the implementation (`__clang__`,
 * `__CUDA_ARCH__`: another GPU architecture of the same build may compile
 * the branch) and none that the project defines itself (it may derive from
 * those, or differ between two inclusions of one file). */
#define _GNU_SOURCE /* memmem */
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

/* The kind of the directive whose '#' is at map offset h; *cond: where
 * what follows its name starts. */
enum { D_IF, D_ELIF, D_ELSE, D_ENDIF, D_DEFINE, D_OTHER };
static int directive(R *r, unsigned h, unsigned *cond) {
  unsigned k = h + 1;
  while (k < r->len && (r->text[k] == ' ' || r->text[k] == '\t'))
    k++;
  unsigned w = k;
  while (k < r->len && rw_is_ident_char(r->text[k]))
    k++;
  *cond = k;
  size_t n = k - w;
  const char *d = r->text + w;
#define IS(s) (n == sizeof(s) - 1 && !memcmp(d, s, n))
  return IS("if") || IS("ifdef") || IS("ifndef")                     ? D_IF
         : IS("elif") || IS("elifdef") || IS("elifndef")              ? D_ELIF
         : IS("else")                                                 ? D_ELSE
         : IS("endif")                                                ? D_ENDIF
         : IS("define") || IS("undef")                                ? D_DEFINE
                                                                      : D_OTHER;
#undef IS
}

/* The next directive of [o, end) at or after o: its '#', or end. */
static unsigned next_directive(R *r, unsigned o, unsigned end) {
  while (o < end) {
    unsigned s = rw_logical_line_start(r, o);
    if (s >= o && s < end && r->text[s] == '#')
      return s;
    o = rw_logical_line_end(r, o);
  }
  return end;
}

/* Whether a mapped file #defines or #undefs macro `name` (n bytes) where
 * this configuration reads it: a macro the project sets itself may depend on
 * anything, the GPU architecture too (`#if __CUDA_ARCH__ >= 700` / `#define
 * HAS_NEW 1`).  A #define that lies itself in a branch this configuration
 * leaves out (rw_config_branch: `#ifdef DEBUG_GPU` / `#define
 * DEBUG_PRINT_GPU 1` given -UDEBUG_GPU) does not count: no build of this
 * configuration reads it, and a build that does turns that branch on, and
 * with it the #error of every branch that names a view under its macro.
 * The directives are read once (r->pp_defined); whether one is left out is
 * asked at most once, and counts as not left out while it is being asked
 * (a #define under a switch that it defines itself, directly or not). */
static bool project_defines(R *r, const char *name, size_t n) {
  if (!r->pp_defined_read) {
    r->pp_defined_read = true;
    for (int f = 0; f < r->map->nfiles; f++) {
      const KdMappedFile *mf = &r->map->files[f];
      for (unsigned h = next_directive(r, mf->base, mf->base + mf->len); h < mf->base + mf->len;
           h = next_directive(r, rw_logical_line_end(r, h), mf->base + mf->len)) {
        unsigned c;
        if (directive(r, h, &c) != D_DEFINE)
          continue;
        c = rw_skip_blanks(r, c);
        unsigned e = c;
        while (e < r->len && rw_is_ident_char(r->text[e]))
          e++;
        if (e > c)
          kd_vec_push(&r->pp_defined, ((PpDefine){kd_xasprintf("%.*s", (int)(e - c), r->text + c), f, h, PP_UNKNOWN}));
      }
    }
  }
  for (int i = 0; i < r->pp_defined.n; i++) {
    PpDefine *d = &r->pp_defined.v[i];
    if (strlen(d->name) != n || memcmp(d->name, name, n))
      continue;
    if (d->state == PP_UNKNOWN) {
      d->state = PP_ASKING;
      const KdMappedFile *mf = &r->map->files[d->file];
      CXFile f = clang_getFile(r->src->tu, mf->name);
      unsigned at;
      bool out = f && rw_config_branch(r, clang_getLocationForOffset(r->src->tu, f, d->at - mf->base), &at);
      d->state = out ? PP_LEFT_OUT : PP_READ;
    }
    if (d->state != PP_LEFT_OUT)
      return true;
  }
  return false;
}

/* Whether the command line of the parse defines or undefines macro `name`
 * (n bytes): `-DNAME`, `-DNAME=...`, `-D NAME`, `-UNAME`, `-U NAME`.  Only
 * such a switch is the build's own for certain: clang's parse and nvcc's
 * define different sets of other names (`CUDA_VERSION` only in clang's,
 * `CLOCK_MONOTONIC`, `linux`, `assert` only in nvcc's). */
static bool command_line_switch(R *r, const char *name, size_t n) {
  for (int i = 0; i < r->src->nargs; i++) {
    const char *a = r->src->args[i];
    if ((a[0] != '-' || (a[1] != 'D' && a[1] != 'U')))
      continue;
    const char *m = a[2] ? a + 2 : i + 1 < r->src->nargs ? r->src->args[i + 1] : "";
    if (!strncmp(m, name, n) && (m[n] == '\0' || m[n] == '='))
      return true;
  }
  return false;
}

/* Whether the condition [b, e) of an #if, #ifdef or #elif is one of the
 * build's own switches: macro names combined with `defined`, `!`, `&&`,
 * `||` and parentheses, none reserved to the implementation (`__clang__`,
 * `__CUDA_ARCH__`, `_MSC_VER`: clang's parse and nvcc's may disagree on
 * them) and none the project defines itself.  A number or a comparison
 * (`CUB_PTX_ARCH >= 700`) is not, nor a name the command line does not
 * define or undefine (command_line_switch). */
static bool switch_condition(R *r, unsigned b, unsigned e) {
  for (unsigned k = b; k < e;) {
    char c = r->text[k];
    if (c == '\\') {  // a continuation: a blank, unless it splits a name (`_\` then `_clang__`)
      unsigned j = k + 1;
      while (j < e && (r->text[j] == ' ' || r->text[j] == '\t' || r->text[j] == '\r' || r->text[j] == '\n'))
        j++;
      if (k > b && rw_is_ident_char(r->text[k - 1]) && j < e && rw_is_ident_char(r->text[j]))
        return false;
      k = j;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '(' || c == ')' || c == '!') {
      k++;
    } else if ((c == '&' || c == '|') && k + 1 < e && r->text[k + 1] == c) {
      k += 2;
    } else if (c == '/' && k + 1 < e && r->text[k + 1] == '/') {
      break;
    } else if (c == '/' && k + 1 < e && r->text[k + 1] == '*') {
      const char *end = memmem(r->text + k + 2, e - k - 2, "*/", 2);
      if (!end)
        return false;
      k = (unsigned)(end - r->text) + 2;
    } else if (rw_is_ident_char(c) && !(c >= '0' && c <= '9')) {
      unsigned w = k;
      while (k < e && rw_is_ident_char(r->text[k]))
        k++;
      size_t n = k - w;
      const char *id = r->text + w;
      if (n == 7 && !memcmp(id, "defined", 7))
        continue;
      if (id[0] == '_' && n > 1 && (id[1] == '_' || (id[1] >= 'A' && id[1] <= 'Z')))
        return false;
      if (project_defines(r, id, n) || !command_line_switch(r, id, n))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

/* Whether every #if and #elif of the conditional that starts at map offset
 * `h` (its '#'), up to its #endif, tests only the build's switches. */
static bool switch_chain(R *r, unsigned h, unsigned end) {
  int depth = 0;
  for (; h < end; h = next_directive(r, rw_logical_line_end(r, h), end)) {
    unsigned c;
    int d = directive(r, h, &c);
    if (d == D_IF && depth++ > 0)
      continue;
    if (d == D_ENDIF && --depth == 0)
      return true;
    if ((d == D_IF || d == D_ELIF) && depth == 1 && !switch_condition(r, c, rw_logical_line_end(r, h)))
      return false;
  }
  return false;  // (no #endif)
}

/* Whether mapped file mf has a directive that next_directive would misread:
 * a `%:` digraph one, or a line starting with '#' inside a block comment
 * (a commented-out `#endif`).  Conservative: the opening of a comment in a
 * string literal counts as one too. */
static bool unclear_directives(R *r, const KdMappedFile *mf) {
  bool comment = false;
  for (unsigned o = mf->base, end = mf->base + mf->len; o < end;) {
    unsigned s = rw_logical_line_start(r, o);
    if (s >= o && s < end && (r->text[s] == '#' || (r->text[s] == '%' && s + 1 < end && r->text[s + 1] == ':')) &&
        (comment || r->text[s] == '%'))
      return true;
    unsigned e = rw_logical_line_end(r, o);
    for (unsigned k = o; k + 1 < e; k++) {
      if (!comment && r->text[k] == '/' && r->text[k + 1] == '/')
        break;
      if (!comment && r->text[k] == '/' && r->text[k + 1] == '*')
        comment = true, k++;
      else if (comment && r->text[k] == '*' && r->text[k + 1] == '/')
        comment = false, k++;
    }
    o = e;
  }
  return false;
}

/* The conditionals that enclose map offset o of mapped file mf, each a
 * switch chain; *at: past the directive line of the innermost branch that
 * holds o.  false if o is in none, or one is not. */
static bool switch_branch(R *r, const KdMappedFile *mf, unsigned o, unsigned *at) {
  unsigned end = mf->base + mf->len, chain[64], branch[64];  // each open conditional: its #if, its branch
  int depth = 0;
  if (unclear_directives(r, mf))
    return false;
  for (unsigned h = next_directive(r, mf->base, o); h < o; h = next_directive(r, rw_logical_line_end(r, h), o)) {
    unsigned c;
    int d = directive(r, h, &c);
    if (d == D_IF) {
      if (depth == 64)
        return false;
      chain[depth] = h;
      branch[depth++] = rw_logical_line_end(r, h);
    } else if ((d == D_ELIF || d == D_ELSE) && depth > 0) {
      branch[depth - 1] = rw_logical_line_end(r, h);
    } else if (d == D_ENDIF && depth > 0) {
      depth--;
    }
  }
  if (depth == 0)
    return false;
  for (int i = 0; i < depth; i++)
    if (!switch_chain(r, chain[i], end))
      return false;
  *at = branch[depth - 1];
  return true;
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
  return b[0] == b[1] && switch_branch(r, mf, off, at);
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
            "%s:%u:%u: warning: '%s', a view of struct '%s', is named in a branch of #if that this configuration "
            "leaves out (on the host and the device side), which stays as written: the output stops there with "
            "#error if a build turns the branch on [kdlg-config-branch]\n",
            clang_getCString(fn), line, col, g->name, r->rs[g->rs].sp->name);
    clang_disposeString(fn);
  }
}
