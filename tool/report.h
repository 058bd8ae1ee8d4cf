/* report.h: what a kdlg-opt run tells its user at the end (issue 20): the
 * verdict, one line per struct of the plan, rewritten into which clusters
 * and layouts or kept in AoS and why, and a summary line; and the stream
 * that --quiet puts in place of stderr (errors pass, remarks do not).
 *
 * The verdict is a summary of what the remarks said on the way, in the
 * driver's own prefix (`kdlg-opt: `), so that a build log shows the outcome
 * of every struct in one place:
 *
 *   kdlg-opt: struct 'Particle' (particles.h:3:8): rewritten: {x, y, z} tiled-AoS tile 32; {mass} SoA
 *   kdlg-opt: struct 'Cell' (particles.h:9:8): kept in AoS: its pointer is stored in memory (at bin.cu:40:3)
 *   kdlg-opt: 2 structs: 1 rewritten, 1 kept in AoS
 */
#ifndef KDLG_REPORT_H
#define KDLG_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "../transform/plan.h"

/* What became of one struct of the plan in the rewrite of every input. */
typedef struct KdOutcome {
  bool rewritten;  // its layout changed in some output
  char *why;       // the rewrite kept it in AoS: the remark that says why (KdRewriteResult.why; owned), else NULL
  bool planned_aos;  // the plan kept it in AoS before any rewrite (kd_plan_is_aos): the plan's reason comes first
} KdOutcome;

/* Whether struct plan sp keeps AoS by the plan itself: one cluster, AoS,
 * no alignment raised. */
bool kd_plan_is_aos(const KdStructPlan *sp);

/* Writes the verdict on `out`: per struct of `plan` (oc: plan->nstructs
 * outcomes) a line
 *   rewritten: its clusters ({fields} layout, in KD_LAYOUT_STYLE_PROSE);
 *   kept in AoS: the plan's reason where the plan chose AoS (forced_by,
 *     e.g. "--layout aos", when the clusters are the user's; uniform; the
 *     device model's choice), else the rewriter's reason and its place;
 *   unchanged: the plan changes it but no pointer to it was rewritten;
 * then the summary line, ending with `; ` and `unwritten` where not NULL
 * (e.g. "nothing written (--dry-run)").  A plan of no struct gets the
 * summary alone.  Returns the number of structs that keep AoS (kept or
 * unchanged), what --fail-if-kept tests.  out NULL: the count alone. */
int kd_verdict_write(FILE *out, const KdPlan *plan, const KdOutcome *oc, const char *forced_by, const char *unwritten);

/* A stream that writes to `to` every line except remarks (`...: remark:
 * ...`): --quiet's stderr.  Lines may come in pieces; a line is passed or
 * dropped when its newline (or fclose) comes.  Close with fclose (which
 * does not close `to`). */
FILE *kd_quiet_stream(FILE *to);

/* Whether remark line (n bytes, of an earlier round of a program of
 * several inputs) speaks of struct S as rewritten, `struct 'S'` in a
 * [kdlg-global-symbol] or [kdlg-config-branch] line, while a later round
 * keeps S in AoS (oc[s].why): then it is not printed. */
bool kd_remark_stale(const char *line, size_t n, const KdPlan *plan, const KdOutcome *oc);

#endif
