/* macros.c: which macros of the translation unit lead to a word a clone
 * must not copy (__func__ and its kin, std::source_location, __COUNTER__):
 * every `#define` of every file read once, on first need, and closed over
 * macros that use such macros. */
#include "rewriteInt.h"

/* One `#define NAME replacement` line of some file of the translation unit. */
typedef struct MacroDef {
  const char *name;  // NAME (not NUL-terminated), in the file's text
  unsigned nname;
  const char *repl;  // the replacement, to the end of the (continued) line
  unsigned nrepl;
} MacroDef;

/* A macro name that leads to one of a word list, in a set (uthash). */
struct MacroHit {
  char *name;
  UT_hash_handle hh;
};

typedef struct MacroScan {
  MacroDef *v;
  int n, cap;
} MacroScan;

/* Appends every `#define` line of text[0, len) to *ms. */
static void scan_defines(const char *text, size_t len, MacroScan *ms) {
  for (size_t i = 0; i < len; i++) {
    if (text[i] != '#')
      continue;
    size_t l = i;  // only blanks between the line's start and '#'
    while (l > 0 && (text[l - 1] == ' ' || text[l - 1] == '\t'))
      l--;
    if (l > 0 && text[l - 1] != '\n')
      continue;
    size_t k = i + 1;
    while (k < len && (text[k] == ' ' || text[k] == '\t'))
      k++;
    if (k + 6 > len || strncmp(text + k, "define", 6) || (k + 6 < len && rw_is_ident_char(text[k + 6])))
      continue;
    k += 6;
    while (k < len && (text[k] == ' ' || text[k] == '\t'))
      k++;
    size_t n = k;
    while (n < len && rw_is_ident_char(text[n]))
      n++;
    size_t end = n;
    while (end < len && !(text[end] == '\n' && text[end - 1] != '\\'))
      end++;
    if (n > k) {
      KD_GROW(ms->v, ms->cap, ms->n + 1);
      ms->v[ms->n++] = (MacroDef){text + k, (unsigned)(n - k), text + n, (unsigned)(end - n)};
    }
    i = end;
  }
}

typedef struct FileList {
  CXFile *v;
  int n, cap;
} FileList;

static void add_inclusion(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d) {
  (void)stack;
  (void)depth;
  FileList *l = d;
  KD_GROW(l->v, l->cap, l->n + 1);
  l->v[l->n++] = f;
}

/* Whether text[b, e) holds a whole identifier that is in `set`. */
static bool has_hit_name(const char *text, unsigned b, unsigned e, MacroHit *set) {
  for (unsigned i = b; i < e;) {
    if (!rw_is_ident_char(text[i]) || (i > b && rw_is_ident_char(text[i - 1]))) {
      i++;
      continue;
    }
    unsigned n = i;
    while (n < e && rw_is_ident_char(text[n]))
      n++;
    MacroHit *h;
    HASH_FIND(hh, set, text + i, n - i, h);
    if (h)
      return true;
    i = n;
  }
  return false;
}

/* The names of the macros of ms whose replacement uses one of `words`
 * directly or through other such macros.  A name counts if any of its
 * definitions does (#undef and redefinitions are not followed:
 * conservative).  Free with free_hits. */
static MacroHit *macro_hits(const MacroScan *ms, const char *const *words) {
  MacroHit *set = NULL;
  for (bool more = true; more;) {  // a macro whose replacement uses a word or a name already in the set
    more = false;
    for (int m = 0; m < ms->n; m++) {
      const MacroDef *d = &ms->v[m];
      MacroHit *h;
      HASH_FIND(hh, set, d->name, d->nname, h);
      if (h)
        continue;
      bool hit = has_hit_name(d->repl, 0, d->nrepl, set);
      for (int w = 0; words[w] && !hit; w++)
        hit = rw_text_has_word(d->repl, d->nrepl, words[w]);
      if (hit) {
        h = kd_xcalloc(1, sizeof *h);
        h->name = kd_xstrndup(d->name, d->nname);
        HASH_ADD_KEYPTR(hh, set, h->name, d->nname, h);
        more = true;
      }
    }
  }
  return set;
}

void rw_free_hits(MacroHit *set) {
  MacroHit *h, *tmp;
  HASH_ITER(hh, set, h, tmp) {
    HASH_DEL(set, h);
    free(h->name);
    free(h);
  }
}

/* What a clone must not copy (clone_text_problem): its own name, through
 * __func__ and its kin or std::source_location (whose current() asks the
 * builtins), and __COUNTER__. */
static const char *const own_name_words[] = {"__func__",          "__FUNCTION__",       "__PRETTY_FUNCTION__",
                                             "__FUNCSIG__",       "__builtin_FUNCTION", "__builtin_FUNCSIG",
                                             "__builtin_source_location", "source_location", NULL};
static const char *const counter_words[] = {"__COUNTER__", NULL};

/* Reads every `#define` of every file of the translation unit (the main
 * file, every header it includes, the bundled prelude) once, and keeps the
 * macros that lead to own_name_words and to counter_words. */
static void read_macros(R *r) {
  MacroScan ms = {0};
  scan_defines(r->text, r->len, &ms);
  FileList files = {0};
  clang_getInclusions(r->src->tu, add_inclusion, &files);
  for (int i = 0; i < files.n; i++) {
    size_t size = 0;
    const char *text = kd_filemap_find(r->map, files.v[i]) >= 0 ? NULL  // (in r->text)
                                                                  : clang_getFileContents(r->src->tu, files.v[i], &size);
    if (text)
      scan_defines(text, size, &ms);
  }
  free(files.v);
  r->mac.own_name_hits = macro_hits(&ms, own_name_words);
  r->mac.counter_hits = macro_hits(&ms, counter_words);
  r->mac.read = true;
  free(ms.v);
}

/* Whether text[b, e) uses one of the words of `what` (RW_OWN_NAME:
 * own_name_words, RW_COUNTER: counter_words), directly (*via = false) or
 * through a macro of any file of the translation unit whose replacement uses
 * one, maybe through other such macros (*via = true). */
bool rw_uses_words(R *r, unsigned b, unsigned e, RwWords what, bool *via) {
  const char *const *words = what == RW_OWN_NAME ? own_name_words : counter_words;
  *via = false;
  for (int w = 0; words[w]; w++)
    if (rw_has_word(r, b, e, words[w]))
      return true;
  if (!r->mac.read)
    read_macros(r);
  return *via = has_hit_name(r->text, b, e, what == RW_OWN_NAME ? r->mac.own_name_hits : r->mac.counter_hits);
}
