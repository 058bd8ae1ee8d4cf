// Issue 21, class 4: accesses under `#ifdef __OPENCL_VERSION__` and `#if
// __OPENCL_VERSION__ >= 120`, which the OpenCL implementation (PoCL here)
// defines and kdlg-opt's parse did not: the struct kept AoS (soa and tiled
// failed: not rewritten).  kdlg-opt now defines it as clang's
// __OPENCL_C_VERSION__.
struct P {
  float x;
  float y;
  int id;
  short s;
};

__kernel void advance(__global struct P *p, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
#ifdef __OPENCL_VERSION__
  p[i].x += p[i].y * 2.0f;
#endif
#if __OPENCL_VERSION__ >= 120
  p[i].id += (int)p[i].s - 3;
#endif
}

// CLDIFF: --fill P.id=i32:-1000:1000 --fill P.s=i16:-100:100 --buf a=struct:P:1003 --kernel advance --global 1003 --arg a --arg int:1003
// CLDIFF: --buf a=struct:P:5 --kernel advance --global 5 --arg a --arg int:5
