/*
 * agents.cu - agent-based mosquito population simulation (SAMPO-like).
 *
 * Bundled input program for kdlg-opt. Agents are deliberately stored in
 * array-of-structures (AoS) form: struct Agent has 12 fields of mixed hot
 * and cold use, and each kernel touches only a subset of them, so the
 * data-layout optimizer has something to split / reorder.
 *
 * Usage: agents [n] [steps] [--reps R] [--verify | --no-verify]
 *   n           number of agents (default 1<<22 = 4,194,304: 192 MiB of
 *               agents, more than the 50 MB L2 of an H100/H200)
 *   steps       number of simulated days (default 20)
 *   --reps R    timed repetitions (default 5), after one warm-up
 *   --verify    check against the same simulation on the host (the default)
 *   --no-verify skip the check
 *
 * Each repetition copies the initial agents to the device, clears the
 * counters, runs `steps` days (move, age_and_die, infect, reproduce_stats)
 * and copies agents and counters back, so every repetition computes the same
 * result.
 *
 * The check reruns every agent on the host (agents are independent: an agent
 * depends only on its own fields and the hash of its index and the day).
 * cosf, sinf and expf on the GPU and the host differ in the last bits, and
 * the GPU fuses a * b + c, so positions drift apart by a few ulps; rarely
 * that moves a random draw across its threshold (`hashUniform(..) < p`) and
 * the agent's story forks (it dies or is infected on another day).  The
 * check therefore allows such forked agents, up to 1 in 10^4 (they are
 * counted and printed), compares every other agent exactly in its integer
 * fields and within a relative error of 1e-3 (floor 1 on the denominator:
 * absolute below 1) in its float fields, and the egg and agent-day counters
 * within 1e-3.
 * Output lines: see benchmarks/CONTRACT.md; the lines compared by
 * testsuite/cuda/run-gpu-diff.sh (all but the timing) are deterministic.
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
#define SUBSTEPS 8
#define WORLD_SIZE 100.0f
#define NUM_SITES 64
#define NUM_COUNTERS 4

struct Agent {
    float x;          /* position (hot) */
    float y;          /* position (hot) */
    float energy;     /* (hot) */
    int alive;        /* (hot) */
    int age;          /* days */
    int species;      /* 0 = An. gambiae, 1 = An. arabiensis, 2 = An. funestus */
    float bite_rate;
    float fecundity;
    int infected;
    int infect_day;
    float wing_len;   /* mm (cold) */
    int home_id;      /* breeding site (cold) */
};

/* Cheap deterministic per-agent, per-step pseudo-random number in [0,1)
 * (integer arithmetic: the host check draws the same numbers). */
__host__ __device__ __forceinline__ float hashUniform(unsigned int a, unsigned int b)
{
    unsigned int h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u);
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return (float)(h & 0xFFFFFF) / 16777216.0f;
}

/* One movement sub-step of agent i; returns the energy spent. */
__device__ float moveStep(Agent *a, int i, int step, int sub)
{
    float ang = 6.2831853f * hashUniform((unsigned int)i, (unsigned int)(step * SUBSTEPS + sub));
    float speed = 0.5f + 0.25f * a[i].energy;
    float nx = a[i].x + speed * cosf(ang);
    float ny = a[i].y + speed * sinf(ang);
    /* reflect at the world boundary */
    if (nx < 0.0f) nx = -nx;
    else if (nx > WORLD_SIZE) nx = 2.0f * WORLD_SIZE - nx;
    if (ny < 0.0f) ny = -ny;
    else if (ny > WORLD_SIZE) ny = 2.0f * WORLD_SIZE - ny;
    a[i].x = nx;
    a[i].y = ny;
    return 0.01f * speed;
}

__global__ void move(Agent *agents, int n, int step)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        if (!agents[i].alive)
            continue;
        float spent = 0.0f;
        for (int s = 0; s < SUBSTEPS; s++)
            spent += moveStep(agents, i, step, s);
        float e = agents[i].energy - spent;
        if (e <= 0.0f) {
            agents[i].energy = 0.0f;
            agents[i].alive = 0;
        } else {
            agents[i].energy = fminf(e + 0.05f, 1.0f); /* sugar feeding */
        }
    }
}

__global__ void age_and_die(Agent *agents, int n, int step)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || !agents[i].alive)
        return;
    int age = agents[i].age + 1;
    agents[i].age = age;
    /* species-dependent daily mortality, increasing with age and hunger */
    float mortality;
    if (agents[i].species == 2)
        mortality = 0.01f;
    else
        mortality = 0.02f;
    mortality += 0.001f * (float)age + 0.02f * (1.0f - agents[i].energy);
    if (hashUniform((unsigned int)i, (unsigned int)step + 0x1000u) < mortality)
        agents[i].alive = 0;
}

