// Field loads and stores p[i].f, compound assignments and ++/--, through
// plain, const and restrict __global pointers; element counts that are and
// are not multiples of the tile sizes (1003, 33, 1, 1024).
typedef struct {
  float x;
  float y;
  int n;
  uint bits;
  float w;
  int hits;
} Particle;

__kernel void update(__global Particle *p, __global const Particle *restrict ref, __global float *out, int n,
                     float dt) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  float x = p[i].x;                 // load
  p[i].y = x * dt + ref[i].y;       // store, load through a const restrict pointer
  p[i].x += p[i].w;                 // +=
  p[i].w *= 1.5f;                   // *=
  p[i].w -= ref[n - 1 - i].w;       // -=, another element
  p[i].bits ^= (uint)i * 2654435761u; // ^=
  p[i].bits |= 1u << (i & 31);      // |=
  p[i].bits >>= 1;                  // >>=
  p[i].n = (int)(ref[i].x * 100.0f);
  p[i].n++;                         // post-increment statement
  ++p[i].n;                         // pre-increment
  int before = p[i].hits--;         // post-decrement used as a value
  int after = --p[i].hits;          // pre-decrement used as a value
  p[i].n <<= 2;
  p[i].n %= 1000;
  out[i] = (float)(before - after) + p[i].x + p[i].y + (float)p[i].n;
}

// split and auto: three clusters {n,bits,w,hits} {x} {y}
// CLDIFF-KDLG-OPT: --epsilon 40
// CLDIFF: --fill Particle.n=i32:1:1000 --fill Particle.hits=i32:-1000:1000 --fill Particle.bits=u32:1:4000000000 --kernel update --global 1003 --arg struct:Particle:1003 --arg struct:Particle:1003 --arg f32:1003 --arg int:1003 --arg float:0.25
// CLDIFF: --fill Particle.n=i32:1:1000 --fill Particle.hits=i32:-1000:1000 --kernel update --global 33 --arg struct:Particle:33 --arg struct:Particle:33 --arg f32:33 --arg int:33 --arg float:0.5
// CLDIFF: --fill Particle.n=i32:1:1000 --fill Particle.hits=i32:-1000:1000 --kernel update --global 1 --arg struct:Particle:1 --arg struct:Particle:1 --arg f32:1 --arg int:1 --arg float:2
// CLDIFF: --fill Particle.n=i32:1:1000 --fill Particle.hits=i32:-1000:1000 --kernel update --global 1024 --local 64 --arg struct:Particle:1024 --arg struct:Particle:1024 --arg f32:1024 --arg int:1000 --arg float:0.125
