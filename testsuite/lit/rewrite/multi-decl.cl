// A declaration of several variables with views among them is split into one
// declaration per variable, in order (an initialiser may use an earlier
// variable), the others keeping the declaration's type; declarations without
// a view are left alone.  (This was neg-multi-decl.cl: kept in AoS.)
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %exitcode %kdlg-opt %s --layout soa -o %t.dir/out.cl 2>&1 | FileCheck --check-prefix=ERR %s
// RUN: sed "s|//.*||" %t.dir/out.cl | FileCheck %s
// ERR-NOT: remark
// ERR:     exit=0
typedef struct { float x; float y; int n; } P;
struct Q { float a; int b; };
__kernel void k(__global P *p, __global struct Q *q, int n) {
// CHECK: {{^}}__kernel void k(__global uchar *p_kd_r0, long p_kd_n, __global uchar *q_kd_r0, long q_kd_n, int n) {{{$}}
  __global P *a = p, *b = p + 1;
// CHECK: {{^}}  kdlg_view_P a = p; kdlg_view_P b = kdlg_P_offset(p, (1));{{$}}
  a[0].x = b[0].y;
// CHECK: {{^}}  (*kdlg_P_f_x(a, (0))) = (*kdlg_P_f_y(b, (0)));{{$}}
  float s = 0.0f, t = s + 1.0f;
// CHECK: {{^}}  float s = 0.0f, t = s + 1.0f;{{$}}
  __global struct Q *u = q + 1, *v = u - 1,
                    *w;
// CHECK: {{^}}  kdlg_view_Q u = kdlg_Q_offset(q, (1)); kdlg_view_Q v = kdlg_Q_offset(u,  - (kdlg_index)(1)); kdlg_view_Q w;{{$}}
  w = v;
  __global const P *c = a + 2,*d=c, *e;
// CHECK: {{^}}  kdlg_view_P c = kdlg_P_offset(a, (2)); kdlg_view_P d=c; kdlg_view_P e;{{$}}
  e = d + p[0].n;
// CHECK: {{^}}  e = kdlg_P_offset(d, ((*kdlg_P_f_n(p, (0)))));{{$}}
  int i = get_global_id(0), *none = 0, j = a[i].n;
// CHECK: {{^}}  int i = get_global_id(0), *none = 0, j = (*kdlg_P_f_n(a, (i)));{{$}}
  __global P *const f = p + i, *g = f;
// CHECK: {{^}}  kdlg_view_P f = kdlg_P_offset(p, (i)); kdlg_view_P g = f;{{$}}
  u->a = w->a + c->x + d->y + e->x + s + t + (float)(i + j) + g->x;
// CHECK: {{^}}  (*kdlg_Q_f_a(u, 0)) = (*kdlg_Q_f_a(w, 0)) + (*kdlg_P_f_x(c, 0)) + (*kdlg_P_f_y(d, 0)) + (*kdlg_P_f_x(e, 0)) + s + t + (float)(i + j) + (*kdlg_P_f_x(g, 0));{{$}}
}
