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
#include "../analysis/usage.h"
#include "../runtime/kdlg_layout.h"

typedef struct KdStructPlan {
  int sid;                   // index in prog->structs
  Kdlg *g;                   // KDLG with its partition (owned)
  KdLayoutChoice *layouts;   // one per cluster (owned)
  bool uniform;              // every access, in every kernel, is uniform across a work-group (a broadcast)
  bool forced;               // the clusters come from --layout or --plan-in, not from the analysis
  double whole_moves, moves; // executions of its whole-element accesses and of all its accesses (usage.h's
                             // kd_use_whole_moves): a lone AoS cluster is aligned only where whole moves are half
  int *kdlg_of;              // uniform: field → cluster of the ε-partition (what --layout split uses); owned
  int kdlg_nclusters;        // number of clusters of kdlg_of
  KdFieldUse *use;           // prog->nkernels × nfields: each kernel's use of each field (φ, usage.h); owned
  // What the rewriter takes (it reads nothing else of the analysis):
  const char *usr;           // the struct's identity across translation units (KdStruct.usr)
  const char *name;          // KdStruct.name: its tag, or the typedef name of an anonymous struct
  const char *alias;         // KdStruct.alias, or NULL
  const char *file;          // where it is declared (KdStruct.file, .line, .col)
  unsigned line, col;
  int64_t epsilon;           // ε the partition used, bytes
  kd_layout layout;          // the finished layout description of the clusters and layouts (owned)
} KdStructPlan;

/* Whether whole-element moves are at least half of sp's accesses (by
 * executions, sp->whole_moves of sp->moves): where they are not, a struct
 * whose plan is one AoS cluster keeps its alignment (docs/design.md
 * "Aligned AoS"; kd_plan_build, and --explain's reason). */
static inline bool kd_plan_whole_moves_pay(const KdStructPlan *sp) {
  return sp->whole_moves > 0 && 2 * sp->whole_moves >= sp->moves;
}

/* Why a uniform struct keeps one AoS cluster (the plan's "note", the DOT label). */
#define KD_UNIFORM_NOTE "every access is uniform across a work-group (a broadcast): no layout improves its coalescing"

typedef struct KdPlan {
  const char *input;         // input path as given
  KdLanguage lang;
  const KdDeviceModel *model;      // device model used for the layouts
  const KdProgram *prog;     // access model (kernels, loops, structs)
  int nstructs;
  KdStructPlan *structs;     // analysed structs, in order of first appearance (owned)
} KdPlan;

/* Builds the plan (Sect. 3.3's combined algorithm): for every eligible
 * struct (or only those named in `only`, by tag or typedef name, a
 * NULL-terminated list, if non-NULL)
 * the KDLG over all kernels that reach it (δ the maximum over them), the
 * ε-partition (epsilon in bytes) and a layout per cluster from `model`,
 * selected by the cluster's σ(c), σ_min (its smallest field's bytes) and φ,
 * an AoS cluster aligned by kd_plan_vector_align; then each struct's
 * finished layout description (KdStructPlan.layout).  A struct all of whose
 * accesses are uniform across a work-group (KdAccess.uniform; at least one
 * access) keeps one AoS cluster instead (kdlg-opt's rule, docs/design.md);
 * its ε-partition is kept in kdlg_of for --layout split.  On `remarks` (if
 * not NULL): "nothing to optimize" when the file has no kernel or no kernel
 * reaches an eligible struct.  Returns 0, or -1 if a name of `only` is no
 * struct a kernel reaches (an error on `remarks`, if not NULL).  *out is freed
 * with kd_plan_free.  Out of memory aborts (analysis/mem.h), here and in
 * every function below. */
int kd_plan_build(const KdProgram *prog, const char *input, KdLanguage lang, const KdDeviceModel *model,
                  int64_t epsilon, const char *const *only, FILE *remarks, KdPlan **out);

/* The remark for each struct that keeps one AoS cluster because every
 * access to it is uniform across a work-group (not forced by --layout or
 * --plan-in): `file:line:col: remark: struct 'S': ... [kdlg-uniform]`. */
void kd_plan_remark_uniform(const KdPlan *plan, FILE *remarks);

