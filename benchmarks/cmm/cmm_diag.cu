/*
 * cmm_diag.cu - chained matrix multiplication order by dynamic programming,
 * with the DP table stored diagonal by diagonal: the hand-written data layout
 * of seed 000 (Sect. 6), as a reference point for cmm.cu.
 *
 * Same recurrence, inputs, launches and output as cmm.cu:
 *   M[i][j] = min over i <= k < j of M[i][k] + M[k+1][j] + dim[i-1]*dim[k]*dim[j]
 * but cell (i, j) of the upper triangle (1 <= i <= j <= n) lives at
 *   base(d) + i - 1,  d = j - i,  base(d) = d*n - d*(d-1)/2
 * (diagonal d holds its n - d cells in order of i).  Thread i of the launch
 * for diagonal d reads M[i][k] (diagonal k - i, position i) and M[k+1][j]
 * (diagonal j - k - 1, position k + 1): neighbouring threads read
 * neighbouring elements, so every access is coalesced, and the table takes
 * n(n+1)/2 cells instead of (n+1)^2.  The checksum is the same as cmm.cu's.
 *
 * Usage: cmm_diag [n] [--reps R] [--no-verify]   (as cmm.cu; default n 2048)
 *
 * Verification: the full serial DP on the CPU (row-major, as in cmm.cu);
 * every cell of M and S must be equal.
 */
#include "cmm_common.cuh" /* command line, input, repetitions, output lines, CPU reference */

/* position of cell (i, j), 1 <= i <= j <= n, in the diagonal layout */
__host__ __device__ __forceinline__ long diagIndex(int n, int i, int j)
{
    long d = j - i;
    return d * n - d * (d - 1) / 2 + (i - 1);
}

/* the main diagonal: a single matrix costs nothing */
__global__ void cmm_init(long long *M, int *S, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i > n)
        return;
    M[i - 1] = 0; /* diagonal 0 starts at 0 */
    S[i - 1] = i;
}

/* diagonal d (j = i + d): one thread per cell.  Along k the two operands
 * move from diagonal to diagonal: M[i][k] one diagonal up (+ n - s cells),
 * M[k+1][j] one diagonal down and one position on (- (n - d + s + 1)). */
__global__ void cmm_diagonal(const int *dim, long long *M, int *S, int n, int d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i > n - d)
        return;
    int j = i + d;
    long long best = LLONG_MAX;
    int bestk = i;
    long a = diagIndex(n, i, i);     /* M[i][k], k = i + s */
    long b = diagIndex(n, i + 1, j); /* M[k+1][j] */
    for (int s = 0; s < d; s++) {
        int k = i + s;
        long long cost = M[a] + M[b] + (long long)dim[i - 1] * dim[k] * dim[j];
        if (cost < best) {
            best = cost;
            bestk = k;
        }
        a += n - s;
        b -= n - d + s + 1;
    }
    M[diagIndex(n, i, j)] = best;
    S[diagIndex(n, i, j)] = bestk;
}

/* the layout: the upper triangle, diagonal by diagonal */
static size_t cmm_cells(int n)
{
    return (size_t)n * (n + 1) / 2;
}

static long cmm_cell(int n, int i, int j)
{
    return diagIndex(n, i, j);
}

int main(int argc, char **argv)
{
    cmm_data p;
    if (cmm_setup(argc, argv, &p) != 0)
        return 1;

    cmm_time(&p);

    /* checksum: every cell of the upper triangle of M and S (exact integer sums) */
    long long sumM = 0, sumS = 0;
    for (size_t c = 0; c < p.cells; c++) {
        sumM += p.h_M[c];
        sumS += p.h_S[c];
    }
    return cmm_finish(&p, "cmm_diag", (double)sumM + (double)sumS);
}
