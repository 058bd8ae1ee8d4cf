/* rewriteInt.h: the rewriter's internal header, a table of contents of
 * transform/rewrite/ (as SQLite's whereInt.h is for where*.c).  Only the
 * files of this directory include it; the rest of kdlg-opt sees rewrite.h.
 *
 * The rewriter is the last stage of Fig. 4 in Kofler et al. 2015, Sect. 3.3
 * (new struct types, new indexing, the host code that moves data into the
 * new layout).  Top-down, as kd_rewrite (rewrite.c) runs it:
 *   1. structs (structs.c): the plan's structs whose layout changes, with
 *      their layout description and the text of their fields' types;
 *   2. pass 1, flow (flow.c, vars.c, route.c): every variable and parameter
 *      of type pointer-to-struct in the file; a union-find joins those a
 *      pointer flows between (initialisation, assignment, call argument →
 *      parameter, launch argument → kernel parameter).  A component is a
 *      view if it holds a kernel parameter or a cudaMalloc'd device pointer,
 *      opaque if a pointer from anywhere else flows into it; both → the
 *      struct keeps AoS (legality.c);
 *      (a view named only in a branch of #if that the configuration leaves out
 *      gets an #error line there instead: branches.c);
 *   3. pass 2, walk (walk.c, decls.c, hostcalls.c): every function body,
 *      top-down; each expression that reaches a view (designate.c says what
 *      it designates) is matched against the supported forms and becomes an
 *      edit, anything else makes the struct keep AoS with a remark;
 *   4. output (output.c): header comment, runtime include, generated types
 *      after each struct's declaration, edits applied (transform/edits.c).
 * Both passes walk KdNodes (analysis/ast.h): each function body is read
 * from libclang once, with the answers asked about its nodes (children,
 * extent, type, referenced declaration) kept.
 *
 * Clones (CUDA; clones.c, route.c, macros.c).  A function that is called
 * both with device data (views) and with other pointers, e.g. a
 * __host__ __device__ helper that a kernel calls on its parameter and main()
 * on a host array, cannot have one signature.  So every function of the file
 * that is not a kernel and takes a pointer to a planned struct has two
 * *instances* in pass 1: instance 0, the original text, and instance 1, a
 * copy whose pointers are views.  Each of its pointer variables and
 * parameters is a node per instance (Var.twin), and a call of it is an Edge
 * that pass 1 routes to one instance: to 1 if one of its pointer arguments
 * is device data, to 0 if one comes from elsewhere, undecided calls (NULL,
 * pointers of nothing yet) to the instance the function already has.  An
 * instance's body is visited (its flows and calls recorded) only once a call
 * reaches it, so a function called only with device data has just instance
 * 1, rewritten in place, one called only with host pointers just instance 0,
 * left alone, and one called both ways keeps its original text for the host
 * callers and gets a clone, `<name>__kdlg_<S>`, right after its definition
 * (and a prototype after each of its prototypes), that the device calls are
 * renamed to.  The clone is rendered from a separate edit list over the
 * function's text (the original's edit list does not touch it).  A clone
 * must behave like the original and compile where it did: anything unclear
 * (its address taken, static or __shared__ locals, asm, preprocessor lines,
 * __func__, constexpr, default arguments, a call spelled in a macro or
 * finding it through a using-declaration, a call giving it device data and
 * another pointer to the same struct, device data of two structs, overloads;
 * rw_check_clones) keeps the struct in AoS with a remark, and methods,
 * operators, template specializations and friends are not cloneable at all.
 * OpenCL has one address space per parameter and no host code in the file:
 * no clones there.
 *
 * State.  One R per kd_rewrite call, split by concern: the input (read
 * only), the structs, the file's declarations, and one sub-struct each for
 * pass 1's variables (RwFlow), the clone routing (RwClones), the position of
 * the walk (RwCursor), vref's memo (RwMemo) and the macro scan (RwMacros).
 * Ownership: everything R points to is freed by rewrite.c's rw_free, except
 * the input.  Out of memory aborts.
 *
 * Naming: functions used by more than one file of the directory are rw_*;
 * the others are static to their file.
 */
#ifndef KDLG_REWRITE_INT_H
#define KDLG_REWRITE_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>
#include <uthash.h>

#include "../../analysis/ast.h"
#include "../../analysis/diag.h"
#include "../../analysis/designate.h"
#include "../../analysis/mem.h"
#include "../codegen.h"
#include "../edits.h"
#include "../rewrite.h"

