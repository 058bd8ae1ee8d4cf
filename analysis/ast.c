/* ast.c: the AST nodes of function bodies, read from libclang once (see ast.h). */
#include "ast.h"
#include "mem.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* KdNode.known: which answers the node has (in KdNode.facts, but for
 * KNOWN_TYPE and KNOWN_TYPE_KIND; KNOWN_RANGE: in_file, b, e). */
enum {
  KNOWN_EXTENT = 1,
  KNOWN_RANGE = 2,
  KNOWN_PLAIN = 4,
  KNOWN_TYPE = 8,
  KNOWN_REF = 16,
  KNOWN_REF_KEY = 32,
  KNOWN_TYPE_KIND = 64,
};

/* What has been asked about a node (a node asked nothing has none). */
struct KdFacts {
  CXSourceRange extent;
  CXCursor ref;       // referenced declaration
  KdDeclKey ref_key;
  unsigned b, e;      // kd_node_range
  bool in_file;       // kd_node_range's answer
  bool plain;         // kd_node_plain's answer
};

/* Memory handed out in blocks, freed all at once.  The tree of a large
 * file takes tens of MB (the generated 256-field kernel: 200,000 nodes),
 * and a first touch of each 4 KiB page costs a page fault, which took
 * more time than the rewriter's own work: once the tree holds HUGE_BLOCK
 * bytes, blocks are that large, aligned, and asked to be backed by huge
 * pages (Linux; ignored elsewhere or if transparent huge pages are off). */
typedef struct Block {
  struct Block *next;
  size_t used, size;
  void *data[];
} Block;

enum { SMALL_BLOCK = 64 << 10, HUGE_BLOCK = 2 << 20 };

/* An open node of the traversal in progress: its children are scratch[kid0..]. */
typedef struct Open {
  KdNode *n;
  int kid0;
} Open;

struct KdTree {
  const KdFileMap *files; // the files whose ranges kd_tree_range and friends give (filemap.h)
  KdNode **slot;       // hash table of the nodes read, by cursor (open addressing), nslots a power of two
  size_t nslots, nnodes;
  Block *blocks;
  size_t allocated;    // bytes in blocks
  // the traversal in progress (read_subtree)
  Open *open;
  int nopen, capopen;
  KdNode **scratch;    // children of the open nodes, each one's after its parent's
  int nscratch, capscratch;
  bool lost;           // a node's parent was not an open node (see read_subtree)
  KdNode **lambdas;    // lambdas met, to be read after the traversal
  int nlambdas, caplambdas;
  CXCursor last_decl;  // kd_node_ref_key's latest declaration, and its key
  KdDeclKey last_key;
  bool has_last_decl;
};

static Block *new_block(KdTree *t, size_t n) {
  size_t size = t->allocated < HUGE_BLOCK ? SMALL_BLOCK : HUGE_BLOCK;
  while (size < sizeof(Block) + n)
    size *= 2;
  Block *b = size >= HUGE_BLOCK ? aligned_alloc(HUGE_BLOCK, size) : kd_xmalloc(size);
  if (!b)
    kd_out_of_memory();
#ifdef MADV_HUGEPAGE
  if (size >= HUGE_BLOCK)
    madvise(b, size, MADV_HUGEPAGE);
#endif
  b->next = t->blocks;
  b->used = 0;
  b->size = size - sizeof(Block);
  t->blocks = b;
  t->allocated += size;
  return b;
}

static void *xalloc(KdTree *t, size_t n) {
  n = (n + sizeof(void *) - 1) / sizeof(void *) * sizeof(void *);
  Block *b = t->blocks;
  if (!b || b->used + n > b->size)
    b = new_block(t, n);
  void *p = (char *)b->data + b->used;
  b->used += n;
  return p;
}

/* ---- nodes by cursor ---- */

/* Whether the cursor records a context beside its AST node: a statement's,
 * expression's or attribute's cursor holds the node (data[1]) and the
 * declaration that the traversal which made it had last entered (data[0]),
 * which varies from one traversal to another (an attribute's children get
 * the attribute itself as that declaration in the parent libclang passes).
 * No libclang function the rewriter calls on these looks at it, and
 * clang_hashCursor leaves it out for statements and expressions. */
