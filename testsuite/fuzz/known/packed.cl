// issue 21 class 6 (gen.py feature packed, OpenCL): a packed struct; the
// layout header's field alignment disagrees with the device's __alignof__
// (1), so cldiff reports a MISMATCH.
//   run.py --files packed.cl --layouts soa
struct __attribute__((packed)) S0 {
  char c;
  float x;
  int k;
};

__kernel void k0(__global struct S0 *w, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].x += 1.0f;
  w[i].k ^= 3;
}
// CLDIFF: --fill S0.k=i32:1:1000 --fill S0.x=f32:0.5:2 --buf a=struct:S0:5 --kernel k0 --global 5 --arg a --arg int:5
