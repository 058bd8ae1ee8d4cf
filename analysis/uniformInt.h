/* uniformInt.h: the uniformity analysis's internals (see uniform.h), shared
 * by its files; this header is their table of contents:
 *
 *   uniform.c        the state of each variable, the set-up (parameters,
 *                    locals), the fixpoint (solve) and the public functions
 *   uniform_value.c  built-ins, and the flags of an expression's value and
 *                    of an lvalue's address over the current states (val,
 *                    addr)
 *   uniform_walk.c   the fixpoint's walk: each definition lowers its
 *                    variable's state; divergent control flow
 *
 * How the analysis works is in uniform.c's file comment.
 */
#ifndef KDLG_UNIFORM_INT_H
#define KDLG_UNIFORM_INT_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <uthash.h>

#include "ast.h"
#include "mem.h"
#include "uniform.h"

enum { F_U = 1, F_G = 2 };

typedef enum VarKind {
  V_VALUE,   // an automatic scalar / struct variable or parameter: state is its value
  V_REF,     // a reference: state is the flags of the object's address
  V_ARRAY,   // an automatic array: private memory, its elements are varying
  V_SHARED,  // __shared__ / __local: one address per work-group, loads varying
  V_STATIC,  // a static local: one address, loads varying (conservative)
  V_TOP,     // (before solving) a local not yet analysed: every flag, value and address
} VarKind;

typedef struct Var {
  KdDeclKey key;
  VarKind kind;
  unsigned flags;  // F_U | F_G
  UT_hash_handle hh;
} Var;

#define MAX_FRAMES 256

struct KdUniform {
  KdLanguage lang;
  KdTree *tree;                 // the source's tree, which the walks read (kd_kids)
  CXCursor fn;
  bool kernel;                  // no explicit parameter binding: kd_is_kernel's defaults
  int nparams;
  KdUniformParam *params;       // the binding (NULL with kernel)
  bool solved;                  // the fixpoint has run: vars holds every local and exact states
  void *ext_file;               // fn's extent (before solving: which declarations may be locals)
  unsigned ext_beg, ext_end;
  bool ext_any;                 // extent not understood: any declaration may be a local
  Var *ubvars;                  // (before solving) upper bounds of locals' states, by key
  Var *vars;                    // locals and parameters of the function (before solving: parameters only)
  bool changed;                 // a state went down in this walk
  int nframes;                  // enclosing loops / switches of the walk
  bool frame_loop[MAX_FRAMES];  // true: loop, false: switch
  bool frame_esc[MAX_FRAMES];   // left by a break/continue/return under a varying condition
};

/* ---- small helpers over libclang ---- */

static inline CXType ctype(const KdUniform *u, CXCursor c) { return kd_cursor_type(u->tree, c); }  // canonical, kept (ast.h)

static inline bool is_ptr(CXType t) { return t.kind == CXType_Pointer; }

static inline bool is_array(CXType t) {
  return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray || t.kind == CXType_VariableArray ||
         t.kind == CXType_DependentSizedArray;
}

static inline bool is_ref(CXType t) { return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference; }

/* OpenCL __local (or CUDA __shared__ by attribute, see var_kind). */
static inline bool type_spelled_with(CXType t, const char *a, const char *b) {
  CXString s = clang_getTypeSpelling(t);
  const char *n = clang_getCString(s);
  bool r = n && (strstr(n, a) || (b && strstr(n, b)));
  clang_disposeString(s);
  return r;
}

static inline bool in_list(const char *n, const char *const *list) {
  for (; *list; list++)
    if (!strcmp(n, *list))
      return true;
  return false;
}

/* ---- uniform.c ---- */

/* The variable decl of this function (its state), or NULL. */
Var *un_var_find(const KdUniform *u, CXCursor decl);
/* Lowers v's state to flags & its state. */
void un_var_lower(KdUniform *u, Var *v, unsigned flags);
/* The variable decl of this function: exact once solved; before, an upper
 * bound of its final state (V_TOP: anything). */
Var *un_lookup(const KdUniform *u, CXCursor d);

/* ---- uniform_value.c ---- */

/* F_U / F_G of the value of expression e (an lvalue: what a load of it reads). */
unsigned un_val(const KdUniform *u, CXCursor e);
/* F_U / F_G of the address of lvalue e. */
unsigned un_addr(const KdUniform *u, CXCursor e);
/* Whether variable d is __shared__ / __local. */
bool un_shared_decl(const KdUniform *u, CXCursor d);
/* Flags of a variable referenced from outside its own function's locals:
 * built-ins, file-scope variables. */
unsigned un_outer_var_value(const KdUniform *u, CXCursor d);
/* The pointer-or-array operand of a subscript (i[p] is p[i]); *idx gets the other. */
CXCursor un_subscript_base(const KdUniform *u, const KdKids *ks, CXCursor *idx);

/* ---- uniform_walk.c ---- */

/* One walk of statement or expression c (div: under divergent control flow). */
void un_walk(KdUniform *u, CXCursor c, bool div);

#endif
