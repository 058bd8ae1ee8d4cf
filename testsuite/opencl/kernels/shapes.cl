// Fields of struct type: p[i].in.a loads and stores, p[i].in = v (a nested
// struct copied whole), an array of nested structs p[i].pts[k].x, and a
// nested struct that is itself copied out and back.
//
// Small and odd-sized structs: a 3-byte struct of uchars (tiles of 3·t
// bytes), a 6-byte struct of shorts, char and ushort arithmetic with
// wrap-around, and whole-struct swaps of neighbouring elements within one
// buffer (one work-item swaps elements 2i and 2i+1: S s = p[j]; p[j] = p[k];
// p[k] = s).
typedef struct {
  float a;
  int b;
} Inner;

typedef struct {
  float2 xy;
  short tag;
} Pt;

typedef struct {
  Inner in;
  float w;
  Pt pts[3];
  Inner spare;
} Outer;

__kernel void nested(__global Outer *p, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  p[i].in.a += p[i].w;                  // member of a nested struct
  p[i].in.b ^= i;
  Inner t = p[i].in;                    // nested struct loaded whole
  t.a *= 2.0f;
  p[i].spare = t;                       // and stored whole
  float s = 0.0f;
  for (int k = 0; k < 3; k++) {
    s += p[i].pts[k].xy.x * p[i].pts[k].xy.y;
    p[i].pts[k].tag += (short)k;
  }
  p[i].pts[1].xy = p[i].pts[0].xy + p[i].pts[2].xy;
  Pt q = p[i].pts[2];
  q.xy.y = s;
  p[i].pts[0] = q;
  out[i] = s + p[i].spare.a + (float)p[i].in.b;
}

typedef struct {
  uchar r;
  uchar g;
  uchar b;
} RGB;

typedef struct {
  short dx;
  short dy;
  ushort len;
} Step;

__kernel void shade(__global RGB *px, __global Step *st, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  px[i].r = (uchar)(px[i].r * 3 + px[i].g);     // wraps around
  px[i].g ^= px[i].b;
  px[i].b += (uchar)st[i].len;
  st[i].dx -= (short)px[i].r;
  st[i].dy = (short)(st[i].dy * st[i].dx);
  st[i].len++;
}

__kernel void swap_pairs(__global RGB *px, __global Step *st, int n) {
  int i = get_global_id(0);
  int j = 2 * i, k = 2 * i + 1;
  if (k >= n)
    return;
  RGB c = px[j];
  px[j] = px[k];
  px[k] = c;
  Step s = st[k];
  st[k] = st[j];
  st[j] = s;
}

// CLDIFF-KDLG-OPT: --epsilon 2
// CLDIFF: --kernel nested --global 1003 --arg struct:Outer:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --kernel nested --global 2 --arg struct:Outer:2 --arg f32:2 --arg int:2
// CLDIFF: --buf px=struct:RGB:1003 --buf st=struct:Step:1003 --kernel shade --global 1003 --arg px --arg st --arg int:1003 --kernel swap_pairs --global 502 --arg px --arg st --arg int:1003
// CLDIFF: --buf px=struct:RGB:4096 --buf st=struct:Step:4096 --kernel shade --global 4096 --arg px --arg st --arg int:4096 --kernel swap_pairs --global 2048 --arg px --arg st --arg int:4096
// CLDIFF: --buf px=struct:RGB:3 --buf st=struct:Step:3 --kernel shade --global 3 --arg px --arg st --arg int:3 --kernel swap_pairs --global 2 --arg px --arg st --arg int:3
