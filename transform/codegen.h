/* codegen.h: the text the rewriter adds for a struct whose layout changes
 * (Kofler et al. 2015, Sect. 3.3: "new struct types and indexing").
 *
 * For a struct S with layout description L (runtime/kdlg_layout.h):
 *   - device side (CUDA and OpenCL): one struct type per AoS cluster
 *     (kdlg_S_cK), one tile type per tiled cluster (kdlg_S_cK holding t values
 *     of each field in turn), the view kdlg_view_S that replaces every S *
 *     (region pointers, typed; the element count kd_n; an element offset kd_o
 *     for derived pointers), and accessors: kdlg_S_<field>(v, i) returns the
 *     address of field <field> of element i, kdlg_S_load / kdlg_S_store move a
 *     whole element, kdlg_S_offset / _pre / _post do pointer arithmetic;
 *     compile-time checks that the C types have the description's sizes and
 *     offsets;
 *   - CUDA host side: the description as data, the traits class kdlg_S_conv
 *     from which runtime/kdlg_cuda.cuh instantiates S's own conversion kernels
 *     (per-element moves with the layout's constants; none for structs over
 *     1536 bytes), and the wrappers the rewritten host code calls instead of
 *     cudaMalloc / cudaMemcpy / cudaMemset / cudaFree (runtime/kdlg_cuda.cuh
 *     does the work, with S's kernels or its generic one);
 *   - OpenCL host side: the header <output>.layout.h with the description,
 *     region sizes, pack/unpack and the kernels' new argument lists.
 */
#ifndef KDLG_CODEGEN_H
#define KDLG_CODEGEN_H

#include <stdio.h>

#include "../analysis/frontend.h"
#include "../runtime/kdlg_layout.h"

typedef struct KdGenField {
  const char *name;
  const char *decl_pre;       // the field's declaration around its name: pre + name + post
  const char *decl_post;      // ("float", "[3]" for `float v[3]`; "float4", "" for `float4 pos`)
  const char *scalar;         // array fields: the innermost element type; NULL otherwise
  unsigned long long count;   // array fields: number of scalars
} KdGenField;

/* Where a CUDA struct's host wrappers (kdlg_S_malloc, kdlg_S_copy_in, ...)
 * are defined: inline in every file that has the struct's block, or, where
 * the host compiler builds a file of the program that uses them (its .cpp
 * files cannot instantiate conversion kernels), declared in the block and
 * defined once in one CUDA file (kd_gen_cuda_host_defs). */
typedef enum KdGenHostApi { KD_GEN_HOST_INLINE, KD_GEN_HOST_EXTERN } KdGenHostApi;

typedef struct KdGenStruct {
  const char *tag;            // identifier in generated names (kdlg_<tag>_...)
  const char *type;           // the struct type as code spells it ("Body", "struct Body")
  const kd_layout *L;
  const KdGenField *fields;   // L->nfields entries, declaration order
  KdLanguage lang;
  bool no_load;               // no kdlg_<tag>_load: the struct cannot be built field by field as written
  bool no_store;              // no kdlg_<tag>_store: ... or copied so (its constructors, assignment or
                              // destructor would not run as in the original; the rewriter keeps the
                              // struct in AoS where an element is loaded or stored whole)
  bool raw_load;              // CUDA: kdlg_<tag>_load builds its element in an unsigned char array, running
                              // no constructor (a user-provided default one, or none; its copy is trivial)
  KdGenHostApi host_api;      // CUDA: inline wrappers, or declared here and defined in one file
} KdGenStruct;

