/* designate.h: what an expression designates, for the access model and for
 * the rewriter: one walk over the shared AST (ast.h) down an operand chain
 * of parentheses, implicit conversions, casts, subscripts, member
 * references, `*`, `&` and pointer `+`/`-` to the name it starts from, and
 * back up, on the lattice
 *
 *   pointer (p, p + k, &p[i])  --[i], *-->  element (p[i], *p)
 *   element --.f (a pointer: ->f)-->  field (p[i].f, p->f; a part of it:
 *            p[i].v.x, p[i].in.a, p[i].arr[k])  --&, decay-->  field
 *            address (&p[i].f; p[i].arr as a pointer)
 *
 * Sect. 3.1's access model (analysis/access_expr.c) asks it which global-memory
 * place an lvalue is (which struct's element, which field, how many bytes);
 * the rewriter (transform/rewrite/designate.c, Sect. 3.3) which view,
 * element offset and field an expression reaches, to rewrite it.  The
 * walk knows the syntax; what a name means comes from the client (a
 * callback: the access model's environment of pointer variables,
 * __device__ globals and "other data"; the rewriter's view variables of
 * the instance it walks), and so does which struct's field a member names.
 *
 * Where the two clients read a construct differently the difference is one
 * named rule (KdDesRules below), each client passing its own set; the walk
 * reports the structural facts (a decayed array field, a vector component's
 * width, a cast to another pointer type, why a use cannot be rewritten) and
 * each client keeps its own interpretation of the answer (the access
 * model's bytes, eligibility and "other data"; the rewriter's VR_* kinds).
 *
 * The differences, each with an input that shows it.  "A" is the access
 * model, "R" the rewriter.  None changes what either client did before this
 * walker (every rule reproduces one client's old answer); "latent" marks
 * where A counts an access R would not rewrite, or the other way round.
 *
 *  1. KD_DES_LOOSE (A) / strict (R).  A looks through every implicit
 *     conversion (`void *v = p;`, `if (p)`, an element to its base class,
 *     a field address as void *) and
 *     follows a cast to another pointer type as a pointer to other data
 *     (`((float *)p)[k]`, remark kdlg-cast); R keeps a pointer or element
 *     only through conversions and casts to its own struct's pointer or
 *     record type (the client's `same`), and then the DeclRefExpr below is a
 *     view used in a way R does not handle (the struct keeps AoS).  A uses a
 *     field address as a pointer into its field: `*&p[i].f`,
 *     `(&p[i].f)[0]`, `(&p[i].in)->x`, `*(&p[i].f + 1)`, `*p[i].arr`,
 *     `*(p[i].arr + 1)` are accesses of field f (in, arr); R indexes only a
 *     decayed array field (`p[i].arr[k]`: a part of arr) and says none to the
 *     rest, whose operand is then an escaping field address (AoS).  Strict
 *     also tells an implicit conversion from a construct clang does not
 *     expose by extent: an OpenCL swizzle `p[i].v.wzyx` is a part of v even
 *     where its type is v's own; over a field address it ends the
 *     designation, over a pointer or element it is BAD (rule 4).  A reads
 *     vector components by type only (`p[i].pos.x`: pos, 4 bytes) and never
 *     asks extents.  Latent (A counts, R keeps AoS with a remark): each of
 *     the field-address forms above and
 *       __global__ void k(S *p) { int *q = &p[threadIdx.x].n; *q = 1; }
 *     (A: a store of n through q; R: "the address of field 'n' escapes").
 *     `k - p` (int minus pointer, not valid C) is a pointer for A, none for R.
 *  2. KD_DES_REINTERPRET (A).  A follows reinterpret_cast like a C-style
 *     cast; R does not look into it at all: `reinterpret_cast<S *>(p)[i].x`
 *     is an access of x for A, and p below it a view R cannot follow (AoS).
 *     Latent (A counts, R keeps AoS).
 *  3. KD_DES_INDEX_ARRAY (A).  In a subscript whose second operand is of
 *     array type, A takes that operand as the base (`i[a]`), R only a
 *     pointer.  Clang decays an array operand of a subscript to a pointer,
 *     so the two can differ only where it does not: in a template, with a
 *     type-dependent index (`i[p->arr]` with `T i`); no input has one.
 *  4. KD_DES_REPORT_BAD (R).  R names uses of a view it cannot rewrite (KD_DES_BAD
 *     with a reason, KdDesWhy): a member that is not a field of the struct
 *     (`p[i].K` with `static constexpr int K`: "a member function is called
 *     on an element"; A: none, and then a load of the whole element p[i],
 *     which K does not read), an unexposed construct over a pointer or
 *     element (rule 1), a cast to a pointer to volatile of the same struct
 *     (`((volatile S *)p)[i].x`; A: a load of x), more than
 *     KD_DES_MAX_TERMS offsets (`(p + i + 1 + ... + 16)->f`; A: any
 *     number).  BAD goes up through parentheses, conversions, subscripts,
 *     members, pointer `+`/`-` and every unary operator
 *     (`!(volatile S *)p`; A looks into `*` and `&` only), and a cast above
 *     it makes it none.  Latent (A counts, R keeps AoS): the volatile cast,
 *     the long offset sum.
 *
 *  5. The `update` oracle (R).  R takes a pointer update as the base of a
 *     chain (`(q++)->x`, `(++q)->x`, `q++[0].x`, `(q += 1)->x`, `(q = p +
 *     i)->x`, `(*q--).y`, `(a, ++q)->x`): the answer's ref is the update,
 *     which R rewrites in place and passes to the accessor.  A has no such
 *     oracle: none (it counts no access there).  Latent (R rewrites, A
 *     does not count).
 *  6. The `call` oracle (R).  R takes a call of a function whose return
 *     value it makes a view (transform/rewrite/returns.c) as the base of a
 *     chain: `get(p, i).x` (a reference), `at(p, i)->x`, `at(p, i)[k].y`,
 *     `*at(p, i)` (a pointer); the answer's ref is the call, which R passes
 *     to the accessor (its arguments rewritten in place).  A has no such
 *     oracle: none, as before (it counts no access there).  Latent (R
 *     rewrites, A does not count).
 *
 * Found on the way, not rule-dependent (A alone, or outside the walk; each
 * wants a test):
 *  - the name of a __device__ array of constant size is a pointer (to other
 *    data) for A's base oracle, and the array-to-pointer decay above it
 *    makes the designation none: `__device__ float g[64]; ... g[i]` counts
 *    no load (an incomplete `extern __device__ float g[];` does);
 *  - a cast of a field address is none for A (its casts take pointers
 *    only): `atomicAdd((unsigned *)&p[i].n, 1u)` counts no access, while
 *    `atomicAdd(&p[i].n, 1)` counts a load and a store (R: the cast one
 *    keeps AoS, "the address of field 'n' escapes");
 *  - a field inherited from a base class (`struct S : B`, `p[i].b`) is not
 *    one of S's fields for either: A counts a load of the whole element
 *    (the conversion to B is looked through, rule 1), R rewrites p[i] into
 *    a whole-element load whose b the generated load never sets (R's rule 1
 *    stops at the conversion to B and the element below is rewritten);
 *  - `p[i].area()` (a method called on an element): R's walk asks about a
 *    member call's callee only where the method cannot be cloned
 *    (`p[i].area`: BAD by rule 4, the struct keeps AoS; transform/rewrite/
 *    methods.c clones the others); both clients read the method's body
 *    with `this` as the element (the this_base oracle).
 *
 * Cost.  The walk allocates nothing and asks each node of the chain its
 * kind, its type (kept in the node) and, under strict rules only, an
 * extent; the client's callbacks are called once per name, member, index
 * and (strict) conversion to another type.  The rewriter asks about every
 * node of every chain: its memo callbacks keep the answers of the nodes
 * below (the walk asks them before it goes further down, and gives them
 * each answer it computes), and it keeps its own reading of each beside it.
 */
