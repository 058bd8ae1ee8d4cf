/* dtree.h: the per-cluster layout selection Select-Tilesize(σ(c), σ_min(c), φ(c))
 * (Kofler et al. 2015, Sect. 3.2; docs/method-notes.md §4;
 * docs/decision-tree.md).
 *
 * A decision tree over numeric attributes of a cluster c: the paper's σ(c)
 * (cluster bytes), and two extensions of the paper (docs/decision-tree.md
 * says why): σ_min(c), the bytes of its smallest field (the KDLG node weight
 * σ(f) minimised over c), and φ(c), the share of the bytes an AoS layout
 * moves for c that the kernels use, in per-mille (analysis/usage.h).  C5.0-style binary threshold splits
 * "attribute <= threshold", whose leaves are a layout: AoS, SoA or tiled-AoS
 * with a power-of-two tile size t ∈ 2^1..2^15.
 * The tree and the device facts (ε, device name) form the device model
 * (KdDeviceModel; not the access model of region.h) and come from a model
 * file (JSON, format documented in docs/model-format.md); a default model (a
 * file of runtime/models/, chosen in CMakeLists.txt) is built into the
 * binary.
 */
#ifndef KDLG_DTREE_H
#define KDLG_DTREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "layoutname.h"  // KdLayoutChoice, the leaves' layouts, and its spellings

/* The attributes a tree may test; the spelling in model files is
 * kd_attribute_name's. */
typedef enum KdAttribute {
  KD_ATTR_SIGMA_C = 0,    // "sigma_c": σ(c), the cluster's bytes (the paper's only attribute)
  KD_ATTR_SIGMA_MIN = 1,  // "sigma_min": σ_min(c), bytes of the cluster's smallest field
  KD_ATTR_USED = 2,       // "used_permille": φ(c), per-mille of AoS's bytes the kernels use (1000: all)
  KD_NATTRS = 3,
} KdAttribute;

#define KD_ATTR_BIT(a) (1u << (a))  // one attribute in a set
#define KD_ATTRS_ALL (KD_ATTR_BIT(KD_ATTR_SIGMA_C) | KD_ATTR_BIT(KD_ATTR_SIGMA_MIN) | KD_ATTR_BIT(KD_ATTR_USED))

typedef struct KdTreeNode {
  bool leaf;
  KdAttribute attribute;  // inner node: the attribute tested (0, σ(c), for hand-built nodes)
  uint64_t threshold;     // inner node: attribute <= threshold goes to `le`, else `gt` (bytes; per-mille for φ)
  int le, gt;             // inner node: child indices into KdDeviceModel.nodes
  KdLayoutChoice choice;  // leaf
} KdTreeNode;

typedef struct KdDeviceModel {
  char *source;              // file path, or "built-in"
  char *device;              // device name
  char *compute_capability;  // e.g. "9.0"
  char *date;                // date of the calibration
  char *kdlg_opt_version;    // version that produced the model
  char *training_hash;       // hash of the training data, or NULL
  int64_t epsilon;           // ε, bytes (L1 line of the device)
  bool provisional;          // true: not trained on measurements
  int nnodes;
  KdTreeNode *nodes;         // nodes[0] is the root
} KdDeviceModel;

/* Parses a model from JSON text (docs/model-format.md).  Inner nodes test
 * "sigma_c", "sigma_min" or "used_permille"; files that know only sigma_c
 * (format 1 before σ_min existed) read as before.  On success returns 0 and *out (free with
 * kd_device_model_free).  On error (invalid JSON, wrong format or version, missing
 * keys, an unknown attribute, layout or tile) returns -1, *out = NULL, and
 * writes a one-line message (without the file name) into err. */
int kd_device_model_parse(const char *json_text, const char *source, KdDeviceModel **out, char *err, size_t errlen);

/* Reads and parses a model file; errors as kd_device_model_parse, message prefixed with nothing. */
int kd_device_model_load(const char *path, KdDeviceModel **out, char *err, size_t errlen);

/* The default model built into the binary (a file of runtime/models/,
 * embedded by CMakeLists.txt), parsed on first use.  Never NULL (an
 * embedded model that does not parse aborts); owned by the library. */
const KdDeviceModel *kd_device_model_builtin(void);

struct json_t;  // <jansson.h>

/* Writes m as model-file text (docs/model-format.md), byte-stable: keys in
 * the documented order (format, format_version, provisional, device,
 * compute_capability, epsilon, date, kdlg_opt_version, training_data_sha256,
 * training, tree), two-space indentation, a trailing newline.  Strings that
 * are NULL in m become JSON null.  `training` (a JSON object, or NULL to
 * leave the key out) is written as "training"; it is not modified.  The
 * tree is written from nodes[0].  Returns the text (free with free());
 * never fails (out of memory aborts: mem.h).  kd_device_model_parse reads
 * it back (Sect. 3.2, Fig. 4: the device-dependent part's result), unless
 * the tree is deeper than it reads (64 levels). */
char *kd_device_model_to_json(const KdDeviceModel *m, struct json_t *training);

/* Select-Tilesize (Sect. 3.2): the layout the tree of m gives a cluster of
 * sigma_c bytes whose smallest field has sigma_min bytes (σ_min ≤ σ(c) for
 * a real cluster; the tree does not check it) and whose kernels use
 * used_permille ‰ of the bytes AoS moves for it (φ(c), 0 .. 1000; 1000
 * when every access moves the whole cluster, as in the paper's training
 * kernels).  A tree ignores the attributes it does not test.  Pure; never
 * fails. */
KdLayoutChoice kd_device_model_select(const KdDeviceModel *m, uint64_t sigma_c, uint64_t sigma_min,
                                      uint64_t used_permille);

/* kd_device_model_select, recording the way: path[0..min(*npath, cap))
 * receives the indices into m->nodes of the nodes visited, root (0) first,
 * the leaf last; *npath (if not NULL) the number of nodes visited, which
 * may exceed cap (only the first cap are written; path may be NULL when
 * cap is 0).  A parsed tree is at most 65 nodes deep (64 levels below the
 * root).  The node at path[k] (k < *npath - 1) is an inner node whose test
 * "value of its attribute <= threshold" took path[k + 1] (its le or gt).
 * kd_device_model_select is this function with no path, so the two never
 * disagree (--explain, transform/explain.h, prints the path).  Pure; never
 * fails. */
KdLayoutChoice kd_device_model_select_path(const KdDeviceModel *m, uint64_t sigma_c, uint64_t sigma_min,
                                           uint64_t used_permille, int *path, int cap, int *npath);

/* The attributes tested by some inner node of m's tree, as a set of
 * KD_ATTR_BIT()s (0 for a single leaf). */
unsigned kd_device_model_attributes(const KdDeviceModel *m);

/* "sigma_c", "sigma_min" or "used_permille" (the model-file spelling); "?" otherwise. */
const char *kd_attribute_name(KdAttribute a);

void kd_device_model_free(KdDeviceModel *m);

#endif
