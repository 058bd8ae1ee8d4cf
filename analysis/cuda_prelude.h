/* cuda_prelude.h: what kdlg-opt's front end needs to parse CUDA with clang 19.
 *
 * clang 19 cannot read CUDA 13's headers (docs/method-notes.md §6), so
 * kdlg-opt parses .cu files with -nocudainc and force-includes this file.
 * It declares the CUDA qualifiers, built-in variables, vector types (with
 * CUDA's sizes and alignments: σ of a float4 field is 16 B), the device
 * functions kernels commonly call and the runtime API calls kdlg-opt
 * recognises.  The output of kdlg-opt is compiled by the user's nvcc, never
 * against this file.
 *
 * The virtual headers <cuda_runtime.h>, <cuda.h>, <device_launch_parameters.h>
 * and <cuda_runtime_api.h> resolve to this file as well (see frontend.c).
 */
#ifndef KDLG_CUDA_PRELUDE_H
#define KDLG_CUDA_PRELUDE_H

#define __KDLG_CUDA_PRELUDE__ 1
#define __CUDACC__ 1
#define __NVCC__ 1
#define CUDART_VERSION 13000
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__

/* The C library's host declarations come first; the device overloads below
 * follow them, the order clang's own CUDA wrappers use. */
#include <stddef.h>
#include <stdlib.h>
#include <math.h>

typedef unsigned int uint;
typedef unsigned short ushort;
typedef unsigned char uchar;
typedef unsigned long ulong;