/* The largest struct (sizeof, bytes) whose CUDA device data the rewriter
 * converts: runtime/kdlg_cuda.cuh's conversion kernels stage at least one
 * whole element in a block's shared memory, 48 KiB without an opt-in. */
#define RW_MAX_CONVERT_BYTES 49152u

typedef KdDeclKey DeclKey;
#define decl_key kd_decl_key

/* Cursors collected by clang_visitChildren (rw_collect). */
typedef struct Kids {
  CXCursor *v;
  int n, cap;
} Kids;

/* ---- structs (structs.c) ---- */

/* A field's name → its index in the struct (the first field of that name). */
typedef struct FieldName {
  const char *name;
  int index;
  UT_hash_handle hh;
} FieldName;

/* A field declaration (the cursor clang_getCursorReferenced gives, bit for
 * bit) → rw_field_index's answer for it. */
typedef struct FieldDecl {
  CXCursor decl;
  int index;
  UT_hash_handle hh;
} FieldDecl;

/* A struct of the plan, as the rewriter sees it in this file. */
typedef struct RStruct {
  const KdStructPlan *sp;  // its plan: identity, clusters, layouts
  const kd_layout *L;     // sp->layout: fields in declaration order, clusters
  CXCursor decl;          // the struct's definition
  KdGenField *gf;
  char tag[128];          // identifier for generated names
  char type[256];         // the struct type as code spells it
  char qual[256];         // CUDA: the namespaces it is declared in, as a qualifier ("a::b::"; "" at file scope):
                          // its block is declared there too, and the rewritten code names what the block
                          // declares so qualified (rw_edit_name)
  unsigned ns_start;      // with qual: the offset where its outermost namespace's declaration starts
  unsigned insert_at;     // offset just after the declaration that defines it
  bool changes;           // some cluster is not plain AoS of all fields (else nothing to do)
  bool bad;               // keeps AoS
  char *why;              // bad: the remark that says why (malloc'd, one line, no newline)
  char load_why[320];     // why no element may be loaded whole (then kdlg_S_load is not generated), or ""
  char store_why[320];    // why no element may be stored whole (then kdlg_S_store is not generated), or ""
                          // (structs.c's whole_copy; walk.c refuses such a load or store)
  bool raw_load;          // CUDA: kdlg_S_load builds its element in raw storage (no constructor of S may run)
  int nviews;             // view variables found
  FieldName *fnames;      // rw_field_index's table, built on first use
  FieldName *fname_mem;   // its entries
  FieldDecl *fdecls;      // rw_field_index's answers
} RStruct;

/* ---- pass 1: variables and the union-find (vars.c, flow.c) ---- */

typedef struct Fn Fn;

/* A variable or parameter of type pointer-to-planned-struct (one per
 * instance of a cloneable function). */
typedef struct Var {
  DeclKey key;
  CXCursor decl;
  int rs;
  int parent;            // union-find
  bool seed;             // kernel parameter or cudaMalloc target
  bool opaque;           // receives a pointer from elsewhere
  CXCursor opaque_at;
  char why[480];
  bool kernel_param;
  int index;             // in RwFlow.vars
  int tier;              // 0 global, 1 parameter, 2 local: the order remarks are looked for in
  Fn *fn;                // the cloneable function it belongs to, or NULL
  int inst;              // its instance of fn (0: the original text, 1: the view clone)
  struct Var *twin;      // instance 1 of a variable of fn (only the instance-0 Var is in the hash)
  char name[128];        // its name (spelled once)
  bool moved;            // may hold a pointer plus an offset (pass 1, then closed over `moves`)
  CXCursor moved_at;     // where the offset was added (the first place seen)
  bool global;           // CUDA: a host variable of namespace scope or a static local that is tracked like a
                         // local (rw_global_why found nothing against it; globals.c)
  bool ref;              // a local reference to an element (`S &r = p[i]`, `const S &c = *q`), not a
                         // pointer: joined with the pointer it is bound into; as a view it is a view of
                         // that one element (`kdlg_view_S r = kdlg_S_offset(p, (i))`) and each use of
                         // its name designates element 0 of it (rw_bind_ref, designate.c's view_base)
  bool ret;              // CUDA: the value a function returns (decl: its definition; ref: a reference to an
                         // element), not a variable: not in var_map (returns.c)
  int ncalls;            // ret: the calls of the function pass 1 met
  UT_hash_handle hh;
} Var;

