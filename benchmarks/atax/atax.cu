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
#include "atax_common.cuh" /* command line, inputs, kernel_y, copies, output lines, CPU reference */

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

int main(int argc, char **argv)
{
    atax_data a;
    if (atax_setup(argc, argv, &a) != 0)
        return 1;

    bench_timer timer;
    bench_timer_init(&timer, a.reps);
    for (int rep = 0; rep <= a.reps; rep++) { /* rep 0: warm-up, not counted */
        atax_upload(&a, &timer);
        atax_products(&a, a.d_A, &timer);
        atax_download(&a, &timer);
    }
    return atax_finish(&a, "atax", a.a_bytes, &timer);
}
