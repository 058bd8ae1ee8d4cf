typedef struct { float4 pos; float m; int id; float a[3]; } P;
float energy(__global P *q, int i) { return q[i].m * q[i].pos.x + q[i].a[1]; }
__kernel void step(__global P *p, __global float *out, int n) {
  int i = get_global_id(0);
  if (i >= n) return;
  __global P *q = p + 1;
  out[i] = energy(p, i) + (i + 1 < n ? q[i].m : 0.0f);
  p[i].pos.y += 1.0f;
  (p + i)->id ^= 3;
  P s = p[i];
  s.m *= 2.0f;
  p[i] = s;
  atomic_add(&p[0].id, 1);
}