/* A kernel launched in the file (by its definition). */
typedef struct Launched {
  DeclKey key;
  UT_hash_handle hh;
} Launched;

/* A function template that a call in a template reaches before
 * instantiation (rw_dependent_callee), by its canonical declaration:
 * whether it is the only function of its name in the translation unit. */
typedef struct SoleName {
  DeclKey key;
  bool sole;
  UT_hash_handle hh;
} SoleName;

/* A local `void *args[] = {&a, &b, ...}` array: every reference to it, and
 * those that are the argument array of cudaLaunchKernel.  Addresses of
 * pointer variables in its initialiser reach the launched kernel's
 * parameters; if the array is used in any other way they escape. */
typedef struct LaunchArray {
  DeclKey key;
  CXCursor decl;
  int refs, launch_refs;
  UT_hash_handle hh;
} LaunchArray;

/* What a component holds (rw_comp_class): kernel parameters or cudaMalloc'd
 * pointers, pointers from elsewhere. */
enum { CL_VIEW = 1, CL_OTHER = 2 };

/* Where a pointer value comes from (rw_ptr_source). */
typedef enum Src { SRC_NONE, SRC_VAR, SRC_NULL, SRC_OTHER } Src;

typedef struct RwFlow {
  Var **vars;            // index → var
  int nvars, capvars;
  Var *var_map;          // key → instance-0 var
  int (*moves)[2];       // {from, to} variable indices of a flow (from->moved implies to->moved)
  int nmoves, capmoves;
  int *cflags;           // per root: CL_VIEW / CL_OTHER (valid unless cdirty)
  bool cdirty;
  Launched *launched;    // kernels launched in the file
  SoleName *sole_names;  // function templates asked of by rw_dependent_callee
  LaunchArray *arrays;   // void* arrays (cudaLaunchKernel argument arrays)
  KD_VEC(KdNode *) ext_calls;  // calls of functions without a body here (for KdRewriteResult.ext_calls)
  int nrefs;             // reference variables among vars (Var.ref): none, and names of struct type are not looked up
  int nglobals;          // tracked global and static variables among vars (Var.global)
  struct Untyped *untyped;  // local void / char pointers and their uses (untyped.c), by declaration
  struct RetVar *rets;   // the return values of functions (Var.ret), by the function's definition (returns.c)
  KD_VEC(char *) ext_ret_calls;  // "USR#r=C" of each function without a body here that returns the struct's pointer
                                 // and is named here (returns.c's rw_scan_returns)
} RwFlow;

/* ---- clones: functions, calls, routes (route.c, clones.c) ---- */

/* A function that can be cloned (see the top comment): CUDA, not a kernel,
 * defined in the file, a parameter of pointer-to-planned-struct type. */
struct Fn {
  DeclKey key;           // its definition
  CXCursor def;
  bool live[2];          // instances reached by a call (or 0 for a function never called)
  int text;              // the instance the original text is walked in
  bool cloned;           // both instances: the original text for 0, a clone for 1
  int clone_rs;          // the changing struct the clone takes views of, or -1
  bool clone_ok;         // the checks of rw_check_clones passed
  char name[256];
  char clone_name[400];
  KdEdits *E;            // pass 2: the clone's definition
  Kids protos;           // its other declarations in the file
  KdEdits **PE;          // pass 2: the clone's prototype after each of them
  UT_hash_handle hh;
};

/* A call of a cloneable function, found while visiting an instance of the
 * caller (pass 1); `route` is the callee's instance it reaches. */
typedef struct Edge {
  KdNode *call;
  Fn *callee;
  Fn *caller;            // the cloneable function it is in, or NULL
  CXCursor in;           // the function it is in
  int inst;              // the caller's instance
  int route;             // -1: not decided yet
  bool shared;           // another call has the same source range (a macro)
} Edge;

/* Edges by the call's source range and the caller's instance, for pass 2. */
typedef struct RouteKey {
  unsigned b, e;
  int inst;
} RouteKey;

typedef struct Route {
  RouteKey key;
  int edge;
  UT_hash_handle hh;
} Route;

typedef struct RwClones {
  Fn *fns;               // cloneable functions by their definition
  Edge *edges;           // calls of them
  int nedges, capedges;
  Route *routes;
} RwClones;

/* ---- member functions called on elements (methods.c) ---- */

