/*
 * rgb.cu - two kernels over an interleaved 8-bit RGB image.
 *
 * Benchmark program for kdlg-opt, after the coalescing lab of T. Beck and
 * W. Paesschesoone, KU Leuven, Geavanceerde Computerarchitectuur Lab 4, Part 1
 * (2025-26: invert the red channel of an interleaved RGBRGB... image, one
 * pixel per thread): the pixels are an array of structures (struct Pixel,
 * three unsigned chars).  Two kernels run in turn:
 *   invertRed  red = 255 - red, in place (touches only r);
 *   toGrey     reads r, g and b of every pixel and writes its grey value,
 *              (77 r + 150 g + 29 b + 128) >> 8 (BT.601 weights in 8-bit
 *              fixed point), to a separate byte array; the pixels are only
 *              read.
 *
 * Usage: rgb [n] [--reps R] [--no-verify]
 *   n           number of pixels, at most 2^31 - 1
 *               (default 2^30 = 1,073,741,824 pixels: 3 GiB of pixels,
 *               1 GiB of grey)
 *   --reps R    timed repetitions (default 5), after one warm-up
 *   --no-verify skip the check on the host
 *
 * Each repetition copies the image to the device, runs invertRed then
 * toGrey, and copies the image and the grey array back.  The check
 * recomputes both outputs on the host: integer arithmetic, every byte must
 * match.  Output lines: see benchmarks/CONTRACT.md.
 */
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define BLOCK_SIZE 256

struct Pixel {
    unsigned char r;
    unsigned char g;
    unsigned char b;
};

__global__ void invertRed(Pixel *img, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        img[i].r = 255 - img[i].r;
}

__global__ void toGrey(const Pixel *img, unsigned char *grey, long long n)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int r = img[i].r;
        unsigned int g = img[i].g;
        unsigned int b = img[i].b;
        grey[i] = (unsigned char)((77u * r + 150u * g + 29u * b + 128u) >> 8);
    }
}

/* ---------------------------------------------------------------- host */

/* splitmix64 of a counter: random access into a fixed sequence. */
static unsigned long long mix64(unsigned long long k)
{
    return bench_splitmix64_mix(0x5EED0001ULL + (k + 1) * 0x9E3779B97F4A7C15ULL);
}

/* Channel values in [1, 255], random and non-zero, from mix64(pixel index);
 * on all hardware threads (the result does not depend on their number). */
static void initImage(Pixel *img, long long n)
{
    bench_parallel_for(bench_host_threads(), n, [=](unsigned int, long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            unsigned long long x = mix64((unsigned long long)i);
            img[i].r = (unsigned char)(1 + ((x & 0xFF) * 255 >> 8));
            img[i].g = (unsigned char)(1 + (((x >> 8) & 0xFF) * 255 >> 8));
            img[i].b = (unsigned char)(1 + (((x >> 16) & 0xFF) * 255 >> 8));
        }
    });
}

/*
 * The host check on all hardware threads: recomputes both kernels for every
 * pixel; returns the number of pixels whose image bytes or grey value differ
 * (*firstBad: the first one found).
 */
static long long verifyImage(const Pixel *in, const Pixel *out, const unsigned char *grey, long long n,
                             long long *firstBad)
{
    unsigned int nt = bench_host_threads();
    std::vector<long long> bad(nt, 0), first(nt, -1);
    bench_parallel_for(nt, n, [&](unsigned int t, long long lo, long long hi) {
        for (long long i = lo; i < hi; i++) {
            unsigned int r = 255u - in[i].r, g = in[i].g, b = in[i].b;
            unsigned int y = (77u * r + 150u * g + 29u * b + 128u) >> 8;
            if (out[i].r != r || out[i].g != g || out[i].b != b || grey[i] != y) {
                if (bad[t] == 0)
                    first[t] = i;
                bad[t]++;
            }
        }
    });
    *firstBad = bench_first_of(first);
    return bench_sum_of(bad);
}

/* Position-weighted sum of the output bytes (exact in double up to n = 2^31). */
static double checksum(const Pixel *img, const unsigned char *grey, long long n)
{
    unsigned long long sum = 0;
    for (long long i = 0; i < n; i++)
        sum += (unsigned long long)(img[i].r + 2u * img[i].g + 3u * img[i].b + 5u * grey[i]) *
               (unsigned long long)((i & 255) + 1);
    return (double)sum;
}

int main(int argc, char **argv)
{
    bench_args args;
    if (bench_parse_args(argc, argv, 1, &args) != 0) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }
    long long n = bench_pos_ll(&args, 0, 1LL << 30);
    int reps = args.reps;
    int verify = args.verify;
    if (n <= 0 || n > 0x7FFFFFFFLL || reps < 1) {
        fprintf(stderr, "usage: %s [n] [--reps R] [--no-verify]  (1 <= n < 2^31, R >= 1)\n", argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Pixel);
    size_t greyBytes = (size_t)n;
    Pixel *h_in, *h_out;
    unsigned char *h_grey;
    CUDA_CHECK(cudaMallocHost((void **)&h_in, bytes));
    CUDA_CHECK(cudaMallocHost((void **)&h_out, bytes));
    CUDA_CHECK(cudaMallocHost((void **)&h_grey, greyBytes));
    initImage(h_in, n);

    Pixel *d_img;
    unsigned char *d_grey;
    CUDA_CHECK(cudaMalloc((void **)&d_img, bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_grey, greyBytes));

    unsigned int grid = (unsigned int)((n + BLOCK_SIZE - 1) / BLOCK_SIZE);

    bench_timer timer;
    bench_timer_init(&timer, reps);

    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_img, h_in, bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        invertRed<<<grid, BLOCK_SIZE>>>(d_img, n);
        CUDA_CHECK(cudaGetLastError());
        toGrey<<<grid, BLOCK_SIZE>>>(d_img, d_grey, n);
        CUDA_CHECK(cudaGetLastError());
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_out, d_img, bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(h_grey, d_grey, greyBytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    bench_print_size("rgb", n, bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum(h_out, h_grey, n));

    int status = 0;
    if (verify) {
        long long firstBad = -1;
        long long bad = verifyImage(h_in, h_out, h_grey, n, &firstBad);
        status = bench_print_verifyf(bad == 0, (bad == 0) ? 0.0 : 1.0, " bad=%lld first_bad=%lld",
                                     bad, firstBad);
    } else {
        status = bench_print_verify_skipped();
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_img));
    CUDA_CHECK(cudaFree(d_grey));
    CUDA_CHECK(cudaFreeHost(h_in));
    CUDA_CHECK(cudaFreeHost(h_out));
    CUDA_CHECK(cudaFreeHost(h_grey));
    return status;
}
