/* report.c: the verdict and --quiet's stream (report.h). */
#define _GNU_SOURCE /* fopencookie */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "../analysis/mem.h"

bool kd_plan_is_aos(const KdStructPlan *sp) {
  return sp->g->nclusters == 1 && sp->layouts[0].kind == KD_LAYOUT_AOS && sp->layouts[0].align == 0;
}

/* "{a, b} SoA; {c} AoS" */
static void write_clusters(FILE *out, const KdPlan *plan, const KdStructPlan *sp) {
  const KdStruct *st = &plan->prog->structs[sp->sid];
  for (int c = 0; c < sp->g->nclusters; c++) {
    const KdCluster *cl = &sp->g->clusters[c];
    fputs(c ? "; {" : "{", out);
    for (int k = 0; k < cl->nfields; k++)
      fprintf(out, "%s%s", k ? ", " : "", st->fields[cl->fields[k]].name);
    char lay[32];
    kd_layout_format(lay, sizeof lay, sp->layouts[c], KD_LAYOUT_STYLE_PROSE);
    fprintf(out, "} %s", lay);
  }
}

/* The rewriter's remark `LOC: remark: struct 'S' keeps its AoS layout:
 * REASON [kdlg-rewrite]` as "REASON (at LOC)". */
static void write_reason(FILE *out, const char *why) {
  const char *r = strstr(why, ": remark: ");
  if (!r) {
    fputs(why, out);
    return;
  }
  const char *msg = r + strlen(": remark: ");
  const char *k = strstr(msg, "keeps its AoS layout: ");
  if (k)
    msg = k + strlen("keeps its AoS layout: ");
  size_t n = strlen(msg);
  const char *tag = strrchr(msg, '[');
  if (tag && tag > msg && tag[-1] == ' ' && msg[n - 1] == ']')
    n = (size_t)(tag - 1 - msg);
  fprintf(out, "%.*s (at %.*s)", (int)n, msg, (int)(r - why), why);
}

int kd_verdict_write(FILE *out, const KdPlan *plan, const KdOutcome *oc, const char *forced_by, const char *unwritten) {
  char *sink = NULL;
  size_t sinklen = 0;
  FILE *null = out ? NULL : kd_xopen_memstream(&sink, &sinklen);
  if (!out)
    out = null;
  int nrw = 0, nkept = 0;
  for (int i = 0; i < plan->nstructs; i++) {
    const KdStructPlan *sp = &plan->structs[i];
    fprintf(out, "kdlg-opt: struct '%s' (%s:%u:%u): ", sp->name, sp->file ? sp->file : plan->input, sp->line, sp->col);
    if (oc[i].planned_aos) {
      fputs("kept in AoS: ", out);
      if (sp->forced)
        fprintf(out, "%s", forced_by ? forced_by : "the user's plan");
      else if (sp->uniform)
        fputs(KD_UNIFORM_NOTE, out);
      else
        fprintf(out, "the device model selects AoS for its one cluster (σ(c) = %u B; --explain says why)",
                sp->g->clusters[0].bytes);
      nkept++;
    } else if (oc[i].why) {
      fputs("kept in AoS: ", out);
      write_reason(out, oc[i].why);
      nkept++;
    } else if (oc[i].rewritten) {
      fputs("rewritten: ", out);
      write_clusters(out, plan, sp);
      nrw++;
    } else {
      fputs("unchanged: the plan (", out);
      write_clusters(out, plan, sp);
      fputs(") reaches no pointer to it that these files pass to a kernel", out);
      nkept++;
    }
    fputc('\n', out);
  }
  if (plan->nstructs == 0)
    fputs("kdlg-opt: no struct to optimize", out);
  else
    fprintf(out, "kdlg-opt: %d struct%s: %d rewritten, %d kept in AoS", plan->nstructs, plan->nstructs == 1 ? "" : "s",
            nrw, nkept);
  if (unwritten)
    fprintf(out, "; %s", unwritten);
  fputc('\n', out);
  if (null) {
    fclose(null);
    free(sink);
  }
  return nkept;
}

/* ---- --quiet ---- */

typedef struct Quiet {
  FILE *to;
  char *line;  // the line so far
  size_t n, cap;
} Quiet;

static void quiet_flush(Quiet *q) {
  if (q->n && !memmem(q->line, q->n, ": remark: ", 10))
    fwrite(q->line, 1, q->n, q->to);
  q->n = 0;
}

static ssize_t quiet_write(void *cookie, const char *buf, size_t size) {
  Quiet *q = cookie;
  for (size_t i = 0; i < size; i++) {
    if (q->n == q->cap) {
      q->cap = q->cap ? 2 * q->cap : 256;
      q->line = kd_xrealloc(q->line, q->cap);
    }
    q->line[q->n++] = buf[i];
    if (buf[i] == '\n')
      quiet_flush(q);
  }
  return (ssize_t)size;
}

static int quiet_close(void *cookie) {
  Quiet *q = cookie;
  quiet_flush(q);
  fflush(q->to);
  free(q->line);
  free(q);
  return 0;
}

FILE *kd_quiet_stream(FILE *to) {
  Quiet *q = kd_xcalloc(1, sizeof *q);
  q->to = to;
  FILE *f = fopencookie(q, "w", (cookie_io_functions_t){.write = quiet_write, .close = quiet_close});
  if (!f)
    kd_out_of_memory();
  setvbuf(f, NULL, _IOLBF, 0);
  return f;
}

bool kd_remark_stale(const char *line, size_t n, const KdPlan *plan, const KdOutcome *oc) {
  static const char *const tags[] = {"[kdlg-global-symbol]", "[kdlg-config-branch]", NULL};
  bool tagged = false;
  for (int t = 0; tags[t] && !tagged; t++)
    tagged = memmem(line, n, tags[t], strlen(tags[t])) != NULL;
  for (int s = 0; tagged && s < plan->nstructs; s++) {
    char *quoted = kd_xasprintf("struct '%s'", plan->structs[s].name);
    bool names = memmem(line, n, quoted, strlen(quoted)) != NULL;
    free(quoted);
    if (names && oc[s].why)
      return true;
  }
  return false;
}
