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
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256

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

/* ---------------------------------------------------------------- host */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

/* integer in [lo, hi] from a 64-bit LCG (fixed seed) */
static int rng_int(int lo, int hi)
{
    return lo + (int)((bench_lcg64_next(&rng_state) >> 33) % (unsigned long long)(hi - lo + 1));
}

/* The serial DP (seed 000, Listing 1), with a column-major copy of M so that
 * both operands of the inner loop are contiguous (same values, same order). */
static void cpuCMM(const int *dim, int n, std::vector<long long> &M, std::vector<int> &S)
{
    long w = n + 1;
    std::vector<long long> Mc((size_t)w * w, 0); /* Mc[j*w + i] = M[i][j] */
    for (int i = 1; i <= n; i++) {
        M[w * i + i] = 0;
        S[w * i + i] = i;
    }
    for (int d = 1; d < n; d++)
        for (int i = 1; i <= n - d; i++) {
            int j = i + d;
            const long long *row = &M[w * i];
            const long long *col = &Mc[w * j];
            long long best = LLONG_MAX;
            int bestk = i;
            for (int k = i; k < j; k++) {
                long long cost = row[k] + col[k + 1] + (long long)dim[i - 1] * dim[k] * dim[j];
                if (cost < best) {
                    best = cost;
                    bestk = k;
                }
            }
            M[w * i + j] = best;
            Mc[w * j + i] = best;
            S[w * i + j] = bestk;
        }
}

int main(int argc, char **argv)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 1, &args) != 0) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    int n = bench_pos_int(&args, 0, 2048);
    int reps = args.reps;
    int verify = args.verify;
    if (n < 2 || reps <= 0) {
        fprintf(stderr, "usage: %s [n >= 2] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }

    long w = n + 1;
    size_t cells = (size_t)w * w;
    size_t dim_bytes = (size_t)(n + 1) * sizeof(int);
    size_t m_bytes = cells * sizeof(long long);
    size_t s_bytes = cells * sizeof(int);

    int *h_dim = (int *)malloc(dim_bytes);
    long long *h_M = (long long *)malloc(m_bytes);
    int *h_S = (int *)malloc(s_bytes);
    if (!h_dim || !h_M || !h_S) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (int i = 0; i <= n; i++)
        h_dim[i] = rng_int(1, 100);

    int *d_dim;
    long long *d_M;
    int *d_S;
    CUDA_CHECK(cudaMalloc((void **)&d_dim, dim_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_M, m_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_S, s_bytes));
    /* the lower triangle is never written: zero, so that the copies back are deterministic */
    CUDA_CHECK(cudaMemset(d_M, 0, m_bytes));
    CUDA_CHECK(cudaMemset(d_S, 0, s_bytes));

    bench_timer timer;
    bench_timer_init(&timer, reps);
    for (int rep = 0; rep <= reps; rep++) { /* rep 0: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_dim, h_dim, dim_bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        cmm_init<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_M, d_S, n);
        CUDA_CHECK(cudaGetLastError());
        for (int d = 1; d < n; d++) {
            int cellsd = n - d;
            cmm_diagonal<<<(cellsd + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(d_dim, d_M, d_S, n, d);
            CUDA_CHECK(cudaGetLastError());
        }
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_M, d_M, m_bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(h_S, d_S, s_bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    /* checksum: every cell of the upper triangle of M and S (exact integer sums) */
    long long sumM = 0, sumS = 0;
    for (long i = 1; i <= n; i++)
        for (long j = i; j <= n; j++) {
            sumM += h_M[w * i + j];
            sumS += h_S[w * i + j];
        }
    double checksum = (double)sumM + (double)sumS;

    bench_print_size("cmm", (long)n * (n + 1) / 2, m_bytes + s_bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum);

    int status = 0;
    if (!verify) {
        status = bench_print_verify_skipped();
    } else {
        std::vector<long long> rM(cells, 0);
        std::vector<int> rS(cells, 0);
        cpuCMM(h_dim, n, rM, rS);
        double max_rel = 0.0;
        long bad = 0;
        for (long i = 1; i <= n; i++)
            for (long j = i; j <= n; j++) {
                long long g = h_M[w * i + j], c = rM[w * i + j];
                if (g != c) {
                    double den = c != 0 ? (double)llabs(c) : 1.0;
                    max_rel = std::max(max_rel, (double)llabs(g - c) / den);
                    bad++;
                } else if (h_S[w * i + j] != rS[w * i + j]) {
                    bad++;
                }
            }
        status = bench_print_verifyf(!bad, max_rel, " (%ld cells of M or S differ; M[1][n] = %lld, expected %lld)",
                                     bad, h_M[w * 1 + n], rM[w * 1 + n]);
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_dim));
    CUDA_CHECK(cudaFree(d_M));
    CUDA_CHECK(cudaFree(d_S));
    free(h_dim);
    free(h_M);
    free(h_S);
    return status;
}
