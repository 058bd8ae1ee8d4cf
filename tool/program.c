/* program.c: the rewrite of a program of one or more inputs (program.h):
 * parser arguments, the C files' headers, functions followed across units
 * (extern_views), the units that define the host wrappers
 * (host_api_homes), and the rounds of kd_rewrite (kd_rewrite_program). */
#define _GNU_SOURCE /* asprintf */
#include "program.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../analysis/mem.h"
#include "compdb.h"

/* The parser's arguments: the build's first (compile_commands.json: -p's,
 * else one found above the input; tool/compdb.h), then those after --.
 * Returns -1 with *out (free with kd_free_args), or an exit status. */
int kd_compiler_args(const Options *o, const char *input, char ***out, int *nout) {
  KdCompdbArgs db;
  int rc = kd_compdb_lookup(o->build_dir, input, o->verbose, &db, stderr);
  if (rc != 0)
    return rc == KD_COMPDB_NO_DATABASE ? EXIT_USAGE : EXIT_INPUT;
  int ndb = db.nargs;
  *out = kd_xcalloc((size_t)(ndb + o->ncargs + 2), sizeof(char *));
  for (int i = 0; i < ndb; i++)
    (*out)[i] = kd_xstrdup(db.args[i]);
  for (int i = 0; i < o->ncargs; i++)
    (*out)[ndb + i] = kd_xstrdup(o->cargs[i]);
  *nout = ndb + o->ncargs;
  if (o->cuda_path) {  // (last: it wins over one among the compiler arguments, as clang's last one does)
    (*out)[(*nout)++] = kd_xasprintf("--cuda-path=%s", o->cuda_path);
  }
  kd_compdb_args_free(&db);
  return -1;
}

