/* dtree.c: model files and the decision-tree evaluator (Sect. 3.2;
 * docs/model-format.md). */
#include "dtree.h"
#include "mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

extern const char kd_embedded_default_model[];  // generated from the default model file (CMakeLists.txt)

const char *kd_attribute_name(KdAttribute a) {
  switch (a) {
  case KD_ATTR_SIGMA_C:
    return "sigma_c";
  case KD_ATTR_SIGMA_MIN:
    return "sigma_min";
  case KD_ATTR_USED:
    return "used_permille";
  case KD_NATTRS:
    break;
  }
  return "?";
}

static char *dup_or_null(json_t *v) {
  if (!json_is_string(v))
    return NULL;
  return kd_xstrdup(json_string_value(v));
}

#define MAX_DEPTH 64

/* Appends the subtree `j` to m->nodes; returns its index or -1 (err set). */
static int parse_node(KdDeviceModel *m, json_t *j, int depth, char *err, size_t errlen) {
  if (!json_is_object(j)) {
    snprintf(err, errlen, "tree node is not an object");
    return -1;
  }
  if (depth > MAX_DEPTH) {
    snprintf(err, errlen, "tree deeper than %d levels", MAX_DEPTH);
    return -1;
  }
  m->nodes = kd_xrealloc(m->nodes, (size_t)(m->nnodes + 1) * sizeof(KdTreeNode));
  int idx = m->nnodes++;
  KdTreeNode n = {0};
  json_t *layout = json_object_get(j, "layout");
  if (layout) {
    const char *s = json_string_value(layout);
    n.leaf = true;
    if (kd_layout_parse(s, KD_LAYOUT_STYLE_FILE, &n.choice) != 0) {
      snprintf(err, errlen, "unknown layout class '%s' (expected aos, soa or tiled)", s ? s : "?");
      return -1;
    }
    if (n.choice.kind == KD_LAYOUT_TILED) {
      json_t *t = json_object_get(j, "tile");
      json_int_t tile = json_is_integer(t) ? json_integer_value(t) : 0;
      if (tile < 2 || tile > 32768 || (tile & (tile - 1))) {
        snprintf(err, errlen, "tiled leaf needs \"tile\": a power of two from 2 to 32768");
        return -1;
      }
      n.choice.tile = (uint32_t)tile;
    }
    m->nodes[idx] = n;
    return idx;
  }
  json_t *attr = json_object_get(j, "attribute");
  json_t *thr = json_object_get(j, "threshold");
  if (!json_is_string(attr)) {
    snprintf(err, errlen, "inner node needs \"attribute\": \"sigma_c\", \"sigma_min\" or \"used_permille\"");
    return -1;
  }
  n.attribute = KD_NATTRS;
  for (int a = 0; a < KD_NATTRS; a++)
    if (!strcmp(json_string_value(attr), kd_attribute_name((KdAttribute)a)))
      n.attribute = (KdAttribute)a;
  if (n.attribute == KD_NATTRS) {
    snprintf(err, errlen, "unknown attribute '%s' (expected sigma_c, sigma_min or used_permille)", json_string_value(attr));
    return -1;
  }
  if (!json_is_number(thr) || json_number_value(thr) < 0) {
    snprintf(err, errlen, "inner node needs a non-negative numeric \"threshold\" (bytes)");
    return -1;
  }
  n.threshold = (uint64_t)json_number_value(thr);
  m->nodes[idx] = n;
  int le = parse_node(m, json_object_get(j, "le"), depth + 1, err, errlen);
  if (le < 0)
    return -1;
  int gt = parse_node(m, json_object_get(j, "gt"), depth + 1, err, errlen);
  if (gt < 0)
    return -1;
  m->nodes[idx].le = le;
  m->nodes[idx].gt = gt;
  return idx;
}

/* Builds the model from a parsed JSON document; takes ownership of root. */
static int model_from_json(json_t *root, const char *source, KdDeviceModel **out, char *err, size_t errlen) {
  KdDeviceModel *m = kd_xcalloc(1, sizeof(KdDeviceModel));
  int rc = -1;
  json_t *fmt = json_object_get(root, "format");
  if (!json_is_string(fmt) || strcmp(json_string_value(fmt), "kdlg-opt-model")) {
    snprintf(err, errlen, "not a kdlg-opt model (\"format\" must be \"kdlg-opt-model\")");
    goto done;
  }
  json_t *ver = json_object_get(root, "format_version");
  if (!json_is_integer(ver) || json_integer_value(ver) != 1) {
    snprintf(err, errlen, "unsupported \"format_version\" (expected 1)");
    goto done;
  }
  json_t *eps = json_object_get(root, "epsilon");
  if (!json_is_integer(eps) || json_integer_value(eps) <= 0) {
    snprintf(err, errlen, "\"epsilon\" must be a positive integer (bytes)");
    goto done;
  }
  m->epsilon = json_integer_value(eps);
  m->source = kd_xstrdup(source ? source : "?");
  m->device = dup_or_null(json_object_get(root, "device"));
  m->compute_capability = dup_or_null(json_object_get(root, "compute_capability"));
  m->date = dup_or_null(json_object_get(root, "date"));
  m->kdlg_opt_version = dup_or_null(json_object_get(root, "kdlg_opt_version"));
  m->training_hash = dup_or_null(json_object_get(root, "training_data_sha256"));
  m->provisional = json_is_true(json_object_get(root, "provisional"));
  if (!m->device) {
    snprintf(err, errlen, "\"device\" must be a string");
    goto done;
  }
  json_t *tree = json_object_get(root, "tree");
  if (!tree) {
    snprintf(err, errlen, "missing \"tree\"");
    goto done;
  }
  if (parse_node(m, tree, 0, err, errlen) < 0)
    goto done;
  rc = 0;
done:
  json_decref(root);
  if (rc == 0)
    *out = m;
  else
    kd_device_model_free(m);
  return rc;
}

