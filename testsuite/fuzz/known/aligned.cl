// issue 21 class 6 (gen.py feature aligned, OpenCL): a field with
// __attribute__((aligned(16))); the layout header's field alignment (8)
// disagrees with the device's __alignof__ (16), so cldiff reports a MISMATCH.
//   run.py --files aligned.cl --layouts soa
struct S0 {
  float x;
  int2 u __attribute__((aligned(16)));
};

__kernel void k0(__global struct S0 *w, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].x += 1.0f;
  w[i].u.y ^= 3;
}
// CLDIFF: --fill S0.u=i32:1:1000 --buf a=struct:S0:5 --kernel k0 --global 5 --arg a --arg int:5
