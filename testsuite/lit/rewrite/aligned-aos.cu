// Aligned AoS (kd_plan_vector_align, docs/design.md "Aligned AoS"): an AoS
// cluster of 2, 4, 8 or 16 bytes whose fields are less aligned gets the
// alignment of its size, so that a whole element moves as one access; the
// stride stays sizeof (no padding).  The provisional model keeps every
// cluster here AoS (σ <= 16 B).
struct R { int key; int id; float value; int tag; };  // 16 B of 4-byte fields: aligned 16, the AoS bytes
struct H { short a; short b; int c; };                // 8 B, but the cluster puts the int first: the whole struct is not
                                                      // aligned (its bytes would move: plan.c keeps identity layouts only)
struct H2 { int c; short a; short b; };               // 8 B in declaration order: aligned 8
struct V { float4 p; };                               // 16 B, already 16-aligned: nothing raised
struct T { float x, y, z; };                          // 12 B: not a vector size

__global__ void k(R *r, H *h, H2 *h2, V *v, T *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  R a = r[i];
  R b = r[n - 1 - i];
  if (a.key > b.key)
    r[i] = b;
  h[i].c = h[i].a + h[i].b;
  h2[i] = h2[n - 1 - i];
  v[i].p.x += 1.0f;
  t[i].x = t[i].y + t[i].z;
}

int main() {
  R *r; H *h; H2 *h2; V *v; T *t;
  cudaMalloc((void **)&r, 64 * sizeof(R));
  cudaMalloc((void **)&h, 64 * sizeof(H));
  cudaMalloc((void **)&h2, 64 * sizeof(H2));
  R *half = r + 32;  // a pointer plus an offset: a plain pointer in R's identity layout
  cudaMemset(half, 0, 32 * sizeof(R));
  cudaMalloc((void **)&v, 64 * sizeof(V));
  cudaMalloc((void **)&t, 64 * sizeof(T));
  k<<<1, 64>>>(r, h, h2, v, t, 64);
  cudaFree(r); cudaFree(h); cudaFree(h2); cudaFree(v); cudaFree(t);
  return 0;
}

// RUN: %kdlg-opt-provisional %s --emit-plan - | %plancheck | FileCheck %s --check-prefix=PLAN
// PLAN:      struct R bytes=16
// PLAN:      cluster key,id,value,tag bytes=16 layout=aos tile=1 align=16
// PLAN:      struct H bytes=8
// PLAN:      cluster a,b,c bytes=8 layout=aos tile=1{{$}}
// PLAN:      struct H2 bytes=8
// PLAN:      cluster c,a,b bytes=8 layout=aos tile=1 align=8
// PLAN:      struct V bytes=16
// PLAN:      cluster p bytes=16 layout=aos tile=1{{$}}
// PLAN:      struct T bytes=12
// PLAN:      cluster x,y,z bytes=12 layout=aos tile=1{{$}}

// RUN: %kdlg-opt-provisional %s --emit-dot - | FileCheck %s --check-prefix=DOT
// DOT: label="cluster 0: 16 B, aos aligned 16";
// DOT: label="cluster 0: 8 B, aos";
// DOT: label="cluster 0: 8 B, aos aligned 8";
// DOT: label="cluster 0: 16 B, aos";

// RUN: %kdlg-opt-provisional %s -o %t.cu 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: remark
// RUN: FileCheck %s --input-file %t.cu
// CHECK: R: epsilon 128 B; {key,id,value,tag} 16 B AoS aligned 16 -> rewritten
// CHECK: H: epsilon 128 B; {a,b,c} 8 B AoS -> AoS (unchanged)
// CHECK: H2: epsilon 128 B; {c,a,b} 8 B AoS aligned 8 -> rewritten
// CHECK: V: epsilon 128 B; {p} 16 B AoS -> AoS (unchanged)
// CHECK: T: epsilon 128 B; {x,y,z} 12 B AoS -> AoS (unchanged)
// CHECK: /* kdlg-opt: R in 1 storage region(s): {key, id, value, tag} AoS aligned 16 */
// CHECK: typedef struct __align__(16) kdlg_R_c0 { kdlg_R_t_key key; kdlg_R_t_id id; kdlg_R_t_value value; kdlg_R_t_tag tag; } kdlg_R_c0; /* AoS element */
// CHECK: typedef char kdlg_R_c0_size_check[sizeof(kdlg_R_c0) == 16u ? 1 : -1];
// The element moves whole: one 16-byte load, one 16-byte store.
// CHECK: KDLG_FN R kdlg_R_load(kdlg_view_R v, kdlg_index i) { R s; kdlg_R_c0 kd_e0 = v.kd_c0[v.kd_o + i]; s.key = kd_e0.key; s.id = kd_e0.id; s.value = kd_e0.value; s.tag = kd_e0.tag; return s; }
// CHECK: KDLG_FN R kdlg_R_store(kdlg_view_R v, kdlg_index i, R s) { kdlg_R_c0 kd_e0; kd_e0.key = s.key; kd_e0.id = s.id; kd_e0.value = s.value; kd_e0.tag = s.tag; v.kd_c0[v.kd_o + i] = kd_e0; return s; }
// CHECK: static const kd_layout_cluster kdlg_R_clusters[] = {
// CHECK-NEXT: {1, 16, 16},
// An identity layout takes a pointer plus an offset: its region starts there.
// CHECK: r[0] = (void *)(v.kd_c0 + v.kd_o); /* the AoS bytes: an offset is a plain pointer */
// CHECK: inline bool kdlg_R_whole(kdlg_view_R v) { (void)v; return true; }
// CHECK: kdlg_memset(&kdlg_R_layout, kdlg_gen_convert<kdlg_R_conv>, r, d.kd_n - d.kd_o, value, bytes, 0, 0)
// CHECK: typedef struct __align__(8) kdlg_H2_c0 { kdlg_H2_t_c c; kdlg_H2_t_a a; kdlg_H2_t_b b; } kdlg_H2_c0; /* AoS element */
// CHECK: typedef char kdlg_H2_c0_size_check[sizeof(kdlg_H2_c0) == 8u ? 1 : -1];
// CHECK: R a = kdlg_R_load(r, (i));
// CHECK: kdlg_R_store(r, (i), b);
// CHECK: h[i].c = h[i].a + h[i].b;
// CHECK: kdlg_H2_store(h2, (i), kdlg_H2_load(h2, (n - 1 - i)));
// CHECK: v[i].p.x += 1.0f;

