/* plan.h: the layout plan, the result of Sect. 3.3's combined algorithm:
 * for every analysed struct, its KDLG clusters and one layout per cluster
 * (Select-Tilesize).  This is what the rewriter consumes and what
 * `--emit-plan` writes as JSON (format in docs/plan-format.md).
 */
#ifndef KDLG_PLAN_H
#define KDLG_PLAN_H

#include <stdio.h>

#include "../analysis/access.h"
#include "../analysis/dtree.h"
#include "../analysis/kdlg.h"

typedef struct KdStructPlan {
  int sid;                   // index in prog->structs
  Kdlg *g;                   // KDLG with its partition (owned)
  KdLayoutChoice *layouts;   // one per cluster (owned)
} KdStructPlan;

typedef struct KdPlan {
  const char *input;         // input path as given
  KdLanguage lang;
  const KdModel *model;      // device model used for the layouts
  const KdProgram *prog;     // access model (kernels, loops, structs)
  int nstructs;
  KdStructPlan *structs;     // analysed structs, in order of first appearance (owned)
} KdPlan;

/* Builds the plan: for every eligible struct (or only `only`, if non-NULL)
 * the KDLG over all kernels that reach it, the ε-partition and a layout per
 * cluster from `model`.  Returns 0, or -1 on out-of-memory.  *out is freed
 * with kd_plan_free. */
int kd_plan_build(const KdProgram *prog, const char *input, KdLanguage lang, const KdModel *model,
                  int64_t epsilon, const char *only, KdPlan **out);

/* Writes the plan as JSON (2-space indented, keys in a fixed order).  Returns 0 or -1. */
int kd_plan_write_json(FILE *out, const KdPlan *plan);

void kd_plan_free(KdPlan *plan);

#endif
