/* flow.c: pass 1, which pointers flow where.  Collects the file's
 * functions and global pointer variables, then visits every function body
 * once (a cloneable function's per instance that a call reaches, route.c)
 * and records every flow into a pointer variable (initialisation,
 * assignment, call argument → parameter, kernel launch and cudaLaunchKernel
 * argument arrays, `return e` of a function whose return value is followed:
 * returns.c), every cudaMalloc target (a seed), every offset added to a
 * pointer variable and every pointer that escapes (returned, global). */
#include "rewriteInt.h"

/* The variable v in `&v` / `(void **)&v`, or NULL. */
Var *rw_address_of_var(R *r, KdNode *e) {
  while (rw_conversion_operand(e, &e))
    ;
  if (e->c.kind != CXCursor_UnaryOperator || clang_getCursorUnaryOperatorKind(e->c) != CXUnaryOperator_AddrOf)
    return NULL;
  KdNode *ch = rw_only_kid(e);
  while (ch && ch->c.kind == CXCursor_ParenExpr)
    ch = rw_only_kid(ch);
  if (!ch || ch->c.kind != CXCursor_DeclRefExpr)
    return NULL;
  return rw_ref_var(r, ch);
}

static void mark_launched(R *r, CXCursor def) {
  Launched *l = kd_xcalloc(1, sizeof *l);
  l->key = decl_key(def);
  Launched *old;
  HASH_FIND(hh, r->fl.launched, &l->key, sizeof(DeclKey), old);
  if (old)
    free(l);
  else
    HASH_ADD(hh, r->fl.launched, key, sizeof(DeclKey), l);
}

LaunchArray *rw_launch_array(R *r, CXCursor d, bool add) {
  DeclKey k = decl_key(d);
  LaunchArray *a;
  HASH_FIND(hh, r->fl.arrays, &k, sizeof k, a);
  if (!a && add) {
    a = kd_xcalloc(1, sizeof *a);
    a->key = k;
    a->decl = d;
    HASH_ADD(hh, r->fl.arrays, key, sizeof(DeclKey), a);
  }
  return a;
}

/* The initialiser list of a variable declaration, or NULL. */
KdNode *rw_init_list_of(R *r, CXCursor v) {
  KdNode *n = rw_node_of(r, v), *il = NULL;
  for (int i = 0; i < n->nkids; i++)
    if (n->kids[i]->c.kind == CXCursor_InitListExpr)
      il = n->kids[i];
  return il;
}

/* cudaLaunchKernel(kernel, grid, block, args, ...) (also the C++ template and
 * cudaLaunchCooperativeKernel) whose kernel is a function of this file and
 * whose args is a local void* array: the kernel's definition and the array's
 * declaration. */
bool rw_launch_call(R *r, KdNode *call, CXCursor *kernel, CXCursor *array) {
  CXCursor callee = kd_node_referenced(r->tree, call);
  unsigned off;
  if (!r->cuda || clang_Cursor_isNull(callee) || rw_in_files(r, clang_getCursorLocation(callee), &off) ||
      clang_Cursor_getNumArguments(call->c) < 4)
    return false;
  char name[128];
  rw_spell(callee, name, sizeof name);
  if (strcmp(name, "cudaLaunchKernel") && strcmp(name, "cudaLaunchCooperativeKernel"))
    return false;
  CXCursor k = rw_referenced_decl(r, rw_arg_node(r, call, 0));
  CXCursor a = rw_referenced_decl(r, rw_arg_node(r, call, 3));
  if (clang_Cursor_isNull(k) || clang_Cursor_isNull(a) || clang_getCursorKind(a) != CXCursor_VarDecl ||
      !rw_is_void_ptr_array(a))
    return false;
  CXCursor def = clang_getCursorDefinition(k);
  if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl || !rw_is_kernel_fn(r, def) ||
      !rw_in_files(r, clang_getCursorLocation(def), &off))
    return false;
  *kernel = def;
  *array = a;
  return true;
}

