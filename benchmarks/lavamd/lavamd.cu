/*
 * lavamd.cu - particle potential and forces in a 3-D grid of boxes
 * (Rodinia lavaMD, Szafaryn et al.).
 *
 * Bundled benchmark input for kdlg-opt (issue 5).  The particle data is kept
 * in array-of-structures form as in Rodinia: positions and "v" (rv) and the
 * accumulated potential and forces (fv) are arrays of struct FourVector
 * {v, x, y, z} (32 bytes), the charges are a plain double array (qv), and the
 * boxes are an array of struct Box with their 26 neighbours (struct Neighbor,
 * as Rodinia's box_str / nei_str).
 *
 * One thread block per home box: the block stages the home box's particles
 * and then each neighbour box's particles and charges (26 + the home box
 * itself) in shared memory, and every thread accumulates the interactions of
 * its particles with all particles of the staged box into fv.
 *
 * Usage: lavamd [boxes1d] [--reps R] [--no-verify]
 *   boxes1d  boxes per dimension (default 24: 13824 boxes, 1382400 particles)
 *   --reps   timed repetitions (default 5), after one warm-up repetition
 *   --no-verify  skip the CPU reference
 *
 * Verification: the CPU reference (the same algorithm, same summation order)
 * runs for a deterministic sample of home boxes (every box whose index is a
 * multiple of `stride`, chosen so that about 192 boxes are checked; a full
 * reference would take minutes on one core); every component of fv of every
 * particle of a sampled box is compared with relative tolerance 1e-9 (the
 * denominator is at least 1e-6 of the largest reference magnitude of that
 * component, for the force components that nearly cancel).
 */
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <cuda_runtime.h>
#include "../common/bench.h" /* CUDA_CHECK, command line, timing, output lines */

#define NUMBER_PAR_PER_BOX 100 /* particles per box (Rodinia) */
#define NUMBER_THREADS 128     /* threads per block (Rodinia) */
#define ALPHA 0.5

struct FourVector {
    double v, x, y, z;
};

struct Neighbor {
    int x, y, z;  /* grid coordinates of the neighbour box */
    int number;   /* its index */
    long start;   /* index of its first particle */
};

struct Box {
    int x, y, z;        /* grid coordinates */
    int number;         /* index of the box */
    long start;         /* index of its first particle (Rodinia: offset) */
    int nn;             /* number of neighbours (26 inside, fewer at the border) */
    Neighbor nei[26];
};

__global__ void lavamd_kernel(double alpha, int number_boxes, const Box *box,
                              const FourVector *rv, const double *qv, FourVector *fv)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    if (bx >= number_boxes)
        return;

    __shared__ FourVector rA_shared[NUMBER_PAR_PER_BOX];
    __shared__ FourVector rB_shared[NUMBER_PAR_PER_BOX];
    __shared__ double qB_shared[NUMBER_PAR_PER_BOX];

    double a2 = 2.0 * alpha * alpha;

    /* home box: its particles' positions stay in shared memory */
    long first_i = box[bx].start;
    const FourVector *rA = &rv[first_i];
    FourVector *fA = &fv[first_i];
    for (int w = tx; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS)
        rA_shared[w] = rA[w];
    __syncthreads();

    int nn = box[bx].nn;
    for (int k = 0; k < 1 + nn; k++) {
        /* the home box itself, then its neighbours */
        int pointer;
        if (k == 0)
            pointer = bx;
        else
            pointer = box[bx].nei[k - 1].number;

        long first_j = box[pointer].start;
        const FourVector *rB = &rv[first_j];
        const double *qB = &qv[first_j];
        for (int w = tx; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS) {
            rB_shared[w] = rB[w];
            qB_shared[w] = qB[w];
        }
        __syncthreads();

        for (int w = tx; w < NUMBER_PAR_PER_BOX; w += NUMBER_THREADS) {
            for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                double r2 = rA_shared[w].v + rB_shared[j].v -
                            (rA_shared[w].x * rB_shared[j].x + rA_shared[w].y * rB_shared[j].y +
                             rA_shared[w].z * rB_shared[j].z);
                double u2 = a2 * r2;
                double vij = exp(-u2);
                double fs = 2.0 * vij;
                double dx = rA_shared[w].x - rB_shared[j].x;
                double dy = rA_shared[w].y - rB_shared[j].y;
                double dz = rA_shared[w].z - rB_shared[j].z;
                double fxij = fs * dx;
                double fyij = fs * dy;
                double fzij = fs * dz;
                fA[w].v += qB_shared[j] * vij;
                fA[w].x += qB_shared[j] * fxij;
                fA[w].y += qB_shared[j] * fyij;
                fA[w].z += qB_shared[j] * fzij;
            }
        }
        __syncthreads();
    }
}

