/*
 * atax_common.cuh - what atax.cu (the baseline) and atax_t.cu (the
 * transposed copy of A) share: the command line, the inputs, the second
 * kernel, the copies and launches of one repetition, the checksum, the
 * kdlg-bench lines and the CPU reference.  Each program holds its own
 * kernel_tmp (on its layout of A) and what it adds to a repetition.
 *
 * A is an nx x ny row-major matrix of doubles, x has ny elements, the
 * intermediate tmp = A x has nx and the result y = A^T tmp has ny.  A
 * program's main():
 *
 *     atax_data a;
 *     if (atax_setup(argc, argv, &a) != 0)      // usage or out of memory
 *         return 1;
 *     bench_timer timer;
 *     bench_timer_init(&timer, a.reps);
 *     for (int rep = 0; rep <= a.reps; rep++) { // rep 0: warm-up
 *         atax_upload(&a, &timer);              // A and x to the device
 *         ...                                   // atax_t: the transposition
 *         atax_products(&a, a.d_A, &timer);     // kernel_tmp on a.d_A, kernel_y
 *         atax_download(&a, &timer);            // tmp and y back
 *     }
 *     return atax_finish(&a, "atax", a.a_bytes, &timer);
 *
 * There is no struct here: kdlg-opt has nothing to transform, so the copies
 * and launches can live in this header (benchmarks/CONTRACT.md keeps them in
 * the program for the struct benchmarks, where kdlg-opt rewrites them).
 */
#ifndef ATAX_COMMON_CUH
#define ATAX_COMMON_CUH

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256
#define DATA_TYPE double

/* tmp[i] = sum_j A[i][j] * x[j]: each program defines it on its layout of A
 * (atax.cu: A itself, atax_t.cu: At = A^T); atax_products launches it. */
__global__ void kernel_tmp(const DATA_TYPE *A, const DATA_TYPE *x, DATA_TYPE *tmp, int nx, int ny);

/* y[j] = sum_i A[i][j] * tmp[i] (one thread per column j) */
__global__ void kernel_y(const DATA_TYPE *A, const DATA_TYPE *tmp, DATA_TYPE *y, int nx, int ny)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < ny) {
        DATA_TYPE sum = 0.0;
        for (int i = 0; i < nx; ++i)
            sum += A[(size_t)i * ny + j] * tmp[i];
        y[j] = sum;
    }
}

/* ---------------------------------------------------------------- host */

/* the sizes, the host arrays (inputs and results) and the device arrays */
typedef struct atax_data {
    int nx, ny;       /* A is nx x ny */
    int reps, verify; /* --reps R, !--no-verify */
    size_t a_bytes, x_bytes, tmp_bytes, y_bytes;
    DATA_TYPE *h_A, *h_x, *h_tmp, *h_y;
    DATA_TYPE *d_A, *d_x, *d_tmp, *d_y;
} atax_data;

static unsigned long long rng_state = 0xD1B54A32D192ED03ULL;

/* uniform in [lo, hi) from a 64-bit LCG (fixed seed) */
static double rng_range(double lo, double hi)
{
    return lo + (hi - lo) * bench_lcg64_uniform(&rng_state);
}

/* The command line (atax [nx] [ny] [--reps R] [--no-verify]; one size:
 * square), A and x uniform in [0.1, 1) from the fixed seed (A first, row by
 * row), and the device arrays.  Returns 0, or 1 after printing the usage or
 * "out of host memory" (the exit status). */