/* A member function of a changing struct that is called on an element of
 * device data (`p[i].norm()`, `q->set(v)`, `r.update(dt)`): cloned into a
 * free function `kdlg_S_m_<name>(kdlg_view_S kdlg_S_this, params...)`, its
 * body walked with `this` as that view (`x`, `this->x`, `(*this).x` become
 * `(*kdlg_S_f_x(kdlg_S_this, 0))`), written after S's generated block; the
 * calls on elements call it with the element's view.  The original stays
 * for every other call. */
typedef struct Method {
  DeclKey key;           // its definition
  CXCursor def;
  int rs;                // its struct
  int state;             // 0: not checked yet, 1: checking, 2: cloneable, -1: not (why)
  char why[400];         // -1: the remark that keeps the struct AoS
  CXCursor why_at;       // ... and where
  char name[128];
  char *clone_name;      // kdlg_S_m_<name> (malloc'd)
  Var *self;             // its `this`: a view variable named kdlg_S_this (in RwFlow.vars)
  bool used;             // this round: a call on an element of device data reaches it
  bool walked;           // this round: its clone's body has been walked
  KdEdits *E;            // pass 2: the clone's edits over the definition's text
  unsigned b, e;         // the definition's text
  unsigned body;         // where its body's '{' is
  UT_hash_handle hh;
} Method;

/* ---- designation (designate.c) ---- */

/* What an expression designates, if it reaches a view (the designator
 * walk's answer, analysis/designate.h, as the rewriter reads it). */
enum { VR_NONE, VR_PTR, VR_ELEM, VR_FIELD, VR_SUB, VR_FADDR, VR_BAD };

#define MAX_TERMS KD_DES_MAX_TERMS

typedef struct VRef {
  int kind;
  Var *var;            // the view variable
  KdNode *ref;         // its DeclRefExpr, or a pointer update of it (`(q++)->x`: `q++`; never VR_PTR)
  int nterms;
  KdNode *term[MAX_TERMS];
  bool neg[MAX_TERMS];
  int field;           // VR_FIELD / VR_SUB / VR_FADDR
  KdNode *field_expr;  // the expression naming the field (VR_FIELD: the node itself)
  bool decay;          // VR_SUB: an array field decaying to a pointer (only a subscript may take it)
  const char *why;     // VR_BAD
} VRef;

typedef struct RwMemo {
  struct VMemo *memo;  // rw_vref's latest answers (the designator walk's, analysis/designate.h)
  unsigned gen;        // their generation: a new one when a struct drops out or a round begins
  unsigned walk_gen;   // the generation the running walk began in (its answers are kept only in it)
  KdDesClient client;  // the walk's client: the rewriter's rules and callbacks (made on first use)
} RwMemo;

/* ---- the walk's position (pass 1 and pass 2) ---- */

typedef enum Ctx { CTX_VALUE, CTX_SUBSCRIPT_BASE } Ctx;

typedef struct RwCursor {
  int inst;                       // the instance being visited or walked: rw_var_find gives its variables
  Fn *visiting;                   // pass 1: the cloneable function whose body is visited, or NULL
  CXCursor visiting_fn;           // pass 1: the function whose body is visited
  enum CXCursorKind parent_kind;  // pass 2: the kind of the node whose children walk_kids walks
  bool in_list;                   // pass 2: walk_kids' children are items of a block (directly or after labels)
  KdEdits *E;                     // pass 2: the edit list being written (the file's, or a clone's)
  unsigned lambda_at;             // pass 2: where the innermost lambda being walked starts, or 0 (none)
  struct Method *method;          // pass 2: the member function whose clone is walked (`this` is its view), or NULL
  int pass1_lambda;               // pass 1: lambdas and local classes' functions the node visited is in (a return
                                  // there is theirs)
  int nested_fn;                  // pass 2: likewise, the functions of local classes the walk is in
  CXCursor walking_fn;            // pass 2: the function whose body (or clone) is walked (its returns), or null
  KdNode *claimed;                // pass 2: a call whose returned view the walk above uses (returns.c)
  KdNode *stmt;                   // pass 2: the latest item of a block walk_kids walked (an expression there is a
                                  // statement, its value discarded)
} RwCursor;

/* ---- CUDA host calls (hostcalls.c) ---- */

typedef enum HostFn { H_NONE, H_MALLOC, H_COPY, H_SET, H_FREE } HostFn;

typedef struct HostCall {
  const char *name;
  HostFn kind;
  const char *suffix;  // the wrapper: KD_NAME_HOST's arg (copies: copy_in/out/between + suffix)
} HostCall;

/* ---- macros (macros.c) ---- */