int kd_device_model_parse(const char *text, const char *source, KdDeviceModel **out, char *err, size_t errlen) {
  *out = NULL;
  json_error_t je;
  json_t *root = json_loads(text, 0, &je);
  if (!root) {
    snprintf(err, errlen, "%d:%d: invalid JSON: %s", je.line, je.column, je.text);
    return -1;
  }
  return model_from_json(root, source, out, err, errlen);
}

int kd_device_model_load(const char *path, KdDeviceModel **out, char *err, size_t errlen) {
  *out = NULL;
  json_error_t je;
  json_t *root = json_load_file(path, 0, &je);
  if (!root) {
    if (je.line < 0)  // the file itself could not be read
      snprintf(err, errlen, "%s", je.text);
    else
      snprintf(err, errlen, "%d:%d: invalid JSON: %s", je.line, je.column, je.text);
    return -1;
  }
  return model_from_json(root, path, out, err, errlen);
}

const KdDeviceModel *kd_device_model_builtin(void) {
  static KdDeviceModel *m;
  if (!m) {
    char err[256];
    if (kd_device_model_parse(kd_embedded_default_model, "built-in", &m, err, sizeof err) != 0) {
      fprintf(stderr, "kdlg-opt: internal error: built-in model: %s\n", err);
      abort();
    }
  }
  return m;
}

static json_t *string_or_null(const char *s) {
  return s ? json_string(s) : json_null();
}

/* The subtree at node i as JSON (model-format.md).  jansson fails here only
 * when out of memory (every key and value is given). */
static json_t *node_to_json(const KdDeviceModel *m, int i) {
  const KdTreeNode *n = &m->nodes[i];
  json_t *j = json_object();
  if (!j)
    kd_out_of_memory();
  int bad = 0;
  if (n->leaf) {
    bad |= json_object_set_new(j, "layout", json_string(kd_layout_word(n->choice.kind, KD_LAYOUT_STYLE_FILE)));
    if (n->choice.kind == KD_LAYOUT_TILED)
      bad |= json_object_set_new(j, "tile", json_integer(n->choice.tile));
  } else {
    bad |= json_object_set_new(j, "attribute", json_string(kd_attribute_name(n->attribute)));
    bad |= json_object_set_new(j, "threshold", json_integer((json_int_t)n->threshold));
    bad |= json_object_set_new(j, "le", node_to_json(m, n->le));
    bad |= json_object_set_new(j, "gt", node_to_json(m, n->gt));
  }
  if (bad)
    kd_out_of_memory();
  return j;
}

char *kd_device_model_to_json(const KdDeviceModel *m, json_t *training) {
  json_t *root = json_object();
  json_t *tree = node_to_json(m, 0);
  if (!root)
    kd_out_of_memory();
  int bad = 0;
  bad |= json_object_set_new(root, "format", json_string("kdlg-opt-model"));
  bad |= json_object_set_new(root, "format_version", json_integer(1));
  bad |= json_object_set_new(root, "provisional", json_boolean(m->provisional));
  bad |= json_object_set_new(root, "device", string_or_null(m->device));
  bad |= json_object_set_new(root, "compute_capability", string_or_null(m->compute_capability));
  bad |= json_object_set_new(root, "epsilon", json_integer(m->epsilon));
  bad |= json_object_set_new(root, "date", string_or_null(m->date));
  bad |= json_object_set_new(root, "kdlg_opt_version", string_or_null(m->kdlg_opt_version));
  bad |= json_object_set_new(root, "training_data_sha256", string_or_null(m->training_hash));
  if (training)
    bad |= json_object_set(root, "training", training);
  bad |= json_object_set(root, "tree", tree);
  char *body = bad ? NULL : json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  if (!body)
    kd_out_of_memory();
  size_t n = strlen(body);
  char *text = kd_xmalloc(n + 2);
  memcpy(text, body, n);
  text[n] = '\n';
  text[n + 1] = 0;
  free(body);
  json_decref(tree);
  json_decref(root);
  return text;
}

KdLayoutChoice kd_device_model_select_path(const KdDeviceModel *m, uint64_t sigma_c, uint64_t sigma_min,
                                           uint64_t used_permille, int *path, int cap, int *npath) {
  int i = 0, n = 0;
  for (;;) {
    if (n < cap)
      path[n] = i;
    n++;
    if (m->nodes[i].leaf)
      break;
    const KdTreeNode *t = &m->nodes[i];
    uint64_t v = t->attribute == KD_ATTR_SIGMA_MIN ? sigma_min : t->attribute == KD_ATTR_USED ? used_permille : sigma_c;
    i = v <= t->threshold ? t->le : t->gt;
  }
  if (npath)
    *npath = n;
  return m->nodes[i].choice;
}

KdLayoutChoice kd_device_model_select(const KdDeviceModel *m, uint64_t sigma_c, uint64_t sigma_min,
                                      uint64_t used_permille) {
  return kd_device_model_select_path(m, sigma_c, sigma_min, used_permille, NULL, 0, NULL);
}

unsigned kd_device_model_attributes(const KdDeviceModel *m) {
  unsigned set = 0;
  for (int i = 0; i < m->nnodes; i++)
    if (!m->nodes[i].leaf)
      set |= KD_ATTR_BIT(m->nodes[i].attribute);
  return set;
}

void kd_device_model_free(KdDeviceModel *m) {
  if (!m)
    return;
  free(m->source);
  free(m->device);
  free(m->compute_capability);
  free(m->date);
  free(m->kdlg_opt_version);
  free(m->training_hash);
  free(m->nodes);
  free(m);
}
