/*
 * cmm_common.cuh - what cmm.cu (row-major DP table) and cmm_diag.cu (the
 * table diagonal by diagonal) share: the command line, the input dim, the
 * timed repetitions (copies and launches), the kdlg-bench lines and the check
 * against the serial DP on the CPU.  Each program holds what depends on its
 * layout of the table: the two kernels, the layout functions below and the
 * checksum loop.
 *
 * For a chain A_1 x A_2 x ... x A_n, A_i of dim[i-1] x dim[i], the DP table
 *   M[i][j] = min over i <= k < j of M[i][k] + M[k+1][j] + dim[i-1]*dim[k]*dim[j]
 *   M[i][i] = 0
 * is the least number of scalar multiplications for A_i..A_j, and S[i][j] the
 * k that attains it (the first one).  A program's main():
 *
 *     cmm_data p;
 *     if (cmm_setup(argc, argv, &p) != 0)   // usage or out of memory
 *         return 1;
 *     cmm_time(&p);                         // the repetitions
 *     ... checksum of p.h_M and p.h_S ...
 *     return cmm_finish(&p, "cmm", checksum);
 *
 * There is no struct here: kdlg-opt has nothing to transform, so the copies
 * and launches can live in this header (benchmarks/CONTRACT.md keeps them in
 * the program for the struct benchmarks, where kdlg-opt rewrites them).
 */
#ifndef CMM_COMMON_CUH
#define CMM_COMMON_CUH

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256

/* ---------------------------------- what each program defines (its layout) */

/* the main diagonal: M[i][i] = 0, S[i][i] = i (one thread per i) */
__global__ void cmm_init(long long *M, int *S, int n);
/* diagonal d (j = i + d): one thread per cell */
__global__ void cmm_diagonal(const int *dim, long long *M, int *S, int n, int d);
/* the number of cells of M and of S on the device */
static size_t cmm_cells(int n);
/* the position of cell (i, j), 1 <= i <= j <= n, in M and S */
static long cmm_cell(int n, int i, int j);

/* ---------------------------------------------------------------- host */

/* the sizes, the host arrays (input dim, results M and S), the device
 * arrays and the timer */
typedef struct cmm_data {
    int n;            /* matrices in the chain */
    int reps, verify; /* --reps R, !--no-verify */
    size_t cells, dim_bytes, m_bytes, s_bytes;
    int *h_dim, *h_S;
    long long *h_M;
    int *d_dim, *d_S;
    long long *d_M;
    bench_timer timer;
} cmm_data;

static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;

/* integer in [lo, hi] from a 64-bit LCG (fixed seed) */
static int rng_int(int lo, int hi)
{
    return lo + (int)((bench_lcg64_next(&rng_state) >> 33) % (unsigned long long)(hi - lo + 1));
}

/* The serial DP (seed 000, Listing 1) on row-major (n+1) x (n+1) tables, with
 * a column-major copy of M so that both operands of the inner loop are
 * contiguous (same values, same order). */
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

/* The command line (cmm [n] [--reps R] [--no-verify], n >= 2), dim[0..n]
 * uniform in [1, 100] from the fixed seed, the arrays (M and S of
 * cmm_cells(n) cells) and the timer.  Returns 0, or 1 after printing the
 * usage or "out of host memory" (the exit status). */