typedef struct MacroHit MacroHit;

/* What a clone must not copy: words that name the function, __COUNTER__. */
typedef enum RwWords { RW_OWN_NAME, RW_COUNTER } RwWords;

typedef struct RwMacros {
  MacroHit *own_name_hits, *counter_hits;  // macros leading to __func__ / __COUNTER__ (read_macros)
  bool read;                               // read_macros ran
} RwMacros;

/* ---- the state of one kd_rewrite ---- */

typedef struct R {
  // input (read only)
  const KdSource *src;
  const KdPlan *plan;
  const KdRewriteOptions *opt;
  FILE *rem;             // remarks
  const KdFileMap *map;  // the files it may change, in one offset space (src->files, filemap.h)
  const char *text;      // map->text: every mapped file's bytes (offsets below are map offsets)
  size_t len;
  KdTree *tree;          // the AST nodes walked, with what is asked about them (ast.h)
  bool cuda;
  // the plan's structs
  RStruct *rs;
  int nrs;
  // the file's declarations
  Kids funcs;            // every function declaration / definition in the mapped files
  Kids global_refs;      // names of functions in global variables' initialisers (outside any function)
  RwFlow fl;             // pass 1: variables, union-find, offsets, launches
  RwClones cl;           // cloneable functions and their calls
  RwCursor cur;          // where the passes are
  RwMemo vm;             // rw_vref's memo
  RwMacros mac;          // macros that reach __func__ / __COUNTER__
  Method *methods;       // member functions called on elements, by their definition (methods.c)
  struct Ident *idents;  // the mapped files' identifier tokens (rw_file_spells), read at the first question
  KD_VEC(unsigned) expl; // ... and with them, the explicit instantiations: [v[2k], v[2k+1]) from `template`
                         // (not followed by `<`) to its `;` (rw_explicit_instantiation)
  bool expl_any_set;     // ... one spelled in a macro's definition (it may name any template), at expl_any
  unsigned expl_any;
  int decltypes;         // ... how many `decltype` / `typeof` keywords they spell (check_decltype), and those in
  KD_VEC(unsigned) decltype_macros;  // a macro's definition (their offsets)
  KD_VEC(struct BranchGuard) guards;  // #error lines for views named in branches the configuration leaves out
  KD_VEC(struct PpDefine) pp_defined;  // ... the #define and #undef lines of the mapped files (branches.c), once read
  bool pp_defined_read;
  bool idents_read;
  bool prelude_defined;  // ... one of them is `#define KDLG_FN` (an output of kdlg-opt, run again)
} R;

/* ---- branches.c ---- */
/* A view named in a branch of #if that the configuration leaves out on both
 * sides: an #error line inserted at map offset `at` (after the branch's
 * opening directive), for struct rs, about name (spelled at loc). */
typedef struct BranchGuard {
  unsigned at;
  int rs;
  CXSourceLocation loc;
  char name[128];
} BranchGuard;
/* A #define or #undef line of a mapped file: the macro's name, the file
 * (index in r->map), the map offset of its '#', and whether this
 * configuration reads it (branches.c's project_defines). */
typedef enum PpState { PP_UNKNOWN, PP_ASKING, PP_READ, PP_LEFT_OUT } PpState;
typedef struct PpDefine {
  char *name;
  int file;
  unsigned at;
  PpState state;
} PpDefine;
/* Whether location l (a token the parser did not see) lies in a branch of
 * #if that both the host-side and the device-side parse skip and whose #if
 * chains do not spell __CUDA_ARCH; *at: the map offset after the branch's
 * opening directive line. */
bool rw_config_branch(R *r, CXSourceLocation l, unsigned *at);
void rw_add_branch_guard(R *r, int rs, unsigned at, CXSourceLocation l, const char *name);
void rw_edit_branch_guards(R *r);   // pass 2: the #error lines of structs that are rewritten
void rw_print_branch_guards(R *r);  // the warnings, once the structs' verdicts are known

/* ---- globals.c ---- */
/* Whether map offset o comes after struct rs's generated block (its file,
 * after the definition, or the input after the header's #include). */
bool rw_after_block(R *r, int rs, unsigned o);
const char *rw_global_why(R *r, CXCursor c);  // why global or static variable c is not tracked, or NULL
void rw_walk_globals(R *r);   // pass 2: the declarations of tracked globals of namespace scope that are views
void rw_check_globals(R *r);  // after pass 1: what could reach a tracked global view unseen
void rw_edit_global_symbol(R *r, const Var *v);  // its declaration's own symbol (external linkage)
void rw_print_global_symbols(R *r);  // a remark for each, once the structs' verdicts are known

