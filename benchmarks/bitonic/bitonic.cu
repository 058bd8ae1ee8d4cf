/*
 * bitonic.cu - bitonic sort of records keyed on their first field.
 *
 * Benchmark program for kdlg-opt (Kofler et al. 2015, Sect. 4 "Bitonic
 * sorting"): the records are an array of structures (struct Record, four
 * 4-byte fields, the first one the key) sorted in global memory by one
 * compare-exchange kernel launched for every (k, j) stage of the bitonic
 * network.  Every field moves with the key, so the KDLG is one cluster.
 *
 * Usage: bitonic [n] [--reps R] [--no-verify]
 *   n           number of records, a power of two, at most 2^30
 *               (default 2^26 = 67,108,864 records, 1 GiB)
 *   --reps R    timed repetitions (default 5), after one warm-up
 *   --no-verify skip the check on the host
 *
 * Each repetition copies the unsorted records to the device, runs the
 * 351 stages (n = 2^26) and copies the sorted records back.  The check:
 * the keys are non-decreasing and the output is a permutation of the input
 * (every record carries its input position in `id`: each id occurs once and
 * the record equals input[id] field by field).  Output lines: see
 * benchmarks/CONTRACT.md.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256

struct Record {
    int key;     /* sort key */
    int id;      /* position in the unsorted input */
    float value; /* payload */
    int tag;     /* payload */
};

/*
 * One stage (k, j) of the bitonic network: element i is compared with
 * element i ^ j; the pair is put in ascending order when bit k of i is 0,
 * in descending order otherwise.  The thread with the lower index of the
 * pair does the exchange.
 */
__global__ void bitonicStep(Record *r, unsigned int j, unsigned int k, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int partner = i ^ j;
    if (i >= n || partner <= i)
        return;
    Record a = r[i];
    Record b = r[partner];
    bool ascending = (i & k) == 0;
    if ((a.key > b.key) == ascending) {
        r[i] = b;
        r[partner] = a;
    }
}

/* ---------------------------------------------------------------- host */

static unsigned long long rng_state = 0x2015EB0CULL;

/* splitmix64: a fixed, portable sequence. */
static unsigned long long rng_next(void)
{
    return bench_splitmix64_mix(rng_state += 0x9E3779B97F4A7C15ULL);
}

static void initRecords(Record *r, unsigned int n)
{
    for (unsigned int i = 0; i < n; i++) {
        unsigned long long x = rng_next();
        /* keys in [1, 10^9]: duplicates occur (about n^2 / 2e9 pairs) */
        r[i].key = 1 + (int)((x & 0xFFFFFFFFULL) % 1000000000ULL);
        r[i].id = (int)i;
        r[i].value = 1.0f + (float)((x >> 32) & 0xFFFFFF) / 16777216.0f;
        r[i].tag = 1 + (int)((x >> 56) & 0xFF);
    }
}

/* Order-sensitive reduction of the sorted records (sequential: deterministic). */
static double checksum(const Record *r, unsigned int n)
{
    double sum = 0.0;
    for (unsigned int i = 0; i < n; i++)
        sum += ((double)r[i].key + (double)r[i].id + (double)r[i].value + (double)r[i].tag) *
               (double)((i & 1023u) + 1u);
    return sum;
}

/*
 * The host check, on all hardware threads: out is sorted by key and is a
 * permutation of in (out[i] == in[out[i].id], every id once).  Returns the
 * number of violations; *firstBad is the first index found wrong.
 */
static long long verifySort(const Record *in, const Record *out, unsigned int n, long long *firstBad)
{
    unsigned int nt = bench_host_threads();
    std::vector<unsigned char> seen(n, 0);
    std::vector<long long> bad(nt, 0), first(nt, -1);
    bench_parallel_for(nt, n, [&](unsigned int t, long long lo, long long hi) {
        for (unsigned int i = (unsigned int)lo; i < (unsigned int)hi; i++) {
            bool ok = i + 1 == n || out[i].key <= out[i + 1].key;
            int id = out[i].id;
            if (id < 0 || (unsigned int)id >= n) {
                ok = false;
            } else {
                /* ids are distinct iff every id is seen once: byte
                 * stores of 1 by several threads are benign here */
                seen[id] = 1;
                const Record &s = in[id];
                ok = ok && s.key == out[i].key && s.tag == out[i].tag &&
                     memcmp(&s.value, &out[i].value, sizeof(float)) == 0;
            }
            if (!ok) {
                if (bad[t] == 0)
                    first[t] = i;
                bad[t]++;
            }
        }
    });
    long long total = bench_sum_of(bad);
    *firstBad = bench_first_of(first);
    /* n records with ids in [0, n), all seen: no id repeats */
    long long missing = n - std::count(seen.begin(), seen.end(), (unsigned char)1);
    return total + missing;
}

int main(int argc, char **argv)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 1, &args) != 0) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    unsigned int n = args.npos > 0 ? (unsigned int)strtoul(args.pos[0], NULL, 10) : 1u << 26;
    int reps = args.reps;
    int verify = args.verify;
    if (n == 0 || (n & (n - 1)) != 0 || n > (1u << 30) || reps < 1) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]  (n a power of two <= 2^30, R >= 1)\n",
                argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Record);
    Record *h_in, *h_out;
    CUDA_CHECK(cudaMallocHost((void **)&h_in, bytes));
    CUDA_CHECK(cudaMallocHost((void **)&h_out, bytes));
    initRecords(h_in, n);

    Record *d_records;
    CUDA_CHECK(cudaMalloc((void **)&d_records, bytes));

    unsigned int threads = n < BLOCK_SIZE ? n : BLOCK_SIZE;
    unsigned int blocks = n / threads;

    bench_timer timer;
    bench_timer_init(&timer, reps);

    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_records, h_in, bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        for (unsigned int k = 2; k <= n; k <<= 1) {
            for (unsigned int j = k >> 1; j > 0; j >>= 1) {
                bitonicStep<<<blocks, threads>>>(d_records, j, k, n);
                CUDA_CHECK(cudaGetLastError());
            }
        }
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_out, d_records, bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    bench_print_size("bitonic", n, bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum(h_out, n));

    int status = 0;
    if (verify) {
        long long firstBad = -1;
        long long bad = verifySort(h_in, h_out, n, &firstBad);
        status = bench_print_verifyf(bad == 0, (bad == 0) ? 0.0 : 1.0, " bad=%lld first_bad=%lld",
                                     bad, firstBad);
    } else {
        status = bench_print_verify_skipped();
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_records));
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_out));
    return status;
}