#ifndef KDLG_DESIGNATE_H
#define KDLG_DESIGNATE_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "ast.h"

typedef enum KdDesKind {
  KD_DES_NONE,   // nothing the client tracks, or not understood
  KD_DES_PTR,    // a pointer: to elements of struct `id`, or (`other`) to other data
  KD_DES_ELEM,   // an lvalue: one whole element of struct `id` (never `other`)
  KD_DES_FIELD,  // an lvalue: field `field` of an element of struct `id` (`part`: inside it),
                 // or (`other`) an lvalue of other data
  KD_DES_FADDR,  // the address of field `field` (&p[i].f), or (`decay`) an array field as a pointer
  KD_DES_BAD,    // (KD_DES_REPORT_BAD rule) a use of the base the client cannot follow: `why`
} KdDesKind;

/* Why an answer is KD_DES_BAD. */
typedef enum KdDesWhy {
  KD_DES_WHY_NONE,
  KD_DES_WHY_TERMS,     // more than KD_DES_MAX_TERMS element offsets
  KD_DES_WHY_UNKNOWN,   // an unexposed construct (not an implicit conversion) over a pointer or element
  KD_DES_WHY_METHOD,    // a member that is not a field (the client's `field` said -1): a member function
  KD_DES_WHY_VOLATILE,  // a cast to a pointer to volatile of the same struct
  KD_DES_WHY_DEPENDENT, // a node of the chain whose type depends on a template parameter (`p[t].x`, `T t`)
} KdDesWhy;

