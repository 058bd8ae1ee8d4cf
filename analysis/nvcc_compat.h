/* nvcc_compat.h: what nvcc gives a CUDA program that clang's CUDA mode,
 * reading the same toolkit, lacks (docs/design.md, "nvcc compatibility").
 *
 * kdlg-opt must read a .cu file as nvcc, the compiler of its output, reads
 * it (Kofler et al. 2015, Fig. 4).  With the real CUDA toolkit, clang 22 and
 * nvcc 13 still differ in what a program sees; this file, force-included
 * from a virtual file after clang's CUDA runtime wrapper (frontend.c), makes
 * up for each difference that keeps programs nvcc builds from parsing:
 *
 *   1. __NVCC__ (nvcc's predefined macro): programs decorate functions
 *      `__host__ __device__` only `#if defined(__NVCC__)`, and without it
 *      their kernels call host functions.  The toolkit's own compiler
 *      detection (<nv/target>, CCCL's <cuda/std/__cccl/compiler.h>) must
 *      keep seeing clang, so they are read first, then __NVCC__ is
 *      defined.  Not where a -U__NVCC__ among the compiler arguments asks
 *      for clang's view (frontend.c then defines __KDLG_OPT_NO_NVCC__).
 *      __CUDACC_VER_MAJOR__ / _MINOR__ (nvcc's version macros) come from
 *      the toolkit's CUDA_VERSION; _BUILD__ is 0 (unknown).
 *   2. Host-side min and max: nvcc's crt/math_functions.hpp defines them
 *      `__host__ __device__` for every pair of int, unsigned, long, long
 *      long, float and double that it handles, and umin/umax, llmin/llmax,
 *      ullmin/ullmax; clang's wrapper includes the same file with __host__
 *      defined away, so host code that calls max(int, int) does not parse.
 *      The same set is declared here __host__ (device code keeps clang's
 *      __device__ ones: a kernel's call resolves as before).
 *   3. The built-in atomics of nvcc >= 12.8 (__nv_atomic_load_n,
 *      __nv_atomic_fetch_add, ...; __CUDACC_DEVICE_ATOMIC_BUILTINS__ says
 *      they exist) and their order and scope constants (__NV_ATOMIC_RELAXED,
 *      __NV_THREAD_SCOPE_DEVICE, ...): the toolkit declares the constants in
 *      crt/device_functions.h, which clang's wrapper never includes; the
 *      functions are nvcc's builtins.  Declared __device__ templates that
 *      accept every argument nvcc's do (nvcc checks the types).
 *
 * Everything is guarded: a macro is defined only where it is not, a group
 * is skipped where clang provides it (a min/max macro, __nv_atomic_load_n a
 * builtin) or the toolkit lacks it (the atomics before CUDA 12.8).  These
 * are parse-only declarations: kdlg-opt's output is the user's text
 * rewritten, compiled by nvcc with nvcc's own definitions, never with this
 * file.  Names are reserved (leading __) or nvcc's.
 */
#ifndef KDLG_NVCC_COMPAT_H
#define KDLG_NVCC_COMPAT_H

#define __KDLG_NVCC_COMPAT__ 1

/* ---- 1. nvcc's predefined macros ---- */

#if !defined(__NVCC__) && !defined(__KDLG_OPT_NO_NVCC__)
/* the toolkit's compiler detection, read while __NVCC__ is not defined */
#if __has_include(<nv/target>)
#include <nv/target>
#endif
#if __cplusplus >= 201703L && __has_include(<cuda/std/__cccl/compiler.h>)
#include <cuda/std/__cccl/compiler.h>
#endif
#define __NVCC__ 1
#endif

#if !defined(__CUDACC_VER_MAJOR__) && defined(CUDA_VERSION)
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#endif

/* ---- 2. host-side min and max (crt/math_functions.hpp's set) ---- */

#if !defined(min) && !defined(max)
#define __KDLG_MM(R, A, B)                                                                       \
  static inline __host__ R min(const A __a, const B __b) { return (R)__a < (R)__b ? (R)__a : (R)__b; } \
  static inline __host__ R max(const A __a, const B __b) { return (R)__a > (R)__b ? (R)__a : (R)__b; }