/* ---- returns.c ---- */
void rw_setup_returns(R *r);  // a return variable for each function of the file that returns S * or S &
Var *rw_ret_var(R *r, CXCursor fn);      // the return variable of fn's definition, or NULL
Var *rw_call_ret(R *r, KdNode *call);    // ... of the function call calls, or NULL
void rw_pass1_call(R *r, KdNode *call, CXCursor callee);  // pass 1: a call (counted; another input's recorded)
bool rw_pass1_return(R *r, KdNode *ret);  // pass 1: `return e` flows into the function's return value (true)
void rw_scan_returns(R *r);   // after pass 1: every name of such a function in the translation unit
void rw_check_returns(R *r);  // after pass 1: what could reach a returned view unseen
void rw_edit_returns(R *r);   // pass 2: result types of functions whose return value is a view
void rw_free_returns(R *r);

/* ---- shape.c ---- */
enum CXChildVisitResult rw_collect(CXCursor c, CXCursor parent, CXClientData data);
Kids rw_kids_of(CXCursor c);
CXType rw_ctype(CXCursor c);
void rw_spell(CXCursor c, char *buf, size_t n);
KdNode *rw_node_of(R *r, CXCursor c);
bool rw_volatile_target(CXType t);
bool rw_is_ident_char(char ch);
bool rw_is_operator_name(const char *name);
bool rw_in_files(R *r, CXSourceLocation l, unsigned *off);
bool rw_range_of(R *r, CXCursor c, unsigned *b, unsigned *e);
bool rw_plain(R *r, CXCursor c);
bool rw_node_range(R *r, KdNode *n, unsigned *b, unsigned *e);
bool rw_node_plain(R *r, KdNode *n);
KdNode *rw_only_kid(KdNode *n);
KdNode *rw_last_kid(KdNode *n);
bool rw_conversion_operand(KdNode *c, KdNode **operand);
bool rw_is_null_constant(KdNode *c);
bool rw_same_extent(R *r, KdNode *a, KdNode *b);
bool rw_is_step_op(enum CXUnaryOperatorKind op);
unsigned rw_start_offset(R *r, CXCursor c);
KdNode *rw_arg_node(R *r, KdNode *c, int i);
bool rw_is_kernel_fn(R *r, CXCursor fn);
CXCursor rw_referenced_decl(R *r, KdNode *e);
bool rw_is_void_ptr_array(CXCursor d);
bool rw_decl_span(R *r, CXCursor d, unsigned *b, unsigned *e);
unsigned rw_semicolon_after(R *r, unsigned e);
bool rw_callee_name(R *r, KdNode *call, const char *name, unsigned *b, unsigned *e);
bool rw_text_has_word(const char *text, unsigned n, const char *word);
bool rw_has_word(R *r, unsigned b, unsigned e, const char *word);
KdNode *rw_strip_parens_casts(KdNode *e);
bool rw_is_reference(CXType t);
bool rw_name_end(R *r, CXCursor d, unsigned *end);
bool rw_declarator_end(R *r, unsigned start, unsigned name_end, unsigned *end);
bool rw_matching_paren(R *r, unsigned open, unsigned end, unsigned *close);
/* The first non-blank byte of the logical line holding map offset o, and
 * the offset past the '\n' that ends the logical line from o (a line that
 * ends with a backslash, blanks or '\r' after it allowed, continues). */
unsigned rw_logical_line_start(R *r, unsigned o);
unsigned rw_logical_line_end(R *r, unsigned o);
unsigned rw_skip_blanks(R *r, unsigned i);
unsigned rw_back_blanks(R *r, unsigned start, unsigned i);
bool rw_line_start(R *r, unsigned i);
bool rw_is_atomic_name(const char *n);
bool rw_byte_type(CXType t);
KdNode *rw_callee_ref(KdNode *call);
void rw_edit_name_at(R *r, KdGenName what, int rs, const char *arg, unsigned index);
void rw_edit_name(R *r, KdGenName what, int rs, const char *arg);

/* ---- vars.c ---- */
/* Whether parameter i of function fn (any declaration) takes device data
 * from another input of the program (KdRewriteOptions.extern_views). */