static bool has_context(CXCursor c) {
  return (c.kind >= CXCursor_FirstStmt && c.kind <= CXCursor_LastStmt) ||
         (c.kind >= CXCursor_FirstExpr && c.kind <= CXCursor_LastExpr) ||
         (c.kind >= CXCursor_FirstAttr && c.kind <= CXCursor_LastAttr);  // clang_isStatement, _isExpression, _isAttribute
}

/* Whether a and b are cursors of one node: bit for bit, but for the context. */
static bool same_node(CXCursor a, CXCursor b) {
  return a.data[1] == b.data[1] && a.kind == b.kind && a.xdata == b.xdata && a.data[2] == b.data[2] &&
         (has_context(a) || a.data[0] == b.data[0]);
}

static size_t hash_cursor(CXCursor c) {
  uint64_t h = (uint64_t)(unsigned)c.kind * 0x9E3779B97F4A7C15u ^ (uint64_t)(unsigned)c.xdata;
  for (int i = has_context(c) ? 1 : 0; i < 3; i++) {
    h ^= (uint64_t)(uintptr_t)c.data[i];
    h *= 0x9E3779B97F4A7C15u;
    h ^= h >> 29;
  }
  return (size_t)h;
}

static void insert(KdTree *t, KdNode *n);

static KdNode *find(KdTree *t, CXCursor c) {
  for (size_t i = hash_cursor(c) & (t->nslots - 1);; i = (i + 1) & (t->nslots - 1)) {
    KdNode *n = t->slot[i];
    if (!n || same_node(n->c, c))
      return n;
  }
}

/* Adds n, unless a node of its cursor is in the table: whether it did. */
static bool add(KdTree *t, KdNode *n) {
  size_t i = hash_cursor(n->c) & (t->nslots - 1);
  for (; t->slot[i]; i = (i + 1) & (t->nslots - 1))
    if (same_node(t->slot[i]->c, n->c))
      return false;
  if (2 * (t->nnodes + 1) <= t->nslots) {
    t->slot[i] = n;
    t->nnodes++;
  } else {
    insert(t, n);  // (grows the table)
  }
  return true;
}

/* Adds n, whose cursor is not in the table yet. */
static void insert(KdTree *t, KdNode *n) {
  if (2 * (t->nnodes + 1) > t->nslots) {  // at most half full
    KdNode **old = t->slot;
    size_t nold = t->nslots;
    t->nslots *= 2;
    t->slot = kd_xcalloc(t->nslots, sizeof(KdNode *));
    t->nnodes = 0;
    for (size_t i = 0; i < nold; i++)
      if (old[i])
        insert(t, old[i]);
    free(old);
  }
  size_t i = hash_cursor(n->c) & (t->nslots - 1);
  while (t->slot[i])
    i = (i + 1) & (t->nslots - 1);
  t->slot[i] = n;
  t->nnodes++;
}

/* Adds the nodes of n's subtree that the table lacks.  A node found there
 * was read before (as a root or inside one), and so were its descendants:
 * the walk does not go below it. */
static void index_subtree(KdTree *t, KdNode *n) {
  for (int i = 0; i < n->nkids; i++) {
    KdNode *k = n->kids[i];
    if (add(t, k))
      index_subtree(t, k);
  }
}

static KdNode *new_node(KdTree *t, CXCursor c) {
  KdNode *n = xalloc(t, sizeof *n);
  *n = (KdNode){.c = c};
  return n;
}

/* ---- reading a subtree ---- */

static void push_scratch(KdTree *t, KdNode *n) {
  KD_GROW(t->scratch, t->capscratch, t->nscratch + 1);
  t->scratch[t->nscratch++] = n;
}

static void open_node(KdTree *t, KdNode *n) {
  KD_GROW(t->open, t->capopen, t->nopen + 1);
  t->open[t->nopen++] = (Open){n, t->nscratch};
}

/* The top open node has no more children: they move from scratch into it. */
static void close_node(KdTree *t) {
  Open *o = &t->open[--t->nopen];
  int n = t->nscratch - o->kid0;
  o->n->nkids = n;
  if (n > 0) {
    o->n->kids = xalloc(t, (size_t)n * sizeof(KdNode *));
    memcpy(o->n->kids, t->scratch + o->kid0, (size_t)n * sizeof(KdNode *));
  }
  t->nscratch = o->kid0;
}

