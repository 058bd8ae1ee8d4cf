/*
 * blackscholes.cu - Black-Scholes prices of European call and put options.
 *
 * Benchmark program for kdlg-opt (Kofler et al. 2015, Table 2 "BlackScholes",
 * after the NVIDIA CUDA sample): the options are an array of structures
 * (struct Option, five floats).  The kernel reads the stock price S, the
 * strike X and the time to expiry T of one option, and the riskless rate R
 * and the volatility V (kernel arguments), and writes the option's call and
 * put prices.
 *
 * Usage: blackscholes [n] [iterations] [--reps R] [--no-verify]
 *   n           number of options (default 100,000,000: 2 GB of options)
 *   iterations  kernel launches per repetition, each pricing every option
 *               again, as the CUDA sample times it (default 16: one launch
 *               takes about 1 ms on an H200)
 *   --reps R    timed repetitions (default 5), after one warm-up
 *   --no-verify skip the check on the host
 *
 * Each repetition copies the options (prices set to -1) to the device, runs
 * the kernel `iterations` times and copies them back.  The check recomputes
 * every price on the host in double precision with the exact normal
 * distribution (erfc) and compares with error = |gpu - cpu| / max(|cpu|, 1):
 * a relative error for prices of 1 or more, an absolute one (in currency
 * units) below.  The float kernel (polynomial CND, |error| < 7.5e-8, float
 * rounding of terms up to X = 100) measured 1.0e-5 by that measure; the
 * tolerance is 1e-4.  Output lines: see benchmarks/CONTRACT.md.
 */
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256
#define RISKFREE 0.02f
#define VOLATILITY 0.30f
#define TOLERANCE 1e-4

struct Option {
    float S;    /* stock price */
    float X;    /* strike price */
    float T;    /* time to expiry, years */
    float call; /* result: call price */
    float put;  /* result: put price */
};

/* Cumulative normal distribution, polynomial approximation (Abramowitz and
 * Stegun 26.2.17, as in the CUDA sample). */
__device__ __forceinline__ float cndGPU(float d)
{
    const float A1 = 0.31938153f;
    const float A2 = -0.356563782f;
    const float A3 = 1.781477937f;
    const float A4 = -1.821255978f;
    const float A5 = 1.330274429f;
    const float RSQRT2PI = 0.39894228040143267793994605993438f;

    float K = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float cnd = RSQRT2PI * expf(-0.5f * d * d) *
                (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0.0f)
        cnd = 1.0f - cnd;
    return cnd;
}

__global__ void blackScholes(Option *opt, float r, float v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float S = opt[i].S;
    float X = opt[i].X;
    float T = opt[i].T;

    float sqrtT = sqrtf(T);
    float d1 = (logf(S / X) + (r + 0.5f * v * v) * T) / (v * sqrtT);
    float d2 = d1 - v * sqrtT;
    float cndD1 = cndGPU(d1);
    float cndD2 = cndGPU(d2);
    float expRT = expf(-r * T);

    opt[i].call = S * cndD1 - X * expRT * cndD2;
    opt[i].put = X * expRT * (1.0f - cndD2) - S * (1.0f - cndD1);
}

/* ---------------------------------------------------------------- host */

static unsigned int lcg_state = 20150825u;

static float lcg_range(float lo, float hi)
{
    return lo + (hi - lo) * (float)((bench_lcg32_next(&lcg_state) >> 8) & 0xFFFFFF) / 16777216.0f;
}

/* The CUDA sample's ranges; prices set to -1 (every one must be written). */
static void initOptions(Option *o, int n)
{
    for (int i = 0; i < n; i++) {
        o[i].S = lcg_range(5.0f, 30.0f);
        o[i].X = lcg_range(1.0f, 100.0f);
        o[i].T = lcg_range(0.25f, 10.0f);
        o[i].call = -1.0f;
        o[i].put = -1.0f;
    }
}

/* Reference prices in double, exact normal distribution. */
static void priceCPU(double S, double X, double T, double r, double v, double *call, double *put)
{
    double sqrtT = sqrt(T);
    double d1 = (log(S / X) + (r + 0.5 * v * v) * T) / (v * sqrtT);
    double d2 = d1 - v * sqrtT;
    double cndD1 = 0.5 * erfc(-d1 / sqrt(2.0));
    double cndD2 = 0.5 * erfc(-d2 / sqrt(2.0));
    double expRT = exp(-r * T);
    *call = S * cndD1 - X * expRT * cndD2;
    *put = X * expRT * (1.0 - cndD2) - S * (1.0 - cndD1);
}

static double priceErr(float gpu, double cpu)
{
    double e = fabs((double)gpu - cpu) / std::max(fabs(cpu), 1.0);
    return e == e ? e : INFINITY; /* NaN counts as a failure */
}

/*
 * The host check on all hardware threads: inputs unchanged, prices within
 * TOLERANCE.  Returns the maximum error; *bad counts options outside it.
 */
static double verifyPrices(const Option *in, const Option *out, int n, long long *bad)
{
    unsigned int nt = bench_host_threads();
    std::vector<double> maxErr(nt, 0.0);
    std::vector<long long> nbad(nt, 0);
    bench_parallel_for(nt, n, [&](unsigned int t, long long lo, long long hi) {
        for (int i = (int)lo; i < (int)hi; i++) {
            double call, put;
            priceCPU(in[i].S, in[i].X, in[i].T, RISKFREE, VOLATILITY, &call, &put);
            double e = std::max(priceErr(out[i].call, call), priceErr(out[i].put, put));
            bool same = out[i].S == in[i].S && out[i].X == in[i].X && out[i].T == in[i].T;
            if (!same || !(e <= TOLERANCE))
                nbad[t]++;
            if (!(e <= maxErr[t]))
                maxErr[t] = e;
        }
    });
    *bad = bench_sum_of(nbad);
    return bench_max_of(maxErr);
}

static double checksum(const Option *o, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += (double)o[i].call + 2.0 * (double)o[i].put;
    return sum;
}

int main(int argc, char **argv)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 2, &args) != 0) {
        fprintf(stderr, "usage: %s [n] [iterations] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    int n = bench_pos_int(&args, 0, 100000000);
    int iterations = bench_pos_int(&args, 1, 16);
    int reps = args.reps;
    int verify = args.verify;
    if (n <= 0 || iterations < 1 || reps < 1) {
        fprintf(stderr, "usage: %s [n] [iterations] [--reps R] [--no-verify]  (n, iterations, R >= 1)\n",
                argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Option);
    Option *h_in, *h_out;
    CUDA_CHECK(cudaMallocHost((void **)&h_in, bytes));
    CUDA_CHECK(cudaMallocHost((void **)&h_out, bytes));
    initOptions(h_in, n);

    Option *d_options;
    CUDA_CHECK(cudaMalloc((void **)&d_options, bytes));

    int grid = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;

    bench_timer timer;
    bench_timer_init(&timer, reps);

    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_options, h_in, bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        for (int it = 0; it < iterations; it++) {
            blackScholes<<<grid, BLOCK_SIZE>>>(d_options, RISKFREE, VOLATILITY, n);
            CUDA_CHECK(cudaGetLastError());
        }
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_out, d_options, bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    bench_print_size("blackscholes", n, bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum(h_out, n));

    int status = 0;
    if (verify) {
        long long bad = 0;
        double maxErr = verifyPrices(h_in, h_out, n, &bad);
        status = bench_print_verifyf(bad == 0, maxErr, " bad=%lld tolerance=%.1e", bad, TOLERANCE);
    } else {
        status = bench_print_verify_skipped();
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_options));
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_out));
    return status;
}
