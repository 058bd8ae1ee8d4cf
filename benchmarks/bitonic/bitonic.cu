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
#include <thread>
#include <vector>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256

#define CUDA_CHECK(call)                                                  \
    do {                                                                  \
        cudaError_t err_ = (call);                                        \
        if (err_ != cudaSuccess) {                                        \
            fprintf(stderr, "CUDA error %s at %s:%d\n",                   \
                    cudaGetErrorString(err_), __FILE__, __LINE__);        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

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
    unsigned long long z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
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

/* Median of the repetitions' times (the mean of the middle two for an even count). */
static double median(std::vector<float> v)
{
    std::sort(v.begin(), v.end());
    size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * ((double)v[m - 1] + (double)v[m]);
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
    unsigned int nt = std::thread::hardware_concurrency();
    nt = nt == 0 ? 1 : (nt > 64 ? 64 : nt);
    std::vector<unsigned char> seen(n, 0);
    std::vector<long long> bad(nt, 0), first(nt, -1);
    std::vector<std::thread> pool;
    for (unsigned int t = 0; t < nt; t++) {
        pool.emplace_back([&, t] {
            unsigned int lo = (unsigned int)((unsigned long long)n * t / nt);
            unsigned int hi = (unsigned int)((unsigned long long)n * (t + 1) / nt);
            for (unsigned int i = lo; i < hi; i++) {
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
    }
    for (auto &th : pool)
        th.join();
    long long total = 0;
    *firstBad = -1;
    for (unsigned int t = 0; t < nt; t++) {
        total += bad[t];
        if (*firstBad < 0 && first[t] >= 0)
            *firstBad = first[t];
    }
    /* n records with ids in [0, n), all seen: no id repeats */
    long long missing = n - std::count(seen.begin(), seen.end(), (unsigned char)1);
    return total + missing;
}

int main(int argc, char **argv)
{
    unsigned int n = 1u << 26;
    int reps = 5;
    int verify = 1;
    int positional = 0;

    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--reps") == 0 && a + 1 < argc)
            reps = atoi(argv[++a]);
        else if (strcmp(argv[a], "--no-verify") == 0)
            verify = 0;
        else if (strcmp(argv[a], "--verify") == 0)
            verify = 1;
        else if (argv[a][0] != '-' && positional == 0) {
            n = (unsigned int)strtoul(argv[a], NULL, 10);
            positional++;
        } else {
            fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]\n", argv[0]);
            return 1;
        }
    }
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

    cudaEvent_t h2dStart, kernStart, kernStop, d2hStop;
    CUDA_CHECK(cudaEventCreate(&h2dStart));
    CUDA_CHECK(cudaEventCreate(&kernStart));
    CUDA_CHECK(cudaEventCreate(&kernStop));
    CUDA_CHECK(cudaEventCreate(&d2hStop));

    std::vector<float> kernelMs, e2eMs;
    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        CUDA_CHECK(cudaEventRecord(h2dStart, 0));
        CUDA_CHECK(cudaMemcpy(d_records, h_in, bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaEventRecord(kernStart, 0));
        for (unsigned int k = 2; k <= n; k <<= 1) {
            for (unsigned int j = k >> 1; j > 0; j >>= 1) {
                bitonicStep<<<blocks, threads>>>(d_records, j, k, n);
                CUDA_CHECK(cudaGetLastError());
            }
        }
        CUDA_CHECK(cudaEventRecord(kernStop, 0));
        CUDA_CHECK(cudaMemcpy(h_out, d_records, bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaEventRecord(d2hStop, 0));
        CUDA_CHECK(cudaEventSynchronize(d2hStop));
        float k_ms = 0.0f, e_ms = 0.0f;
        CUDA_CHECK(cudaEventElapsedTime(&k_ms, kernStart, kernStop));
        CUDA_CHECK(cudaEventElapsedTime(&e_ms, h2dStart, d2hStop));
        if (rep >= 0) {
            kernelMs.push_back(k_ms);
            e2eMs.push_back(e_ms);
        }
    }

    printf("kdlg-bench name=bitonic elements=%u bytes=%zu\n", n, bytes);
    printf("kdlg-bench kernel_ms=%.4f e2e_ms=%.4f reps=%d\n", median(kernelMs), median(e2eMs), reps);
    printf("kdlg-bench checksum=%.9e\n", checksum(h_out, n));
    fflush(stdout); /* the timing is out before the check runs */

    int status = 0;
    if (verify) {
        long long firstBad = -1;
        long long bad = verifySort(h_in, h_out, n, &firstBad);
        if (bad == 0) {
            printf("kdlg-bench verify=PASSED max_rel_err=%.3e\n", 0.0);
        } else {
            printf("kdlg-bench verify=FAILED max_rel_err=%.3e bad=%lld first_bad=%lld\n", 1.0, bad, firstBad);
            status = 1;
        }
    } else {
        printf("kdlg-bench verify=SKIPPED\n");
    }

    CUDA_CHECK(cudaEventDestroy(h2dStart));
    CUDA_CHECK(cudaEventDestroy(kernStart));
    CUDA_CHECK(cudaEventDestroy(kernStop));
    CUDA_CHECK(cudaEventDestroy(d2hStop));
    CUDA_CHECK(cudaFree(d_records));
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_out));
    return status;
}