/* The generated names the rewritten code uses, for struct tag `tag` (the
 * names below for tag S):
 *   KD_NAME_VIEW        kdlg_view_S, the view type that replaces S *
 *   KD_NAME_FIELD       kdlg_S_f_<arg>, the address of field <arg> of element i
 *   KD_NAME_LOAD/STORE  kdlg_S_load, kdlg_S_store: a whole element
 *   KD_NAME_OFFSET      kdlg_S_offset: a view plus an element offset
 *   KD_NAME_PRE/POST    kdlg_S_pre, kdlg_S_post: ++q / q++ and kin on a view variable
 *   KD_NAME_NULL        kdlg_S_null: the null view
 *   KD_NAME_DIFF        kdlg_S_diff: q - p of two views into one array, in elements
 *   KD_NAME_SAME        kdlg_S_same: q == p (the same array, the same element)
 *   KD_NAME_IS_NULL     kdlg_S_is_null: q == nullptr
 *   KD_NAME_MAKE_VIEW   kdlg_S_view: OpenCL, a view from the region buffers
 *   KD_NAME_HOST        kdlg_S_<arg>: CUDA host wrapper (arg: malloc, malloc_managed,
 *                       malloc_async, copy_in, copy_out, copy_between and their
 *                       _async forms, memset, memset_async, free, free_async)
 *   KD_NAME_CLONE       <arg>__kdlg_S: the clone of function <arg> taking views of S
 *   KD_NAME_METHOD      kdlg_S_m_<arg>: the clone of member function <arg> of S, a free
 *                       function taking a view of the element it is called on
 *   KD_NAME_THIS        kdlg_S_this: that clone's view parameter
 *   KD_NAME_CL_REGION   <arg>_kd_r<index>: OpenCL, region buffer `index` of parameter <arg>
 *   KD_NAME_CL_COUNT    <arg>_kd_n: OpenCL, the element count of parameter <arg>
 * Returns the name, malloc'd (aborts on out-of-memory); `arg` is ignored
 * where the name has none, `index` except for KD_NAME_CL_REGION. */
typedef enum KdGenName {
  KD_NAME_VIEW,
  KD_NAME_FIELD,
  KD_NAME_LOAD,
  KD_NAME_STORE,
  KD_NAME_OFFSET,
  KD_NAME_PRE,
  KD_NAME_POST,
  KD_NAME_NULL,
  KD_NAME_DIFF,
  KD_NAME_SAME,
  KD_NAME_IS_NULL,
  KD_NAME_MAKE_VIEW,
  KD_NAME_HOST,
  KD_NAME_CLONE,
  KD_NAME_CL_REGION,
  KD_NAME_CL_COUNT,
  KD_NAME_METHOD,
  KD_NAME_THIS,
} KdGenName;

char *kd_gen_name(KdGenName what, const char *tag, const char *arg, unsigned index);

/* The largest view, in bytes, that nvcc is given: nvcc 13.0 miscompiles a
 * struct of more than 128 bytes passed by value to an inlined function in a
 * loop that changes the struct (the copy is hoisted out of the loop, so a
 * walking view reads element 0 every time; docs/rewriter.md, "Views"). */
#define KD_GEN_MAX_VIEW_BYTES 128u

/* The bytes of g's view (8 per pointer, 16 for kd_n and kd_o): one pointer
 * per SoA field and per other region, or, `compact`, one per region. */
unsigned kd_gen_view_bytes(const kd_layout *L, bool compact);

/* Whether g's CUDA view holds one pointer per SoA region (kd_s<c>; a field's
 * array at kd_s<c> + kd_n * its offset) instead of one per SoA field: where
 * the per-field view would exceed KD_GEN_MAX_VIEW_BYTES.  Such a struct's
 * conversion packs and unpacks without staging.  OpenCL views are never
 * compact. */
bool kd_gen_compact(const KdGenStruct *g);

/* Macros every generated block uses (KDLG_FN, KDLG_GLOBAL, kdlg_index); once per file. */
void kd_gen_prelude(FILE *out, KdLanguage lang);

/* The device-side types and accessors of one struct. */
void kd_gen_device(FILE *out, const KdGenStruct *g);

/* CUDA: the layout description as data, the conversion traits class
 * (kdlg_S_conv) and the host wrappers (kdlg_S_malloc, ...): inline
 * definitions, or, for g->host_api KD_GEN_HOST_EXTERN, declarations (and
 * the traits class only where __CUDACC__ is defined, so that a host
 * compiler can read the block). */
void kd_gen_cuda_host(FILE *out, const KdGenStruct *g);

/* CUDA, g->host_api KD_GEN_HOST_EXTERN: the external definitions of g's host
 * wrappers, for one CUDA file of the program that includes g's block. */
void kd_gen_cuda_host_defs(FILE *out, const KdGenStruct *g);

/* OpenCL: the host-side part of <output>.layout.h for one struct. */
void kd_gen_opencl_host(FILE *out, const KdGenStruct *g);

#endif