/* ---------------------------------------------------------------- host */

static unsigned long long rng_state = 0x2545F4914F6CDD1DULL;

/* uniform in [0, 1) from a 64-bit LCG (fixed seed) */
static double rng_uniform(void)
{
    return bench_lcg64_uniform(&rng_state);
}

/* Rodinia's input: a value in {0.1, 0.2, ..., 1.0} */
static double rng_tenth(void)
{
    return (double)((int)(rng_uniform() * 10.0) + 1) / 10.0;
}

/* boxes of a boxes1d^3 grid with their neighbour lists (Rodinia's order) */
static void buildBoxes(Box *boxes, int boxes1d)
{
    int nh = 0;
    for (int i = 0; i < boxes1d; i++)
        for (int j = 0; j < boxes1d; j++)
            for (int k = 0; k < boxes1d; k++) {
                Box *b = &boxes[nh];
                b->x = k;
                b->y = j;
                b->z = i;
                b->number = nh;
                b->start = (long)nh * NUMBER_PAR_PER_BOX;
                b->nn = 0;
                memset(b->nei, 0, sizeof b->nei);
                for (int l = -1; l < 2; l++)
                    for (int m = -1; m < 2; m++)
                        for (int n = -1; n < 2; n++) {
                            if (i + l < 0 || j + m < 0 || k + n < 0 || i + l >= boxes1d ||
                                j + m >= boxes1d || k + n >= boxes1d)
                                continue;
                            if (l == 0 && m == 0 && n == 0)
                                continue;
                            Neighbor *nb = &b->nei[b->nn];
                            nb->x = k + n;
                            nb->y = j + m;
                            nb->z = i + l;
                            nb->number = (nb->z * boxes1d * boxes1d) + (nb->y * boxes1d) + nb->x;
                            nb->start = (long)nb->number * NUMBER_PAR_PER_BOX;
                            b->nn++;
                        }
                nh++;
            }
}

/* the kernel's computation for home box bx on the CPU (same order of sums) */
static void cpuBox(const Box *box, const FourVector *rv, const double *qv, FourVector *fv, int bx,
                   double alpha)
{
    double a2 = 2.0 * alpha * alpha;
    long first_i = box[bx].start;
    for (int k = 0; k < 1 + box[bx].nn; k++) {
        int pointer = k == 0 ? bx : box[bx].nei[k - 1].number;
        long first_j = box[pointer].start;
        for (int w = 0; w < NUMBER_PAR_PER_BOX; w++) {
            const FourVector *a = &rv[first_i + w];
            FourVector *f = &fv[first_i + w];
            for (int j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                const FourVector *b = &rv[first_j + j];
                double q = qv[first_j + j];
                double r2 = a->v + b->v - (a->x * b->x + a->y * b->y + a->z * b->z);
                double vij = exp(-(a2 * r2));
                double fs = 2.0 * vij;
                f->v += q * vij;
                f->x += q * (fs * (a->x - b->x));
                f->y += q * (fs * (a->y - b->y));
                f->z += q * (fs * (a->z - b->z));
            }
        }
    }
}

