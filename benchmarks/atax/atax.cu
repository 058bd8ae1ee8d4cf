/*
 * atax.cu - y = A^T (A x) (PolyBench ATAX), the baseline of seed 003.
 *
 * A is an nx x ny row-major matrix of doubles, x has ny elements, the
 * intermediate tmp = A x has nx and the result y = A^T tmp has ny.  Two
 * kernels, as in the seed:
 *   kernel_tmp: one thread per row i, tmp[i] = sum_j A[i][j] * x[j]
 *   kernel_y:   one thread per column j, y[j] = sum_i A[i][j] * tmp[i]
 * In kernel_tmp neighbouring threads read A ny elements apart (one row each):
 * uncoalesced.  In kernel_y neighbouring threads read neighbouring elements of
 * a row: coalesced.  (The seed blames the second, column-wise product; with
 * its own kernels it is the first one that is uncoalesced.)  atax_t.cu is the
 * seed's remedy, a transposed copy of A.
 *
 * There is no struct here: kdlg-opt has nothing to transform (see README.md).
 *
 * Usage: atax [nx] [ny] [--reps R] [--no-verify]
 *   nx, ny   rows and columns of A (default 32768 x 32768: 8 GiB)
 *   --reps   timed repetitions (default 5), after one warm-up repetition
 *   --no-verify  skip the CPU reference
 *
 * Verification: the full product on the CPU (same summation order); every
 * element of tmp and y within relative error 1e-10 (inputs are positive, so
 * nothing cancels).
 */
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

/* tmp[i] = sum_j A[i][j] * x[j] */
__global__ void kernel_tmp(const DATA_TYPE *A, const DATA_TYPE *x, DATA_TYPE *tmp, int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        DATA_TYPE sum = 0.0;
        size_t row_off = (size_t)i * ny;
        for (int j = 0; j < ny; ++j)
            sum += A[row_off + j] * x[j];
        tmp[i] = sum;
    }
}

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

static unsigned long long rng_state = 0xD1B54A32D192ED03ULL;

/* uniform in [lo, hi) from a 64-bit LCG (fixed seed) */
static double rng_range(double lo, double hi)
{
    return lo + (hi - lo) * bench_lcg64_uniform(&rng_state);
}

int main(int argc, char **argv)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 2, &args) != 0) {
        fprintf(stderr, "usage: %s [nx] [ny] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    int nx = bench_pos_int(&args, 0, 32768);
    int ny = bench_pos_int(&args, 1, nx); /* one size: square */
    int reps = args.reps;
    int verify = args.verify;
    if (nx <= 0 || ny <= 0 || reps <= 0) {
        fprintf(stderr, "usage: %s [nx] [ny] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }

    size_t a_bytes = (size_t)nx * ny * sizeof(DATA_TYPE);
    size_t x_bytes = (size_t)ny * sizeof(DATA_TYPE);
    size_t tmp_bytes = (size_t)nx * sizeof(DATA_TYPE);
    size_t y_bytes = (size_t)ny * sizeof(DATA_TYPE);

    DATA_TYPE *h_A = (DATA_TYPE *)malloc(a_bytes);
    DATA_TYPE *h_x = (DATA_TYPE *)malloc(x_bytes);
    DATA_TYPE *h_tmp = (DATA_TYPE *)malloc(tmp_bytes);
    DATA_TYPE *h_y = (DATA_TYPE *)malloc(y_bytes);
    if (!h_A || !h_x || !h_tmp || !h_y) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (size_t k = 0; k < (size_t)nx * ny; k++)
        h_A[k] = rng_range(0.1, 1.0);
    for (int j = 0; j < ny; j++)
        h_x[j] = rng_range(0.1, 1.0);

    DATA_TYPE *d_A, *d_x, *d_tmp, *d_y;
    CUDA_CHECK(cudaMalloc((void **)&d_A, a_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_x, x_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_tmp, tmp_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_y, y_bytes));

    bench_timer timer;
    bench_timer_init(&timer, reps);
    for (int rep = 0; rep <= reps; rep++) { /* rep 0: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_A, h_A, a_bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_x, h_x, x_bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        kernel_tmp<<<(nx + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_x, d_tmp, nx, ny);
        CUDA_CHECK(cudaGetLastError());
        kernel_y<<<(ny + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_A, d_tmp, d_y, nx, ny);
        CUDA_CHECK(cudaGetLastError());
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_tmp, d_tmp, tmp_bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(h_y, d_y, y_bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    double checksum = 0.0;
    for (int i = 0; i < nx; i++)
        checksum += h_tmp[i];
    for (int j = 0; j < ny; j++)
        checksum += h_y[j];

    bench_print_size("atax", (size_t)nx * ny, a_bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum);

    int status = 0;
    if (!verify) {
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
        for (int i = 0; i < nx; i++) {
            double rel = fabs(h_tmp[i] - rtmp[i]) / fabs(rtmp[i]);
            if (!(rel <= max_rel))
                max_rel = std::isnan(rel) ? INFINITY : rel;
        }
        for (int j = 0; j < ny; j++) {
            double rel = fabs(h_y[j] - ry[j]) / fabs(ry[j]);
            if (!(rel <= max_rel))
                max_rel = std::isnan(rel) ? INFINITY : rel;
        }
        status = bench_print_verify(max_rel <= 1e-10, max_rel);
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_A));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_tmp));
    CUDA_CHECK(cudaFree(d_y));
    free(h_A);
    free(h_x);
    free(h_tmp);
    free(h_y);
    return status;
}