static enum CXChildVisitResult read_visit(CXCursor c, CXCursor parent, CXClientData data) {
  KdTree *t = data;
  // libclang passes the node whose children these are: close the nodes
  // whose children are done, up to it
  KdNode *top = t->open[t->nopen - 1].n;
  while (!same_node(top->c, parent)) {
    if (t->nopen == 1) {
      t->lost = true;  // not on the path: read_subtree reads the root again, node by node
      return CXChildVisit_Break;
    }
    close_node(t);
    top = t->open[t->nopen - 1].n;
  }
  if (same_node(c, top->c)) {
    // a ConstantExpr: its cursor is its operand's, and the traversal meets
    // it again as its own child; the operand's children are the node's
    if (top->again == 255) {
      t->lost = true;
      return CXChildVisit_Break;
    }
    top->again++;
    return CXChildVisit_Recurse;
  }
  KdNode *n = new_node(t, c);
  push_scratch(t, n);
  if (c.kind == CXCursor_LambdaExpr) {  // read on its own, node by node, after this traversal
    KD_GROW(t->lambdas, t->caplambdas, t->nlambdas + 1);
    t->lambdas[t->nlambdas++] = n;
    return CXChildVisit_Continue;
  }
  open_node(t, n);
  return CXChildVisit_Recurse;
}

static enum CXChildVisitResult list_kid(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  KdTree *t = data;
  push_scratch(t, new_node(t, c));
  return CXChildVisit_Continue;
}

/* Reads n's kids with one clang_visitChildren on n, and theirs the same
 * way: the definition of the kids, one traversal per node (the rewriter's
 * reading before the tree existed).  `again` stays 0: no traversal meets a
 * node twice here. */
static void read_node_by_node(KdTree *t, KdNode *n) {
  int k0 = t->nscratch;
  clang_visitChildren(n->c, list_kid, t);
  n->nkids = t->nscratch - k0;
  n->kids = NULL;
  if (n->nkids > 0) {
    n->kids = xalloc(t, (size_t)n->nkids * sizeof(KdNode *));
    memcpy(n->kids, t->scratch + k0, (size_t)n->nkids * sizeof(KdNode *));
  }
  t->nscratch = k0;
  for (int i = 0; i < n->nkids; i++)
    read_node_by_node(t, n->kids[i]);
}

/* Reads the subtree of the new node root with one recursive traversal, and
 * each lambda in it node by node.  Where that traversal passes a parent
 * that is not on the path read so far, other than those ast.h describes (an
 * attribute argument's children in libclang 19 before attributes were
 * compared without their context; a C++20 requires-expression's
 * requirements), the root is read again node by node. */
static void read_subtree(KdTree *t, KdNode *root) {
  assert(t->nopen == 0 && t->nscratch == 0);
  if (root->c.kind == CXCursor_LambdaExpr) {
    read_node_by_node(t, root);  // (see ast.h: a lambda's children are not all its traversal's)
    return;
  }
  int lambda0 = t->nlambdas;
  t->lost = false;
  open_node(t, root);
  clang_visitChildren(root->c, read_visit, t);
  while (t->nopen > 0)
    close_node(t);
  if (t->lost) {  // the nodes read so far are dropped (the tree's blocks keep them until it is freed)
    t->nlambdas = lambda0;
    read_node_by_node(t, root);
    return;
  }
  for (int i = lambda0; i < t->nlambdas; i++)  // (a nested call reads and drops those it meets)
    read_subtree(t, t->lambdas[i]);
  t->nlambdas = lambda0;
}

KdTree *kd_tree_new(const KdFileMap *files) {
  KdTree *t = kd_xcalloc(1, sizeof *t);
  t->files = files;
  t->nslots = 1024;  // (a body has about one node per 3 bytes: room for them all, at most half full)
  while (t->nslots < files->len)
    t->nslots *= 2;
  t->slot = kd_xcalloc(t->nslots, sizeof(KdNode *));
  return t;
}