__global__ void infect(Agent *agents, int n, int step)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        if (!agents[i].alive)
            continue;
        if (agents[i].infected) {
            /* extrinsic incubation: infectious after 10 days */
            if (step - agents[i].infect_day >= 10)
                agents[i].bite_rate = fminf(agents[i].bite_rate * 1.1f, 1.0f);
        } else {
            /* human settlements are hot spots around the centre */
            float dx = agents[i].x - 0.5f * WORLD_SIZE;
            float dy = agents[i].y - 0.5f * WORLD_SIZE;
            float dist = sqrtf(dx * dx + dy * dy);
            float p = agents[i].bite_rate * expf(-dist / 20.0f);
            if (hashUniform((unsigned int)i, (unsigned int)step + 0x2000u) < p) {
                agents[i].infected = 1;
                agents[i].infect_day = step;
            }
        }
    }
}

__global__ void reproduce_stats(const Agent *agents, int n, unsigned long long *counters,
                                unsigned long long *site_eggs)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || !agents[i].alive)
        return;
    /* egg batch size grows with wing length */
    unsigned long long eggs = (unsigned long long)(agents[i].fecundity * agents[i].wing_len);
    atomicAdd(&counters[agents[i].species], eggs);
    atomicAdd(&counters[3], 1ULL);
    atomicAdd(&site_eggs[agents[i].home_id], eggs);
}

/* ---------------------------------------------------------------- host */

static unsigned int lcg_state = 20240601u;

static unsigned int lcg_next(void)
{
    return bench_lcg32_next(&lcg_state);
}

/* Uniform in [lo, hi), never exactly zero. */
static float lcg_range(float lo, float hi)
{
    float v = lo + (hi - lo) * (float)((lcg_next() >> 8) & 0xFFFFFF) / 16777216.0f;
    return (v == 0.0f) ? 1e-3f : v;
}

static void initAgents(Agent *a, int n)
{
    for (int i = 0; i < n; i++) {
        a[i].x = lcg_range(1.0f, WORLD_SIZE - 1.0f);
        a[i].y = lcg_range(1.0f, WORLD_SIZE - 1.0f);
        a[i].energy = lcg_range(0.5f, 1.0f);
        a[i].alive = 1;
        a[i].age = 1 + (int)(lcg_next() % 10);
        a[i].species = (int)(lcg_next() % 3);
        a[i].bite_rate = lcg_range(0.05f, 0.3f);
        a[i].fecundity = lcg_range(2.0f, 8.0f);
        a[i].infected = 0;
        a[i].infect_day = -1;
        a[i].wing_len = lcg_range(2.5f, 3.5f);
        a[i].home_id = (int)(lcg_next() % NUM_SITES);
    }
}

/*
 * The host reference: one agent through `steps` days, the four kernels in
 * their order (each day: move, age_and_die, infect, reproduce_stats), its
 * eggs and agent-days added to counters and site_eggs.
 */
static void simulateAgentCPU(Agent *a, int i, int steps, unsigned long long *counters,
                             unsigned long long *site_eggs)
{
    for (int step = 0; step < steps; step++) {
        /* move */
        if (a->alive) {
            float spent = 0.0f;
            for (int sub = 0; sub < SUBSTEPS; sub++) {
                float ang = 6.2831853f * hashUniform((unsigned int)i, (unsigned int)(step * SUBSTEPS + sub));
                float speed = 0.5f + 0.25f * a->energy;
                float nx = a->x + speed * cosf(ang);
                float ny = a->y + speed * sinf(ang);
                if (nx < 0.0f) nx = -nx;
                else if (nx > WORLD_SIZE) nx = 2.0f * WORLD_SIZE - nx;
                if (ny < 0.0f) ny = -ny;
                else if (ny > WORLD_SIZE) ny = 2.0f * WORLD_SIZE - ny;
                a->x = nx;
                a->y = ny;
                spent += 0.01f * speed;
            }
            float e = a->energy - spent;
            if (e <= 0.0f) {
                a->energy = 0.0f;
                a->alive = 0;
            } else {
                a->energy = fminf(e + 0.05f, 1.0f);
            }
        }
        /* age_and_die */
        if (a->alive) {
            int age = a->age + 1;
            a->age = age;
            float mortality = a->species == 2 ? 0.01f : 0.02f;
            mortality += 0.001f * (float)age + 0.02f * (1.0f - a->energy);
            if (hashUniform((unsigned int)i, (unsigned int)step + 0x1000u) < mortality)
                a->alive = 0;
        }
        /* infect */
        if (a->alive) {
            if (a->infected) {
                if (step - a->infect_day >= 10)
                    a->bite_rate = fminf(a->bite_rate * 1.1f, 1.0f);
            } else {
                float dx = a->x - 0.5f * WORLD_SIZE;
                float dy = a->y - 0.5f * WORLD_SIZE;
                float dist = sqrtf(dx * dx + dy * dy);
                float p = a->bite_rate * expf(-dist / 20.0f);
                if (hashUniform((unsigned int)i, (unsigned int)step + 0x2000u) < p) {
                    a->infected = 1;
                    a->infect_day = step;
                }
            }
        }
        /* reproduce_stats */
        if (a->alive) {
            unsigned long long eggs = (unsigned long long)(a->fecundity * a->wing_len);
            counters[a->species] += eggs;
            counters[3] += 1ULL;
            site_eggs[a->home_id] += eggs;
        }
    }
}

