/* codegen.c: the generated names, the prelude and the device side of a
 * rewritten struct: its cluster and tile types, the view, the accessors
 * (see codegen.h).  The host side is codegen_host.c's (codegenInt.h). */
#define _GNU_SOURCE /* asprintf */
#include "codegenInt.h"

#include <stdio.h>

/* Fields of cluster c in cluster order (increasing offset). */
int cg_cluster_fields(const KdGenStruct *g, uint32_t c, int *out) {
  int n = 0;
  for (uint32_t f = 0; f < g->L->nfields; f++)
    if (g->L->fields[f].cluster == c)
      out[n++] = (int)f;
  for (int i = 1; i < n; i++)  // insertion sort by offset
    for (int j = i; j > 0 && g->L->fields[out[j - 1]].offset > g->L->fields[out[j]].offset; j--) {
      int t = out[j];
      out[j] = out[j - 1];
      out[j - 1] = t;
    }
  return n;
}

/* Whether AoS cluster c's alignment is above its fields' (the plan's vector
 * alignment): its element type gets the alignment, and whole-element loads
 * and stores move it as one value (one vector access). */
static bool vector_aligned(const kd_layout *L, uint32_t c) {
  uint32_t a = 1;
  for (uint32_t f = 0; f < L->nfields; f++)
    if (L->fields[f].cluster == c && L->fields[f].align > a)
      a = L->fields[f].align;
  return L->clusters[c].tile == 1 && L->clusters[c].align > a;
}

char *kd_gen_name(KdGenName what, const char *tag, const char *arg, unsigned index) {
  char *s = NULL;
  int n = -1;
  switch (what) {
  case KD_NAME_VIEW: n = asprintf(&s, "kdlg_view_%s", tag); break;
  case KD_NAME_FIELD: n = asprintf(&s, "kdlg_%s_f_%s", tag, arg); break;
  case KD_NAME_LOAD: n = asprintf(&s, "kdlg_%s_load", tag); break;
  case KD_NAME_STORE: n = asprintf(&s, "kdlg_%s_store", tag); break;
  case KD_NAME_OFFSET: n = asprintf(&s, "kdlg_%s_offset", tag); break;
  case KD_NAME_PRE: n = asprintf(&s, "kdlg_%s_pre", tag); break;
  case KD_NAME_POST: n = asprintf(&s, "kdlg_%s_post", tag); break;
  case KD_NAME_NULL: n = asprintf(&s, "kdlg_%s_null", tag); break;
  case KD_NAME_DIFF: n = asprintf(&s, "kdlg_%s_diff", tag); break;
  case KD_NAME_SAME: n = asprintf(&s, "kdlg_%s_same", tag); break;
  case KD_NAME_IS_NULL: n = asprintf(&s, "kdlg_%s_is_null", tag); break;
  case KD_NAME_MAKE_VIEW: n = asprintf(&s, "kdlg_%s_view", tag); break;
  case KD_NAME_HOST: n = asprintf(&s, "kdlg_%s_%s", tag, arg); break;
  case KD_NAME_CLONE: n = asprintf(&s, "%s__kdlg_%s", arg, tag); break;
  case KD_NAME_CL_REGION: n = asprintf(&s, "%s_kd_r%u", arg, index); break;
  case KD_NAME_CL_COUNT: n = asprintf(&s, "%s_kd_n", arg); break;
  case KD_NAME_METHOD: n = asprintf(&s, "kdlg_%s_m_%s", tag, arg); break;
  case KD_NAME_THIS: n = asprintf(&s, "kdlg_%s_this", tag); break;
  }
  if (n < 0)
    kd_out_of_memory();
  return s;
}

/* Cluster c of L as the plan's layout choice (layout.h maps a choice to a
 * tile: 0 SoA, 1 AoS, t tiled), with its alignment where vector_aligned. */
KdLayoutChoice cg_cluster_choice(const kd_layout *L, uint32_t c) {
  uint32_t t = L->clusters[c].tile;
  KdLayoutKind kind = t == 0 ? KD_LAYOUT_SOA : t == 1 ? KD_LAYOUT_AOS : KD_LAYOUT_TILED;
  return (KdLayoutChoice){.kind = kind, .tile = t, .align = vector_aligned(L, c) ? L->clusters[c].align : 0};
}