void kd_tree_free(KdTree *t) {
  if (!t)
    return;
  for (Block *b = t->blocks, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(t->slot);
  free(t->open);
  free(t->scratch);
  free(t->lambdas);
  free(t);
}

KdNode *kd_tree_node(KdTree *t, CXCursor c) {
  KdNode *n = find(t, c);
  if (!n) {
    n = new_node(t, c);
    insert(t, n);
    read_subtree(t, n);
    index_subtree(t, n);
  }
  return n;
}

int kd_kids(KdTree *t, CXCursor c, const CXCursor **kids) {
  KdNode *n = kd_tree_node(t, c);
  if (n->nkids > 0 && !n->kid_cursors) {
    CXCursor *v = xalloc(t, (size_t)n->nkids * sizeof(CXCursor));
    for (int i = 0; i < n->nkids; i++)
      v[i] = n->kids[i]->c;
    n->kid_cursors = v;
  }
  *kids = n->kid_cursors;
  return n->nkids;
}

KdNode *kd_tree_kid(KdTree *t, KdNode *n, CXCursor c) {
  for (int i = 0; i < n->nkids; i++)
    if (same_node(n->kids[i]->c, c))
      return n->kids[i];
  return kd_tree_node(t, c);
}

/* ---- facts ---- */

/* n's facts, made on the first question. */
static KdFacts *facts(KdTree *t, KdNode *n) {
  if (!n->facts) {
    n->facts = xalloc(t, sizeof(KdFacts));
    memset(n->facts, 0, sizeof(KdFacts));
  }
  return n->facts;
}

CXSourceRange kd_node_extent(KdTree *t, KdNode *n) {
  KdFacts *f = facts(t, n);
  if (!(n->known & KNOWN_EXTENT)) {
    f->extent = clang_getCursorExtent(n->c);
    n->known |= KNOWN_EXTENT;
  }
  return f->extent;
}

CXType kd_node_type(KdTree *t, KdNode *n) {
  if (!(n->known & KNOWN_TYPE)) {
    n->type = clang_getCanonicalType(clang_getCursorType(n->c));
    n->known |= KNOWN_TYPE;
  }
  (void)t;
  return n->type;
}

enum CXTypeKind kd_node_type_kind(KdTree *t, KdNode *n) {
  if (n->known & KNOWN_TYPE)
    return n->type.kind;
  if (!(n->known & KNOWN_TYPE_KIND)) {  // (the kind alone: no KdFacts for it)
    // a builtin type is canonical, and a pointer's canonical type is a pointer
    CXType ty = clang_getCursorType(n->c);
    bool canonical_kind = (ty.kind >= CXType_FirstBuiltin && ty.kind <= CXType_LastBuiltin) || ty.kind == CXType_Pointer;
    n->type_kind = (unsigned short)(canonical_kind ? ty.kind : clang_getCanonicalType(ty).kind);
    n->known |= KNOWN_TYPE_KIND;
  }
  (void)t;
  return (enum CXTypeKind)n->type_kind;
}

CXCursor kd_node_referenced(KdTree *t, KdNode *n) {
  KdFacts *f = facts(t, n);
  if (!(n->known & KNOWN_REF)) {
    f->ref = clang_getCursorReferenced(n->c);
    n->known |= KNOWN_REF;
  }
  return f->ref;
}

KdDeclKey kd_node_ref_key(KdTree *t, KdNode *n) {
  KdFacts *f = facts(t, n);
  if (!(n->known & KNOWN_REF_KEY)) {
    // the references in a row are often to one declaration (p in p[i].x,
    // p[i].y): its key is kept for the next
    CXCursor d = kd_node_referenced(t, n);
    if (!t->has_last_decl || !same_node(d, t->last_decl)) {
      t->last_decl = d;
      t->last_key = kd_decl_key(d);
      t->has_last_decl = true;
    }
    f->ref_key = t->last_key;
    n->known |= KNOWN_REF_KEY;
  }
  return f->ref_key;
}

bool kd_tree_in_files(KdTree *t, CXSourceLocation l, unsigned *off) {
  CXFile f;
  unsigned o;
  clang_getFileLocation(l, &f, NULL, NULL, &o);
  return kd_filemap_offset(t->files, f, o, off);
}

bool kd_tree_plain_loc(KdTree *t, CXSourceLocation l) {
  CXFile f1, f2;
  unsigned o1, o2;
  clang_getFileLocation(l, &f1, NULL, NULL, &o1);
  clang_getSpellingLocation(l, &f2, NULL, NULL, &o2);
  return f1 && f2 && o1 == o2 && clang_File_isEqual(f1, f2) && kd_filemap_find(t->files, f1) >= 0;
}

/* The map range [*b, *e) of x's file locations (expansion positions for
 * tokens of macro bodies, written positions for those of arguments): both
 * ends in one mapped file, b < e; *start_file and *start_off the start's
 * file and offset in it. */
static bool file_range(KdTree *t, CXSourceRange x, unsigned *b, unsigned *e, CXFile *start_file, unsigned *start_off) {
  CXFile f, fe;
  unsigned bo, eo;
  clang_getFileLocation(clang_getRangeStart(x), &f, NULL, NULL, &bo);
  int i = kd_filemap_find(t->files, f);
  if (i < 0)
    return false;
  clang_getFileLocation(clang_getRangeEnd(x), &fe, NULL, NULL, &eo);
  if (!fe || (fe != f && !clang_File_isEqual(fe, f)))
    return false;
  const KdMappedFile *mf = &t->files->files[i];
  if (!(bo < eo && eo <= mf->len))
    return false;
  *b = mf->base + bo;
  *e = mf->base + eo;
  *start_file = f;
  *start_off = bo;
  return true;
}

/* The map range [*b, *e) of x (see kd_node_range): file_range, with the
 * start spelled where it appears (kd_tree_plain_loc). */
static bool range_in_files(KdTree *t, CXSourceRange x, unsigned *b, unsigned *e) {
  CXFile f, fs;
  unsigned bo, so;
  if (!file_range(t, x, b, e, &f, &bo))
    return false;
  clang_getSpellingLocation(clang_getRangeStart(x), &fs, NULL, NULL, &so);
  return fs && so == bo && (fs == f || clang_File_isEqual(fs, f));
}

bool kd_node_expansion_range(KdTree *t, KdNode *n, unsigned *b, unsigned *e) {
  CXFile f;
  unsigned bo;
  return file_range(t, kd_node_extent(t, n), b, e, &f, &bo);
}

bool kd_tree_range(KdTree *t, CXCursor c, unsigned *b, unsigned *e) {
  return range_in_files(t, clang_getCursorExtent(c), b, e);
}

bool kd_node_range(KdTree *t, KdNode *n, unsigned *b, unsigned *e) {
  KdFacts *f = facts(t, n);
  if (!(n->known & KNOWN_RANGE)) {
    f->in_file = range_in_files(t, kd_node_extent(t, n), &f->b, &f->e);
    n->known |= KNOWN_RANGE;
  }
  *b = f->b;
  *e = f->e;
  return f->in_file;
}

bool kd_node_plain(KdTree *t, KdNode *n) {
  KdFacts *f = facts(t, n);
  if (!(n->known & KNOWN_PLAIN)) {
    f->plain = kd_tree_plain_loc(t, clang_getCursorLocation(n->c));
    n->known |= KNOWN_PLAIN;
  }
  return f->plain;
}

/* ---- facts by cursor ---- */

CXType kd_cursor_type(KdTree *t, CXCursor c) {
  KdNode *n = find(t, c);
  return n ? kd_node_type(t, n) : clang_getCanonicalType(clang_getCursorType(c));
}

CXCursor kd_cursor_referenced(KdTree *t, CXCursor c) {
  KdNode *n = find(t, c);
  return n ? kd_node_referenced(t, n) : clang_getCursorReferenced(c);
}

CXCursor kd_unresolved_callee(KdTree *t, CXCursor call) {
  CXCursor none = clang_getNullCursor();
  if (clang_getCursorKind(call) != CXCursor_CallExpr || !clang_Cursor_isNull(kd_cursor_referenced(t, call)) ||
      kd_cursor_type(t, call).kind != CXType_Dependent)
    return none;
  KdKids ks = kd_kids_of(t, call);
  CXCursor f = ks.n > 0 ? ks.v[0] : none;
  while (clang_getCursorKind(f) == CXCursor_ParenExpr && (ks = kd_kids_of(t, f)).n == 1)
    f = ks.v[0];
  // (an UnresolvedLookupExpr is a DeclRefExpr cursor that references an OverloadedDeclRef)
  CXCursor ov = clang_getCursorKind(f) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(f) : none;
  if (clang_getCursorKind(ov) != CXCursor_OverloadedDeclRef || clang_getNumOverloadedDecls(ov) != 1)
    return none;
  CXCursor tpl = clang_getOverloadedDecl(ov, 0);
  return clang_getCursorKind(tpl) == CXCursor_FunctionTemplate ? tpl : none;
}

/* ---- declarations ---- */

KdDeclKey kd_decl_key(CXCursor decl) {
  KdDeclKey k;
  memset(&k, 0, sizeof k);
  CXFile f;
  clang_getFileLocation(clang_getCursorLocation(decl), &f, NULL, NULL, &k.offset);
  k.file = f;
  return k;
}
