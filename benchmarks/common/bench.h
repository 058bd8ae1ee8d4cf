/*
 * benchmarks/common/bench.h - the host-side boilerplate that every benchmark
 * program in benchmarks/<name>/ shares (benchmarks/CONTRACT.md): checking CUDA
 * calls, the command line (--reps R, --no-verify, positional sizes), timing
 * with CUDA events (warm-up, median), the `kdlg-bench` output lines that
 * benchmarks/run parses, and the fixed-seed generators of the inputs.
 *
 * Header only, plain C plus the CUDA runtime API (every function is `static
 * inline`; nothing here is a kernel or device code), and for C++ (every
 * program is a .cu file) the thread pool and the reductions of the CPU
 * references and checks (bench_parallel_for, at the end).  A program
 * includes it as
 *
 *     #include "../common/bench.h"
 *
 * which the compiler finds next to the original source; for kdlg-opt's
 * outputs, which live elsewhere, compile with `-I benchmarks/<name>` (as
 * benchmarks/compile-variants.sh, benchmarks/run and
 * testsuite/cuda/build-gpu-suite.sh do): the relative name is then found
 * through that directory.
 *
 * kdlg-opt parses this header with the program.  It must stay free of
 * anything kdlg-opt could rewrite or that could keep a struct in AoS: no
 * kernels, no pointer to a program's struct (the helpers take sizes, times
 * and numbers), no memory calls (cudaMalloc, cudaMemcpy, ... stay in the
 * program, where kdlg-opt rewrites them).
 *
 * A typical main():
 *
 *     bench_args args;
 *     int bad = bench_parse_args(argc, argv, 1, &args);
 *     int n = bench_pos_int(&args, 0, 1024);           // 1024: the default
 *     if (bad || n <= 0 || args.reps < 1) { usage; return 1; }
 *     ...
 *     bench_timer timer;
 *     bench_timer_init(&timer, args.reps);
 *     for (int rep = -1; rep < args.reps; rep++) {   // rep -1: the warm-up
 *         bench_h2d_start(&timer);
 *         CUDA_CHECK(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
 *         bench_kernels_start(&timer);
 *         kernel<<<grid, block>>>(d, n);
 *         CUDA_CHECK(cudaGetLastError());
 *         bench_kernels_stop(&timer);
 *         CUDA_CHECK(cudaMemcpy(out, d, bytes, cudaMemcpyDeviceToHost));
 *         bench_rep_end(&timer);                      // keeps all but the first
 *     }
 *     bench_print_size("name", n, bytes);
 *     bench_print_timing(&timer);
 *     bench_print_checksum(sum);
 *     status = args.verify ? bench_print_verifyf(err <= tol, err, " tolerance=%.1e", tol)
 *                          : bench_print_verify_skipped();
 *     bench_timer_destroy(&timer);
 */
#ifndef KDLG_BENCH_H
#define KDLG_BENCH_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>

#if defined(__GNUC__)
#define BENCH_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define BENCH_PRINTF(f, a)
#endif

/* ------------------------------------------------------------ CUDA calls */

/* Every CUDA call of a benchmark goes through CUDA_CHECK: on an error it
 * prints the error and where it happened and exits with status 1. */