/* Where the width of the designated place comes from: the type of node
 * `width_at` (KD_DES_W_TYPE), its array element type (the operand of a
 * decay), its pointee type (a cast), the struct `id` (an element), or
 * whatever the base oracle says (KD_DES_W_BASE: e.g. the access model's
 * environment).  The access model turns it into bytes (clang_Type_getSizeOf)
 * only for the answers it keeps. */
typedef enum KdDesWidth { KD_DES_W_BASE, KD_DES_W_TYPE, KD_DES_W_ELEM, KD_DES_W_POINTEE, KD_DES_W_STRUCT } KdDesWidth;

enum { KD_DES_MAX_TERMS = 16 };

/* The answer: what an expression designates. */
typedef struct KdDes {
  KdDesKind kind;
  bool other;            // PTR / FIELD: data the client does not lay out (the access model's "other data")
  bool part;             // FIELD: a part of the field (a vector component or swizzle, a sub-field, an
                         // element of an array field, the field's value converted), not the whole field
  bool decay;            // FADDR: an array field decayed to a pointer to its first element, not taken with &
  bool overflow;         // more element offsets than KD_DES_MAX_TERMS (term[] holds the first ones)
  KdDesWhy why;          // BAD
  int id;                // the base's struct, in the client's numbering; -1: none, or other data
  int field;             // FIELD / FADDR: the field's index (the client's `field`); -1 for other data
  KdNode *ref;           // the DeclRefExpr (or, rule 5, pointer update) the chain starts from (kept but in NONE)
  void *base;            // what the base oracle said about it (the rewriter: its view variable)
  KdNode *field_expr;    // FIELD / FADDR: the MemberRefExpr that named the field, if one did
  KdDesWidth width;      // where the width of the place comes from ...
  KdNode *width_at;      // ... and at which node
  KdNode *cast_at;       // KD_DES_LOOSE: the first cast to another pointer type on the chain (any kind,
  int cast_id;           // NONE too), and the id it took the pointer from (-1 if other data already)
  int nterms;            // the element offset: Σ ±term[i] (subscripts and `+`/`-` on the pointer), in
  KdNode *term[KD_DES_MAX_TERMS];  // evaluation order; neg[i] for a subtracted one (entries past
  bool neg[KD_DES_MAX_TERMS];      // nterms are undefined: the walk does not clear them)
} KdDes;

