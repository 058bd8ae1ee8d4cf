// Regression tests for three rewriter bugs this suite found (fixed in
// 62a4d94; the other kernel files use the same forms too):
//
// 1. A swizzle naming every component of a vector field (b[i].cell.wzyx on an
//    int4, b[i].acc.yx on a float2, b[i].pos.s3210) has the field's own type;
//    it was taken for an implicit conversion and dropped:
//      b[i].cell.wzyx = ...   became   (*kdlg_Body_cell(b, (i))) = ...
//    (wrong results under soa, tiled:N, auto).
// 2. A variable initialised directly by a call that receives the struct
//    pointer (float d = get(q, i);) made the struct keep AoS ("a pointer to
//    it is used in a way the rewriter does not handle"): the call's
//    arguments were walked a second time as plain values.
// 3. kdlg_args_<kernel> counted KDLG_<S>_NREGIONS + 1 arguments for a
//    parameter of a struct whose layout does not change (One, a single field,
//    stays AoS under split and auto; so does Body under split), although
//    the kernel keeps its single pointer: {0, 2, 5} instead of {0, 1, 4} for
//    args(__global One *a, __global Two *b, int n) with Two in two regions.
struct Body {
  float4 pos;
  int4 cell;
  float2 acc;
};

__kernel void swizzle(__global struct Body *b, __global float4 *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  b[i].cell.wzyx = b[i].cell + (int4)(1, 2, 3, i);  // full-width swizzle store
  b[i].acc.yx = b[i].acc * 2.0f;                    // float2: .yx is a float2
  b[i].acc.yx += b[i].acc.yx;                       // full-width compound assignment
  out[i] = b[i].pos.s3210 + (float4)(b[i].acc, 0.0f, 1.0f); // full-width swizzle load
}

typedef struct {
  float x;
  float y;
} Pt;

float get(__global Pt *q, int i) { return q[i].x * q[i].y; }

float twice(__global Pt *q, int i) {
  float d = get(q, i);                              // initialised by a call, in a helper
  return d + d;
}

__kernel void callinit(__global Pt *p, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float d = get(p, i);                              // initialised by a call
  Pt s = p[i];
  p[i].y = d;
  out[i] = d + twice(p, i) + s.x;
}

typedef struct {
  float v;
} One;

typedef struct {
  float a;
  int pad[40];   // far apart: two clusters under split
  float b;
} Two;

__kernel void args(__global One *a, __global Two *b, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  b[i].a = a[i].v * 2.0f;
  for (int k = 0; k < 40; k++)
    b[i].pad[k] = k;
  b[i].b += a[i].v;
  a[i].v = (float)n;
}

// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel swizzle --global 1003 --arg struct:Body:1003 --arg f32:4012 --arg int:1003
// CLDIFF: --kernel callinit --global 1003 --arg struct:Pt:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --kernel args --global 1003 --arg struct:One:1003 --arg struct:Two:1003 --arg int:1003
// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel swizzle --global 1 --arg struct:Body:1 --arg f32:4 --arg int:1 --kernel callinit --global 1 --arg struct:Pt:1 --arg f32:1 --arg int:1 --kernel args --global 1 --arg struct:One:1 --arg struct:Two:1 --arg int:1
