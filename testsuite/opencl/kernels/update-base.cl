// Issue 21, class 3: the value of a pointer update as the base of an access
// (`(q++)->x`, `(++q)->x`, `q++[0].x`, `(q += 1)->x`, `(q = p + k)->x`,
// `(*q--).y`, `*q++ = s`, `S s = *w++`, `(g, q++)->x`, an update inside an
// index).  The update became kdlg_S_post / _pre, a view, and the access
// around it stayed `->x`, `[0]`, `*`: the output did not compile.  Now the
// accessor takes the rewritten update as its view.  Each work-item owns
// elements 4i .. 4i+3 of both buffers.
typedef struct {
  float x;
  float y;
  int id;
  float a[3];
} S;

__kernel void walk4(__global S *p, __global S *o, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __global S *q = p + 4 * i;
  __global S *w = o + 4 * i;
  float acc = (q++)->x;          // q: 4i+1
  acc += (++q)->y;               // q: 4i+2
  acc += q++[0].a[1];            // q: 4i+3
  acc += (q -= 2)->x;            // q: 4i+1
  acc += (*q--).y;               // q: 4i
  (q += 3)->id ^= 5;             // q: 4i+3
  S s = *w++;                    // w: 4i+1
  s.x += acc;
  *w++ = s;                      // w: 4i+2
  int g = 0;
  (g++, q--)->a[0] = (float)g;   // q: 4i+2
  w[(q++)->id & 0].y += 1.5f;    // q: 4i+3
  (q = p + 4 * i)->a[2] = acc;   // q: 4i
  S t = (w = o + 4 * i)[3];
  t.y -= (q + 1)->x;
  *(w + 3) = t;
}

// CLDIFF: --fill S.id=i32:-1000:1000 --buf a=struct:S:4012 --buf b=struct:S:4012 --kernel walk4 --global 1003 --arg a --arg b --arg int:1003
// CLDIFF: --buf a=struct:S:8 --buf b=struct:S:8 --kernel walk4 --global 2 --arg a --arg b --arg int:2
