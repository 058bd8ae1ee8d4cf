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
#include "atax_common.cuh" /* command line, inputs, kernel_y, copies, output lines, CPU reference */

#define TILE 32 /* transpose tile (TILE x TILE elements, TILE x 8 threads) */

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

int main(int argc, char **argv)
{
    atax_data a;
    if (atax_setup(argc, argv, &a) != 0)
        return 1;
    DATA_TYPE *d_At; /* A^T, ny x nx */
    CUDA_CHECK(cudaMalloc((void **)&d_At, a.a_bytes));

    bench_timer timer;
    bench_timer_init(&timer, a.reps);
    for (int rep = 0; rep <= a.reps; rep++) { /* rep 0: warm-up, not counted */
        atax_upload(&a, &timer);
        /* the layout change, part of the upload */
        transpose<<<dim3((a.ny + TILE - 1) / TILE, (a.nx + TILE - 1) / TILE), dim3(TILE, 8)>>>(a.d_A, d_At, a.nx, a.ny);
        CUDA_CHECK(cudaGetLastError());
        atax_products(&a, d_At, &timer);
        atax_download(&a, &timer);
    }
    int status = atax_finish(&a, "atax_t", 2 * a.a_bytes, &timer);
    CUDA_CHECK(cudaFree(d_At));
    return status;
}