/* ---- vector types (CUDA's vector_types.h sizes and alignments) ---- */
typedef struct __attribute__((aligned(1))) char1 { signed char x; } char1;
static __inline__ __host__ __device__ char1 make_char1(signed char x) { char1 r = { x }; return r; }
typedef struct __attribute__((aligned(2))) char2 { signed char x, y; } char2;
static __inline__ __host__ __device__ char2 make_char2(signed char x, signed char y) { char2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(1))) char3 { signed char x, y, z; } char3;
static __inline__ __host__ __device__ char3 make_char3(signed char x, signed char y, signed char z) { char3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(4))) char4 { signed char x, y, z, w; } char4;
static __inline__ __host__ __device__ char4 make_char4(signed char x, signed char y, signed char z, signed char w) { char4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(1))) uchar1 { unsigned char x; } uchar1;
static __inline__ __host__ __device__ uchar1 make_uchar1(unsigned char x) { uchar1 r = { x }; return r; }
typedef struct __attribute__((aligned(2))) uchar2 { unsigned char x, y; } uchar2;
static __inline__ __host__ __device__ uchar2 make_uchar2(unsigned char x, unsigned char y) { uchar2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(1))) uchar3 { unsigned char x, y, z; } uchar3;
static __inline__ __host__ __device__ uchar3 make_uchar3(unsigned char x, unsigned char y, unsigned char z) { uchar3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(4))) uchar4 { unsigned char x, y, z, w; } uchar4;
static __inline__ __host__ __device__ uchar4 make_uchar4(unsigned char x, unsigned char y, unsigned char z, unsigned char w) { uchar4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(2))) short1 { short x; } short1;
static __inline__ __host__ __device__ short1 make_short1(short x) { short1 r = { x }; return r; }
typedef struct __attribute__((aligned(4))) short2 { short x, y; } short2;
static __inline__ __host__ __device__ short2 make_short2(short x, short y) { short2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(2))) short3 { short x, y, z; } short3;
static __inline__ __host__ __device__ short3 make_short3(short x, short y, short z) { short3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(8))) short4 { short x, y, z, w; } short4;
static __inline__ __host__ __device__ short4 make_short4(short x, short y, short z, short w) { short4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(2))) ushort1 { unsigned short x; } ushort1;
static __inline__ __host__ __device__ ushort1 make_ushort1(unsigned short x) { ushort1 r = { x }; return r; }
typedef struct __attribute__((aligned(4))) ushort2 { unsigned short x, y; } ushort2;
static __inline__ __host__ __device__ ushort2 make_ushort2(unsigned short x, unsigned short y) { ushort2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(2))) ushort3 { unsigned short x, y, z; } ushort3;
static __inline__ __host__ __device__ ushort3 make_ushort3(unsigned short x, unsigned short y, unsigned short z) { ushort3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(8))) ushort4 { unsigned short x, y, z, w; } ushort4;
static __inline__ __host__ __device__ ushort4 make_ushort4(unsigned short x, unsigned short y, unsigned short z, unsigned short w) { ushort4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(4))) int1 { int x; } int1;
static __inline__ __host__ __device__ int1 make_int1(int x) { int1 r = { x }; return r; }
typedef struct __attribute__((aligned(8))) int2 { int x, y; } int2;
static __inline__ __host__ __device__ int2 make_int2(int x, int y) { int2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(4))) int3 { int x, y, z; } int3;
static __inline__ __host__ __device__ int3 make_int3(int x, int y, int z) { int3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) int4 { int x, y, z, w; } int4;
static __inline__ __host__ __device__ int4 make_int4(int x, int y, int z, int w) { int4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(4))) uint1 { unsigned int x; } uint1;
static __inline__ __host__ __device__ uint1 make_uint1(unsigned int x) { uint1 r = { x }; return r; }
typedef struct __attribute__((aligned(8))) uint2 { unsigned int x, y; } uint2;
static __inline__ __host__ __device__ uint2 make_uint2(unsigned int x, unsigned int y) { uint2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(4))) uint3 { unsigned int x, y, z; } uint3;
static __inline__ __host__ __device__ uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) { uint3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) uint4 { unsigned int x, y, z, w; } uint4;
static __inline__ __host__ __device__ uint4 make_uint4(unsigned int x, unsigned int y, unsigned int z, unsigned int w) { uint4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(8))) long1 { long x; } long1;
static __inline__ __host__ __device__ long1 make_long1(long x) { long1 r = { x }; return r; }
typedef struct __attribute__((aligned(16))) long2 { long x, y; } long2;
static __inline__ __host__ __device__ long2 make_long2(long x, long y) { long2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(8))) long3 { long x, y, z; } long3;
static __inline__ __host__ __device__ long3 make_long3(long x, long y, long z) { long3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) long4 { long x, y, z, w; } long4;
static __inline__ __host__ __device__ long4 make_long4(long x, long y, long z, long w) { long4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(8))) ulong1 { unsigned long x; } ulong1;
static __inline__ __host__ __device__ ulong1 make_ulong1(unsigned long x) { ulong1 r = { x }; return r; }
typedef struct __attribute__((aligned(16))) ulong2 { unsigned long x, y; } ulong2;
static __inline__ __host__ __device__ ulong2 make_ulong2(unsigned long x, unsigned long y) { ulong2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(8))) ulong3 { unsigned long x, y, z; } ulong3;
static __inline__ __host__ __device__ ulong3 make_ulong3(unsigned long x, unsigned long y, unsigned long z) { ulong3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) ulong4 { unsigned long x, y, z, w; } ulong4;
static __inline__ __host__ __device__ ulong4 make_ulong4(unsigned long x, unsigned long y, unsigned long z, unsigned long w) { ulong4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(8))) longlong1 { long long x; } longlong1;
static __inline__ __host__ __device__ longlong1 make_longlong1(long long x) { longlong1 r = { x }; return r; }
typedef struct __attribute__((aligned(16))) longlong2 { long long x, y; } longlong2;
static __inline__ __host__ __device__ longlong2 make_longlong2(long long x, long long y) { longlong2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(8))) longlong3 { long long x, y, z; } longlong3;
static __inline__ __host__ __device__ longlong3 make_longlong3(long long x, long long y, long long z) { longlong3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) longlong4 { long long x, y, z, w; } longlong4;
static __inline__ __host__ __device__ longlong4 make_longlong4(long long x, long long y, long long z, long long w) { longlong4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(8))) ulonglong1 { unsigned long long x; } ulonglong1;
static __inline__ __host__ __device__ ulonglong1 make_ulonglong1(unsigned long long x) { ulonglong1 r = { x }; return r; }
typedef struct __attribute__((aligned(16))) ulonglong2 { unsigned long long x, y; } ulonglong2;
static __inline__ __host__ __device__ ulonglong2 make_ulonglong2(unsigned long long x, unsigned long long y) { ulonglong2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(8))) ulonglong3 { unsigned long long x, y, z; } ulonglong3;
static __inline__ __host__ __device__ ulonglong3 make_ulonglong3(unsigned long long x, unsigned long long y, unsigned long long z) { ulonglong3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) ulonglong4 { unsigned long long x, y, z, w; } ulonglong4;
static __inline__ __host__ __device__ ulonglong4 make_ulonglong4(unsigned long long x, unsigned long long y, unsigned long long z, unsigned long long w) { ulonglong4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(4))) float1 { float x; } float1;
static __inline__ __host__ __device__ float1 make_float1(float x) { float1 r = { x }; return r; }
typedef struct __attribute__((aligned(8))) float2 { float x, y; } float2;
static __inline__ __host__ __device__ float2 make_float2(float x, float y) { float2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(4))) float3 { float x, y, z; } float3;
static __inline__ __host__ __device__ float3 make_float3(float x, float y, float z) { float3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) float4 { float x, y, z, w; } float4;
static __inline__ __host__ __device__ float4 make_float4(float x, float y, float z, float w) { float4 r = { x, y, z, w }; return r; }
typedef struct __attribute__((aligned(8))) double1 { double x; } double1;
static __inline__ __host__ __device__ double1 make_double1(double x) { double1 r = { x }; return r; }
typedef struct __attribute__((aligned(16))) double2 { double x, y; } double2;
static __inline__ __host__ __device__ double2 make_double2(double x, double y) { double2 r = { x, y }; return r; }
typedef struct __attribute__((aligned(8))) double3 { double x, y, z; } double3;
static __inline__ __host__ __device__ double3 make_double3(double x, double y, double z) { double3 r = { x, y, z }; return r; }
typedef struct __attribute__((aligned(16))) double4 { double x, y, z, w; } double4;
static __inline__ __host__ __device__ double4 make_double4(double x, double y, double z, double w) { double4 r = { x, y, z, w }; return r; }

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};

