// A struct the rewriter must keep in AoS (its pointer is converted to a
// float pointer: a remark, and the struct's parameter stays one pointer) next
// to a struct that is rewritten, in the same kernels: the argument map moves
// only the arguments after the rewritten one, and the kept struct's bytes,
// reached through the cast, stay where the original program has them.
typedef struct {
  float a;
  float b;
  int c;
} Kept;

typedef struct {
  float x;
  float y;
  int z;
} Moved;

__kernel void mixed(__global Kept *k, int n, __global Moved *m, __global float *out) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  __global float *raw = (__global float *)k;    // unsupported: Kept keeps AoS
  raw[3 * i + 1] += 1.0f;                       // k[i].b through the cast
  k[i].a = m[i].x * k[i].b;
  m[i].y += k[i].a;
  m[i].z ^= k[i].c;
  out[i] = m[i].x + m[i].y;
}

__kernel void tail(__global Moved *m, __global Kept *k, int n) {
  int i = get_global_id(0);
  if (i < n)
    k[i].c = m[i].z + 1;
}

// CLDIFF-KEEPS: Kept
// CLDIFF-KDLG-OPT: --epsilon 4
// CLDIFF: --fill Kept.c=i32:-1000:1000 --fill Moved.z=i32:-1000:1000 --buf k=struct:Kept:1003 --buf m=struct:Moved:1003 --kernel mixed --global 1003 --arg k --arg int:1003 --arg m --arg f32:1003 --kernel tail --global 1003 --arg m --arg k --arg int:1003
// CLDIFF: --fill Kept.c=i32:-1000:1000 --fill Moved.z=i32:-1000:1000 --buf k=struct:Kept:5 --buf m=struct:Moved:5 --kernel mixed --global 5 --arg k --arg int:5 --arg m --arg f32:5 --kernel tail --global 5 --arg m --arg k --arg int:5