#define CUDA_CHECK(call)                                                  \
    do {                                                                  \
        cudaError_t err_ = (call);                                        \
        if (err_ != cudaSuccess) {                                        \
            fprintf(stderr, "CUDA error %s at %s:%d\n",                   \
                    cudaGetErrorString(err_), __FILE__, __LINE__);        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

/* ---------------------------------------------------------- command line */

#define BENCH_MAX_POSITIONAL 8

typedef struct bench_args {
    int reps;   /* --reps R (default 5; the program checks its range) */
    int verify; /* 0 after --no-verify, 1 (the default) after --verify */
    int npos;   /* positional arguments given */
    const char *pos[BENCH_MAX_POSITIONAL]; /* their text, in order */
} bench_args;

/* Reads the command line of CONTRACT.md: `--reps R`, `--no-verify`,
 * `--verify` anywhere, and at most max_pos positional arguments (the ones
 * that do not start with '-'; the program converts them).  Returns 0, or -1
 * on anything else (an unknown option, --reps as the last argument, one
 * positional argument too many): the program then prints its usage and exits
 * with status 1. */
static inline int bench_parse_args(int argc, char **argv, int max_pos, bench_args *a)
{
    a->reps = 5;
    a->verify = 1;
    a->npos = 0;
    if (max_pos > BENCH_MAX_POSITIONAL)
        max_pos = BENCH_MAX_POSITIONAL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            a->reps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--no-verify") == 0)
            a->verify = 0;
        else if (strcmp(argv[i], "--verify") == 0)
            a->verify = 1;
        else if (argv[i][0] != '-' && a->npos < max_pos)
            a->pos[a->npos++] = argv[i];
        else
            return -1;
    }
    return 0;
}

/* positional argument k as an int (atoi), or dflt when it was not given */
static inline int bench_pos_int(const bench_args *a, int k, int dflt)
{
    return k < a->npos ? atoi(a->pos[k]) : dflt;
}

/* positional argument k as a long long (atoll), or dflt when it was not given */
static inline long long bench_pos_ll(const bench_args *a, int k, long long dflt)
{
    return k < a->npos ? atoll(a->pos[k]) : dflt;
}

/* ---------------------------------------------------------------- timing */

/* The times of one repetition (CONTRACT.md): kernel time from the first
 * kernel launch to the end of the last kernel, end-to-end time from the start
 * of the host-to-device copies to the end of the device-to-host copies, both
 * with CUDA events on the default stream. */
typedef struct bench_timer {
    cudaEvent_t ev[4]; /* H2D start, kernels start, kernels end, D2H end */
    int reps;          /* repetitions kept (after the warm-up) */
    int done;          /* repetitions ended, the warm-up included */
    float *kernel_ms;  /* [reps] */
    float *e2e_ms;     /* [reps] */
} bench_timer;

static inline void bench_timer_init(bench_timer *t, int reps)
{
    for (int e = 0; e < 4; e++)
        CUDA_CHECK(cudaEventCreate(&t->ev[e]));
    t->reps = reps;
    t->done = 0;
    t->kernel_ms = (float *)calloc((size_t)(reps > 0 ? reps : 1), sizeof(float));
    t->e2e_ms = (float *)calloc((size_t)(reps > 0 ? reps : 1), sizeof(float));
    if (!t->kernel_ms || !t->e2e_ms) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
}

/* before the first host-to-device copy of a repetition */
static inline void bench_h2d_start(bench_timer *t) { CUDA_CHECK(cudaEventRecord(t->ev[0], 0)); }
/* before the first kernel launch */
static inline void bench_kernels_start(bench_timer *t) { CUDA_CHECK(cudaEventRecord(t->ev[1], 0)); }
/* after the last kernel launch */
static inline void bench_kernels_stop(bench_timer *t) { CUDA_CHECK(cudaEventRecord(t->ev[2], 0)); }

/* After the last device-to-host copy: waits for the repetition and keeps its
 * two times, except those of the first repetition (the warm-up). */
static inline void bench_rep_end(bench_timer *t)
{
    CUDA_CHECK(cudaEventRecord(t->ev[3], 0));
    CUDA_CHECK(cudaEventSynchronize(t->ev[3]));
    float k_ms = 0.0f, e_ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&k_ms, t->ev[1], t->ev[2]));
    CUDA_CHECK(cudaEventElapsedTime(&e_ms, t->ev[0], t->ev[3]));
    int k = t->done++ - 1; /* -1: the warm-up */
    if (k >= 0 && k < t->reps) {
        t->kernel_ms[k] = k_ms;
        t->e2e_ms[k] = e_ms;
    }
}

static inline void bench_timer_destroy(bench_timer *t)
{
    for (int e = 0; e < 4; e++)
        CUDA_CHECK(cudaEventDestroy(t->ev[e]));
    free(t->kernel_ms);
    free(t->e2e_ms);
    t->kernel_ms = t->e2e_ms = NULL;
}