/* Relative difference of two values, with a floor of 1 on the denominator:
 * a position near the wall carries the absolute error of one near the
 * centre (a few ulps of 100), so small values are compared absolutely. */
static double relErr(float gpu, float cpu)
{
    double denom = fabs((double)cpu);
    if (denom < 1.0)
        denom = 1.0;
    double e = fabs((double)gpu - (double)cpu) / denom;
    return e == e ? e : INFINITY; /* NaN: fails */
}

/*
 * The host check on all hardware threads (see the file comment).  ref: the
 * input agents, simulated here in place.  Returns the maximum relative error
 * over the agents that did not fork and the counters; *forked: agents whose
 * integer fields differ or whose float fields are off by more than 1e-3.
 */
static double verifyAgents(Agent *ref, const Agent *out, int n, int steps,
                           const unsigned long long *counters, const unsigned long long *site_eggs,
                           long long *forked, double *counterErr)
{
    unsigned int nt = bench_host_threads();
    std::vector<double> maxErr(nt, 0.0);
    std::vector<long long> nforked(nt, 0);
    std::vector<unsigned long long> cnt((size_t)nt * NUM_COUNTERS, 0), sites((size_t)nt * NUM_SITES, 0);
    bench_parallel_for(nt, n, [&](unsigned int t, long long lo, long long hi) {
        for (int i = (int)lo; i < (int)hi; i++) {
            simulateAgentCPU(&ref[i], i, steps, &cnt[(size_t)t * NUM_COUNTERS], &sites[(size_t)t * NUM_SITES]);
            const Agent &c = ref[i], &g = out[i];
            bool same = g.alive == c.alive && g.age == c.age && g.species == c.species &&
                        g.infected == c.infected && g.infect_day == c.infect_day && g.home_id == c.home_id;
            double e = 0.0;
            e = std::max(e, relErr(g.x, c.x));
            e = std::max(e, relErr(g.y, c.y));
            e = std::max(e, relErr(g.energy, c.energy));
            e = std::max(e, relErr(g.bite_rate, c.bite_rate));
            e = std::max(e, relErr(g.fecundity, c.fecundity));
            e = std::max(e, relErr(g.wing_len, c.wing_len));
            if (!same || !(e <= 1e-3))
                nforked[t]++;
            else if (e > maxErr[t])
                maxErr[t] = e;
        }
    });

    double m = bench_max_of(maxErr);
    *forked = bench_sum_of(nforked);
    /* counters: per-thread sums of integers, exact in any order */
    double ce = 0.0;
    for (int k = 0; k < NUM_COUNTERS + NUM_SITES; k++) {
        unsigned long long want = 0, got = k < NUM_COUNTERS ? counters[k] : site_eggs[k - NUM_COUNTERS];
        for (unsigned int t = 0; t < nt; t++)
            want += k < NUM_COUNTERS ? cnt[(size_t)t * NUM_COUNTERS + k]
                                     : sites[(size_t)t * NUM_SITES + (k - NUM_COUNTERS)];
        double d = fabs((double)got - (double)want) / std::max((double)want, 1.0);
        ce = std::max(ce, d);
    }
    *counterErr = ce;
    return std::max(m, ce);
}

static double checksum(const Agent *a, int n, int *aliveCount)
{
    double sum = 0.0;
    int alive = 0;
    for (int i = 0; i < n; i++) {
        sum += (double)a[i].x + (double)a[i].y + (double)a[i].energy;
        sum += (double)a[i].alive + (double)a[i].age + (double)a[i].species;
        sum += (double)a[i].bite_rate + (double)a[i].fecundity;
        sum += (double)a[i].infected + (double)a[i].infect_day;
        sum += (double)a[i].wing_len + (double)a[i].home_id;
        alive += a[i].alive;
    }
    *aliveCount = alive;
    return sum;
}

