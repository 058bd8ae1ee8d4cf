// issue 21 class 2 (gen.py feature constant_param): a kernel reads the struct
// through __constant; kdlg-opt leaves that parameter as it is but
// kdlg_args_k1 counts it as rewritten (the header and the kernel disagree;
// a host following the header passes the regions as AoS).
//   kdlg-opt constant_param.cl -o out.cl --layout soa   (cldiff: MISMATCH)
struct S0 {
  float x;
  int k;
};

__kernel void k0(__global struct S0 *w, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].x += 1.0f;
}

__kernel void k1(__constant const struct S0 *r, __global struct S0 *w, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].k += (int)r[i].k;
}
// CLDIFF: --fill S0.k=i32:1:1000 --buf a=struct:S0:5 --buf b=struct:S0:5 --kernel k0 --global 5 --arg a --arg int:5 --kernel k1 --global 5 --arg a --arg b --arg int:5