static inline int bench_cmp_float(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/* Median of n times: the middle one, or the mean of the middle two for an
 * even n (in double); 0 for n <= 0. */
static inline double bench_median(const float *v, int n)
{
    if (n <= 0)
        return 0.0;
    float *s = (float *)malloc((size_t)n * sizeof(float));
    if (!s) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    memcpy(s, v, (size_t)n * sizeof(float));
    qsort(s, (size_t)n, sizeof(float), bench_cmp_float);
    int m = n / 2;
    double r = n % 2 ? (double)s[m] : 0.5 * ((double)s[m - 1] + (double)s[m]);
    free(s);
    return r;
}

/* ------------------------------------------- the kdlg-bench output lines */

/* kdlg-bench name=<name> elements=<count> bytes=<bytes of the struct array(s)> */
static inline void bench_print_size(const char *name, long long elements, size_t bytes)
{
    printf("kdlg-bench name=%s elements=%lld bytes=%zu\n", name, elements, bytes);
}

/* kdlg-bench kernel_ms=<median> e2e_ms=<median> reps=<R> */
static inline void bench_print_timing(const bench_timer *t)
{
    int kept = t->done - 1 < t->reps ? t->done - 1 : t->reps;
    printf("kdlg-bench kernel_ms=%.4f e2e_ms=%.4f reps=%d\n", bench_median(t->kernel_ms, kept),
           bench_median(t->e2e_ms, kept), t->reps);
}

/* kdlg-bench checksum=<%.9e>; flushes standard output, so that the timing is
 * out before the (slow) check runs. */
static inline void bench_print_checksum(double checksum)
{
    printf("kdlg-bench checksum=%.9e\n", checksum);
    fflush(stdout);
}

/* kdlg-bench verify=PASSED max_rel_err=<%.3e>, or, when !passed,
 * kdlg-bench verify=FAILED max_rel_err=<%.3e><failed_fmt ...>: the program's
 * details, printf-style, starting with a space.  Returns the program's exit
 * status: 0 if passed, else 1. */
static inline int bench_print_verifyf(int passed, double max_rel_err, const char *failed_fmt, ...)
    BENCH_PRINTF(3, 4);
static inline int bench_print_verifyf(int passed, double max_rel_err, const char *failed_fmt, ...)
{
    if (passed) {
        printf("kdlg-bench verify=PASSED max_rel_err=%.3e\n", max_rel_err);
        return 0;
    }
    printf("kdlg-bench verify=FAILED max_rel_err=%.3e", max_rel_err);
    va_list ap;
    va_start(ap, failed_fmt);
    vprintf(failed_fmt, ap);
    va_end(ap);
    printf("\n");
    return 1;
}

/* the same without details: kdlg-bench verify=PASSED|FAILED max_rel_err=<%.3e> */
static inline int bench_print_verify(int passed, double max_rel_err)
{
    printf("kdlg-bench verify=%s max_rel_err=%.3e\n", passed ? "PASSED" : "FAILED", max_rel_err);
    return passed ? 0 : 1;
}

/* kdlg-bench verify=SKIPPED (--no-verify); returns 0, the exit status */
static inline int bench_print_verify_skipped(void)
{
    printf("kdlg-bench verify=SKIPPED\n");
    return 0;
}

/* ---------------------------------------------------- fixed-seed inputs */

/* 64-bit LCG (Knuth's MMIX constants): the next state, which is also the
 * value; use the high bits. */
static inline unsigned long long bench_lcg64_next(unsigned long long *state)
{
    *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
    return *state;
}

/* uniform double in [0, 1) from the top 53 bits of the next 64-bit LCG state */
static inline double bench_lcg64_uniform(unsigned long long *state)
{
    return (double)(bench_lcg64_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* 32-bit LCG (Numerical Recipes constants): the next state */
static inline unsigned int bench_lcg32_next(unsigned int *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state;
}

/* uniform float in [0, 1) from bits 8..31 of the next 32-bit LCG state */
static inline float bench_lcg32_uniform(unsigned int *state)
{
    return (float)((bench_lcg32_next(state) >> 8) & 0xFFFFFF) / 16777216.0f;
}

/* the splitmix64 output function (Steele, Lea, Flood 2014) of z */
static inline unsigned long long bench_splitmix64_mix(unsigned long long z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ------------------------------------------- CPU references and checks */

#ifdef __cplusplus
/* C++ only (every program is a .cu file): the host loops of the CPU
 * references and checks.  As above, nothing here sees a program's struct
 * type: the loop bodies are the program's own lambdas, and the reductions take
 * per-thread numbers. */
#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

/* The number of threads for a host loop: the hardware threads, 1 to 64. */
static inline unsigned int bench_host_threads(void)
{
    unsigned int nt = std::thread::hardware_concurrency();
    return nt == 0 ? 1 : (nt > 64 ? 64 : nt);
}

/* Runs fn(t, lo, hi) on nt threads t = 0 .. nt-1 (std::thread) and waits for
 * them: thread t gets elements [lo, hi) of 0 .. n-1, lo = n*t/nt and
 * hi = n*(t+1)/nt (consecutive ranges in the order of t).  fn writes only its
 * own elements and per-thread slots [t]; a result that must not depend on nt
 * is reduced afterwards in the order of t (bench_sum_of, bench_max_of,
 * bench_first_of). */
template <typename Fn>
static inline void bench_parallel_for(unsigned int nt, long long n, const Fn &fn)
{
    std::vector<std::thread> pool;
    for (unsigned int t = 0; t < nt; t++)
        pool.emplace_back([&fn, n, nt, t] { fn(t, n * t / nt, n * (t + 1) / nt); });
    for (auto &th : pool)
        th.join();
}

/* the sum of per-thread counts */
static inline long long bench_sum_of(const std::vector<long long> &v)
{
    long long s = 0;
    for (size_t t = 0; t < v.size(); t++)
        s += v[t];
    return s;
}

/* the largest of per-thread maxima, from 0 (std::max(m, v[t]) in the order of t) */
static inline double bench_max_of(const std::vector<double> &v)
{
    double m = 0.0;
    for (size_t t = 0; t < v.size(); t++)
        m = std::max(m, v[t]);
    return m;
}

/* the first per-thread index that is set (>= 0; an unset slot holds -1) in
 * the order of t: with bench_parallel_for's ranges, the lowest; -1 if none */
static inline long long bench_first_of(const std::vector<long long> &v)
{
    for (size_t t = 0; t < v.size(); t++)
        if (v[t] >= 0)
            return v[t];
    return -1;
}

/* *max_rel = rel if rel is larger (a NaN makes it INFINITY: it fails every
 * tolerance, and no later number replaces it) */
static inline void bench_max_rel_update(double *max_rel, double rel)
{
    if (!(rel <= *max_rel))
        *max_rel = std::isnan(rel) ? INFINITY : rel;
}
#endif /* __cplusplus */

#endif /* KDLG_BENCH_H */
