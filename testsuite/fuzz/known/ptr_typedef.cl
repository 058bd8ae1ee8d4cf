// issue 21 class 1 (gen.py feature ptr_typedef): kdlg-opt crashes (SIGSEGV)
// when a kernel reaches the struct only through a typedef of the pointer type.
//   kdlg-opt ptr_typedef.cl -o out.cl --layout soa     (any layout, aos too)
struct S0 {
  float x;
  int k;
};
typedef __global struct S0 *S0_gptr;

__kernel void k0(S0_gptr w, int n) {
  int i = (int)get_global_id(0);
  if (i >= n)
    return;
  w[i].x += 1.0f;
}
// CLDIFF: --fill S0.k=i32:1:1000 --buf a=struct:S0:5 --kernel k0 --global 5 --arg a --arg int:5
