/* explain.h: why each cluster of a plan has its layout (`kdlg-opt
 * --explain`, issue 20): the KDLG edges that ε-Kruskal joined it by
 * (Kofler et al. 2015, Sect. 3.1), its attributes σ(c), σ_min(c), φ(c) and
 * the path Select-Tilesize took through the device model's tree
 * (Sect. 3.2; docs/decision-tree.md), kdlg-opt's own rules where they
 * decided instead (uniform accesses, aligned AoS; docs/design.md), or that
 * the user forced the layout.
 */
#ifndef KDLG_EXPLAIN_H
#define KDLG_EXPLAIN_H

#include <stdio.h>

#include "plan.h"

/* Writes the explanation of `plan` to `out`: deterministic UTF-8 lines (σ,
 * φ, ε, →; docs/design.md, "Explanations").  One line for the device model,
 * then per struct, in the plan's order, a header line
 *
 *   struct 'S' (FILE:LINE:COL): F fields, B B, ε = E B, N clusters[, forced by ... | , uniform ...]
 *
 * and per cluster c, indented by two spaces,
 *
 *   cluster I {f1, f2}: σ = X B, σ_min = Y B, φ = Z‰ → LAYOUT
 *     joined by: f1-f2 δ=D B, ...          (its edges of the ε-partition's spanning forest, by (δ, a, b))
 *     not joined: f2-g δ=D B ≥ ε (cluster J)   (the smallest δ from c to another cluster)
 *     tree: σ(c) = X <= T → ... → LEAF     (the nodes visited, kd_device_model_select_path)
 *     aligned: ...                          (where kd_plan_vector_align raised it, or would have)
 *
 * The values are the plan's own: σ(c), σ_min(c), φ(c) from
 * kd_plan_cluster_attributes, the joined edges from KdEdge.joined
 * (kdlg_partition), the path from the same tree and attributes as
 * kd_plan_build's Select-Tilesize.  A struct forced by --layout or
 * --plan-in (KdStructPlan.forced) gets its clusters and layouts only; a
 * uniform struct (KdStructPlan.uniform) its one AoS cluster and the
 * ε-partition it did not use.  Describes the plan as kd_plan_build,
 * kd_plan_force and kd_plan_read_layouts leave it (kdlg-opt calls it
 * before the rewrite, which may keep a struct in AoS afterwards).  An empty
 * plan gives one line saying so.  Write errors are the caller's to check
 * (ferror); never fails otherwise (out of memory aborts: analysis/mem.h). */
void kd_plan_explain(FILE *out, const KdPlan *plan);

#endif
