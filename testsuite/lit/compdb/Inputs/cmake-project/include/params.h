// Only a macro: the kernel needs it, so particles.cu parses only with this
// directory on the include path.
#define PARTICLE_DT 0.01f
