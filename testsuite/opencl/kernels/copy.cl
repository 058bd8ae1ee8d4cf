// Whole-struct copies: S s = p[i]; p[j] = s; q[i] = p[i]; *q = s; copies
// through derived pointers and helper functions (by value in, by value out),
// of a struct with padding and every field size: char, short, int, float,
// double (cl_khr_fp64), float4, arrays.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

typedef struct {
  char c;        // 1 B, then 1 B padding
  short s;       // 2 B
  int i;         // 4 B
  double d;      // 8 B, aligned 8
  float f;       // 4 B, then 12 B padding
  float4 v;      // 16 B, aligned 16
  char tag[3];   // 3 B, then 1 B padding
  float a[2];    // 8 B, then 4 B tail padding
} Mixed;

Mixed bump(Mixed m, int k) {
  m.c += (char)k;
  m.s -= (short)k;
  m.i ^= k;
  m.d *= 1.5;
  m.f += 0.25f;
  m.v.yz = m.v.zy;
  m.tag[k % 3] = (char)(m.tag[0] + 1);
  m.a[1] = m.a[0] * m.f;
  return m;
}

__kernel void copies(__global Mixed *src, __global Mixed *dst, __global double *out, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  Mixed s = src[i];                 // whole-struct load
  s.d += (double)s.f;
  dst[n - 1 - i] = s;               // whole-struct store, another element
  __global Mixed *q = src + i;
  Mixed t = *q;                     // load through a derived pointer
  *q = bump(t, i);                  // store through it, from a helper's result
  q->f += (float)q->d;
  const Mixed u = (src + i)[0];
  out[i] = u.d + (double)u.f + (double)u.c + (double)u.s + (double)u.i + (double)u.v.w + (double)u.tag[2] +
           (double)u.a[1];
}

// every field of dst is written from src: dst[i] = src[i] on the whole array
__kernel void mirror(__global Mixed *dst, __global const Mixed *src, int n) {
  int i = get_global_id(0);
  if (i < n)
    dst[i] = src[i];
}

// CLDIFF-KDLG-OPT: --epsilon 16
// CLDIFF: --fill Mixed.i=i32:-100000:100000 --buf a=struct:Mixed:1003 --buf b=struct:Mixed:1003 --kernel copies --global 1003 --arg a --arg b --arg f64:1003 --arg int:1003 --kernel mirror --global 1003 --arg a --arg b --arg int:1003
// CLDIFF: --fill Mixed.i=i32:-100000:100000 --buf a=struct:Mixed:31 --buf b=struct:Mixed:31 --kernel copies --global 31 --arg a --arg b --arg f64:31 --arg int:31 --kernel mirror --global 31 --arg b --arg a --arg int:31
// CLDIFF: --fill Mixed.i=i32:-100000:100000 --buf a=struct:Mixed:1 --buf b=struct:Mixed:1 --kernel copies --global 1 --arg a --arg b --arg f64:1 --arg int:1