/* ---- built-in variables ---- */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

/* ---- runtime API (host) ---- */
typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2 } cudaError_t;
typedef enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4
} cudaMemcpyKind;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; int major, minor, multiProcessorCount; int clockRate, memoryClockRate, memoryBusWidth; size_t sharedMemPerBlock; int maxThreadsPerBlock; int warpSize; };
#define cudaMemAttachGlobal 0x01
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaCpuDeviceId ((int)-1)
enum cudaMemLocationType { cudaMemLocationTypeInvalid = 0, cudaMemLocationTypeNone = 0, cudaMemLocationTypeDevice = 1,
                           cudaMemLocationTypeHost = 2, cudaMemLocationTypeHostNuma = 3, cudaMemLocationTypeHostNumaCurrent = 4 };
struct cudaMemLocation { enum cudaMemLocationType type; int id; };
enum cudaMemoryAdvise { cudaMemAdviseSetReadMostly = 1, cudaMemAdviseUnsetReadMostly = 2, cudaMemAdviseSetPreferredLocation = 3,
                        cudaMemAdviseUnsetPreferredLocation = 4, cudaMemAdviseSetAccessedBy = 5, cudaMemAdviseUnsetAccessedBy = 6 };
#define cudaStreamNonBlocking 0x01
#define cudaEventDisableTiming 0x02

extern "C" {
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream);
cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
/* the rest of the memory API: parsed so that programs using it are read; a
 * pointer to a planned struct given to any of these is an unknown use (the
 * struct keeps AoS, with a remark) */
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height);
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags);
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags);
cudaError_t cudaHostUnregister(void *ptr);
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags);
cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height);
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count);
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice, size_t count, cudaStream_t stream = 0);
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, struct cudaMemLocation location, unsigned int flags, cudaStream_t stream = 0);
cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, struct cudaMemLocation location);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream = 0);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem, cudaStream_t stream);

enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
enum cudaMemoryType { cudaMemoryTypeUnregistered = 0, cudaMemoryTypeHost = 1, cudaMemoryTypeDevice = 2, cudaMemoryTypeManaged = 3 };
struct cudaPointerAttributes { enum cudaMemoryType type; int device; void *devicePointer; void *hostPointer; };
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr);
cudaError_t cudaConfigureCall(dim3 gridSize, dim3 blockSize, size_t sharedMem = 0, cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 gridSize, dim3 blockSize, size_t sharedMem = 0, cudaStream_t stream = 0);
}
template <class T> static __inline__ __host__ cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) { return cudaFuncSetAttribute((const void *)func, attr, value); }
template <class T> static __inline__ __host__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0) { return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }
template <class T> static __inline__ __host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args, size_t sharedMem = 0, cudaStream_t stream = 0) { return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }
template <class T> static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) { return cudaMalloc((void **)devPtr, size); }
template <class T> static __inline__ __host__ cudaError_t cudaMallocManaged(T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) { return cudaMallocManaged((void **)devPtr, size, flags); }
template <class T> static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size, cudaStream_t stream) { return cudaMallocAsync((void **)devPtr, size, stream); }
template <class T> static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size) { return cudaMallocHost((void **)ptr, size); }
template <class T> static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr, size_t *pitch, size_t width, size_t height) { return cudaMallocPitch((void **)devPtr, pitch, width, height); }
template <class T> static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags) { return cudaHostAlloc((void **)ptr, size, flags); }
/* CUDA 12's forms (a device ordinal), still common in code */
static __inline__ __host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice, cudaStream_t stream = 0) { struct cudaMemLocation l = {dstDevice == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice, dstDevice}; return cudaMemPrefetchAsync(devPtr, count, l, 0, stream); }
static __inline__ __host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice, int device) { struct cudaMemLocation l = {device == cudaCpuDeviceId ? cudaMemLocationTypeHost : cudaMemLocationTypeDevice, device}; return cudaMemAdvise(devPtr, count, advice, l); }
template <class T> static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyHostToDevice) { return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
template <class T> static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0, cudaMemcpyKind kind = cudaMemcpyDeviceToHost) { return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }

/* ---- device functions ---- */
__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ long long clock64(void);
__device__ int clock(void);

#define KDLG_ATOMIC2(name, T) __device__ T name(T *address, T val);
#define KDLG_ATOMIC_INT(name) KDLG_ATOMIC2(name, int) KDLG_ATOMIC2(name, unsigned int) KDLG_ATOMIC2(name, unsigned long long)
KDLG_ATOMIC_INT(atomicAdd) KDLG_ATOMIC2(atomicAdd, float) KDLG_ATOMIC2(atomicAdd, double)
KDLG_ATOMIC_INT(atomicSub) KDLG_ATOMIC_INT(atomicExch) KDLG_ATOMIC2(atomicExch, float)
KDLG_ATOMIC_INT(atomicMin) KDLG_ATOMIC_INT(atomicMax) KDLG_ATOMIC_INT(atomicAnd) KDLG_ATOMIC_INT(atomicOr) KDLG_ATOMIC_INT(atomicXor)
KDLG_ATOMIC2(atomicMin, long long) KDLG_ATOMIC2(atomicMax, long long)
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare, unsigned int val);
__device__ unsigned long long atomicCAS(unsigned long long *address, unsigned long long compare, unsigned long long val);
#undef KDLG_ATOMIC_INT
#undef KDLG_ATOMIC2

__device__ unsigned __ballot_sync(unsigned mask, int pred);
__device__ int __all_sync(unsigned mask, int pred);
__device__ int __any_sync(unsigned mask, int pred);
#define KDLG_SHFL(T) \
  __device__ T __shfl_sync(unsigned mask, T var, int src, int width = 32); \
  __device__ T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32); \
  __device__ T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32); \
  __device__ T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = 32);
