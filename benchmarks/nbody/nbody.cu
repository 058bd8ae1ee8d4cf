/*
 * nbody.cu - all-pairs gravitational N-body simulation.
 *
 * Bundled input program for kdlg-opt. The body data is deliberately kept in
 * array-of-structures (AoS) form (struct Body { float4 pos; float4 vel; })
 * so that the data-layout optimizer has something to transform.
 *
 * Usage: nbody [n] [steps] [--verify]
 *   n       number of bodies (default 16384)
 *   steps   number of time steps (default 10)
 *   --verify  also run the same algorithm on the CPU and report the
 *             maximum relative error (intended for small n)
 */
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256
#define SOFTENING 1e-3f

#define CUDA_CHECK(call)                                                  \
    do {                                                                  \
        cudaError_t err_ = (call);                                        \
        if (err_ != cudaSuccess) {                                        \
            fprintf(stderr, "CUDA error %s at %s:%d\n",                   \
                    cudaGetErrorString(err_), __FILE__, __LINE__);        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

struct Body {
    float4 pos; /* x, y, z, w = mass */
    float4 vel; /* x, y, z, w unused */
};

/* Acceleration contribution of body bj on body bi, added to acc. */
__device__ __forceinline__
float3 bodyBodyInteraction(float4 bi, float4 bj, float3 acc)
{
    float dx = bj.x - bi.x;
    float dy = bj.y - bi.y;
    float dz = bj.z - bi.z;
    float distSqr = dx * dx + dy * dy + dz * dz + SOFTENING;
    float invDist = 1.0f / sqrtf(distSqr);
    float invDist3 = invDist * invDist * invDist;
    float s = bj.w * invDist3;
    acc.x += dx * s;
    acc.y += dy * s;
    acc.z += dz * s;
    return acc;
}

/* Advance body i's position by its velocity. */
__device__ __forceinline__
void integrateBody(Body *p, int i, float dt)
{
    p[i].pos.x += p[i].vel.x * dt;
    p[i].pos.y += p[i].vel.y * dt;
    p[i].pos.z += p[i].vel.z * dt;
}

__global__ void bodyForce(Body *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;

    float4 myPos = p[i].pos;
    float3 acc = make_float3(0.0f, 0.0f, 0.0f);
    for (int j = 0; j < n; j++) {
        acc = bodyBodyInteraction(myPos, p[j].pos, acc);
    }

    p[i].vel.x += dt * acc.x;
    p[i].vel.y += dt * acc.y;
    p[i].vel.z += dt * acc.z;
}

__global__ void integrate(Body *p, float dt, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        integrateBody(p, i, dt);
}

/* ---------------------------------------------------------------- host */

static unsigned int lcg_state = 12345u;

static float lcg_uniform(void)
{
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return (float)((lcg_state >> 8) & 0xFFFFFF) / 16777216.0f;
}

/* Value in [lo, hi), nudged away from zero. */
static float lcg_range(float lo, float hi)
{
    float v = lo + (hi - lo) * lcg_uniform();
    if (fabsf(v) < 1e-3f)
        v = 1e-3f;
    return v;
}

static void initBodies(Body *b, int n)
{
    for (int i = 0; i < n; i++) {
        b[i].pos.x = lcg_range(-1.0f, 1.0f);
        b[i].pos.y = lcg_range(-1.0f, 1.0f);
        b[i].pos.z = lcg_range(-1.0f, 1.0f);
        b[i].pos.w = lcg_range(0.5f, 1.5f) / (float)n; /* mass */
        b[i].vel.x = lcg_range(-0.1f, 0.1f);
        b[i].vel.y = lcg_range(-0.1f, 0.1f);
        b[i].vel.z = lcg_range(-0.1f, 0.1f);
        b[i].vel.w = 1.0f;
    }
}

/* CPU version of exactly the same algorithm (used by --verify). */
static void cpuSimulate(Body *b, int n, int steps, float dt)
{
    float *acc = (float *)malloc((size_t)n * 3 * sizeof(float));
    for (int s = 0; s < steps; s++) {
        for (int i = 0; i < n; i++) {
            float ax = 0.0f, ay = 0.0f, az = 0.0f;
            for (int j = 0; j < n; j++) {
                float dx = b[j].pos.x - b[i].pos.x;
                float dy = b[j].pos.y - b[i].pos.y;
                float dz = b[j].pos.z - b[i].pos.z;
                float distSqr = dx * dx + dy * dy + dz * dz + SOFTENING;
                float invDist = 1.0f / sqrtf(distSqr);
                float invDist3 = invDist * invDist * invDist;
                float w = b[j].pos.w * invDist3;
                ax += dx * w;
                ay += dy * w;
                az += dz * w;
            }
            acc[3 * i + 0] = ax;
            acc[3 * i + 1] = ay;
            acc[3 * i + 2] = az;
        }
        for (int i = 0; i < n; i++) {
            b[i].vel.x += dt * acc[3 * i + 0];
            b[i].vel.y += dt * acc[3 * i + 1];
            b[i].vel.z += dt * acc[3 * i + 2];
            b[i].pos.x += b[i].vel.x * dt;
            b[i].pos.y += b[i].vel.y * dt;
            b[i].pos.z += b[i].vel.z * dt;
        }
    }
    free(acc);
}

/* Relative difference of two values, with a floor on the denominator. */
static double relErr(float gpu, float cpu)
{
    double denom = fabs((double)cpu);
    if (denom < 1e-2)
        denom = 1e-2;
    return fabs((double)gpu - (double)cpu) / denom;
}

static double checksum(const Body *b, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += (double)b[i].pos.x + (double)b[i].pos.y +
               (double)b[i].pos.z + (double)b[i].pos.w;
    return sum;
}

int main(int argc, char **argv)
{
    int n = 16384;
    int steps = 10;
    int verify = 0;
    int positional = 0;
    const float dt = 0.01f;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--verify") == 0)
            verify = 1;
        else if (positional == 0) {
            n = atoi(argv[a]);
            positional++;
        } else if (positional == 1) {
            steps = atoi(argv[a]);
            positional++;
        }
    }
    if (n <= 0 || steps < 0) {
        fprintf(stderr, "usage: %s [n] [steps] [--verify]\n", argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Body);
    Body *h_bodies = (Body *)malloc(bytes);
    initBodies(h_bodies, n);

    Body *h_ref = NULL;
    if (verify) {
        h_ref = (Body *)malloc(bytes);
        memcpy(h_ref, h_bodies, bytes);
    }

    Body *d_bodies;
    CUDA_CHECK(cudaMalloc((void **)&d_bodies, bytes));
    CUDA_CHECK(cudaMemcpy(d_bodies, h_bodies, bytes, cudaMemcpyHostToDevice));

    int grid = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));

    CUDA_CHECK(cudaEventRecord(start, 0));
    for (int s = 0; s < steps; s++) {
        bodyForce<<<grid, BLOCK_SIZE>>>(d_bodies, dt, n);
        integrate<<<grid, BLOCK_SIZE>>>(d_bodies, dt, n);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaDeviceSynchronize());

    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    CUDA_CHECK(cudaMemcpy(h_bodies, d_bodies, bytes, cudaMemcpyDeviceToHost));

    printf("n = %d, steps = %d, time = %.3f ms\n", n, steps, ms);
    printf("checksum: %.6e\n", checksum(h_bodies, n));

    int status = 0;
    if (verify) {
        cpuSimulate(h_ref, n, steps, dt);
        double maxRel = 0.0;
        for (int i = 0; i < n; i++) {
            double e[6];
            e[0] = relErr(h_bodies[i].pos.x, h_ref[i].pos.x);
            e[1] = relErr(h_bodies[i].pos.y, h_ref[i].pos.y);
            e[2] = relErr(h_bodies[i].pos.z, h_ref[i].pos.z);
            e[3] = relErr(h_bodies[i].vel.x, h_ref[i].vel.x);
            e[4] = relErr(h_bodies[i].vel.y, h_ref[i].vel.y);
            e[5] = relErr(h_bodies[i].vel.z, h_ref[i].vel.z);
            for (int k = 0; k < 6; k++)
                if (e[k] > maxRel)
                    maxRel = e[k];
        }
        printf("verify: max relative error = %.3e\n", maxRel);
        if (maxRel > 1e-3) {
            printf("verify: FAILED\n");
            status = 1;
        } else {
            printf("verify: PASSED\n");
        }
        free(h_ref);
    }

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_bodies));
    free(h_bodies);
    return status;
}
