/* timing.cuh: what convert.cu and convert_gen.cu share: CHECK and the timing
 * of one conversion (CUDA events, 3 warm-up runs, median of 11, in ms). */
#ifndef KDLG_CONVERT_TIMING_CUH
#define KDLG_CONVERT_TIMING_CUH

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                                            \
  do {                                                                                         \
    cudaError_t e_ = (call);                                                                   \
    if (e_ != cudaSuccess) {                                                                   \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      exit(1);                                                                                 \
    }                                                                                          \
  } while (0)

static float median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/* Median time of fn() in ms over 11 runs after 3 warm-up runs, each run
 * bracketed by CUDA events on the default stream. */
template <typename Fn>
static float time_ms(Fn fn) {
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 3; i++)
    fn();
  std::vector<float> t;
  for (int i = 0; i < 11; i++) {
    CHECK(cudaEventRecord(a));
    fn();
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    float ms;
    CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  return median(t);
}

#endif