KDLG_SHFL(int) KDLG_SHFL(unsigned int) KDLG_SHFL(float) KDLG_SHFL(double) KDLG_SHFL(long long)
#undef KDLG_SHFL
__device__ int __popc(unsigned int);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __ffs(int);
__device__ unsigned int __brev(unsigned int);
__device__ int __mul24(int, int);
__device__ unsigned int __umul24(unsigned int, unsigned int);
__device__ int __float_as_int(float);
__device__ float __int_as_float(int);
__device__ unsigned int __float_as_uint(float);
__device__ float __uint_as_float(unsigned int);
__device__ long long __double_as_longlong(double);
__device__ double __longlong_as_double(long long);
__device__ float __fdividef(float, float);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __powf(float, float);
__device__ float __saturatef(float);
__device__ float __frsqrt_rn(float);
__device__ int __float2int_rn(float);
__device__ int __float2int_rz(float);
__device__ float __int2float_rn(int);
template <class T> __device__ T __ldg(const T *ptr);

/* ---- math (device side; host code gets the C library's through <cmath>) ---- */
#define KDLG_MATH1(fn) __device__ float fn##f(float); __device__ double fn(double);
#define KDLG_MATH2(fn) __device__ float fn##f(float, float); __device__ double fn(double, double);
KDLG_MATH1(sqrt) KDLG_MATH1(rsqrt) KDLG_MATH1(cbrt) KDLG_MATH1(rcbrt) KDLG_MATH1(exp) KDLG_MATH1(exp2) KDLG_MATH1(exp10) KDLG_MATH1(expm1)
KDLG_MATH1(log) KDLG_MATH1(log2) KDLG_MATH1(log10) KDLG_MATH1(log1p) KDLG_MATH1(sin) KDLG_MATH1(cos) KDLG_MATH1(tan)
KDLG_MATH1(asin) KDLG_MATH1(acos) KDLG_MATH1(atan) KDLG_MATH1(sinh) KDLG_MATH1(cosh) KDLG_MATH1(tanh)
KDLG_MATH1(asinh) KDLG_MATH1(acosh) KDLG_MATH1(atanh) KDLG_MATH1(fabs) KDLG_MATH1(floor) KDLG_MATH1(ceil) KDLG_MATH1(trunc)
KDLG_MATH1(round) KDLG_MATH1(rint) KDLG_MATH1(nearbyint) KDLG_MATH1(erf) KDLG_MATH1(erfc) KDLG_MATH1(erfinv) KDLG_MATH1(erfcinv)
KDLG_MATH1(lgamma) KDLG_MATH1(tgamma) KDLG_MATH1(normcdf) KDLG_MATH1(normcdfinv) KDLG_MATH1(sinpi) KDLG_MATH1(cospi)
KDLG_MATH2(pow) KDLG_MATH2(fmin) KDLG_MATH2(fmax) KDLG_MATH2(fmod) KDLG_MATH2(atan2) KDLG_MATH2(hypot) KDLG_MATH2(copysign)
KDLG_MATH2(fdim) KDLG_MATH2(remainder)
__device__ float fmaf(float, float, float);
__device__ double fma(double, double, double);
__device__ void sincosf(float, float *, float *);
__device__ void sincos(double, double *, double *);
__device__ float ldexpf(float, int);
__device__ double ldexp(double, int);
__device__ float frexpf(float, int *);
__device__ double frexp(double, int *);
__device__ int abs(int);
__device__ long labs(long);
__device__ long long llabs(long long);
__device__ int isnan(double);
__device__ int isinf(double);
__device__ int isfinite(double);
__device__ int min(int, int);
__device__ int max(int, int);
__device__ unsigned int umin(unsigned int, unsigned int);
__device__ unsigned int umax(unsigned int, unsigned int);
__device__ long long llmin(long long, long long);
__device__ long long llmax(long long, long long);
__device__ float fdividef(float, float);
__device__ float saturatef(float);
#undef KDLG_MATH1
#undef KDLG_MATH2
__device__ unsigned int min(unsigned int, unsigned int);
__device__ unsigned int max(unsigned int, unsigned int);
__device__ float min(float, float);
__device__ float max(float, float);
__device__ double min(double, double);
__device__ double max(double, double);

extern "C" int printf(const char *, ...);
/* device-side C library functions CUDA provides (overloaded on the target) */
extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void *memcpy(void *, const void *, size_t);
extern "C" __device__ void *memset(void *, int, size_t);
extern "C" __device__ void *malloc(size_t);
extern "C" __device__ void free(void *);

#endif /* KDLG_CUDA_PRELUDE_H */
