// Issue 21, class 6: a packed struct (`struct __attribute__((packed)) S`)
// and a field declared aligned(16).  The layout header gives each field
// the alignment of its type (runtime/kdlg_layout.h); the harness measured
// the member's __alignof__ (1 in a packed struct, 16 for the aligned
// field) and reported a MISMATCH, and could not spell the packed struct
// (`struct __attribute__((packed)) S {` was not found as `struct S`).
struct __attribute__((packed)) Pk {
  char c;
  float x;
  int k;
  short s;
};

struct Al {
  float x;
  int2 u __attribute__((aligned(16)));
  char t;
};

__kernel void advance(__global struct Pk *w, __global struct Al *a, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].x += 1.0f + a[i].x;
  w[i].k ^= (int)w[i].c + 3;
  w[i].s = (short)(w[i].s + a[(i + 1) % n].u.x);
  a[i].u.y ^= w[i].k;
  a[i].t = (char)(a[i].t + w[i].c);
}

// CLDIFF: --fill Pk.k=i32:1:1000 --fill Pk.x=f32:0.5:2 --fill Pk.c=i8:1:50 --fill Pk.s=i16:1:100 --fill Al.u=i32:1:1000 --fill Al.x=f32:0.5:2 --fill Al.t=i8:1:50 --buf w=struct:Pk:1003 --buf a=struct:Al:1003 --kernel advance --global 1003 --arg w --arg a --arg int:1003
// CLDIFF: --buf w=struct:Pk:5 --buf a=struct:Al:5 --kernel advance --global 5 --arg w --arg a --arg int:5
