/* accessInt.h: the access-model builder's internals (Sect. 3.1), shared by
 * the files that make it, the way transform/rewrite/rewriteInt.h serves the
 * rewriter.  The public interface is access.h; this header is the table of
 * contents:
 *
 *   access.c       the builder's state and remarks, the candidate structs,
 *                  the environment of pointer variables, functions and
 *                  kernels (calls followed with their bindings, memoised):
 *                  kd_access_build
 *   access_expr.c  expressions: what an expression designates (the client
 *                  of the designator walk, designate.h), whether an access
 *                  is uniform (uniform.h), the accesses each expression
 *                  emits, calls
 *   access_stmt.c  statements: the region tree of a body (if, loops,
 *                  switch, jumps), each loop's trip count from trips.h
 *
 * Everything the builder allocates is in the program's arena or freed by
 * kd_access_build; out of memory aborts (mem.h).
 */
#ifndef KDLG_ACCESS_INT_H
#define KDLG_ACCESS_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "access.h"
#include "ast.h"
#include "designate.h"
#include "diag.h"
#include "mem.h"
#include "uniform.h"

/* ---- small helpers over libclang ---- */

typedef KD_VEC(CXCursor) Cursors;  // a growable array of cursors (mem.h)

static inline CXType canon(CXType t) { return clang_getCanonicalType(t); }
static inline CXType cursor_type(KdTree *t, CXCursor c) { return kd_cursor_type(t, c); }  // canon(clang_getCursorType(c)), kept

static inline uint32_t type_bytes(CXType t) {
  long long s = clang_Type_getSizeOf(t);
  return s > 0 ? (uint32_t)s : 0;
}

static inline bool is_pointer(CXType t) { return t.kind == CXType_Pointer; }

/* Key of a declaration: its file and offset (unique within one TU). */
typedef KdDeclKey DeclKey;
#define decl_key kd_decl_key

/* ---- builder state ---- */

typedef enum TKind {
  T_NONE,   // not global memory (or not understood)
  T_PTR,    // a pointer into global memory: to candidate struct sid, or (sid -1) to other data
  T_ELEM,   // lvalue: a whole element of candidate struct sid
  T_FIELD,  // lvalue inside field `field` of struct sid, `bytes` wide
  T_OTHER,  // lvalue in another global array, `bytes` wide
  T_FADDR,  // address of a global lvalue (struct field or other data), for atomics
} TKind;

typedef struct Target {
  TKind k;
  int sid;       // candidate struct or -1
  int field;     // T_FIELD / T_FADDR
  uint32_t bytes;
  bool uniform;  // the base is the same for every thread of a work-group (subscripts collected in subs aside)
  bool pend;     // ... and only if kd_uniform_var(uvar), not asked yet (classify's base variable)
  CXCursor uvar;
} Target;

typedef struct EnvEntry {
  DeclKey key;
  Target t;  // T_PTR (pointer variable) or T_ELEM (reference to an element)
  UT_hash_handle hh;
} EnvEntry;

typedef struct StructEntry {
  char *usr;
  int sid;
  UT_hash_handle hh;
} StructEntry;

typedef struct FieldEntry {
  char key[512];  // "sid:name"
  int index;
  UT_hash_handle hh;
} FieldEntry;

/* A binding bit of a memo key not asked yet: kd_uniform_var(from, var). */
typedef struct PendBit {
  size_t pos;  // of its '?' in the key
  KdUniform *from;
  CXCursor var;
} PendBit;

typedef struct MemoEntry {
  char *key;         // callee USR + binding ('?': a uniform bit in pend)
  KdRegion *region;
  int npend;
  PendBit *pend;
  UT_hash_handle hh;
} MemoEntry;

typedef struct SeenEntry {
  char *key;
  UT_hash_handle hh;
} SeenEntry;

typedef struct Builder {
  const KdSource *src;
  KdProgram *prog;
  KdArena *A;
  FILE *rem;
  StructEntry *structs;  // USR → sid
  FieldEntry *fields;    // (sid, name) → field index
  EnvEntry *env;         // current function's variables
  MemoEntry *memo;       // callee regions of the current kernel
  SeenEntry *seen;       // remarks already printed
  const char *kernel;    // current kernel
  const char *func;      // current function
  KdUniform *uni;        // uniformity of the current function's expressions (NULL: all varying)
  KD_VEC(KdUniform *) unis;  // every analysis of the current kernel (bindings refer to callers'), freed with memo
  int memo_pend;         // memo entries with a '?' in their key
  bool lazy;             // KD_ACCESS_UNIFORM_LAZY
  bool *varying;         // lazy: struct sid has an access known not uniform
  int varying_cap;
  Target des_base;       // classify: the Target of the walk's base (des_base)
  Target this_t;         // the member function being built: what `this` points to (T_PTR), or T_NONE
  Target call_this;      // visit_call -> ac_build_function: `this` of the member function called, or T_NONE
  Cursors *des_subs;     // classify: where the walk's sub-expressions go (des_sub)
  char **stack;          // USRs of functions being built (recursion check)
  int depth, stack_cap;
  int struct_cap, loop_cap;
} Builder;

/* How an expression is used where it appears (what an access to it does). */
typedef enum Mode { M_LOAD, M_STORE, M_RMW, M_ADDR, M_NONE } Mode;

/* Whether a binding of this kind binds the callee's parameter (a pointer or
 * reference into global memory). */
static inline bool binds_param(TKind k) { return k == T_PTR || k == T_ELEM || k == T_FIELD || k == T_FADDR; }

/* ---- access.c ---- */

/* A remark (printf-style) at `at`'s expansion location, once per location and text. */
void ac_remark(Builder *b, CXCursor at, const char *tag, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* c's expansion location; *file (if file is not NULL) kept in arena a. */
void ac_location(CXCursor c, const char **file, unsigned *line, unsigned *col, KdArena *a);
/* Records that the current kernel reaches struct sid. */
void ac_struct_add_kernel(Builder *b, int sid);
/* The index of `field` (a FieldDecl) in struct sid, or -1 (not eligible, or not one of its fields). */
int ac_field_index(Builder *b, int sid, CXCursor field);
/* The environment: what variable decl points to (NULL: nothing tracked). */
EnvEntry *ac_env_find(Builder *b, CXCursor decl);
void ac_env_set(Builder *b, CXCursor decl, Target t);
/* The region of function definition def called at `call` with its first
 * nbind parameters bound (memoised per binding); NULL when not followed. */
KdRegion *ac_build_function(Builder *b, CXCursor def, const Target *bind, int nbind, CXCursor call);

/* ---- access_expr.c ---- */

/* What expression e designates (a Target); the sub-expressions evaluated
 * before the place (subscripts, offsets) are appended to subs. */
Target ac_classify(Builder *b, CXCursor e, Cursors *subs);
/* t with its uniform bit settled: its subscripts subs and a pending base variable asked. */
Target ac_with_subs(Builder *b, Target t, const Cursors *subs);
/* Appends to seq the accesses expression e makes, used as `mode`. */
void ac_visit_expr(Builder *b, CXCursor e, Mode mode, KdRegion *seq);

/* ---- access_stmt.c ---- */

/* The region of statement s: a KR_SEQ of what it does, in evaluation order (never NULL). */
KdRegion *ac_stmt(Builder *b, CXCursor s);

#endif