__KDLG_MM(unsigned int, unsigned int, unsigned int)
__KDLG_MM(unsigned int, int, unsigned int)
__KDLG_MM(unsigned int, unsigned int, int)
__KDLG_MM(long int, long int, long int)
__KDLG_MM(unsigned long int, unsigned long int, unsigned long int)
__KDLG_MM(unsigned long int, long int, unsigned long int)
__KDLG_MM(unsigned long int, unsigned long int, long int)
__KDLG_MM(long long int, long long int, long long int)
__KDLG_MM(unsigned long long int, unsigned long long int, unsigned long long int)
__KDLG_MM(unsigned long long int, long long int, unsigned long long int)
__KDLG_MM(unsigned long long int, unsigned long long int, long long int)
__KDLG_MM(float, float, float)
__KDLG_MM(double, double, double)
__KDLG_MM(double, float, double)
__KDLG_MM(double, double, float)
#undef __KDLG_MM
/* the helpers nvcc's header defines for host code (!__CUDA_ARCH__) */
inline __host__ int min(const int __a, const int __b) { return __a < __b ? __a : __b; }
inline __host__ int max(const int __a, const int __b) { return __a > __b ? __a : __b; }
inline __host__ unsigned int umin(const unsigned int __a, const unsigned int __b) { return __a < __b ? __a : __b; }
inline __host__ unsigned int umax(const unsigned int __a, const unsigned int __b) { return __a > __b ? __a : __b; }
inline __host__ long long int llmin(const long long int __a, const long long int __b) { return __a < __b ? __a : __b; }
inline __host__ long long int llmax(const long long int __a, const long long int __b) { return __a > __b ? __a : __b; }
inline __host__ unsigned long long int ullmin(const unsigned long long int __a, const unsigned long long int __b) {
  return __a < __b ? __a : __b;
}
inline __host__ unsigned long long int ullmax(const unsigned long long int __a, const unsigned long long int __b) {
  return __a > __b ? __a : __b;
}
#endif

/* ---- 3. nvcc's built-in atomics (CUDA >= 12.8) ---- */

#if defined(CUDA_VERSION) && CUDA_VERSION >= 12080 && !__has_builtin(__nv_atomic_load_n) && \
    !defined(__NV_ATOMIC_RELAXED)
#ifndef __CUDACC_DEVICE_ATOMIC_BUILTINS__
#define __CUDACC_DEVICE_ATOMIC_BUILTINS__ 1
#endif
/* crt/device_functions.h's values */
enum { __NV_ATOMIC_RELAXED, __NV_ATOMIC_CONSUME, __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELEASE, __NV_ATOMIC_ACQ_REL,
       __NV_ATOMIC_SEQ_CST };
enum { __NV_THREAD_SCOPE_THREAD, __NV_THREAD_SCOPE_BLOCK, __NV_THREAD_SCOPE_CLUSTER, __NV_THREAD_SCOPE_DEVICE,
       __NV_THREAD_SCOPE_SYSTEM };
/* T without const / volatile: what a load returns */
template <class __T> struct __kdlg_nv_unqual { typedef __T type; };
template <class __T> struct __kdlg_nv_unqual<const __T> { typedef __T type; };
template <class __T> struct __kdlg_nv_unqual<volatile __T> { typedef __T type; };
template <class __T> struct __kdlg_nv_unqual<const volatile __T> { typedef __T type; };
/* __nv_atomic_fetch_OP returns the old value, __nv_atomic_OP nothing */
#define __KDLG_RMW(OP)                                                                                 \
  template <class __T, class __U>                                                                      \
  __device__ __T __nv_atomic_fetch_##OP(__T *__p, __U __v, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM); \
  template <class __T, class __U>                                                                      \
  __device__ void __nv_atomic_##OP(__T *__p, __U __v, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
__KDLG_RMW(add)
__KDLG_RMW(sub)
__KDLG_RMW(min)
__KDLG_RMW(max)
__KDLG_RMW(and)
__KDLG_RMW(or)
__KDLG_RMW(xor)
#undef __KDLG_RMW
template <class __T>
__device__ typename __kdlg_nv_unqual<__T>::type __nv_atomic_load_n(__T *__p, int __order,
                                                                   int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __R>
__device__ void __nv_atomic_load(__T *__p, __R *__ret, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __U>
__device__ void __nv_atomic_store_n(__T *__p, __U __v, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __V>
__device__ void __nv_atomic_store(__T *__p, __V *__v, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __U>
__device__ __T __nv_atomic_exchange_n(__T *__p, __U __v, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __V, class __R>
__device__ void __nv_atomic_exchange(__T *__p, __V *__v, __R *__ret, int __order,
                                     int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __E, class __U>
__device__ bool __nv_atomic_compare_exchange_n(__T *__p, __E *__expected, __U __desired, bool __weak, int __success,
                                               int __failure, int __scope = __NV_THREAD_SCOPE_SYSTEM);
template <class __T, class __E, class __D>
__device__ bool __nv_atomic_compare_exchange(__T *__p, __E *__expected, __D *__desired, bool __weak, int __success,
                                             int __failure, int __scope = __NV_THREAD_SCOPE_SYSTEM);
__device__ void __nv_atomic_thread_fence(int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM);
#endif

#endif
