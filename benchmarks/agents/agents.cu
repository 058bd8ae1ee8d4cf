/*
 * agents.cu - agent-based mosquito population simulation (SAMPO-like).
 *
 * Bundled input program for kdlg-opt. Agents are deliberately stored in
 * array-of-structures (AoS) form: struct Agent has 12 fields of mixed hot
 * and cold use, and each kernel touches only a subset of them, so the
 * data-layout optimizer has something to split / reorder.
 *
 * Usage: agents [n] [steps]
 *   n      number of agents (default 1<<20)
 *   steps  number of simulated days (default 20)
 */
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <cuda_runtime.h>

#define BLOCK_SIZE 256
#define SUBSTEPS 8
#define WORLD_SIZE 100.0f
#define NUM_SITES 64
#define NUM_COUNTERS 4

#define CUDA_CHECK(call)                                                  \
    do {                                                                  \
        cudaError_t err_ = (call);                                        \
        if (err_ != cudaSuccess) {                                        \
            fprintf(stderr, "CUDA error %s at %s:%d\n",                   \
                    cudaGetErrorString(err_), __FILE__, __LINE__);        \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

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

/* Cheap deterministic per-agent, per-step pseudo-random number in [0,1). */
__device__ __forceinline__ float hashUniform(unsigned int a, unsigned int b)
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
    lcg_state = lcg_state * 1664525u + 1013904223u;
    return lcg_state;
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
    int n = 1 << 20;
    int steps = 20;
    if (argc > 1) n = atoi(argv[1]);
    if (argc > 2) steps = atoi(argv[2]);
    if (n <= 0 || steps < 0) {
        fprintf(stderr, "usage: %s [n] [steps]\n", argv[0]);
        return 1;
    }

    size_t bytes = (size_t)n * sizeof(Agent);
    Agent *h_agents = (Agent *)malloc(bytes);
    initAgents(h_agents, n);

    Agent *d_agents;
    unsigned long long *d_counters, *d_site_eggs;
    CUDA_CHECK(cudaMalloc((void **)&d_agents, bytes));
    CUDA_CHECK(cudaMalloc((void **)&d_counters, NUM_COUNTERS * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMalloc((void **)&d_site_eggs, NUM_SITES * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemcpy(d_agents, h_agents, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_counters, 0, NUM_COUNTERS * sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemset(d_site_eggs, 0, NUM_SITES * sizeof(unsigned long long)));

    int grid = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    int strideGrid = grid < 1024 ? grid : 1024; /* for the grid-stride kernels */

    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start, 0));
    for (int s = 0; s < steps; s++) {
        move<<<strideGrid, BLOCK_SIZE>>>(d_agents, n, s);
        age_and_die<<<grid, BLOCK_SIZE>>>(d_agents, n, s);
        infect<<<strideGrid, BLOCK_SIZE>>>(d_agents, n, s);
        reproduce_stats<<<grid, BLOCK_SIZE>>>(d_agents, n, d_counters, d_site_eggs);
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaEventRecord(stop, 0));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaDeviceSynchronize());
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));

    unsigned long long h_counters[NUM_COUNTERS];
    unsigned long long h_site_eggs[NUM_SITES];
    CUDA_CHECK(cudaMemcpy(h_agents, d_agents, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_counters, d_counters, sizeof(h_counters), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(h_site_eggs, d_site_eggs, sizeof(h_site_eggs), cudaMemcpyDeviceToHost));

    int alive = 0;
    double sum = checksum(h_agents, n, &alive);
    int maxSite = 0;
    for (int k = 1; k < NUM_SITES; k++)
        if (h_site_eggs[k] > h_site_eggs[maxSite])
            maxSite = k;

    printf("n = %d, steps = %d, time = %.3f ms\n", n, steps, ms);
    printf("eggs by species: %llu %llu %llu, agent-days: %llu, busiest site: %d\n",
           h_counters[0], h_counters[1], h_counters[2], h_counters[3], maxSite);
    printf("alive: %d\n", alive);
    printf("checksum: %.6e\n", sum);

    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    CUDA_CHECK(cudaFree(d_agents));
    CUDA_CHECK(cudaFree(d_counters));
    CUDA_CHECK(cudaFree(d_site_eggs));
    free(h_agents);
    return 0;
}
