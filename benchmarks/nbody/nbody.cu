/*
 * nbody.cu - all-pairs gravitational N-body simulation.
 *
 * Bundled input program for kdlg-opt. The body data is deliberately kept in
 * array-of-structures (AoS) form (struct Body { float4 pos; float4 vel; })
 * so that the data-layout optimizer has something to transform.
 *
 * Usage: nbody [n] [steps] [--reps R] [--verify | --no-verify]
 *   n           number of bodies (default 16384)
 *   steps       number of time steps (default 10)
 *   --reps R    timed repetitions (default 5), after one warm-up
 *   --verify    check against the same algorithm on the host (the default)
 *   --no-verify skip the check
 *
 * Each repetition copies the initial bodies to the device, runs `steps`
 * steps (bodyForce, then integrate) and copies the bodies back, so every
 * repetition computes the same result.  The check reruns the simulation on
 * the host (float, the same order of summation, on all hardware threads) and
 * compares positions and velocities: relative error with a floor of 1e-2 on
 * the denominator, tolerance 1e-3 (the GPU contracts a * b + c into fused
 * multiply-adds, the host does not).  Output lines: see
 * benchmarks/CONTRACT.md; the lines compared by
 * testsuite/cuda/run-gpu-diff.sh (all but the timing) are deterministic.
 */
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256
#define SOFTENING 1e-3f

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
    return bench_lcg32_uniform(&lcg_state);
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

/* CPU version of exactly the same algorithm (the check).  The forces of a
 * step are computed on all hardware threads, each body's sum in the GPU's
 * order, so the result does not depend on the number of threads. */
static void cpuSimulate(Body *b, int n, int steps, float dt)
{
    unsigned int nt = bench_host_threads();
    float *acc = (float *)malloc((size_t)n * 3 * sizeof(float));
    for (int s = 0; s < steps; s++) {
        bench_parallel_for(nt, n, [=](unsigned int, long long lo, long long hi) {
            for (int i = (int)lo; i < (int)hi; i++) {
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
        });
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
    bench_args args;
    int bad = bench_parse_args(argc, argv, 2, &args);
    int n = bench_pos_int(&args, 0, 16384);
    int steps = bench_pos_int(&args, 1, 10);
    int reps = args.reps;
    int verify = args.verify;
    const float dt = 0.01f;

    if (bad || n <= 0 || steps < 0 || reps < 1) {
        fprintf(stderr, "usage: %s [n] [steps] [--reps R] [--verify | --no-verify]\n", argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Body);
    Body *h_bodies = (Body *)malloc(bytes);
    Body *h_out = (Body *)malloc(bytes);
    if (!h_bodies || !h_out) {
        fprintf(stderr, "out of host memory (%zu bytes)\n", 2 * bytes);
        return 1;
    }
    initBodies(h_bodies, n);

    Body *d_bodies;
    CUDA_CHECK(cudaMalloc((void **)&d_bodies, bytes));

    int grid = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    bench_timer timer;
    bench_timer_init(&timer, reps);

    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_bodies, h_bodies, bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        for (int s = 0; s < steps; s++) {
            bodyForce<<<grid, BLOCK_SIZE>>>(d_bodies, dt, n);
            CUDA_CHECK(cudaGetLastError());
            integrate<<<grid, BLOCK_SIZE>>>(d_bodies, dt, n);
            CUDA_CHECK(cudaGetLastError());
        }
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_out, d_bodies, bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    bench_print_size("nbody", n, bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum(h_out, n));

    int status = 0;
    if (verify) {
        cpuSimulate(h_bodies, n, steps, dt); /* h_bodies: the input, now the reference */
        double maxRel = 0.0;
        for (int i = 0; i < n; i++) {
            double e[6];
            e[0] = relErr(h_out[i].pos.x, h_bodies[i].pos.x);
            e[1] = relErr(h_out[i].pos.y, h_bodies[i].pos.y);
            e[2] = relErr(h_out[i].pos.z, h_bodies[i].pos.z);
            e[3] = relErr(h_out[i].vel.x, h_bodies[i].vel.x);
            e[4] = relErr(h_out[i].vel.y, h_bodies[i].vel.y);
            e[5] = relErr(h_out[i].vel.z, h_bodies[i].vel.z);
            for (int k = 0; k < 6; k++)
                if (!(e[k] <= maxRel)) /* NaN too */
                    maxRel = e[k];
        }
        status = bench_print_verifyf(maxRel <= 1e-3, maxRel, " tolerance=1.0e-03");
    } else {
        status = bench_print_verify_skipped();
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_bodies));
    free(h_bodies);
    free(h_out);
    return status;
}
