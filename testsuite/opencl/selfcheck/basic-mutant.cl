// SELF-CHECK MUTANT of kernels/basic.cl (not a test kernel): identical but
// for one bit of one field of the last element (bits ^= 1 << 7 when
// i == n - 1).  The harness must report the difference (ctest
// opencl/selfcheck/mutant).
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
  if (i == n - 1)
    p[i].bits ^= 1u << 7;           // the mutation
  p[i].n = (int)(ref[i].x * 100.0f);
  p[i].n++;                         // post-increment statement
  ++p[i].n;                         // pre-increment
  int before = p[i].hits--;         // post-decrement used as a value
  int after = --p[i].hits;          // pre-decrement used as a value
  p[i].n <<= 2;
  p[i].n %= 1000;
  out[i] = (float)(before - after) + p[i].x + p[i].y + (float)p[i].n;
}

