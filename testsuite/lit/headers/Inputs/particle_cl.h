// (headers/opencl.cl) the struct and a helper that reads it, for OpenCL
typedef struct {
  float4 pos;
  float4 vel;
  int id;
} Particle;
float speed2(__global const Particle *p, int i) { return dot(p[i].vel, p[i].vel); }