/* Pass 1 for cudaLaunchKernel: &v at position i of the argument array flows
 * into the kernel's parameter i. */
static void pass1_launch(R *r, CXCursor kernel, CXCursor array) {
  mark_launched(r, kernel);
  rw_launch_array(r, array, true)->launch_refs++;
  KdNode *il = rw_init_list_of(r, array);
  if (!il)
    return;
  int np = clang_Cursor_getNumArguments(kernel);
  for (int i = 0; i < il->nkids; i++) {
    Var *v = rw_address_of_var(r, il->kids[i]);
    if (!v)
      continue;
    Var *pv = i < np ? rw_var_find(r, clang_Cursor_getArgument(kernel, (unsigned)i)) : NULL;
    if (pv && pv->rs == v->rs) {
      rw_uf_union(r, pv, v);
      rw_add_move(r, v, pv);
    } else
      rw_set_opaque(r, v, il->kids[i]->c, "its address is given to cudaLaunchKernel for a parameter of another type");
  }
}

/* ---- calls that a template resolves at instantiation ---- */

typedef struct NameScan {
  const char *name;  // the function's name
  CXCursor only;     // its canonical declaration
  bool other;        // out: another function of that name was found
} NameScan;

static enum CXChildVisitResult name_visit(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  NameScan *s = data;
  switch (clang_getCursorKind(c)) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_UnexposedDecl:
  case CXCursor_StructDecl:
  case CXCursor_ClassDecl:
  case CXCursor_UnionDecl:
  case CXCursor_ClassTemplate:
  case CXCursor_ClassTemplatePartialSpecialization:
  case CXCursor_FriendDecl:  // (a friend function is found by argument-dependent lookup only)
    return CXChildVisit_Recurse;
  case CXCursor_FunctionDecl:
  case CXCursor_FunctionTemplate:
  case CXCursor_CXXMethod:
  case CXCursor_UsingDeclaration: {
    CXString n = clang_getCursorSpelling(c);
    s->other |= !strcmp(clang_getCString(n), s->name) && !clang_equalCursors(clang_getCanonicalCursor(c), s->only);
    clang_disposeString(n);
    return s->other ? CXChildVisit_Break : CXChildVisit_Continue;
  }
  default:
    return CXChildVisit_Continue;  // (function bodies: a block-scope declaration would be among the call's candidates)
  }
}

/* Whether function template tpl is the only function (or function
 * template, method, friend, using-declaration) of its name among the
 * declarations of the whole translation unit, system headers included:
 * then no lookup at instantiation, argument-dependent or not, can find
 * another.  Asked once per template. */
static bool sole_name(R *r, CXCursor tpl) {
  CXCursor canon = clang_getCanonicalCursor(tpl);
  DeclKey k = decl_key(canon);
  SoleName *sn;
  HASH_FIND(hh, r->fl.sole_names, &k, sizeof k, sn);
  if (!sn) {
    CXString n = clang_getCursorSpelling(tpl);
    NameScan s = {clang_getCString(n), canon, false};
    clang_visitChildren(clang_getTranslationUnitCursor(r->src->tu), name_visit, &s);
    clang_disposeString(n);
    sn = kd_xcalloc(1, sizeof *sn);
    sn->key = k;
    sn->sole = !s.other;
    HASH_ADD(hh, r->fl.sole_names, key, sizeof(DeclKey), sn);
  }
  return sn->sole;
}

/* The function template a call reaches whose function depends on a
 * template parameter (`gk<<<g, b>>>(d, parents)` or `h<N>(p, i)` in a
 * function template, `T *d`, `int N`: unresolved until instantiation),
 * where that is certain: CUDA, the callee spelled as one name whose lookup
 * found exactly one declaration, a function template defined in the files
 * that kd_function_template_plain reads as one function (its text standing
 * for every instantiation), and the only function of that name in the
 * translation unit (so argument-dependent lookup adds nothing).  The null
 * cursor otherwise, where the call stays unresolved (walk.c refuses what
 * it is given of a view).  Its parameters of a planned struct's pointer
 * type are the same variables for every call (kd_function_param). */