int main(int argc, char **argv)
{
    bench_args args;
    int bad = bench_parse_args(argc, argv, 1, &args);
    int boxes1d = bench_pos_int(&args, 0, 24);
    int reps = args.reps;
    if (bad || boxes1d <= 0 || reps <= 0) {
        fprintf(stderr, "usage: %s [boxes1d] [--reps R] [--no-verify]\n", argv[0]);
        return 1;
    }

    int number_boxes = boxes1d * boxes1d * boxes1d;
    long space_elem = (long)number_boxes * NUMBER_PAR_PER_BOX;
    size_t box_bytes = (size_t)number_boxes * sizeof(Box);
    size_t rv_bytes = (size_t)space_elem * sizeof(FourVector);
    size_t qv_bytes = (size_t)space_elem * sizeof(double);

    Box *h_box = (Box *)malloc(box_bytes);
    FourVector *h_rv = (FourVector *)malloc(rv_bytes);
    double *h_qv = (double *)malloc(qv_bytes);
    FourVector *h_fv_in = (FourVector *)malloc(rv_bytes);
    FourVector *h_fv = (FourVector *)malloc(rv_bytes);
    if (!h_box || !h_rv || !h_qv || !h_fv_in || !h_fv) {
        fprintf(stderr, "out of host memory\n");
        return 1;
    }
    buildBoxes(h_box, boxes1d);
    for (long i = 0; i < space_elem; i++) {
        h_rv[i].v = rng_tenth();
        h_rv[i].x = rng_tenth();
        h_rv[i].y = rng_tenth();
        h_rv[i].z = rng_tenth();
    }
    for (long i = 0; i < space_elem; i++)
        h_qv[i] = rng_tenth();
    /* fv is accumulated into: it starts from a small non-zero background */
    for (long i = 0; i < space_elem; i++) {
        h_fv_in[i].v = 1e-3 * rng_tenth();
        h_fv_in[i].x = 1e-3 * rng_tenth();
        h_fv_in[i].y = 1e-3 * rng_tenth();
        h_fv_in[i].z = 1e-3 * rng_tenth();
    }

    Box *d_box;
    FourVector *d_rv;
    double *d_qv;
    FourVector *d_fv;
    CUDA_CHECK(cudaMalloc((void **)&d_box, box_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_rv, rv_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_qv, qv_bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_fv, rv_bytes));

    bench_timer timer;
    bench_timer_init(&timer, reps);
    for (int rep = 0; rep <= reps; rep++) { /* rep 0: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_box, h_box, box_bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_rv, h_rv, rv_bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_qv, h_qv, qv_bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(d_fv, h_fv_in, rv_bytes, cudaMemcpyHostToDevice));
        bench_kernels_start(&timer);
        lavamd_kernel<<<number_boxes, NUMBER_THREADS>>>(ALPHA, number_boxes, d_box, d_rv, d_qv, d_fv);
        CUDA_CHECK(cudaGetLastError());
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_fv, d_fv, rv_bytes, cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    double checksum = 0.0;
    for (long i = 0; i < space_elem; i++)
        checksum += h_fv[i].v + h_fv[i].x + h_fv[i].y + h_fv[i].z;

    bench_print_size("lavamd", space_elem, box_bytes + 2 * rv_bytes);
    bench_print_timing(&timer);
    bench_print_checksum(checksum);

    int status = 0;
    if (!args.verify) {
        status = bench_print_verify_skipped();
    } else {
        /* about 192 sampled home boxes: every stride-th box */
        int stride = number_boxes / 192 > 1 ? number_boxes / 192 : 1;
        FourVector *ref = (FourVector *)malloc(rv_bytes);
        memcpy(ref, h_fv_in, rv_bytes);
        double maxabs[4] = {0.0, 0.0, 0.0, 0.0};
        for (int bx = 0; bx < number_boxes; bx += stride) {
            cpuBox(h_box, h_rv, h_qv, ref, bx, ALPHA);
            for (long i = h_box[bx].start; i < h_box[bx].start + NUMBER_PAR_PER_BOX; i++) {
                maxabs[0] = std::max(maxabs[0], fabs(ref[i].v));
                maxabs[1] = std::max(maxabs[1], fabs(ref[i].x));
                maxabs[2] = std::max(maxabs[2], fabs(ref[i].y));
                maxabs[3] = std::max(maxabs[3], fabs(ref[i].z));
            }
        }
        double max_rel = 0.0;
        long checked = 0;
        for (int bx = 0; bx < number_boxes; bx += stride) {
            for (long i = h_box[bx].start; i < h_box[bx].start + NUMBER_PAR_PER_BOX; i++) {
                const double g[4] = {h_fv[i].v, h_fv[i].x, h_fv[i].y, h_fv[i].z};
                const double c[4] = {ref[i].v, ref[i].x, ref[i].y, ref[i].z};
                for (int q = 0; q < 4; q++) {
                    double denom = std::max(fabs(c[q]), 1e-6 * maxabs[q]);
                    double rel = denom > 0.0 ? fabs(g[q] - c[q]) / denom : fabs(g[q] - c[q]);
                    bench_max_rel_update(&max_rel, rel); /* NaN counts as an error */
                }
                checked++;
            }
        }
        status = bench_print_verifyf(max_rel <= 1e-9, max_rel, " (%ld particles of %d boxes checked)",
                                     checked, (number_boxes + stride - 1) / stride);
        free(ref);
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_box));
    CUDA_CHECK(cudaFree(d_rv));
    CUDA_CHECK(cudaFree(d_qv));
    CUDA_CHECK(cudaFree(d_fv));
    free(h_box);
    free(h_rv);
    free(h_qv);
    free(h_fv_in);
    free(h_fv);
    return status;
}
