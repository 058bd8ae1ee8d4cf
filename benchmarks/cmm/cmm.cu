/*
 * cmm.cu - chained matrix multiplication order by dynamic programming,
 * the baseline of seed 000 (row-major DP table, one kernel launch per
 * diagonal).
 *
 * For a chain A_1 x A_2 x ... x A_n, A_i of dim[i-1] x dim[i], the DP table
 *   M[i][j] = min over i <= k < j of M[i][k] + M[k+1][j] + dim[i-1]*dim[k]*dim[j]
 *   M[i][i] = 0
 * is the least number of scalar multiplications for A_i..A_j, and S[i][j] the
 * k that attains it (the first one).  M and S are (n+1) x (n+1) row-major
 * arrays indexed from 1 as in the seed (M[i][j] at M[(n+1)*i + j]).  Diagonal
 * d = j - i depends on every shorter diagonal only, so each diagonal is one
 * kernel launch with one thread per cell.  Thread i reads row i
 * (M[i][i..j-1]) and column j (M[i+1..j][j]): neighbouring threads are n+2
 * elements apart in both, so no access is coalesced.  cmm_diag.cu is the
 * seed's remedy, the same program with the table stored diagonal by diagonal.
 *
 * There is no struct here: kdlg-opt has nothing to transform (see README.md).
 *
 * Usage: cmm [n] [--reps R] [--no-verify]
 *   n        number of matrices in the chain (default 2048)
 *   --reps   timed repetitions (default 5), after one warm-up repetition
 *   --no-verify  skip the CPU reference
 *
 * Verification: the full serial DP on the CPU (the same recurrence, k in the
 * same order, strict < so ties keep the first k); every cell of M and S must
 * be equal (integers).
 */
#include "cmm_common.cuh" /* command line, input, repetitions, output lines, CPU reference */

/* the main diagonal: a single matrix costs nothing */
__global__ void cmm_init(long long *M, int *S, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i > n)
        return;
    M[(long)(n + 1) * i + i] = 0;
    S[(long)(n + 1) * i + i] = i;
}

/* diagonal d (j = i + d): one thread per cell */
__global__ void cmm_diagonal(const int *dim, long long *M, int *S, int n, int d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
    if (i > n - d)
        return;
    int j = i + d;
    long w = n + 1;
    long long best = LLONG_MAX;
    int bestk = i;
    for (int k = i; k < j; k++) {
        long long cost = M[w * i + k] + M[w * (k + 1) + j] +
                         (long long)dim[i - 1] * dim[k] * dim[j];
        if (cost < best) {
            best = cost;
            bestk = k;
        }
    }
    M[w * i + j] = best;
    S[w * i + j] = bestk;
}

/* the layout: row-major (n+1) x (n+1) tables, indexed from 1 */
static size_t cmm_cells(int n)
{
    long w = n + 1;
    return (size_t)w * w;
}

static long cmm_cell(int n, int i, int j)
{
    return (long)(n + 1) * i + j;
}

int main(int argc, char **argv)
{
    cmm_data p;
    if (cmm_setup(argc, argv, &p) != 0)
        return 1;
    /* the lower triangle is never written: zero, so that the copies back are deterministic */
    CUDA_CHECK(cudaMemset(p.d_M, 0, p.m_bytes));
    CUDA_CHECK(cudaMemset(p.d_S, 0, p.s_bytes));

    cmm_time(&p);

    /* checksum: every cell of the upper triangle of M and S (exact integer sums) */
    long n = p.n, w = n + 1;
    long long sumM = 0, sumS = 0;
    for (long i = 1; i <= n; i++)
        for (long j = i; j <= n; j++) {
            sumM += p.h_M[w * i + j];
            sumS += p.h_S[w * i + j];
        }
    return cmm_finish(&p, "cmm", (double)sumM + (double)sumS);
}