CXCursor rw_dependent_callee(R *r, KdNode *call) {
  CXCursor tpl = r->cuda ? kd_unresolved_callee(r->tree, call->c) : clang_getNullCursor();
  CXCursor def = clang_Cursor_isNull(tpl) ? tpl : clang_getCursorDefinition(tpl);
  unsigned off;
  if (clang_Cursor_isNull(def) || !rw_in_files(r, clang_getCursorLocation(def), &off) ||
      !kd_function_template_plain(def) || !sole_name(r, def))
    return clang_getNullCursor();
  return def;
}

/* A call c of function (or function template) def that is no cloneable
 * function: a launch if def is a kernel; each argument flows into its
 * parameter. */
static void flow_call(R *r, KdNode *c, CXCursor def, int nargs) {
  if (r->cuda && rw_is_kernel_fn(r, def))
    mark_launched(r, def);
  int np = kd_function_nparams(def);
  for (int i = 0; i < nargs && i < np; i++) {
    Var *pv = rw_var_find(r, kd_function_param(def, (unsigned)i));
    if (pv)
      rw_param_flow(r, pv, rw_arg_node(r, c, i));
  }
}

/* CUDA: declaration d (of type t, a local variable or a parameter) is an
 * lvalue reference to struct rs (`S &r = p[i]`, `const S &s`): a Var.ref,
 * joined with the pointer each binding reaches it through (rw_bind_ref;
 * rw_param_flow for a parameter's calls); where that is device data it
 * becomes a view of that one element (designate.c reads each use of its
 * name as element 0).  A volatile one keeps AoS (the accessors are not
 * volatile).  Returns the Var of the instance being visited. */
static Var *ref_var(R *r, CXCursor d, int rs, CXType t) {
  Var *var = rw_var_add(r, d, rs);
  if (!var->ref)
    r->fl.nrefs++;
  bool vol = clang_isVolatileQualifiedType(clang_getPointeeType(clang_getCanonicalType(t)));
  for (Var *x = rw_base_var(r, d); x; x = x->twin) {
    x->ref = true;
    if (vol)
      rw_set_opaque(r, x, d, "it is a reference to volatile (the accessors' loads and stores are not volatile)");
  }
  return var;
}

static void pass1_vardecl(R *r, KdNode *v) {
  CXType t = clang_getCursorType(v->c);
  int rs = rw_rs_of_pointer(r, t);
  CXCursor parent = clang_getCursorSemanticParent(v->c);
  enum CXCursorKind pk = clang_getCursorKind(parent);
  bool global = pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec ||
                pk == CXCursor_StructDecl || pk == CXCursor_ClassDecl ||
                clang_Cursor_getStorageClass(v->c) == CX_SC_Static;
  if (rs < 0 && !global)
    rs = rw_untyped_rs(r, v->c);  // `void *d` that holds an array of S (untyped.c)
  if (rs < 0) {
    // CUDA: a local reference to an element (`S &r = p[i]`), as a pointer `&p[i]` (Var.ref); a
    // global or static one is not tracked (pass 2 refuses it where it is bound to a view's element)
    rs = r->cuda && !global ? rw_rs_of_lvalue_ref(r, t) : -1;
    if (rs < 0)
      return;
    Var *var = ref_var(r, v->c, rs, t);
    for (int i = 0; i < v->nkids; i++)
      if (clang_isExpression(v->kids[i]->c.kind))
        rw_bind_ref(r, var, v->kids[i]);
    return;
  }
  Var *var = rw_var_add(r, v->c, rs);
  const char *why = global ? rw_global_why(r, v->c) : NULL;
  if (why && r->opt->blocks_in_headers && clang_Cursor_getStorageClass(v->c) == CX_SC_Extern)
    // several inputs: the one that defines it may make it a view (with a symbol of its own), which this
    // file would read as a pointer
    rw_set_bad(r, rs, v->c, "a global pointer variable is declared extern here, and the input that defines it "
               "could make it a view");
  else if (why)
    rw_set_opaque(r, var, v->c, why);
  else if (global && !var->global) {
    var->global = true;
    r->fl.nglobals++;
  }
  for (int i = 0; i < v->nkids; i++)
    if (clang_isExpression(v->kids[i]->c.kind))
      rw_flow(r, var, v->kids[i]);
}