/* The decision tree's attributes of cluster c of struct plan sp, exactly as
 * kd_plan_build passes them to Select-Tilesize (Sect. 3.2), indexed by
 * KdAttribute: attr[KD_ATTR_SIGMA_C] = σ(c) (c->bytes), attr[KD_ATTR_SIGMA_MIN]
 * = σ_min(c), the bytes of its smallest field (0 for no fields), and
 * attr[KD_ATTR_USED] = φ(c) in per-mille over every kernel of prog (from
 * sp->use; analysis/usage.h).  --emit-plan's "used_permille" and --explain
 * (transform/explain.h) read the same values. */
void kd_plan_cluster_attributes(const KdProgram *prog, const KdStructPlan *sp, const KdCluster *c,
                                uint64_t attr[KD_NATTRS]);

/* The largest alignment of c's fields (a KdField.align of 0 counts as 1),
 * bytes: an AoS element's own, at least 1. */
uint32_t kd_plan_field_align(const KdStruct *st, const KdCluster *c);

/* kdlg-opt's alignment rule for an AoS cluster c of st (not the paper's;
 * docs/design.md "Aligned AoS"): σ(c) bytes when σ(c) is 2, 4, 8 or 16 and
 * larger than its fields' alignment, so that a whole element moves as one
 * access (a 16-byte cluster of four ints as one 128-bit load) and the stride
 * stays σ(c) (no padding: the bytes are those of a plain AoS element);
 * else 0 (the fields' own alignment).  kd_plan_build applies it to a
 * struct's only cluster only where the layout is then the identity
 * (kd_layout_identity: no field moves). */
uint32_t kd_plan_vector_align(const KdStruct *st, const KdCluster *c);

/* Writes the plan as JSON (2-space indented, keys in a fixed order; a
 * cluster's "layout" spelled KD_LAYOUT_STYLE_FILE).  Returns 0 or -1. */
int kd_plan_write_json(FILE *out, const KdPlan *plan);

/* Writes the plan as one Graphviz DOT graph (analysis/dot.h): every
 * struct's KDLG, its clusters with their layouts, the fields no kernel
 * accesses drawn as unused (KdStructPlan.use: no access with a non-zero
 * execution count; an access in a loop of 0 trips does not count), a
 * uniform struct's note, a legend; with no struct, a graph whose label says
 * why there is nothing to optimize (the "nothing to optimize" remark's
 * reason).  Returns 0, or -1 on a write error. */
int kd_plan_write_dot(FILE *out, const KdPlan *plan);

void kd_plan_free(KdPlan *plan);

/* Replaces a struct's partition: field f goes to cluster cluster_of[f]
 * (0..nclusters-1, none empty) and cluster c gets choices[c]; clusters are
 * renumbered by first field.  Returns 0, or -1 if the partition is invalid
 * (nothing changed; the caller reports it). */
int kd_plan_set_partition(KdStructPlan *sp, const int *cluster_of, int nclusters, const KdLayoutChoice *choices);

/* --layout SPEC for every struct of the plan: "auto" (keep the paper's
 * combined result), "aos" (one cluster, AoS), "soa" (one array per field),
 * "split" (the KDLG clusters, each AoS), "tiled:N" (one cluster, tile N,
 * 2 ≤ N ≤ 32768); aos, soa and tiled:N are read by kd_layout_parse
 * (KD_LAYOUT_STYLE_CLI).  Returns 0, or -1 with a message in err (an
 * unknown SPEC). */
int kd_plan_force(KdPlan *plan, const char *spec, char *err, size_t n);

/* Puts struct plan sp back to the input's layout: one AoS cluster, no
 * alignment raised (what a struct that one file of a program cannot
 * rewrite becomes in every file, issue 19). */
void kd_plan_keep_aos(KdStructPlan *sp);

/* --plan-in PATH: clusters and layouts from a plan JSON (the --emit-plan
 * format; only "structs[].name" and "structs[].clusters[].{fields, layout,
 * tile, align}" are read, "layout" by kd_layout_parse, KD_LAYOUT_STYLE_FILE;
 * structs not listed keep the analysis's plan; an "align" at most the
 * fields' own is dropped).
 * Returns 0, or -1 with a message in err (the file does not parse, or a
 * struct's clusters or layouts are invalid). */
int kd_plan_read_layouts(KdPlan *plan, const char *path, char *err, size_t n);

#endif