static int atax_setup(int argc, char **argv, atax_data *a)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 2, &args) != 0) {
        fprintf(stderr, "usage: %s [nx] [ny] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    int nx = bench_pos_int(&args, 0, 32768);
    int ny = bench_pos_int(&args, 1, nx); /* one size: square */
    a->nx = nx;
    a->ny = ny;
    a->reps = args.reps;
    a->verify = args.verify;
    if (nx <= 0 || ny <= 0 || a->reps <= 0) {
        fprintf(stderr, "usage: %s [nx] [ny] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }

    a->a_bytes = (size_t)nx * ny * sizeof(DATA_TYPE);
    a->x_bytes = (size_t)ny * sizeof(DATA_TYPE);
    a->tmp_bytes = (size_t)nx * sizeof(DATA_TYPE);
    a->y_bytes = (size_t)ny * sizeof(DATA_TYPE);

    a->h_A = (DATA_TYPE *)malloc(a->a_bytes);
    a->h_x = (DATA_TYPE *)malloc(a->x_bytes);
    a->h_tmp = (DATA_TYPE *)malloc(a->tmp_bytes);
    a->h_y = (DATA_TYPE *)malloc(a->y_bytes);
    if (!a->h_A || !a->h_x || !a->h_tmp || !a->h_y) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (size_t k = 0; k < (size_t)nx * ny; k++)
        a->h_A[k] = rng_range(0.1, 1.0);
    for (int j = 0; j < ny; j++)
        a->h_x[j] = rng_range(0.1, 1.0);

    CUDA_CHECK(cudaMalloc((void **)&a->d_A, a->a_bytes));
    CUDA_CHECK(cudaMalloc((void **)&a->d_x, a->x_bytes));
    CUDA_CHECK(cudaMalloc((void **)&a->d_tmp, a->tmp_bytes));
    CUDA_CHECK(cudaMalloc((void **)&a->d_y, a->y_bytes));
    return 0;
}

/* a repetition's start: A and x to the device (end-to-end time from here) */
static void atax_upload(const atax_data *a, bench_timer *timer)
{
    bench_h2d_start(timer);
    CUDA_CHECK(cudaMemcpy(a->d_A, a->h_A, a->a_bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(a->d_x, a->h_x, a->x_bytes, cudaMemcpyHostToDevice));
}

/* the two products, the kernel time: kernel_tmp on A_tmp (the program's
 * layout of A on the device), then kernel_y on A */
static void atax_products(const atax_data *a, const DATA_TYPE *A_tmp, bench_timer *timer)
{
    int nx = a->nx, ny = a->ny;
    bench_kernels_start(timer);
    kernel_tmp<<<(nx + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(A_tmp, a->d_x, a->d_tmp, nx, ny);
    CUDA_CHECK(cudaGetLastError());
    kernel_y<<<(ny + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(a->d_A, a->d_tmp, a->d_y, nx, ny);
    CUDA_CHECK(cudaGetLastError());
    bench_kernels_stop(timer);
}

/* a repetition's end: tmp and y back to the host */
static void atax_download(const atax_data *a, bench_timer *timer)
{
    CUDA_CHECK(cudaMemcpy(a->h_tmp, a->d_tmp, a->tmp_bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(a->h_y, a->d_y, a->y_bytes, cudaMemcpyDeviceToHost));
    bench_rep_end(timer);
}

/* After the repetitions: the kdlg-bench lines (name, elements nx*ny,
 * device_bytes: the matrix memory on the device; timing; checksum = sum tmp +
 * sum y), the check against the CPU reference unless --no-verify (every
 * element of tmp and y within relative error 1e-10; the inputs are positive,
 * so nothing cancels), then frees the timer and a's arrays.  Returns the exit
 * status. */
static int atax_finish(atax_data *a, const char *name, size_t device_bytes, bench_timer *timer)
{
    int nx = a->nx, ny = a->ny;
    const DATA_TYPE *h_A = a->h_A, *h_x = a->h_x, *h_tmp = a->h_tmp, *h_y = a->h_y;

    double checksum = 0.0;
    for (int i = 0; i < nx; i++)
        checksum += h_tmp[i];
    for (int j = 0; j < ny; j++)
        checksum += h_y[j];

    bench_print_size(name, (size_t)nx * ny, device_bytes);
    bench_print_timing(timer);
    bench_print_checksum(checksum);

    int status = 0;
    if (!a->verify) {
        status = bench_print_verify_skipped();
    } else {
        /* the CPU reference, in the kernels' summation order (y by rows of A: the
         * same sum for every j, accumulated in the same order of i) */
        std::vector<double> rtmp(nx), ry(ny, 0.0);
        for (int i = 0; i < nx; i++) {
            double sum = 0.0;
            const DATA_TYPE *row = h_A + (size_t)i * ny;
            for (int j = 0; j < ny; j++)
                sum += row[j] * h_x[j];
            rtmp[i] = sum;
        }
        for (int i = 0; i < nx; i++) {
            const DATA_TYPE *row = h_A + (size_t)i * ny;
            for (int j = 0; j < ny; j++)
                ry[j] += row[j] * rtmp[i];
        }
        double max_rel = 0.0;
        for (int i = 0; i < nx; i++)
            bench_max_rel_update(&max_rel, fabs(h_tmp[i] - rtmp[i]) / fabs(rtmp[i]));
        for (int j = 0; j < ny; j++)
            bench_max_rel_update(&max_rel, fabs(h_y[j] - ry[j]) / fabs(ry[j]));
        status = bench_print_verify(max_rel <= 1e-10, max_rel);
    }

    bench_timer_destroy(timer);
    CUDA_CHECK(cudaFree(a->d_A));
    CUDA_CHECK(cudaFree(a->d_x));
    CUDA_CHECK(cudaFree(a->d_tmp));
    CUDA_CHECK(cudaFree(a->d_y));
    free(a->h_A);
    free(a->h_x);
    free(a->h_tmp);
    free(a->h_y);
    return status;
}

#endif /* ATAX_COMMON_CUH */