/* Rules where the clients differ (see the list above). */
typedef enum KdDesRules {
  KD_DES_LOOSE = 1,        // 1: conversions, casts and field addresses as the access model reads them
  KD_DES_REINTERPRET = 2,  // 2: reinterpret_cast is followed
  KD_DES_INDEX_ARRAY = 4,  // 3: an array-typed second operand of a subscript is its base
  KD_DES_REPORT_BAD = 8,   // 4: uses that cannot be rewritten are KD_DES_BAD, not KD_DES_NONE
} KdDesRules;

enum {
  KD_DES_RULES_ACCESS = KD_DES_LOOSE | KD_DES_REINTERPRET | KD_DES_INDEX_ARRAY,
  KD_DES_RULES_REWRITE = KD_DES_REPORT_BAD,
};

/* A client: its rules and callbacks (ctx is passed to each). */
typedef struct KdDesClient {
  KdTree *tree;    // the tree the nodes are of
  unsigned rules;  // KdDesRules
  void *ctx;
  /* What name `ref` (a DeclRefExpr) designates: sets d->kind (NONE, PTR,
   * ELEM, FIELD or FADDR), and as it applies d->id, d->field, d->other,
   * d->base; d comes cleared (NONE, id and field -1). */
  void (*base)(void *ctx, KdNode *ref, KdDes *d);
  /* The index of the field that `member` (a MemberRefExpr) names in struct
   * d->id, or -1 if it names none (a member function, say). */
  int (*field)(void *ctx, const KdDes *d, KdNode *member);
  /* Strict rules only: whether type t (canonical) is the pointer type
   * (d->kind PTR) or the record type (ELEM) of struct d->id. */
  bool (*same)(void *ctx, const KdDes *d, CXType t);
  /* Optional (rule 5, the rewriter): what a pointer update designates as the
   * base of a chain: `n` is `q++`, `--q`, `q += k`, `q = e` or a comma, of
   * pointer type (`(q++)->x`, `q++[0].x`, `(*q--).y`).  Sets d as `base`
   * does; d->ref becomes n.  Without it (the access model) such a node ends
   * the designation (none). */
  void (*update)(void *ctx, KdNode *n, KdDes *d);
  /* Optional (rule 6, the rewriter): what a call designates as the base of
   * a chain: `n` is a CallExpr (`get(p, i).x`, `at(p, i)->x`, `*at(p, i)`),
   * a call of a function whose returned pointer or reference is a view.
   * Sets d as `base` does (a pointer, or an element for a reference); d->ref
   * becomes n.  Without it (the access model) a call ends the designation
   * (none), as before. */
  void (*call)(void *ctx, KdNode *n, KdDes *d);
  /* Optional (issue 21 class 3, both clients): what `this` designates in the
   * member function being walked: `n` is a CXXThisExpr, or a MemberRefExpr
   * with no base (an implicit `this->m`, `x` in a method body), which then
   * reads as `this->m`.  Sets d as `base` does (a pointer); d->ref becomes n.
   * Without it `this` and implicit members designate nothing. */
  void (*this_base)(void *ctx, KdNode *n, KdDes *d);
  /* Optional: called with every sub-expression that is evaluated before the
   * designated place, in evaluation order: each subscript's index (whatever
   * its base designates), each offset added to or subtracted from a pointer
   * or a field address.  The access model visits them. */
  void (*sub)(void *ctx, KdNode *e);
  /* Optional memo: memo_get gives a kept answer for node n (true) or says
   * there is none; memo_put is given every answer the walk computes, of
   * the node asked and of each node below it on the chain. */
  bool (*memo_get)(void *ctx, KdNode *n, KdDes *d);
  void (*memo_put)(void *ctx, KdNode *n, const KdDes *d);
} KdDesClient;

/* What expression n (any node of cl->tree) designates, under cl's rules:
 * *out.  Anything that is not an expression of the chain's kinds (or whose
 * base the oracle says nothing of) is KD_DES_NONE.  Allocates nothing, never
 * fails; the answer's nodes are cl->tree's. */
void kd_designate(const KdDesClient *cl, KdNode *n, KdDes *out);

/* *to = *from, without the terms past from->nterms (undefined; a memo's
 * copies skip them). */
void kd_des_copy(KdDes *to, const KdDes *from);

#endif