/* Pass 1 at node c of a function body. */
static void pass1_node(R *r, KdNode *c) {
  enum CXCursorKind k = c->c.kind;
  if (k == CXCursor_VarDecl) {
    pass1_vardecl(r, c);
  } else if (k == CXCursor_BinaryOperator && clang_getCursorBinaryOperatorKind(c->c) == CXBinaryOperator_Assign) {
    if (c->nkids == 2 && c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
      Var *v = rw_ref_var(r, c->kids[0]);
      if (v && !v->ref)  // (`r = s` on a reference stores the element: pass 2's)
        rw_flow(r, v, c->kids[1]);
    }
  } else if ((k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) && c->nkids >= 1 &&
             c->kids[0]->c.kind == CXCursor_DeclRefExpr) {
    // q += k, q -= k, ++q, q--, ... (pass 2 decides whether that form is supported)
    Var *v = kd_node_type_kind(r->tree, c->kids[0]) == CXType_Pointer ? rw_ref_var(r, c->kids[0]) : NULL;
    enum CXUnaryOperatorKind op = k == CXCursor_UnaryOperator ? clang_getCursorUnaryOperatorKind(c->c) : 0;
    if (v && (k == CXCursor_CompoundAssignOperator || rw_is_step_op(op)))
      rw_mark_moved(v, c->c);
  } else if (k == CXCursor_DeclRefExpr) {
    // (a reference to such an array has its type: most have not, and are
    // not asked what they reference)
    enum CXTypeKind tk = kd_node_type_kind(r->tree, c);
    CXCursor d = tk == CXType_ConstantArray || tk == CXType_IncompleteArray ? kd_node_referenced(r->tree, c)
                                                                             : clang_getNullCursor();
    if (clang_getCursorKind(d) == CXCursor_VarDecl && rw_is_void_ptr_array(d))
      rw_launch_array(r, d, true)->refs++;
  } else if (k == CXCursor_CallExpr) {
    CXCursor callee = kd_node_referenced(r->tree, c);
    int nargs = clang_Cursor_getNumArguments(c->c);
    rw_pass1_call(r, c, callee);
    const HostCall *h = rw_host_call(r, callee);
    CXCursor lk, la, dc;
    if (rw_launch_call(r, c, &lk, &la)) {
      pass1_launch(r, lk, la);
    } else if (!clang_Cursor_isNull(dc = rw_dependent_callee(r, c))) {
      flow_call(r, c, dc, nargs);  // (the instantiations share the template's parameter declarations)
    } else if (h && h->kind == H_MALLOC && nargs >= 1) {
      Var *v = rw_address_of_var(r, rw_arg_node(r, c, 0));
      if (v) {
        v->seed = true;
        r->fl.cdirty = true;
      }
    } else if (!clang_Cursor_isNull(callee) && nargs > 0) {
      if (clang_Cursor_isNull(clang_getCursorDefinition(callee)) &&
          (clang_getCursorKind(callee) == CXCursor_FunctionDecl || clang_getCursorKind(callee) == CXCursor_CXXMethod))
        kd_vec_push(&r->fl.ext_calls, c);  // (what it is given: KdRewriteResult.ext_calls)
      CXCursor def = rw_def_or_extern(r, callee);
      Fn *F = rw_fn_find(r, def);
      if (F) {
        rw_add_edge(r, c, F);  // routed later (route_calls)
      } else if (!clang_Cursor_isNull(def) && (clang_getCursorKind(def) == CXCursor_FunctionDecl ||
                                               clang_getCursorKind(def) == CXCursor_CXXMethod)) {
        flow_call(r, c, def, nargs);
      }
    }
  } else if (k == CXCursor_ReturnStmt) {
    if (rw_pass1_return(r, c))  // (returns.c: a function whose return value is followed)
      return;
    if (c->nkids == 1 && rw_rs_of_pointer(r, kd_node_type(r->tree, c->kids[0])) >= 0) {
      Var *v = NULL;
      if (rw_ptr_source(r, c->kids[0], &v) == SRC_VAR)
        rw_set_opaque(r, v, c->kids[0]->c, "the pointer is returned from a function");
    }
  }
}