bool rw_extern_view(R *r, CXCursor fn, int i);
/* Whether other inputs give parameter i of fn device data and other pointers (KdRewriteOptions.extern_mixed). */
bool rw_extern_mixed(R *r, CXCursor fn, int i);
/* Whether some parameter of fn does (rw_extern_view). */
bool rw_extern_any(R *r, CXCursor fn);
/* The declaration that stands for fn's definition: its definition, or for
 * a function defined in another input whose parameters take device data
 * (rw_extern_any), its first declaration here; the null cursor otherwise. */
CXCursor rw_def_or_extern(R *r, CXCursor fn);
/* KdRewriteResult.ext_calls and .ext_defs of this rewrite. */
void rw_extern_report(R *r, KdRewriteResult *out);
Var *rw_base_var(R *r, CXCursor decl);
Var *rw_var_find(R *r, CXCursor decl);
Var *rw_ref_var(R *r, KdNode *n);
Fn *rw_fn_find(R *r, CXCursor def);
Var *rw_var_add(R *r, CXCursor decl, int rs);
int rw_uf_find(R *r, int i);
void rw_uf_union(R *r, Var *a, Var *b);
bool rw_var_live(const Var *v);
bool rw_is_view(R *r, const Var *v);
void rw_mark_moved(Var *v, CXCursor at);
void rw_add_move(R *r, Var *from, Var *to);
void rw_close_moves(R *r);
void rw_flow(R *r, Var *to, KdNode *e);
void rw_bind_ref(R *r, Var *to, KdNode *e);
void rw_param_flow(R *r, Var *to, KdNode *e);
void rw_set_opaque(R *r, Var *v, CXCursor at, const char *why);
int rw_comp_class(R *r, const Var *v);

/* ---- designate.c ---- */
void rw_vref(R *r, KdNode *c, VRef *out);
Src rw_ptr_source(R *r, KdNode *e, Var **var);
/* The values pointer expression e may take: the arms of the `?:` it is
 * (nested ones and parentheses looked through, not casts), or e itself;
 * their number (the first max in arms). */
int rw_ptr_arms(KdNode *e, KdNode **arms, int max);
Src rw_ptr_source_m(R *r, KdNode *e, Var **var, bool *moved);
Src rw_elem_source(R *r, KdNode *e, Var **var, bool *moved);
bool rw_bound_elem(R *r, KdNode *e, VRef *out);
Var *rw_updated_view(R *r, KdNode *e);

/* ---- flow.c ---- */
Var *rw_address_of_var(R *r, KdNode *e);
LaunchArray *rw_launch_array(R *r, CXCursor d, bool add);
KdNode *rw_init_list_of(R *r, CXCursor v);
bool rw_launch_call(R *r, KdNode *call, CXCursor *kernel, CXCursor *array);
CXCursor rw_dependent_callee(R *r, KdNode *call);
void rw_pass1_below(R *r, KdNode *n);
void rw_pass1(R *r);
enum CXChildVisitResult rw_collect_funcs(CXCursor c, CXCursor parent, CXClientData data);

/* ---- fieldptr.c ---- */
/* Whether parameter i of function definition fn may be given the address
 * of a field (or a sub-field) of an element, of type `pointee`: it is used
 * only within the field (fieldptr.c's comment says how). */
bool rw_field_param_ok(R *r, CXCursor fn, int i, CXType pointee);

/* ---- untyped.c ---- */
/* Scans every function body for local `void *` / `char *` variables and
 * their uses (before pass 1 visits the bodies). */
void rw_untyped_scan(R *r);
/* The struct that local variable decl of another pointer type holds an
 * array of (cudaMalloc'd, used only by CUDA memory calls and casts to that
 * struct's pointer), or -1. */
int rw_untyped_rs(R *r, CXCursor decl);
/* If e is a cast from a pointer of another type, why the rewriter does not
 * follow it (into why, for a flow into variable `to`); false otherwise. */
bool rw_untyped_why(R *r, KdNode *e, const char *to, char *why, size_t n);
void rw_untyped_free(R *r);
/* e without the parentheses, implicit conversions and casts to `void *`
 * (C-style or static_cast) around it: `(void *)d` → d. */
KdNode *rw_strip_void_casts(R *r, KdNode *e);

/* ---- route.c ---- */
void rw_add_edge(R *r, KdNode *c, Fn *F);
int rw_call_class(R *r, KdNode *c, const Fn *F, int inst, int mix_rs, bool *mixed);
void rw_route_calls(R *r);
int rw_call_route(R *r, KdNode *c, const Fn *F);

