#define NITER 64