// The paper's variants keep the fields' alignment: --layout aos is the input,
// split (one cluster each here) is too.
// RUN: %kdlg-opt-provisional %s --layout split -o %t.split.cu
// RUN: sed "s|//.*||" %t.split.cu | FileCheck %s --check-prefix=SPLIT
// SPLIT: R: epsilon 128 B; {key,id,value,tag} 16 B AoS -> AoS (unchanged)
// SPLIT: H: epsilon 128 B; {a,b,c} 8 B AoS -> AoS (unchanged)
// SPLIT-NOT: kdlg_view
// RUN: %kdlg-opt-provisional %s --layout aos --emit-plan - | %plancheck | FileCheck %s --check-prefix=FORCED
// FORCED-NOT: align=

// --plan-in: "align" is read for AoS clusters (a power of two up to 16); an
// alignment the fields already have is dropped; one above the cluster's bytes
// pads the stride (R's 12-byte {key,id,value} of 16 bytes: a conversion).
// RUN: %kdlg-opt-provisional %s --struct R --emit-plan %t.plan-src.json
// RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); s=p['structs'][0]; s['clusters']=[{'fields':['key','id','value'],'layout':'aos','tile':1,'align':16},{'fields':['tag'],'layout':'aos','tile':1,'align':4}]; json.dump(p,open(sys.argv[2],'w'))" %t.plan-src.json %t.pad.json
// RUN: %kdlg-opt-provisional %s --struct R --plan-in %t.pad.json --emit-plan - | %plancheck | FileCheck %s --check-prefix=PAD-PLAN
// PAD-PLAN: cluster key,id,value bytes=12 layout=aos tile=1 align=16
// PAD-PLAN: cluster tag bytes=4 layout=aos tile=1{{$}}
// RUN: %kdlg-opt-provisional %s --struct R --plan-in %t.pad.json -o %t.pad.cu
// RUN: FileCheck %s --input-file %t.pad.cu --check-prefix=PAD
// PAD: typedef struct __align__(16) kdlg_R_c0 { kdlg_R_t_key key; kdlg_R_t_id id; kdlg_R_t_value value; } kdlg_R_c0; /* AoS element */
// PAD: typedef struct kdlg_R_c1 { kdlg_R_t_tag tag; } kdlg_R_c1; /* AoS element */
// PAD: typedef char kdlg_R_c0_size_check[sizeof(kdlg_R_c0) == 16u ? 1 : -1];
// PAD: KDLG_FN R kdlg_R_load(kdlg_view_R v, kdlg_index i) { R s; kdlg_R_c0 kd_e0 = v.kd_c0[v.kd_o + i]; s.key = kd_e0.key; s.id = kd_e0.id; s.value = kd_e0.value; s.tag = *kdlg_R_f_tag(v, i); return s; }

// RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); p['structs'][0]['clusters'][0]['align']=12; json.dump(p,open(sys.argv[2],'w'))" %t.plan-src.json %t.bad.json
// RUN: not %kdlg-opt-provisional %s --struct R --plan-in %t.bad.json -o %t.bad.cu 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: struct 'R': cluster 0: "align" must be a power of two from 1 to 16 (bytes)
// RUN: not test -e %t.bad.cu

// --plan-in can still align H's whole struct: its int then comes first, so the
// bytes move (copies convert) and a pointer plus an offset is refused at run time.
// RUN: %kdlg-opt-provisional %s --struct H --emit-plan %t.h-src.json
// RUN: %python -c "import json,sys; p=json.load(open(sys.argv[1])); p['structs'][0]['clusters'][0]['align']=8; json.dump(p,open(sys.argv[2],'w'))" %t.h-src.json %t.h.json
// RUN: %kdlg-opt-provisional %s --struct H --plan-in %t.h.json -o %t.h.cu
// RUN: FileCheck %s --input-file %t.h.cu --check-prefix=HIN
// HIN: H: epsilon 128 B; {a,b,c} 8 B AoS aligned 8 -> rewritten
// HIN: typedef struct __align__(8) kdlg_H_c0 { kdlg_H_t_c c; kdlg_H_t_a a; kdlg_H_t_b b; } kdlg_H_c0; /* AoS element */
// HIN: inline bool kdlg_H_whole(kdlg_view_H v) {
// HIN-NEXT: if (v.kd_o == 0) return true;