/* ---- legality.c ---- */
/* The longest identifier the rewriter spells whole (its name buffers hold
 * 128 bytes and more): a file with a longer one keeps every struct AoS. */
enum { RW_MAX_IDENT = 127 };

/* An identifier spelled in the mapped files, with its first offset and
 * every offset (in file order). */
typedef struct Ident {
  char *name;
  unsigned off;
  KD_VEC(unsigned) offs;
  UT_hash_handle hh;
} Ident;
bool rw_file_spells(R *r, const char *name);
const Ident *rw_ident(R *r, const char *name);  // the mapped files' tokens spelling `name`, or NULL
int rw_cmp_unsigned(const void *x, const void *y);  // qsort / bsearch of unsigned offsets
extern const char *const rw_typeof_words[];  // decltype and GNU's typeof keywords (NULL-terminated)
bool rw_word_at(R *r, unsigned o, const char *name, size_t nl);
bool rw_explicit_instantiation(R *r, const char *name, unsigned *at);
void rw_check_names(R *r);
void rw_free_idents(R *r);
void rw_resolve(R *r);
void rw_check_global_refs(R *r);

/* ---- macros.c ---- */
void rw_free_hits(MacroHit *set);
bool rw_uses_words(R *r, unsigned b, unsigned e, RwWords what, bool *via);

/* ---- clones.c ---- */
bool rw_clone_active(R *r, const Fn *F);
void rw_check_clones(R *r);
void rw_walk_clone(R *r, Fn *F);
void rw_clone_edits_reset(R *r);
int rw_insert_clones(R *r);
char *rw_render_span(R *r, KdEdits *E, unsigned b, unsigned e);

/* ---- methods.c ---- */
/* A call c of member function `callee` (nargs arguments): if its object is
 * an element of a view, the call of the member function's clone (an edit of
 * the whole call, its arguments a hole) or, where it cannot be cloned, the
 * struct keeps AoS with the reason: true (the caller walks the arguments and
 * not the object).  False if the object is not device data. */
bool rw_method_call(R *r, KdNode *c, CXCursor callee, int nargs);
/* Walks the bodies of the clones the calls reached (pass 2, after the functions). */
void rw_walk_methods(R *r);
/* Fresh edit lists for every member function's clone (each round of pass 2). */
void rw_method_edits_reset(R *r);
/* Writes the clones of rewritten struct rs's member functions (prototypes,
 * then definitions) to f: after its generated block. */
void rw_write_methods(R *r, int rs, FILE *f);
/* Frees r->methods. */
void rw_free_methods(R *r);

/* ---- walk.c ---- */
bool rw_editable(R *r, const VRef *vr, KdNode *c, unsigned *b, unsigned *e);
bool rw_edit_view(R *r, const VRef *vr);
bool rw_edit_index(R *r, const VRef *vr);
void rw_walk_terms(R *r, const VRef *vr);
bool rw_named_ref(const KdNode *n);
void rw_emit_view_value(R *r, KdNode *e, int rs, const char *what);
void rw_emit_static_view_value(R *r, KdNode *e, int rs);
void rw_emit_elem_view(R *r, KdNode *e, int rs);
void rw_walk(R *r, KdNode *c, Ctx ctx);

/* ---- decls.c ---- */
void rw_walk_vardecl(R *r, KdNode *v, bool split);
void rw_walk_declstmt(R *r, KdNode *c, enum CXCursorKind parent);
void rw_edit_decl_params(R *r, CXCursor fn, CXCursor def);
void rw_edit_params(R *r);

/* ---- hostcalls.c ---- */
const HostCall *rw_host_call(R *r, CXCursor callee);
void rw_walk_host_call(R *r, KdNode *c, const HostCall *h, int nargs);

/* ---- structs.c ---- */
void rw_set_bad(R *r, int rs, CXCursor at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void rw_set_bad_loc(R *r, int rs, CXSourceLocation at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
int rw_rs_of_record(R *r, CXType t);
int rw_rs_of_pointer(R *r, CXType t);
int rw_rs_of_lvalue_ref(R *r, CXType t);
int rw_field_index(R *r, int rs, KdNode *member);
void rw_setup_structs(R *r);

/* ---- output.c ---- */
void rw_drop_owner_all(R *r, int owner);
int rw_check_overlaps(R *r, KdEdits *E);
bool rw_rewritten(const RStruct *S);
int rw_build_output(R *r, KdRewriteResult *out);
void rw_opencl_header(R *r, KdRewriteResult *out);

#endif
