// Issue 21, class 5 (needless refusals): a pointer chosen by ?: between
// tracked pointers (the same buffer at two offsets, two buffers, a null arm,
// nested), in a declaration, an assignment and an argument.
// Before, the struct kept AoS ("a pointer to it is used in a way the
// rewriter does not handle"); now each arm is a view and the variable joins
// both.  Work-item i writes only element i of `a` and of `b`; `c` is read only.
typedef struct {
  float x;
  int id;
  float2 v;
  short s;
} S;

float weight(__global const S *p, int i) { return p[i].x * 0.5f + (float)p[i].s; }

__kernel void advance(__global S *a, __global S *b, __global const S *c, int n, int parity) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __global const S *src = parity ? c : (__global const S *)0;    // a null arm
  __global S *own = (i & 2) ? a + i : &a[i];                       // one buffer, two spellings
  __global const S *nest = (i & 4) ? ((i & 8) ? c + i : c) : c + (n - 1 - i);
  float w = weight(parity ? c : nest, i & 1 ? i : 0);              // an argument
  if (parity)
    own->x += src[i].v.y + w;
  own->v.x = nest->x - (float)nest[0].id;
  __global S *q;
  q = (i & 1) ? a + i : b + i;                                     // two buffers
  q->id += i & 1 ? 3 : 5;
  q = (i % 3) ? q : b + i;                                         // a view and another
  q->s = (short)(q->s + 1);
}

// CLDIFF: --fill S.id=i32:-1000:1000 --fill S.s=i16:-100:100 --buf a=struct:S:1000 --buf b=struct:S:1000 --buf c=struct:S:1000 --kernel advance --global 1000 --arg a --arg b --arg c --arg int:1000 --arg int:1
// CLDIFF: --fill S.s=i16:-100:100 --buf a=struct:S:37 --buf b=struct:S:37 --buf c=struct:S:37 --kernel advance --global 37 --arg a --arg b --arg c --arg int:37 --arg int:0