int main(int argc, char **argv)
{
    bench_args args;
    int bad = bench_parse_args(argc, argv, 2, &args);
    int n = bench_pos_int(&args, 0, 1 << 22);
    int steps = bench_pos_int(&args, 1, 20);
    int reps = args.reps;
    int verify = args.verify;

    if (bad || n <= 0 || steps < 0 || reps < 1) {
        fprintf(stderr, "usage: %s [n] [steps] [--reps R] [--verify | --no-verify]\n", argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Agent);
    Agent *h_agents, *h_out; /* pinned: the copies run at full speed */
    CUDA_CHECK(cudaMallocHost((void **)&h_agents, bytes));
    CUDA_CHECK(cudaMallocHost((void **)&h_out, bytes));
    initAgents(h_agents, n);

    Agent *d_agents;
    unsigned long long *d_counters, *d_site_eggs;
    CUDA_CHECK(cudaMalloc((void **)&d_agents, bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_counters, NUM_COUNTERS * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMalloc((void **)&d_site_eggs, NUM_SITES * sizeof(unsigned long long)));

    int grid = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    int strideGrid = grid < 1024 ? grid : 1024; /* for the grid-stride kernels */

    bench_timer timer;
    bench_timer_init(&timer, reps);

    unsigned long long h_counters[NUM_COUNTERS];
    unsigned long long h_site_eggs[NUM_SITES];
    for (int rep = -1; rep < reps; rep++) { /* rep -1: warm-up, not counted */
        bench_h2d_start(&timer);
        CUDA_CHECK(cudaMemcpy(d_agents, h_agents, bytes, cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemset(d_counters, 0, NUM_COUNTERS * sizeof(unsigned long long)));
        CUDA_CHECK(cudaMemset(d_site_eggs, 0, NUM_SITES * sizeof(unsigned long long)));
        bench_kernels_start(&timer);
        for (int s = 0; s < steps; s++) {
            move<<<strideGrid, BLOCK_SIZE>>>(d_agents, n, s);
            CUDA_CHECK(cudaGetLastError());
            age_and_die<<<grid, BLOCK_SIZE>>>(d_agents, n, s);
            CUDA_CHECK(cudaGetLastError());
            infect<<<strideGrid, BLOCK_SIZE>>>(d_agents, n, s);
            CUDA_CHECK(cudaGetLastError());
            reproduce_stats<<<grid, BLOCK_SIZE>>>(d_agents, n, d_counters, d_site_eggs);
            CUDA_CHECK(cudaGetLastError());
        }
        bench_kernels_stop(&timer);
        CUDA_CHECK(cudaMemcpy(h_out, d_agents, bytes, cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(h_counters, d_counters, sizeof(h_counters), cudaMemcpyDeviceToHost));
        CUDA_CHECK(cudaMemcpy(h_site_eggs, d_site_eggs, sizeof(h_site_eggs), cudaMemcpyDeviceToHost));
        bench_rep_end(&timer);
    }

    int alive = 0;
    double sum = checksum(h_out, n, &alive);
    int maxSite = 0;
    for (int k = 1; k < NUM_SITES; k++)
        if (h_site_eggs[k] > h_site_eggs[maxSite])
            maxSite = k;

    printf("eggs by species: %llu %llu %llu, agent-days: %llu, busiest site: %d\n",
           h_counters[0], h_counters[1], h_counters[2], h_counters[3], maxSite);
    printf("alive: %d\n", alive);

    bench_print_size("agents", n, bytes);
    bench_print_timing(&timer);
    bench_print_checksum(sum);

    int status = 0;
    if (verify) {
        long long forked = 0;
        double counterErr = 0.0;
        long long allowed = n / 10000;
        double maxRel = verifyAgents(h_agents, h_out, n, steps, h_counters, h_site_eggs, &forked, &counterErr);
        printf("verify: %lld of %d agents forked from the host reference (allowed %lld), counters within %.3e\n",
               forked, n, allowed, counterErr);
        status = bench_print_verifyf(forked <= allowed && maxRel <= 1e-3, maxRel,
                                     " forked=%lld allowed=%lld tolerance=1.0e-03", forked, allowed);
    } else {
        status = bench_print_verify_skipped();
    }

    bench_timer_destroy(&timer);
    CUDA_CHECK(cudaFree(d_agents));
    CUDA_CHECK(cudaFree(d_counters));
    CUDA_CHECK(cudaFree(d_site_eggs));
    CUDA_CHECK(cudaFreeHost(h_agents));
    CUDA_CHECK(cudaFreeHost(h_out));
    return status;
}
