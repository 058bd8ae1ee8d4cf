// Issue 21, class 5 (needless refusals): pointers into the struct's array
// compared and subtracted: a loop over a chunk by pointer (`q < end`,
// `q != stop`), `q - p` as an index, `==` between two spellings of one
// element and between two buffers, `<=`, `>`, `>=` and comparisons with
// null.  Before, the struct kept AoS ("compared, subtracted"); now the
// views' element offsets are compared (kdlg_S_diff), for == and != their
// arrays too (kdlg_S_same), against null kdlg_S_is_null.  Work-item t owns
// elements [4t, 4t + 4) of `a`; `b` is read only.
typedef struct {
  float x;
  int id;
  short s;
  float2 v;
} S;

__kernel void chunks(__global S *a, __global const S *b, int n) {
  int t = get_global_id(0);
  if (4 * t >= n)
    return;
  __global S *p = a + 4 * t, *end = a + (4 * t + 4 < n ? 4 * t + 4 : n);
  float run = 0.0f;
  for (__global S *q = p; q < end; ++q) {
    run += q->x;
    q->x = run;
    q->id += (int)(q - a);                  // the element's index
  }
  __global S *stop = end - 1;
  for (__global S *q = p; q != stop && q <= end; q++)
    q->s = (short)(q->s + (q == p ? 7 : 1));
  __global const S *r = b + 4 * t;
  p->v.x = (float)((r == (__global const S *)(a + 4 * t)) + 2 * (p == a + 4 * t));
  p->v.y = (float)((end > p) + 2 * (p >= end) + 4 * (p != 0) + 8 * (0 == r));
}

// CLDIFF: --fill S.id=i32:-1000:1000 --fill S.s=i16:-100:100 --buf a=struct:S:1001 --buf b=struct:S:1001 --kernel chunks --global 251 --arg a --arg b --arg int:1001
// CLDIFF: --fill S.s=i16:-100:100 --buf a=struct:S:7 --buf b=struct:S:7 --kernel chunks --global 2 --arg a --arg b --arg int:7
