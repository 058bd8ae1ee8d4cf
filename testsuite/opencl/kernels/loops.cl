// Loops over the struct array: an all-pairs N-body force loop (for over all
// elements, float4 fields), a while loop with break and continue, a do-while,
// a switch inside a loop, a loop whose bound is a field, and the integration
// step as a second kernel (a 2-D NDRange: grid2d.cl).
typedef struct {
  float4 pos;   // w: mass
  float4 vel;
  float4 acc;
  int steps;
  int kind;     // in [0, 4)
} Body;

__kernel void forces(__global Body *b, int n, float soft) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float4 a = (float4)(0.0f);
  float4 pi = b[i].pos;
  for (int j = 0; j < n; j++) {          // all pairs
    float4 d = b[j].pos - pi;
    float r2 = d.x * d.x + d.y * d.y + d.z * d.z + soft;
    float inv = rsqrt(r2);
    a += d * (b[j].pos.w * inv * inv * inv);
  }
  b[i].acc = a;
  int j = i, s = 0, tries = 0;
  while (tries++ < 20) {                  // while with continue and break
    j = (j * 5 + 1) % n;
    if (b[j].kind == 0)
      continue;
    s++;
    if (b[j].kind == 3 || s > 6)
      break;
  }
  b[i].steps = s;
  int k = 0;
  do {                                    // do-while
    switch (b[(i + k) % n].kind) {        // switch in a loop
    case 0: b[i].vel.x += 0.5f; break;
    case 1: b[i].vel.y -= 0.25f;          // falls through
    case 2: b[i].vel.z *= 1.5f; break;
    default: b[i].vel.w = (float)k;
    }
    k++;
  } while (k < 3);
}

__kernel void integrate(__global Body *b, int n, float dt) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  for (int s = 0; s < b[i].steps; s++) { // bound from a field
    b[i].vel += b[i].acc * dt;
    b[i].pos.xyz += b[i].vel.xyz * dt;
  }
}

// CLDIFF-KDLG-OPT: --epsilon 40
// CLDIFF: --fill Body.kind=i32:0:4 --fill Body.steps=i32:0:5 --buf b=struct:Body:1003 --kernel forces --global 1003 --arg b --arg int:1003 --arg float:0.01 --kernel integrate --global 1003 --arg b --arg int:1003 --arg float:0.001
// CLDIFF: --fill Body.kind=i32:0:4 --fill Body.steps=i32:0:5 --buf b=struct:Body:64 --kernel forces --global 64 --arg b --arg int:64 --arg float:0.01 --kernel integrate --global 64 --arg b --arg int:64 --arg float:0.001
// CLDIFF: --fill Body.kind=i32:1:4 --fill Body.steps=i32:0:5 --buf b=struct:Body:1 --kernel forces --global 1 --arg b --arg int:1 --arg float:0.01 --kernel integrate --global 1 --arg b --arg int:1 --arg float:0.001