void kd_free_args(char **args, int n) {
  for (int i = 0; i < n; i++)
    free(args[i]);
  free(args);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The parameters of functions defined in one unit and called from another
 * with nothing but device data (KdRewriteOptions.extern_views): read from a
 * first rewrite of every unit (its remarks dropped).  Sorted; *n entries.
 * *rets: the functions some unit calls with no body there that return a
 * pointer or reference to a planned struct (USRs, sorted). */
static char **extern_views(const Options *o, Unit *u, int n, const KdPlan *plan, int *nviews, char ***mixed,
                           int *nmixed, char ***rets, int *nrets) {
  char *sink = NULL;
  size_t sinklen = 0;
  FILE *devnull = kd_xopen_memstream(&sink, &sinklen);
  KD_VEC(char *) calls = {0};
  KD_VEC(char *) defs = {0};
  for (int i = 0; i < n; i++) {
    KdRewriteResult rw = {0};
    KdRewriteOptions ro = {.inline_runtime = o->inline_runtime, .version = KDLG_OPT_VERSION, .blocks_in_headers = true};
    if (kd_rewrite(&u[i].src, plan, &ro, &rw, devnull) == 0) {
      for (int k = 0; k < rw.next_calls; k++)
        kd_vec_push(&calls, kd_xstrdup(rw.ext_calls[k]));
      for (int k = 0; k < rw.next_defs; k++)
        kd_vec_push(&defs, kd_xstrdup(rw.ext_defs[k]));
    }
    kd_rewrite_result_free(&rw);
  }
  fclose(devnull);
  free(sink);
  if (calls.n > 1)  // qsort's base must not be NULL, even for no elements
    qsort(calls.v, (size_t)calls.n, sizeof(char *), cmp_str);
  if (defs.n > 1)
    qsort(defs.v, (size_t)defs.n, sizeof(char *), cmp_str);
  KD_VEC(char *) views = {0};
  KD_VEC(char *) mix = {0};
  KD_VEC(char *) ret = {0};
  for (int k = 0; k < calls.n; k++) {
    char *c = calls.v[k];
    size_t klen = strlen(c) - 2;  // "USR#i" of "USR#i=V"
    if (klen >= 2 && !strcmp(c + klen - 2, "#r=C")) {  // a call of a function that returns the struct's pointer
      if (!ret.n || strncmp(ret.v[ret.n - 1], c, klen - 2) || ret.v[ret.n - 1][klen - 2])
        kd_vec_push(&ret, kd_xstrndup(c, klen - 2));
      continue;
    }
    bool dup = (views.n && !strncmp(views.v[views.n - 1], c, klen) && !views.v[views.n - 1][klen]) ||
               (mix.n && !strncmp(mix.v[mix.n - 1], c, klen) && !mix.v[mix.n - 1][klen]);
    if (c[klen + 1] != 'V' || dup)
      continue;
    bool other = false;  // the same parameter given another pointer somewhere
    for (int j = 0; j < calls.n && !other; j++)
      other = !strncmp(calls.v[j], c, klen) && calls.v[j][klen] == '=' && calls.v[j][klen + 1] == 'O';
    char *usr = kd_xstrndup(c, (size_t)(strrchr(c, '#') - c));
    bool defined = bsearch(&usr, defs.v, (size_t)defs.n, sizeof(char *), cmp_str) != NULL;
    free(usr);
    if (!other && defined)
      kd_vec_push(&views, kd_xstrndup(c, klen));
    else if (defined)
      kd_vec_push(&mix, kd_xstrndup(c, klen));
  }
  *mixed = mix.v;
  *nmixed = mix.n;
  *rets = ret.v;
  *nrets = ret.n;
  for (int k = 0; k < calls.n; k++)
    free(calls.v[k]);
  free(calls.v);
  for (int k = 0; k < defs.n; k++)
    free(defs.v[k]);
  free(defs.v);
  *nviews = views.n;
  return views.v;
}

/* Per unit, the USRs of the planned structs whose host wrappers it defines
 * (NULL-terminated, the strings the plan's): each struct's first CUDA unit
 * (not host-compiled) that has its definition.  malloc'd, n entries. */
static const char ***host_api_homes(const Unit *u, int n, const KdPlan *plan) {
  const char ***homes = kd_xcalloc((size_t)n, sizeof *homes);
  int *count = kd_xcalloc((size_t)n, sizeof *count);
  for (int i = 0; i < n; i++)
    homes[i] = kd_xcalloc((size_t)plan->nstructs + 1, sizeof **homes);
  for (int s = 0; s < plan->nstructs; s++)
    for (int i = 0; i < n; i++) {
      CXCursor def, top;
      if (!u[i].src.host_compiled && kd_source_find_record(&u[i].src, plan->structs[s].usr, &def, &top)) {
        homes[i][count[i]++] = plan->structs[s].usr;
        break;
      }
    }
  free(count);
  return homes;
}

/* Reads every C file of o->c_files for the headers it includes into *ch.
 * -1, or an exit status (error printed). */
int kd_c_headers(const Options *o, CHeaders *ch, FILE *diag) {
  for (int k = 0; k < o->nc_files; k++) {
    char **args, **files;
    int nargs, nfiles;
    int rc = kd_compiler_args(o, o->c_files[k], &args, &nargs);
    if (rc >= 0)
      return rc;
    rc = kd_frontend_c_includes(o->c_files[k], (const char *const *)args, nargs, &files, &nfiles, diag);
    kd_free_args(args, nargs);
    if (rc != 0)
      return EXIT_INPUT;
    ch->real = kd_xrealloc(ch->real, (size_t)(ch->n + nfiles) * sizeof *ch->real);
    ch->by = kd_xrealloc(ch->by, (size_t)(ch->n + nfiles) * sizeof *ch->by);
    for (int i = 0; i < nfiles; i++) {
      ch->real[ch->n] = files[i];
      ch->by[ch->n++] = o->c_files[k];
    }
    free(files);
  }
  return -1;
}

/* A reason that sends every struct back to AoS (a header): printed on remf,
 * given to each struct that has no reason yet (why is freed).  Whether any
 * struct went back. */
static bool keep_every_struct(char *why, KdPlan *plan, KdOutcome *oc, FILE *remf) {
  bool any = false;
  fprintf(remf, "%s\n", why);
  for (int s = 0; s < plan->nstructs; s++)
    if (!oc[s].why) {
      oc[s].why = kd_xstrdup(why);
      kd_plan_keep_aos(&plan->structs[s]);
      any = true;
    }
  free(why);
  return any;
}

/* Rewrites every unit per plan (in memory: also where nothing is written,
 * for the verdict).  A program of several units must be rewritten alike in
 * each: a struct that one unit keeps in AoS goes back to AoS in the plan,
 * and a project header that two units would rewrite differently sends
 * every struct back, and all are rewritten again; each remark is printed
 * once.  oc (plan->nstructs entries) gets each struct's outcome.  -1, or
 * an exit status. */
int kd_rewrite_program(const Options *o, Unit *u, int n, const CHeaders *ch, KdPlan *plan, KdOutcome *oc, FILE *diag) {
  char *rem = NULL;
  size_t remlen = 0;
  FILE *remf = n > 1 ? kd_xopen_memstream(&rem, &remlen) : diag;  // (one unit: printed as they come)
  int rc = -1;
  int nviews = 0, nmixed = 0, nrets = 0;
  char **mixed = NULL, **rets = NULL;
  char **views = n > 1 ? extern_views(o, u, n, plan, &nviews, &mixed, &nmixed, &rets, &nrets) : NULL;
  // a host-compiled file in the program: the host wrappers of structs in project headers are declared there
  // and defined once, in the first CUDA file that sees the struct (host_api_homes)
  bool extern_api = false;
  for (int i = 0; i < n; i++)
    extern_api |= u[i].src.host_compiled;
  const char ***homes = extern_api ? host_api_homes(u, n, plan) : NULL;
  for (int round = 0; round <= plan->nstructs + 1 && rc < 0; round++) {
    bool again = false;
    for (int i = 0; i < n && rc < 0; i++) {
      kd_rewrite_result_free(&u[i].rw);
      const char *hbase = u[i].layout_header ? strrchr(u[i].layout_header, '/') : NULL;
      KdRewriteOptions ro = {.inline_runtime = o->inline_runtime,
                             .layout_header = hbase ? hbase + 1 : u[i].layout_header,
                             .version = KDLG_OPT_VERSION,
                             .describe = o->dry_run,
                             .blocks_in_headers = n > 1,
                             .extern_views = (const char *const *)views,
                             .nextern_views = nviews,
                             .extern_mixed = (const char *const *)mixed,
                             .nextern_mixed = nmixed,
                             .extern_rets = (const char *const *)rets,
                             .nextern_rets = nrets,
                             .extern_host_api = extern_api,
                             .define_host_api = homes ? homes[i] : NULL};
      if (kd_rewrite(&u[i].src, plan, &ro, &u[i].rw, remf) != 0)
        rc = EXIT_INPUT;
    }
    for (int s = 0; s < plan->nstructs && rc < 0; s++)
      for (int i = 0; i < n && !oc[s].why; i++)
        if (u[i].rw.kept[s]) {  // kept in one file: AoS in every file
          oc[s].why = kd_xstrdup(u[i].rw.why[s]);
          if (n > 1) {  // (one unit: the plan stays the analysis's, as --emit-plan writes it)
            kd_plan_keep_aos(&plan->structs[s]);
            again = true;
          }
        }
    for (int i = 0; i < n && rc < 0 && !again; i++)
      for (int j = i + 1; j < n && !again; j++)
        for (int a = 0; a < u[i].rw.nheaders && !again; a++)
          for (int b = 0; b < u[j].rw.nheaders && !again; b++) {
            const KdRewrittenHeader *x = &u[i].rw.headers[a], *y = &u[j].rw.headers[b];
            if (strcmp(x->real, y->real) || (x->len == y->len && !memcmp(x->text, y->text, x->len)))
              continue;
            again = keep_every_struct(kd_xasprintf("%s: remark: every struct keeps its AoS layout: '%s' and '%s' "
                                                   "would rewrite this header differently [kdlg-rewrite]",
                                                   x->name, u[i].input, u[j].input),
                                      plan, oc, remf);
          }
    for (int i = 0; i < n && rc < 0 && !again; i++)  // a header a C file includes must not change
      for (int a = 0; a < u[i].rw.nheaders && !again; a++)
        for (int k = 0; k < ch->n && !again; k++) {
          if (strcmp(u[i].rw.headers[a].real, ch->real[k]))
            continue;
          again = keep_every_struct(kd_xasprintf("%s: remark: every struct keeps its AoS layout: the rewrite would "
                                                 "change this header, which the C file '%s' of the build includes (C "
                                                 "cannot use the generated code) [kdlg-rewrite]",
                                                 u[i].rw.headers[a].name, ch->by[k]),
                                    plan, oc, remf);
        }
    if (!again)
      break;
  }
  for (int s = 0; s < plan->nstructs && rc < 0; s++)
    for (int i = 0; i < n; i++)
      oc[s].rewritten |= !oc[s].why && u[i].rw.rewritten[s];
  for (int i = 0; homes && i < n; i++)
    free(homes[i]);
  free(homes);
  for (int k = 0; k < nviews; k++)
    free(views[k]);
  free(views);
  for (int k = 0; k < nmixed; k++)
    free(mixed[k]);
  free(mixed);
  for (int k = 0; k < nrets; k++)
    free(rets[k]);
  free(rets);
  if (n > 1) {  // the remarks of every round, each once, in order
    fclose(remf);
    for (char *line = rem, *next; line && *line; line = next) {
      next = strchr(line, '\n');
      next = next ? next + 1 : line + strlen(line);
      bool seen = false;
      for (char *p = rem; p < line && !seen;) {
        char *e = strchr(p, '\n');
        e = e ? e + 1 : p + strlen(p);
        seen = e - p == next - line && !memcmp(p, line, (size_t)(next - line));
        p = e;
      }
      if (!seen && !kd_remark_stale(line, (size_t)(next - line), plan, oc))
        fwrite(line, 1, (size_t)(next - line), diag);
    }
    free(rem);
  }
  return rc;
}