/* Pass 1 at every node below n, parents before children, as often as a
 * recursive clang_visitChildren meets each (see ast.h). */
void rw_pass1_below(R *r, KdNode *n) {
  for (int i = 0; i < n->nkids; i++) {
    for (int k = 0; k <= n->kids[i]->again; k++)
      pass1_node(r, n->kids[i]);
    enum CXCursorKind nk = n->kids[i]->c.kind;  // (a lambda's or a local class's function: its returns are its own)
    bool lambda = nk == CXCursor_LambdaExpr || nk == CXCursor_CXXMethod || nk == CXCursor_FunctionDecl ||
                  nk == CXCursor_Constructor || nk == CXCursor_Destructor || nk == CXCursor_ConversionFunction ||
                  nk == CXCursor_FunctionTemplate;
    r->cur.pass1_lambda += lambda;
    rw_pass1_below(r, n->kids[i]);
    r->cur.pass1_lambda -= lambda;
  }
}

/* The cloneable functions: CUDA, defined in the file, not kernels, plain
 * functions (not methods, operators, template specializations, or friends
 * defined in a class: a clone of those could not be declared or named
 * beside them), with a pointer or an lvalue reference to a planned struct
 * among their parameters.
 * The others are rewritten in place or not at all, as before. */
static void setup_fns(R *r) {
  if (!r->cuda)
    return;
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn) || clang_getCursorKind(fn) != CXCursor_FunctionDecl || rw_is_kernel_fn(r, fn) ||
        rw_fn_find(r, fn))
      continue;  // (a function template is rewritten in place, its text standing for every instantiation)
    enum CXCursorKind lex = clang_getCursorKind(clang_getCursorLexicalParent(fn));
    char name[256];
    rw_spell(fn, name, sizeof name);
    if (!clang_Cursor_isNull(clang_getSpecializedCursorTemplate(fn)) || clang_Cursor_getNumTemplateArguments(fn) > 0 ||
        rw_is_operator_name(name) ||
        (lex != CXCursor_TranslationUnit && lex != CXCursor_Namespace && lex != CXCursor_LinkageSpec))
      continue;
    bool takes = false;
    int np = clang_Cursor_getNumArguments(fn);
    for (int i = 0; i < np && !takes; i++) {
      CXType pt = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i));
      takes = rw_rs_of_pointer(r, pt) >= 0 || rw_rs_of_lvalue_ref(r, pt) >= 0;
    }
    if (!takes)
      continue;
    Fn *F = kd_xcalloc(1, sizeof *F);
    F->key = decl_key(fn);
    F->def = fn;
    F->clone_rs = -1;
    rw_spell(fn, F->name, sizeof F->name);
    HASH_ADD(hh, r->cl.fns, key, sizeof(DeclKey), F);
  }
}

/* Whether an OpenCL pointer type points into __constant memory (the
 * spelling, as kd_opencl_global_pointer reads __global). */
static bool opencl_constant_pointer(CXType ptr) {
  CXString s = clang_getTypeSpelling(clang_getPointeeType(ptr));
  const char *t = clang_getCString(s);
  bool c = t && (strstr(t, "__constant") || strstr(t, "constant "));
  clang_disposeString(s);
  return c;
}

/* Whether fn is a plain function or function template: not a member
 * function, constructor or operator (whose calls are spelled without the
 * arguments' list, `a == p[i]`, or reach them through other paths). */
