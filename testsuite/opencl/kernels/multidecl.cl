// Declarations of several variables with struct pointers among them, which
// the rewriter splits into one declaration each: views with initialisers that
// use earlier variables of the same declaration, a view without initialiser
// assigned later, `__global struct S *` and typedef spellings, `const`, views
// declared next to variables of other types, and a helper with a
// multi-declaration of pointers derived from its parameter.
struct Node {
  float v;
  int k;
  float acc;
  float w;
};

typedef struct {
  float x;
  float y;
  int id;
} Pt;

float pair(__global const Pt *q, int i, int n) {
  __global const Pt *a = q + i, *b = a + (i + 1 < n ? 1 : 0);
  return a->x * b->y + (float)a->id;
}

__kernel void multidecl(__global struct Node *p, __global Pt *pts, __global float *out, int n) {
  int i = get_global_id(0), last = n - 1;
  if (i >= n)
    return;
  float s = 0.0f, t = 1.0f;
  __global struct Node *a = p + i, *b = a, *c;
  c = p + (last - i);
  __global const struct Node *first = p, *end = p + last;
  int j = i / 2, m = a->k & 7;
  s += c->v * first->w + end->v;
  b->acc += s + (float)(j + m) * t;  // (only a's own element is written)
  b->k ^= (int)c->w;
  __global Pt *me = pts + i, *other = pts + (last - i), *none;
  none = me;
  me->id = me->id * 3 + (int)other->x;  // (x and y are only read)
  out[i] = pair(pts, i, n) + none->y;
}

// CLDIFF-KDLG-OPT: --epsilon 8
// CLDIFF: --fill Node.k=i32:-1000:1000 --fill Pt.id=i32:-1000:1000 --kernel multidecl --global 1003 --arg struct:Node:1003 --arg struct:Pt:1003 --arg f32:1003 --arg int:1003
// CLDIFF: --fill Node.k=i32:-1000:1000 --fill Pt.id=i32:-1000:1000 --kernel multidecl --global 33 --arg struct:Node:33 --arg struct:Pt:33 --arg f32:33 --arg int:33
// CLDIFF: --fill Node.k=i32:-1000:1000 --fill Pt.id=i32:-1000:1000 --kernel multidecl --global 1 --arg struct:Node:1 --arg struct:Pt:1 --arg f32:1 --arg int:1
// CLDIFF: --fill Node.k=i32:-1000:1000 --fill Pt.id=i32:-1000:1000 --kernel multidecl --global 2048 --arg struct:Node:2048 --arg struct:Pt:2048 --arg f32:2048 --arg int:2048
