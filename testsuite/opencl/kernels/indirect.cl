// Data-dependent indexing: p[p[i].next].x, chains p[p[p[i].next].next],
// indices from another buffer (p[idx[i]].f), scatter through a permutation,
// indices computed from loaded floats, and an index expression with side
// effects in a plain variable (k++ inside the subscript).
typedef struct {
  float x;
  int next;     // in [0, n)
  float w;
  int perm;     // a permutation of [0, n): perm[i] = (i * 7) % n, n not a multiple of 7
  float out;
} Link;

__kernel void follow(__global Link *p, __global const int *idx, __global Link *dst, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float a = p[p[i].next].x;                         // p[p[i].next].x
  float b = p[p[p[i].next].next].w;                 // two hops
  float c = p[idx[i]].x;                            // index from another buffer
  int k = i;
  float d = p[k++].w;                               // side effect in the index
  d += p[k % n].w;
  int j = (int)(p[i].x * 1000.0f) % n;              // index from a loaded float
  p[i].out = a + b + c + d + p[j].w;
  dst[p[i].perm].x = p[i].x;                        // scatter through a permutation
  dst[p[i].perm].next = p[i].next;
  dst[p[i].perm].out = p[p[i].next].w;
}

// CLDIFF-KDLG-OPT: --epsilon 12
// CLDIFF: --fill Link.next=i32:0:1003 --fill Link.perm=i32:0:1 --fill ix=i32:0:1003 --buf p=struct:Link:1003 --buf ix=i32:1003 --buf dst=struct:Link:1003 --kernel permute --global 1003 --arg p --arg int:1003 --kernel follow --global 1003 --arg p --arg ix --arg dst --arg int:1003
// CLDIFF: --fill Link.next=i32:0:33 --fill Link.perm=i32:0:1 --fill ix=i32:0:33 --buf p=struct:Link:33 --buf ix=i32:33 --buf dst=struct:Link:33 --kernel permute --global 33 --arg p --arg int:33 --kernel follow --global 33 --arg p --arg ix --arg dst --arg int:33
// CLDIFF: --fill Link.next=i32:0:1 --fill Link.perm=i32:0:1 --fill ix=i32:0:1 --buf p=struct:Link:1 --buf ix=i32:1 --buf dst=struct:Link:1 --kernel permute --global 1 --arg p --arg int:1 --kernel follow --global 1 --arg p --arg ix --arg dst --arg int:1

// sets perm: (i * 7) % n is a permutation when n is not a multiple of 7
__kernel void permute(__global Link *p, int n) {
  int i = get_global_id(0);
  if (i < n)
    p[i].perm = (i * 7) % n;
}
