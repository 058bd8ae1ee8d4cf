/* ast.h: the AST nodes of a translation unit's function bodies, read from
 * libclang once, for the analysis and the rewriter.
 *
 * libclang keeps no child arrays: each "children of this cursor" is a new
 * clang_visitChildren, which costs as much as a small traversal, and the
 * extent, type and referenced declaration of a cursor are recomputed on
 * every call.  The access model (access.c, uniform.c: Sect. 3.1's walk)
 * asks for the children and the type of every node of a kernel, some
 * several times; the rewriter (transform/rewrite/) asks these questions again, many
 * times per node: pass 1 follows pointer flows down operand chains, and
 * pass 2's walk asks vref about every expression and its operand chain.
 *
 * A KdTree holds, for every node under the cursors it was asked about (a
 * function body, a global's initialiser), the cursor and its children, read
 * with ONE recursive clang_visitChildren per root (and one per lambda in it,
 * below), plus answers that are pure functions of the cursor, each asked of
 * libclang the first time it is wanted and kept: the extent and its offsets
 * in the files the rewriter may change (filemap.h), whether its token is spelled there, the canonical
 * type (and its kind), the referenced declaration and that declaration's
 * key.  Nothing in it depends on what the analysis or the rewriter has
 * decided: it is a copy of the (immutable) AST of one translation unit.
 * kd_frontend_parse makes one per source (KdSource.tree); the analysis
 * reads it through kd_kids / kd_cursor_type / kd_cursor_referenced, by
 * cursor, and the rewriter by node, finding what the analysis read and
 * asked already: on the generated 256-field kernel (benchmarks/tool) that
 * halved what rewriting adds.  Every function takes the tree it reads: the
 * caller passes the one of the cursor's translation unit (its source's
 * KdSource.tree; the analysis keeps it in its context).  This module needs
 * nothing of the front end (frontend.h uses it, not the other way round).
 *
 * A node is found by its cursor (kd_tree_node: every node read is in a
 * hash table), a call's argument among the call's children (kd_tree_kid); a
 * cursor not read yet gets its subtree read then, as a root.  Cursors are
 * compared bit for bit, not by clang_equalCursors, which takes two VarDecl
 * cursors that differ in their first-in-declaration-group flag for one
 * although their extents differ; except that a statement's
 * cursor also records the declaration the traversal that made it had last
 * entered, which varies (clang_visitChildren on one node records none, and
 * the parent a traversal passes to its visitor may record another than the
 * node's own cursor did), and which no libclang function the rewriter calls
 * on statements looks at: that part is left out.
 *
 * The traversal gives each node's parent to its visitor, which is how the
 * children are told from the grandchildren, with two exceptions: among a
 * lambda's children libclang lists the children of each capture's
 * initialiser, not the initialiser itself, whose parent is then not on the
 * path (nor, before the body, is a C++20 requires-expression's requirements'
 * in a parameter's default argument or the return type: no parent tells the
 * two apart), so a lambda is read node by node, one clang_visitChildren per
 * node; and a
 * ConstantExpr (a case label, an array bound) has its operand's cursor, so a
 * traversal meets that node twice, once as its own child, while
 * clang_visitChildren on the cursor lists the operand's children (the
 * node's kids; `again` counts the extra meeting).  So walking a node's
 * subtree parents first, each child and its subtree in order, each node
 * 1 + again times, meets what clang_visitChildren on the node with
 * CXChildVisit_Recurse meets, in its order, and each node's kids are what
 * clang_visitChildren on its cursor lists (both checked on every .cu and .cl
 * of testsuite/ and benchmarks/ and on the generated kernels).  Anywhere
 * else, a parent that is not on the path read so far (libclang 19 does that
 * for a C++20 requires-expression's requirements) makes the root be read
 * again node by node, one clang_visitChildren per node: the kids by their
 * definition, at the old cost.  An attribute's cursor, like a statement's,
 * is compared without its context (its argument's children get a parent
 * whose context is the attribute itself).
 *
 * Ownership: the tree owns every node and array, kd_tree_free releases them
 * all; node pointers stay valid until then.
 */
#ifndef KDLG_AST_H
#define KDLG_AST_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

#include "filemap.h"

/* Identity of a declaration within one translation unit: its file and byte
 * offset (a hash key; zero-filled so it can be hashed as bytes). */
typedef struct KdDeclKey {
  void *file;
  unsigned offset;
  unsigned zero;  // always 0: a key has no padding, so a copy of it keeps every byte that HASH_FIND compares
} KdDeclKey;
_Static_assert(sizeof(KdDeclKey) == sizeof(void *) + 2 * sizeof(unsigned), "KdDeclKey has padding bytes");

KdDeclKey kd_decl_key(CXCursor decl);

typedef struct KdNode KdNode;
typedef struct KdFacts KdFacts;

