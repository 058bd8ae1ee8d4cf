// Issue 21, class 3: fields whose type is a typedef of an array (`typedef
// uint A4[4]`, a typedef of an array of a typedef'd array): the generated
// whole-element load and store assigned them as a whole and the output did
// not compile.  Now they are copied element by element; whole-element
// copies and element accesses both.
typedef uint A4[4];
typedef float F3[3];
typedef F3 M2[2];

typedef struct {
  float x;
  A4 a;
  M2 m;
  int id;
} S;

__kernel void reverse_copy(__global S *p, __global S *q, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  S s = p[i];
  s.a[(uint)s.id & 3u] ^= 0x5au;
  s.m[1][2] += s.x;
  q[n - 1 - i] = s;
  p[i].a[2] = p[i].a[0] + (uint)i;
  p[i].m[0][1] = p[i].x * 0.5f;
}

// CLDIFF: --fill S.id=i32:0:1000 --fill S.a=i32:0:100000 --buf p=struct:S:1003 --buf q=struct:S:1003 --kernel reverse_copy --global 1003 --arg p --arg q --arg int:1003
// CLDIFF: --buf p=struct:S:5 --buf q=struct:S:5 --kernel reverse_copy --global 5 --arg p --arg q --arg int:5