void kd_gen_prelude(FILE *out, KdLanguage lang) {
  fputs("#ifndef KDLG_FN\n", out);
  if (lang == KD_LANG_CUDA)
    fputs("#define KDLG_FN __host__ __device__ __forceinline__\n"
          "#define KDLG_GLOBAL\n"
          "typedef long long kdlg_index; /* element index */\n",
          out);
  else
    fputs("#define KDLG_FN static inline\n"
          "#define KDLG_GLOBAL __global\n"
          "typedef long kdlg_index; /* element index */\n",
          out);
  fputs("#endif\n", out);
}


unsigned kd_gen_view_bytes(const kd_layout *L, bool compact) {
  unsigned ptrs = 0;
  for (uint32_t c = 0; c < L->nclusters; c++) {
    if (L->clusters[c].tile != 0 || compact) {
      ptrs++;
      continue;
    }
    for (uint32_t f = 0; f < L->nfields; f++)
      ptrs += L->fields[f].cluster == c;
  }
  return 8u * ptrs + 16u;
}

bool kd_gen_compact(const KdGenStruct *g) {
  return g->lang == KD_LANG_CUDA && kd_gen_view_bytes(g->L, false) > KD_GEN_MAX_VIEW_BYTES;
}
void kd_gen_device(FILE *out, const KdGenStruct *g) {
  const kd_layout *L = g->L;
  const char *T = g->tag;
  int order[L->nfields + 1];
  fprintf(out, "\n/* kdlg-opt: %s in %u storage region(s):", g->type, L->nclusters);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    int n = cg_cluster_fields(g, c, order);
    fprintf(out, "%s {", c ? ";" : "");
    for (int i = 0; i < n; i++)
      fprintf(out, "%s%s", i ? ", " : "", L->fields[order[i]].name);
    char text[32];
    kd_layout_format(text, sizeof text, cg_cluster_choice(L, c), KD_LAYOUT_STYLE_PROSE);
    fprintf(out, "} %s", text);
  }
  fputs(" */\n", out);
  for (uint32_t f = 0; f < L->nfields; f++)
    fprintf(out, "typedef %s kdlg_%s_t_%s%s;\n", g->fields[f].decl_pre, T, g->fields[f].name, g->fields[f].decl_post);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    uint32_t t = L->clusters[c].tile;
    if (t == 0)
      continue;
    int n = cg_cluster_fields(g, c, order);
    if (!vector_aligned(L, c))
      fprintf(out, "typedef struct kdlg_%s_c%u {", T, c);
    else if (g->lang == KD_LANG_CUDA)
      fprintf(out, "typedef struct __align__(%u) kdlg_%s_c%u {", L->clusters[c].align, T, c);
    else
      fprintf(out, "typedef struct __attribute__((aligned(%u))) kdlg_%s_c%u {", L->clusters[c].align, T, c);
    for (int i = 0; i < n; i++) {
      const char *fn = L->fields[order[i]].name;
      if (t == 1)
        fprintf(out, " kdlg_%s_t_%s %s;", T, fn, fn);
      else
        fprintf(out, " kdlg_%s_t_%s %s[%u];", T, fn, fn, t);
    }
    fprintf(out, " } kdlg_%s_c%u; /* %s */\n", T, c, t == 1 ? "AoS element" : "tile");
  }
  bool compact = kd_gen_compact(g);
  char *first = NULL;  // the view's first pointer: which array a view is of (kdlg_S_same, kdlg_S_is_null)
  fprintf(out, "typedef struct kdlg_view_%s {\n", T);
  for (uint32_t c = 0; c < L->nclusters; c++) {
    if (L->clusters[c].tile != 0) {
      fprintf(out, "  KDLG_GLOBAL kdlg_%s_c%u *kd_c%u;\n", T, c, c);
      if (!first)
        first = kd_xasprintf("kd_c%u", c);
      continue;
    }
    if (compact) {  // (a field's array at kd_n * its offset: the accessors)
      fprintf(out, "  KDLG_GLOBAL unsigned char *kd_s%u; /* SoA region %u */\n", c, c);
      if (!first)
        first = kd_xasprintf("kd_s%u", c);
      continue;
    }
    int n = cg_cluster_fields(g, c, order);
    for (int i = 0; i < n; i++) {
      fprintf(out, "  KDLG_GLOBAL kdlg_%s_t_%s *kd_f_%s; /* SoA, region %u */\n", T, L->fields[order[i]].name,
              L->fields[order[i]].name, c);
      if (!first)
        first = kd_xasprintf("kd_f_%s", L->fields[order[i]].name);
    }
  }
  assert(first);
  fputs("  kdlg_index kd_n; /* elements allocated */\n"
        "  kdlg_index kd_o; /* element offset of a derived pointer */\n",
        out);
  fprintf(out, "} kdlg_view_%s;\n", T);
  // the C types must have exactly the description's sizes and offsets
  for (uint32_t c = 0; c < L->nclusters; c++) {
    uint32_t t = L->clusters[c].tile;
    if (t == 0)
      continue;
    unsigned long long sz = t == 1 ? kd_layout_stride(&L->clusters[c]) : kd_layout_tile_bytes(&L->clusters[c]);
    fprintf(out, "typedef char kdlg_%s_c%u_size_check[sizeof(kdlg_%s_c%u) == %lluu ? 1 : -1];\n", T, c, T, c, sz);
    int n = cg_cluster_fields(g, c, order);
    for (int i = 0; i < n; i++) {
      const kd_layout_field *F = &L->fields[order[i]];
      fprintf(out, "typedef char kdlg_%s_k_%s_offset_check[__builtin_offsetof(kdlg_%s_c%u, %s) == %lluu ? 1 : -1];\n",
              T, F->name, T, c, F->name, (unsigned long long)F->offset * (t == 1 ? 1 : t));
    }
  }
  for (uint32_t f = 0; f < L->nfields; f++)
    fprintf(out, "typedef char kdlg_%s_k_%s_size_check[sizeof(kdlg_%s_t_%s) == %uu ? 1 : -1];\n", T,
            L->fields[f].name, T, L->fields[f].name, L->fields[f].bytes);
  // accessors
  for (uint32_t f = 0; f < L->nfields; f++) {
    const kd_layout_field *F = &L->fields[f];
    uint32_t c = F->cluster, t = L->clusters[c].tile;
    fprintf(out, "KDLG_FN KDLG_GLOBAL kdlg_%s_t_%s *kdlg_%s_f_%s(kdlg_view_%s v, kdlg_index i) { ", T, F->name, T, F->name,
            T);
    if (t == 0 && compact)
      fprintf(out, "return (KDLG_GLOBAL kdlg_%s_t_%s *)(v.kd_s%u + v.kd_n * %uLL) + (v.kd_o + i); }\n", T, F->name,
              c, F->offset);
    else if (t == 0)
      fprintf(out, "return &v.kd_f_%s[v.kd_o + i]; }\n", F->name);
    else if (t == 1)
      fprintf(out, "return &v.kd_c%u[v.kd_o + i].%s; }\n", c, F->name);
    else if ((t & (t - 1)) == 0)
      fprintf(out, "kdlg_index k = v.kd_o + i; return &v.kd_c%u[k >> %u].%s[k & %u]; }\n", c, kd_layout_log2(t),
              F->name, t - 1);
    else
      fprintf(out, "kdlg_index k = v.kd_o + i; return &v.kd_c%u[k / %u].%s[k %% %u]; }\n", c, t, F->name, t);
  }
  fprintf(out,
          "KDLG_FN kdlg_view_%s kdlg_%s_offset(kdlg_view_%s v, kdlg_index k) { v.kd_o += k; return v; }\n"
          "KDLG_FN kdlg_view_%s kdlg_%s_pre(kdlg_view_%s *q, kdlg_index k) { q->kd_o += k; return *q; }\n"
          "KDLG_FN kdlg_view_%s kdlg_%s_post(kdlg_view_%s *q, kdlg_index k) { kdlg_view_%s old = *q; q->kd_o += k; "
          "return old; }\n"
          "KDLG_FN kdlg_view_%s kdlg_%s_null(void) { kdlg_view_%s v = {0}; return v; }\n",
          T, T, T, T, T, T, T, T, T, T, T, T, T);
  // pointer comparisons: views into one array compare by element offset, as C compares pointers into one
  // array; == also asks for the same array (its first region)
  const char *truth = g->lang == KD_LANG_CUDA ? "bool" : "int";
  fprintf(out,
          "KDLG_FN kdlg_index kdlg_%s_diff(kdlg_view_%s a, kdlg_view_%s b) { return a.kd_o - b.kd_o; }\n"
          "KDLG_FN %s kdlg_%s_same(kdlg_view_%s a, kdlg_view_%s b) { return a.%s == b.%s && a.kd_o == b.kd_o; }\n"
          "KDLG_FN %s kdlg_%s_is_null(kdlg_view_%s a) { return a.%s == 0; }\n",
          T, T, T, truth, T, T, T, first, first, truth, T, T, first);
  free(first);
  // whole-element load and store, field by field; a vector-aligned cluster as one value kd_e<c>
  for (int store = 0; store < 2; store++) {
    if (store ? g->no_store : g->no_load)
      continue;  // (its declaration of an element, or its copy, would not compile or would run user code)
    if (store)
      fprintf(out, "KDLG_FN %s kdlg_%s_store(kdlg_view_%s v, kdlg_index i, %s s) {", g->type, T, T, g->type);
    else if (g->raw_load)  // (an object of implicit-lifetime type is created in the array, no constructor runs)
      fprintf(out,
              "KDLG_FN %s kdlg_%s_load(kdlg_view_%s v, kdlg_index i) { alignas(%s) unsigned char kd_b[sizeof(%s)]; "
              "%s &s = *reinterpret_cast<%s *>(kd_b);",
              g->type, T, T, g->type, g->type, g->type, g->type);
    else
      fprintf(out, "KDLG_FN %s kdlg_%s_load(kdlg_view_%s v, kdlg_index i) { %s s;", g->type, T, T, g->type);
    for (uint32_t c = 0; c < L->nclusters; c++)
      if (vector_aligned(L, c))
        fprintf(out, store ? " kdlg_%s_c%u kd_e%u;" : " kdlg_%s_c%u kd_e%u = v.kd_c%u[v.kd_o + i];", T, c, c, c);
    for (uint32_t f = 0; f < L->nfields; f++) {
      const KdGenField *G = &g->fields[f];
      uint32_t c = L->fields[f].cluster;
      if (vector_aligned(L, c)) {
        if (!G->scalar && store)
          fprintf(out, " kd_e%u.%s = s.%s;", c, G->name, G->name);
        else if (!G->scalar)
          fprintf(out, " s.%s = kd_e%u.%s;", G->name, c, G->name);
        else if (store)
          fprintf(out, " for (int k = 0; k < %llu; k++) ((%s *)kd_e%u.%s)[k] = ((%s *)s.%s)[k];", G->count,
                  G->scalar, c, G->name, G->scalar, G->name);
        else
          fprintf(out, " for (int k = 0; k < %llu; k++) ((%s *)s.%s)[k] = ((%s *)kd_e%u.%s)[k];", G->count,
                  G->scalar, G->name, G->scalar, c, G->name);
      } else if (!G->scalar) {
        if (store)
          fprintf(out, " *kdlg_%s_f_%s(v, i) = s.%s;", T, G->name, G->name);
        else
          fprintf(out, " s.%s = *kdlg_%s_f_%s(v, i);", G->name, T, G->name);
      } else if (store) {
        fprintf(out, " for (int k = 0; k < %llu; k++) ((KDLG_GLOBAL %s *)kdlg_%s_f_%s(v, i))[k] = ((%s *)s.%s)[k];",
                G->count, G->scalar, T, G->name, G->scalar, G->name);
      } else {
        fprintf(out, " for (int k = 0; k < %llu; k++) ((%s *)s.%s)[k] = ((KDLG_GLOBAL %s *)kdlg_%s_f_%s(v, i))[k];",
                G->count, G->scalar, G->name, G->scalar, T, G->name);
      }
    }
    for (uint32_t c = 0; store && c < L->nclusters; c++)
      if (vector_aligned(L, c))
        fprintf(out, " v.kd_c%u[v.kd_o + i] = kd_e%u;", c, c);
    fputs(" return s; }\n", out);
  }
  if (g->lang == KD_LANG_OPENCL) {
    // a kernel receives the regions and the element count, and builds the view
    fprintf(out, "KDLG_FN kdlg_view_%s kdlg_%s_view(", T, T);
    for (uint32_t c = 0; c < L->nclusters; c++)
      fprintf(out, "__global uchar *r%u, ", c);
    fprintf(out, "long n) {\n  kdlg_view_%s v;\n", T);
    for (uint32_t c = 0; c < L->nclusters; c++) {
      if (L->clusters[c].tile != 0) {
        fprintf(out, "  v.kd_c%u = (__global kdlg_%s_c%u *)r%u;\n", c, T, c, c);
        continue;
      }
      int n = cg_cluster_fields(g, c, order);
      for (int i = 0; i < n; i++)
        fprintf(out, "  v.kd_f_%s = (__global kdlg_%s_t_%s *)(r%u + n * %u);\n", L->fields[order[i]].name, T,
                L->fields[order[i]].name, c, L->fields[order[i]].offset);
    }
    fputs("  v.kd_n = n;\n  v.kd_o = 0;\n  return v;\n}\n", out);
  }
}
