// Vector fields: components (.x .y .z .w, .s0 .s3), swizzles (.xy, .zw,
// .wzy, .wzyx, .lo, .hi, .even, .odd), whole-vector arithmetic and compound
// assignments on vector fields and on their components.
struct Body {
  float4 pos;
  float4 vel;
  float2 acc;
  int4 cell;
  short2 flags;
  uchar4 rgba;
  float mass;
};

__kernel void integrate(__global struct Body *b, __global float4 *out, int n, float dt) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  b[i].pos.x += b[i].vel.x * dt;              // component compound assignment
  b[i].pos.y = b[i].pos.y + b[i].vel.y * dt;  // component load and store
  b[i].pos.s2 -= b[i].vel.s2 * dt;            // .sN spelling
  b[i].vel.xy = b[i].vel.yx * b[i].acc;       // swizzle store, swizzle load
  b[i].vel.zw += b[i].acc;                    // swizzle compound assignment
  b[i].acc = b[i].pos.lo - b[i].pos.hi;       // .lo / .hi
  b[i].cell.wzy = b[i].cell.xyz + (int3)(1, 2, i); // 3-of-4 swizzle store
  b[i].cell.wzyx = b[i].cell + (int4)(1, 2, 3, i); // full-width swizzle store
  b[i].cell.even ^= b[i].cell.odd;            // .even / .odd
  b[i].flags.y++;                             // component ++
  --b[i].flags.x;
  b[i].rgba.s3 = b[i].rgba.s0 + b[i].rgba.s1;
  b[i].rgba.xyz *= (uchar)3;
  float4 p = b[i].pos;                        // whole-vector load
  b[i].vel *= b[i].mass;                      // whole-vector compound assignment
  b[i].pos = p + (float4)(b[i].mass, dt, 0.0f, 1.0f);
  out[i] = p * b[i].vel.w + (float4)(b[i].pos.w, (float)b[i].cell.z, (float)b[i].flags.y, (float)b[i].rgba.w);
}

// CLDIFF-KDLG-OPT: --epsilon 64
// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel integrate --global 1003 --arg struct:Body:1003 --arg f32:4012 --arg int:1003 --arg float:0.01
// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel integrate --global 64 --arg struct:Body:64 --arg f32:256 --arg int:64 --arg float:0.5
// CLDIFF: --fill Body.cell=i32:-1000:1000 --kernel integrate --global 1 --arg struct:Body:1 --arg f32:4 --arg int:1 --arg float:0.5
