/* region.h: the access model, the data that flows from the front end to the
 * memory-distance analysis (Kofler et al. 2015, Sect. 3.1).
 *
 * The front end (access.c) turns every kernel into a tree of regions: the
 * ordered global-memory instructions with their byte sizes σ(i), nested in
 * the control flow that decides which of them run and how often (sequences,
 * branches, loops with trip counts, switch, break/continue/return).  The
 * distance analysis (distance.c) reads only this tree, so it is testable
 * without libclang: tests build trees with the constructors below.
 *
 * Ownership: every region, loop record and string of one analysis lives in a
 * KdArena and is freed with it (kd_arena_free).  Regions of a callee may be
 * shared by several call sites (the tree is a DAG); nothing mutates a region
 * after construction.
 */
#ifndef KDLG_REGION_H
#define KDLG_REGION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- arena ---- */

typedef struct KdArena KdArena;

KdArena *kd_arena_new(void);
/* Zero-filled block of `bytes` bytes; aborts on out-of-memory. */
void *kd_arena_alloc(KdArena *a, size_t bytes);
char *kd_arena_strdup(KdArena *a, const char *s);
void kd_arena_free(KdArena *a);

/* ---- structs and fields (the KDLG's nodes) ---- */

typedef struct KdField {
  const char *name;  // field name as declared
  uint32_t bytes;    // σ(f): clang_Type_getSizeOf of the field's type, bytes
  uint32_t offset;   // byte offset in the AoS struct (clang_Type_getOffsetOf / 8)
  uint32_t align;    // alignment of the field's type, bytes (clang_Type_getAlignOf)
} KdField;

typedef struct KdStruct {
  const char *name;      // struct tag, or the typedef name of an anonymous struct
  const char *alias;     // the typedef name the kernels spell it with, if different; or NULL
  const char *usr;       // clang_getCursorUSR of its declaration: its identity in every translation unit
  uint32_t bytes;        // sizeof(struct), bytes
  int nfields;           // number of direct fields (nested aggregates count once)
  KdField *fields;       // nfields entries, declaration order
  const char *file;      // where the struct is declared
  unsigned line, col;
  bool eligible;         // false: not analysed; `reason` says why
  const char *reason;    // remark text when !eligible
  const char **kernels;  // kernels whose global pointers reach this struct
  int nkernels;
} KdStruct;

/* ---- regions ---- */

typedef enum KdRegionKind {
  KR_SEQ,       // kids run in order
  KR_ACCESS,    // one global-memory instruction
  KR_IF,        // kids = {cond, then, else}; then/else may be NULL (empty)
  KR_LOOP,      // kids = {init, cond, body, inc}; any may be NULL; `loop` set
  KR_SWITCH,    // kids = {cond, seg_1, ..., seg_k}: each segment starts at a case label
  KR_BREAK,     // leaves the innermost loop or switch
  KR_CONTINUE,  // goes to the innermost loop's increment
  KR_RETURN,    // leaves the innermost KR_CALL, or ends the path in a kernel (also goto)
  KR_CALL,      // kids = {body}: an inlined function; its returns reach the call's exit
} KdRegionKind;

/* One global-memory instruction.  struct_id indexes the program's struct table
 * (KdProgram.structs); -1 means a global array that is not a candidate struct
 * (it still moves bytes through L1 and counts toward every distance). */
typedef struct KdAccess {
  int struct_id;    // candidate struct, or -1
  int field;        // field index, or -1: the whole struct (every field at once)
  uint32_t bytes;   // σ(i): bytes moved by this instruction
  bool store;       // false: load
  bool uniform;     // every thread of a work-group accesses the same element (a broadcast; uniform.h)
  unsigned line, col;
} KdAccess;

/* Trip-count rules of Sect. 3.1 (docs/method-notes.md §2), the paper's Table 2 letters. */
#define KD_RULE_CONST 'c'      // constant bounds, exact count
#define KD_RULE_WORKGROUP 'g'  // one iteration per work-item of the work-group: 256
#define KD_RULE_NDRANGE 'n'    // one iteration per work-item of the NDRange: 10^6
#define KD_RULE_UNKNOWN 'u'    // anything else: 512·10^3
#define KD_TRIP_WORKGROUP INT64_C(256)
#define KD_TRIP_NDRANGE INT64_C(1000000)
#define KD_TRIP_UNKNOWN INT64_C(512000)

typedef struct KdLoop {
  int64_t trip;        // iterations (≥ 0); saturated at KD_TRIP_MAX
  char rule;           // KD_RULE_*
  bool do_while;       // body runs before the condition; no final condition test
  const char *kernel;  // kernel whose analysis found this loop
  const char *func;    // function that contains it (kernel or device function)
  unsigned line, col;
} KdLoop;

#define KD_TRIP_MAX (INT64_C(1) << 40)

typedef struct KdRegion KdRegion;
struct KdRegion {
  KdRegionKind kind;
  int n, cap;        // number of kids / capacity
  KdRegion **kids;   // children (see KdRegionKind for their meaning)
  KdAccess acc;      // KR_ACCESS
  KdLoop *loop;      // KR_LOOP
  bool has_default;  // KR_SWITCH: a default label exists (no path skips all cases)
};

KdRegion *kd_region_new(KdArena *a, KdRegionKind kind);
/* Appends `kid` to a KR_SEQ or KR_SWITCH region (NULL kids are ignored for KR_SEQ). */
void kd_region_add(KdArena *a, KdRegion *r, KdRegion *kid);
KdRegion *kd_region_access(KdArena *a, int struct_id, int field, uint32_t bytes, bool store);
KdRegion *kd_region_if(KdArena *a, KdRegion *cond, KdRegion *then_r, KdRegion *else_r);
/* A loop region; `loop` must live in the same arena (or outlive the region). */
KdRegion *kd_region_loop(KdArena *a, KdRegion *init, KdRegion *cond, KdRegion *body,
                         KdRegion *inc, KdLoop *loop);
/* An inlined call of a function whose region is `body` (may be NULL). */
KdRegion *kd_region_call(KdArena *a, KdRegion *body);

/* Prints the region tree, one node a line, indented by depth (for tests and
 * --dump-access-model).  struct_names[sid] and field_names[sid][f] name the
 * accesses' structs and fields. */
#include <stdio.h>
void kd_region_dump(FILE *out, const KdRegion *r, const char *const *struct_names,
                    const char *const *const *field_names, int depth);

#endif