struct KdNode {
  CXCursor c;               // the cursor, as the traversal met it
  KdNode **kids;            // the children, in clang_visitChildren's order (NULL if none)
  CXType type;              // kd_node_type's answer (kept in the node: asked of most nodes)
  KdFacts *facts;           // what else has been asked about it (kd_node_*), or NULL
  const CXCursor *kid_cursors; // the kids' cursors, for kd_kids (made on its first call on the node)
  int nkids;
  unsigned char again;      // times a traversal meets it again as its own child (a ConstantExpr: 1)
  unsigned char known;      // which answers it has (ast.c)
  unsigned short type_kind; // kd_node_type_kind's answer (kept in the node: asked of most nodes)
};

typedef struct KdTree KdTree;

/* An empty tree for the translation unit whose rewritable files are
 * `files` (kd_frontend_parse makes one for each source: KdSource.tree; the
 * map must outlive the tree); it is filled as its nodes are asked for.
 * Only cursors of that translation unit may be asked of it. */
KdTree *kd_tree_new(const KdFileMap *files);
void kd_tree_free(KdTree *t);

/* The node of cursor c, its subtree read if c is new (c is found when it
 * is the cursor of any node read before, not only of a root). */
KdNode *kd_tree_node(KdTree *t, CXCursor c);

/* The children of c (a cursor of t's translation unit), as
 * clang_visitChildren on c lists them: *kids points at that many cursors,
 * kept by t (valid until kd_tree_free).  What the analysis (access.c,
 * uniform.c) walks through, so that a body is read from libclang once, for
 * it and for the rewriter: a clang_visitChildren costs about as much as a
 * small traversal (Sect. 3.1's data-flow walk asks for the children of
 * every node, some several times). */
int kd_kids(KdTree *t, CXCursor c, const CXCursor **kids);

/* kd_kids as a value: ks.v[0 .. ks.n-1] (kept by the tree, not freed). */
typedef struct KdKids {
  const CXCursor *v;
  int n;
} KdKids;

static inline KdKids kd_kids_of(KdTree *t, CXCursor c) {
  KdKids k;
  k.n = kd_kids(t, c, &k.v);
  return k;
}

/* The node of c, which is as a rule one of n's children (a call's argument). */
KdNode *kd_tree_kid(KdTree *t, KdNode *n, CXCursor c);

CXSourceRange kd_node_extent(KdTree *t, KdNode *n);
CXType kd_node_type(KdTree *t, KdNode *n);           // clang_getCanonicalType(clang_getCursorType(c))
enum CXTypeKind kd_node_type_kind(KdTree *t, KdNode *n);  // kd_node_type(t, n).kind
CXCursor kd_node_referenced(KdTree *t, KdNode *n);
KdDeclKey kd_node_ref_key(KdTree *t, KdNode *n);     // kd_decl_key(kd_node_referenced(n))

/* kd_node_type and kd_node_referenced of c's node, if c is the cursor of a
 * node of t read before (what the analysis asks about the nodes kd_kids
 * gave it, kept for the rewriter's questions); otherwise asked of libclang
 * and not kept (a declaration's cursor, say, whose subtree is not read for
 * it, or the null cursor). */
CXType kd_cursor_type(KdTree *t, CXCursor c);
CXCursor kd_cursor_referenced(KdTree *t, CXCursor c);

/* The function template that call names where its function depends on a
 * template parameter (`h<N>(p, i)`, `k<<<g, b>>>(d)` with `T *d`, in a
 * function template: a CallExpr of dependent type whose callee, maybe in
 * parentheses, is an unresolved name) and the lookup at its definition
 * found that one declaration, a function template; the null cursor
 * otherwise.  Argument-dependent lookup at instantiation may still add
 * other functions of that name: a caller that must be sure of the callee
 * checks that none exists (the rewriter's rw_dependent_callee). */
CXCursor kd_unresolved_callee(KdTree *t, CXCursor call);

/* Whether the extent of n is a byte range [*b, *e) of one mapped file (map
 * offsets, filemap.h) whose start is spelled where it appears (not in a
 * macro body), with b < e. */
bool kd_node_range(KdTree *t, KdNode *n, unsigned *b, unsigned *e);

/* The map range [*b, *e) of the file text that n expands from, its start
 * possibly a macro's invocation (`IDX(i, 1, k)` for the expression a macro
 * gives): both ends in one mapped file, b < e; false otherwise.  The
 * caller must know by other means that n is all of that text. */
bool kd_node_expansion_range(KdTree *t, KdNode *n, unsigned *b, unsigned *e);

/* Whether n's token (clang_getCursorLocation) is spelled where it appears
 * in a mapped file. */
bool kd_node_plain(KdTree *t, KdNode *n);

/* kd_node_range for any cursor (not kept). */
bool kd_tree_range(KdTree *t, CXCursor c, unsigned *b, unsigned *e);

/* Whether l is in a mapped file (its map offset in *off). */
bool kd_tree_in_files(KdTree *t, CXSourceLocation l, unsigned *off);

/* Whether the token at l is spelled where it appears in a mapped file (not
 * in a macro body). */
bool kd_tree_plain_loc(KdTree *t, CXSourceLocation l);

#endif
