// Issue 21, class 2: one buffer of Src reaches `scale` through a __global
// pointer and `gather` through a __constant pointer.  The rewriter converts
// only __global pointers: it used to rewrite `scale`'s parameter and leave
// `gather`'s AoS, so a host that packs the buffer once (as the layout header
// says) had `gather` read the new layout as AoS (different results).  Now Src
// keeps AoS with a remark; Dst, reached through __global pointers only, is
// still rewritten.
typedef struct {
  float a;
  float b;
  int c;
} Src;

typedef struct {
  float x;
  float y;
  int z;
} Dst;

__kernel void scale(__global Src *s, int n) {
  int i = get_global_id(0);
  if (i < n) {
    s[i].a = s[i].a * 2.0f + s[i].b;
    s[i].c += 3;
  }
}

__kernel void gather(__constant Src *s, __global Dst *d, int n) {
  int i = get_global_id(0);
  if (i < n) {
    d[i].x = s[i].a - s[i].b;
    d[i].z = s[i].c ^ d[i].z;
    d[i].y += d[i].x;
  }
}

// CLDIFF-KEEPS: Src
// CLDIFF: --fill Src.c=i32:-1000:1000 --fill Dst.z=i32:-1000:1000 --buf s=struct:Src:1003 --buf d=struct:Dst:1003 --kernel scale --global 1003 --arg s --arg int:1003 --kernel gather --global 1003 --arg s --arg d --arg int:1003
// CLDIFF: --fill Src.c=i32:-1000:1000 --fill Dst.z=i32:-1000:1000 --buf s=struct:Src:3 --buf d=struct:Dst:3 --kernel scale --global 3 --arg s --arg int:3 --kernel gather --global 3 --arg s --arg d --arg int:3