static int cmm_setup(int argc, char **argv, cmm_data *p)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 1, &args) != 0) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    int n = bench_pos_int(&args, 0, 2048);
    p->n = n;
    p->reps = args.reps;
    p->verify = args.verify;
    if (n < 2 || p->reps <= 0) {
        fprintf(stderr, "usage: %s [n >= 2] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }

    p->cells = cmm_cells(n);
    p->dim_bytes = (size_t)(n + 1) * sizeof(int);
    p->m_bytes = p->cells * sizeof(long long);
    p->s_bytes = p->cells * sizeof(int);

    p->h_dim = (int *)malloc(p->dim_bytes);
    p->h_M = (long long *)malloc(p->m_bytes);
    p->h_S = (int *)malloc(p->s_bytes);
    if (!p->h_dim || !p->h_M || !p->h_S) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    for (int i = 0; i <= n; i++)
        p->h_dim[i] = rng_int(1, 100);

    CUDA_CHECK(cudaMalloc((void **)&p->d_dim, p->dim_bytes));
    CUDA_CHECK(cudaMalloc((void **)&p->d_M, p->m_bytes));
    CUDA_CHECK(cudaMalloc((void **)&p->d_S, p->s_bytes));
    bench_timer_init(&p->timer, p->reps);
    return 0;
}

/* The timed repetitions, one warm-up first: dim to the device, the main
 * diagonal and one launch per diagonal d = 1 .. n-1, M and S back. */
static void cmm_time(cmm_data *p)
{
    int n = p->n;
    for (int rep = 0; rep <= p->reps; rep++) { /* rep 0: warm-up, not counted */
        bench_h2d_start(&p->timer);
        CUDA_CHECK(cudaMemcpy(p->d_dim, p->h_dim, p->dim_bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&p->timer);
        cmm_init<<<(n + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(p->d_M, p->d_S, n);
        CUDA_CHECK(cudaGetLastError());
        for (int d = 1; d < n; d++) {
            int cellsd = n - d;
            cmm_diagonal<<<(cellsd + BLOCK_SIZE - 1) / BLOCK_SIZE, BLOCK_SIZE>>>(p->d_dim, p->d_M, p->d_S, n, d);
            CUDA_CHECK(cudaGetLastError());
        }
        bench_kernels_stop(&p->timer);
        CUDA_CHECK(cudaMemcpy(p->h_M, p->d_M, p->m_bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(p->h_S, p->d_S, p->s_bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&p->timer);
    }
}

/* After the repetitions: the kdlg-bench lines (name, elements n(n+1)/2 cells
 * computed, bytes of M and S on the device; timing; the program's checksum),
 * the check unless --no-verify (the full serial DP on the CPU, the same
 * recurrence, k in the same order, strict < so ties keep the first k; every
 * cell of M and S must be equal), then frees the timer and p's arrays.
 * Returns the exit status. */
static int cmm_finish(cmm_data *p, const char *name, double checksum)
{
    int n = p->n;
    long w = n + 1;
    const long long *h_M = p->h_M;
    const int *h_S = p->h_S;

    bench_print_size(name, (long)n * (n + 1) / 2, p->m_bytes + p->s_bytes);
    bench_print_timing(&p->timer);
    bench_print_checksum(checksum);

    int status = 0;
    if (!p->verify) {
        status = bench_print_verify_skipped();
    } else {
        std::vector<long long> rM((size_t)w * w, 0);
        std::vector<int> rS((size_t)w * w, 0);
        cpuCMM(p->h_dim, n, rM, rS);
        double max_rel = 0.0;
        long bad = 0;
        for (int i = 1; i <= n; i++)
            for (int j = i; j <= n; j++) {
                long long g = h_M[cmm_cell(n, i, j)], c = rM[w * i + j];
                if (g != c) {
                    double den = c != 0 ? (double)llabs(c) : 1.0;
                    max_rel = std::max(max_rel, (double)llabs(g - c) / den);
                    bad++;
                } else if (h_S[cmm_cell(n, i, j)] != rS[w * i + j]) {
                    bad++;
                }
            }
        status = bench_print_verifyf(!bad, max_rel, " (%ld cells of M or S differ; M[1][n] = %lld, expected %lld)",
                                     bad, h_M[cmm_cell(n, 1, n)], rM[w * 1 + n]);
    }

    bench_timer_destroy(&p->timer);
    CUDA_CHECK(cudaFree(p->d_dim));
    CUDA_CHECK(cudaFree(p->d_M));
    CUDA_CHECK(cudaFree(p->d_S));
    free(p->h_dim);
    free(p->h_M);
    free(p->h_S);
    return status;
}

#endif /* CMM_COMMON_CUH */