static bool plain_fn(CXCursor fn) {
  enum CXCursorKind k = clang_getCursorKind(fn);
  char name[256];
  rw_spell(fn, name, sizeof name);
  return (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate) &&
         !rw_is_operator_name(name);
}

void rw_pass1(R *r) {
  setup_fns(r);
  rw_setup_returns(r);
  rw_untyped_scan(r);
  // parameters first (calls may come before the callee's definition)
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (!clang_isCursorDefinition(fn)) {
      // a function of another input that takes device data: its first declaration here stands for it
      if (clang_Cursor_isNull(clang_getCursorDefinition(fn)) && rw_extern_any(r, fn) &&
          clang_equalCursors(fn, clang_getCanonicalCursor(fn)))
        for (int i = 0; i < kd_function_nparams(fn); i++) {
          CXCursor p = kd_function_param(fn, (unsigned)i);
          int rs = rw_rs_of_pointer(r, rw_ctype(p));
          if (rs >= 0 && rw_extern_view(r, fn, i)) {
            Var *v = rw_var_add(r, p, rs);
            v->seed = true;
          }
        }
      continue;
    }
    bool kernel = rw_is_kernel_fn(r, fn);
    int np = kd_function_nparams(fn);
    for (int i = 0; i < np; i++) {
      CXCursor p = kd_function_param(fn, (unsigned)i);
      CXType t = rw_ctype(p);
      int rs = rw_rs_of_pointer(r, t);
      if (rs < 0 && r->cuda && !kernel && plain_fn(fn) && (rs = rw_rs_of_lvalue_ref(r, t)) >= 0) {
        ref_var(r, p, rs, t);  // `const S &s`: a view of the one element a call binds to it
        continue;
      }
      if (rs < 0)
        continue;
      Var *v = rw_var_add(r, p, rs);
      if (kernel && (r->cuda || kd_opencl_global_pointer(t))) {
        v->seed = true;
        v->kernel_param = true;
      } else if (rw_extern_view(r, fn, i)) {
        v->seed = true;  // device data from the input that calls it
      } else if (kernel && r->rs[rs].changes && opencl_constant_pointer(t)) {
        // a host buffer too, packed once for every kernel: it cannot stay AoS here
        char name[256];
        rw_spell(fn, name, sizeof name);
        rw_set_bad(r, rs, p,
                   "kernel '%s' takes it through a __constant pointer, which the rewriter does not convert (a buffer "
                   "packed for the other kernels would be read here as AoS)",
                   name);
      }
    }
  }
  // bodies of the functions that are not cloneable; the others as calls reach them
  for (int f = 0; f < r->funcs.n; f++) {
    CXCursor fn = r->funcs.v[f];
    if (clang_isCursorDefinition(fn) && !rw_fn_find(r, fn)) {
      r->cur.visiting_fn = fn;
      rw_pass1_below(r, rw_node_of(r, kd_function_body(fn)));
    }
  }
  rw_route_calls(r);
  r->cur.inst = 0;
}

/* Every function declaration in the main file (also inside namespaces and classes). */
static enum CXChildVisitResult collect_function_refs(CXCursor c, CXCursor parent, CXClientData data) {
  if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
      clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_FunctionDecl)
    rw_collect(c, parent, data);
  return CXChildVisit_Recurse;
}

enum CXChildVisitResult rw_collect_funcs(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  R *r = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  unsigned off;
  if (!rw_in_files(r, clang_getCursorLocation(c), &off))
    return CXChildVisit_Continue;
  if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl || k == CXCursor_ClassDecl)
    return CXChildVisit_Recurse;
  if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
      k == CXCursor_Destructor || (k == CXCursor_FunctionTemplate && kd_function_template_plain(c)))
    rw_collect(c, parent, &r->funcs);
  else if (k == CXCursor_VarDecl) {
    pass1_vardecl(r, rw_node_of(r, c));  // globals
    clang_visitChildren(c, collect_function_refs, &r->global_refs);
  }
  return CXChildVisit_Continue;
}
