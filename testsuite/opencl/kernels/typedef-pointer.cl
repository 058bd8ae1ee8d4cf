// Issue 21, class 1: struct pointers spelled through typedefs of the pointer
// type (`typedef __global S *S_gptr`, a const one, a typedef of that
// typedef) as kernel and helper parameters and local variables (two in one
// declaration); kdlg-opt used to crash (SIGSEGV) in every layout.
typedef struct {
  float x;
  float y;
  int id;
  short s;
} S;
typedef __global S *S_gptr;
typedef __global const S *S_cgptr;
typedef S_gptr S_gptr2;

float get(S_cgptr q, int i) { return q[i].y + (float)q[i].s; }
void put(S_gptr2 q, int i, float v) { q[i].x += v; }

__kernel void advance(S_gptr p, S_cgptr c, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  S_gptr q = p + i, r = p;
  q->y = get(c, (i + 1) % n) * 0.5f + r[i].x;
  r[i].id ^= c[i].id;
  put(p, i, (float)c[(i + 7) % n].s);
}

// CLDIFF: --fill S.id=i32:-1000:1000 --buf a=struct:S:1003 --buf b=struct:S:1003 --kernel advance --global 1003 --arg a --arg b --arg int:1003 --kernel advance --global 1003 --arg b --arg a --arg int:1003
// CLDIFF: --buf a=struct:S:5 --buf b=struct:S:5 --kernel advance --global 5 --arg a --arg b --arg int:5
