/* particles.cl: a particle system in array-of-structures form, the input of
 * the bundled OpenCL host example (host.c, README.md here).
 *
 * struct Particle mixes hot physics fields (pos, vel, charge: kernel
 * simulate, every step) with cold bookkeeping fields (birth, lifetime, color,
 * size, flags: kernel fade) and one field no kernel reads (id).  The two
 * kernels touch disjoint sets of fields, so the KDLG has no edge between the
 * two groups and kdlg-opt splits them into separate regions.
 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define BOX 10.0f   /* the particles bounce inside [0, BOX]^3 */
#define DRAG 0.05f
#define EXPIRED 1   /* flags bit 0: older than its lifetime */

typedef struct {
  float4 pos;      /* x, y, z; w = mass              (simulate) */
  float4 vel;      /* vx, vy, vz; w unused            (simulate) */
  float charge;    /*                                 (simulate) */
  double birth;    /* time of birth, s                (fade) */
  float lifetime;  /* s                               (fade) */
  uchar4 color;    /* RGBA                            (fade) */
  float size;      /* sprite size                     (fade) */
  ushort flags;    /* EXPIRED, other bits kept        (fade) */
  uint id;         /* never read by the kernels */
} Particle;

/* (coordinate, velocity) reflected into [0, BOX] */
static float2 bounce(float x, float v) {
  if (x < 0.0f)
    return (float2)(-x, -v);
  if (x > BOX)
    return (float2)(2.0f * BOX - x, -v);
  return (float2)(x, v);
}

/* substeps explicit Euler steps under gravity, a uniform electric field and drag */
__kernel void simulate(__global Particle *p, int n, float dt, int substeps) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float4 pos = p[i].pos;
  float4 vel = p[i].vel;
  float qm = p[i].charge / pos.w;
  const float3 g = (float3)(0.0f, -9.81f, 0.0f);
  const float3 E = (float3)(0.5f, 0.0f, -0.25f);
  for (int s = 0; s < substeps; s++) {
    float3 acc = g + qm * E - DRAG * vel.xyz;
    vel.xyz += dt * acc;
    pos.xyz += dt * vel.xyz;
    float2 bx = bounce(pos.x, vel.x), by = bounce(pos.y, vel.y), bz = bounce(pos.z, vel.z);
    pos.xyz = (float3)(bx.x, by.x, bz.x);
    vel.xyz = (float3)(bx.y, by.y, bz.y);
  }
  p[i].pos = pos;
  p[i].vel = vel;
}

/* colour and size from the age at time `now`; counts the particles that expire now */
__kernel void fade(__global Particle *p, __global uint *expired, int n, double now) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float t = (float)((now - p[i].birth) / p[i].lifetime);
  if (t >= 1.0f) {
    t = 1.0f;
    if (!(p[i].flags & EXPIRED)) {
      p[i].flags |= EXPIRED;
      atomic_inc(expired);
    }
  }
  p[i].color = (uchar4)(255, (uchar)(220.0f * (1.0f - t)), (uchar)(40.0f + 160.0f * t),
                        (uchar)(255.0f * (1.0f - t)));
  p[i].size = 0.5f + 2.0f * t * (1.0f - t);
}
