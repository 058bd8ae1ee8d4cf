/*
 * atax_t.cu - y = A^T (A x) (PolyBench ATAX) with a transposed copy of A:
 * the hand-written data layout of seed 003 ("Matrix Transposition: pre-
 * transposing the matrix ensures all global memory reads are coalesced"), as
 * a reference point for atax.cu.
 *
 * Same inputs (the row-major A on the host), output and summation order as
 * atax.cu.  The upload copies A to the device and writes At = A^T (ny x nx,
 * row-major) next to it with a tiled shared-memory transpose; kernel_tmp then
 * reads At, where neighbouring threads (rows i of A) read neighbouring
 * elements, and kernel_y reads A as before (already coalesced).  Both
 * products are coalesced, at the price of twice the matrix memory.
 *
 * Timing: the transposition belongs to the upload, as kdlg-opt's converting
 * cudaMemcpy does for a rewritten struct (the conversion kernel runs inside
 * the copy): e2e_ms includes it, kernel_ms (kernel_tmp + kernel_y) does not.
 *
 * Every tmp[i] and y[j] is summed in the same order as in atax.cu, so the
 * results, and the checksum, are bit for bit the same.
 *
 * Usage: atax_t [nx] [ny] [--reps R] [--no-verify]   (as atax.cu; default 32768 x 32768)
 *
 * Verification: as atax.cu (full CPU reference, relative error 1e-10).
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
#define TILE 32 /* transpose tile (TILE x TILE elements, TILE x 8 threads) */
#define DATA_TYPE double

/* At[j][i] = A[i][j]: A (nx x ny) through a shared-memory tile, both sides coalesced */
__global__ void transpose(const DATA_TYPE *A, DATA_TYPE *At, int nx, int ny)
{
    __shared__ DATA_TYPE tile[TILE][TILE + 1];
    int j0 = blockIdx.x * TILE; /* columns of A */
    int i0 = blockIdx.y * TILE; /* rows of A */
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) {
        int i = i0 + r, j = j0 + threadIdx.x;
        if (i < nx && j < ny)
            tile[r][threadIdx.x] = A[(size_t)i * ny + j];
    }
    __syncthreads();
    for (int r = threadIdx.y; r < TILE; r += blockDim.y) {
        int j = j0 + r, i = i0 + threadIdx.x;
        if (i < nx && j < ny)
            At[(size_t)j * nx + i] = tile[threadIdx.x][r];
    }
}

/* tmp[i] = sum_j A[i][j] * x[j], reading At[j][i] (coalesced) */
__global__ void kernel_tmp(const DATA_TYPE *At, const DATA_TYPE *x, DATA_TYPE *tmp, int nx, int ny)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        DATA_TYPE sum = 0.0;
        for (int j = 0; j < ny; ++j)
            sum += At[(size_t)j * nx + i] * x[j];
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

    DATA_TYPE *d_A, *d_At, *d_x, *d_tmp, *d_y;
    CUDA_CHECK(cudaMalloc((void **)&d_A, a_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_At, a_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_x, x_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_tmp, tmp_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_y, y_bytes));

    bench_timer timer;
    bench_timer_init(&timer, reps);
    for (int rep = 0; rep <= reps; rep++) { /* rep 0: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_A, h_A, a_bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_x, h_x, x_bytes, cudaMemcpyHostToDevice));
        /* the layout change, part of the upload */
        transpose<<<dim3((ny + TILE - 1) / TILE, (nx + TILE - 1) / TILE), dim3(TILE, 8)>>>(d_A, d_At, nx, ny);
        CUDA_CHECK(cudaGetLastError());
        bench_kernels_start(&timer);
        kernel_tmp<<<(nx + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_At, d_x, d_tmp, nx, ny);
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

    bench_print_size("atax_t", (size_t)nx * ny, 2 * a_bytes);
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
    CUDA_CHECK(cudaFree(d_At));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_tmp));
    CUDA_CHECK(cudaFree(d_y));
    free(h_A);
    free(h_x);
    free(h_tmp);
    free(h_y);
    return status;
}
