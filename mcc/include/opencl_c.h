/*
 * opencl_c.h - what OpenCL C 1.2 provides without a declaration, for mcc's translation of
 * OpenCL kernels to C (mcc/ocl_*.c, docs/opencl-cpu.md).
 *
 * mcc preprocesses a .cl file with this header included first (gcc -E -include), parses
 * the result with its C grammar and rewrites the kernels into C.  So this header is both
 * read by mcc and compiled by gcc: it holds the OpenCL scalar and vector types (gcc vector
 * extensions; a 3-component vector has the size and alignment of the 4-component one, as
 * OpenCL C says), the constants of the OpenCL C library, and, last, the OpenCL keywords as
 * macros: address-space qualifiers and `__kernel` become attributes that mcc reads and
 * removes from its output.  The built-in functions are not declared here: mcc resolves
 * their overloads from the argument types and calls the C versions of opencl_c_impl.h.
 * Nothing here may use a name OpenCL C leaves to programs.
 */
#ifndef NRT_OPENCL_C_H
#define NRT_OPENCL_C_H

#define __OPENCL_VERSION__ 120
#define __OPENCL_C_VERSION__ 120
#define CL_VERSION_1_0 100
#define CL_VERSION_1_1 110
#define CL_VERSION_1_2 120
#define __ENDIAN_LITTLE__ 1
#define __NRT_OPENCL_CPU__ 1
#define cl_khr_fp64 1
#define cl_khr_global_int32_base_atomics 1
#define cl_khr_global_int32_extended_atomics 1
#define cl_khr_local_int32_base_atomics 1
#define cl_khr_local_int32_extended_atomics 1
#define cl_khr_int64_base_atomics 1
#define cl_khr_int64_extended_atomics 1
#define cl_khr_byte_addressable_store 1

/* ---- scalar types (6.1.1) ------------------------------------------------------------ */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef _Bool bool;
typedef _Float16 half;
#define true 1
#define false 0

/* ---- vector types (6.1.2): n = 2, 3, 4, 8, 16 --------------------------------------- */
#define NRT_CL_VECTORS(T, S)                                                        \
    typedef T T##2 __attribute__((__vector_size__(2 * (S))));                       \
    typedef T T##3 __attribute__((__vector_size__(4 * (S))));                       \
    typedef T T##4 __attribute__((__vector_size__(4 * (S))));                       \
    typedef T T##8 __attribute__((__vector_size__(8 * (S))));                       \
    typedef T T##16 __attribute__((__vector_size__(16 * (S))));
NRT_CL_VECTORS(char, 1)
NRT_CL_VECTORS(uchar, 1)
NRT_CL_VECTORS(short, 2)
NRT_CL_VECTORS(ushort, 2)
NRT_CL_VECTORS(int, 4)
NRT_CL_VECTORS(uint, 4)
NRT_CL_VECTORS(long, 8)
NRT_CL_VECTORS(ulong, 8)
NRT_CL_VECTORS(float, 4)
NRT_CL_VECTORS(double, 8)
#undef NRT_CL_VECTORS

/* ---- other built-in types (6.1.3): only as much as parsing needs --------------------- */
typedef int event_t;
typedef unsigned int cl_mem_fence_flags;
typedef int sampler_t;
/* the sampler's fields (6.13.14.1), for a program-scope sampler beside kernels that do not
 * use it: kernels reading images are not translated */
#define CLK_NORMALIZED_COORDS_FALSE 0
#define CLK_NORMALIZED_COORDS_TRUE 1
#define CLK_ADDRESS_NONE 0
#define CLK_ADDRESS_CLAMP_TO_EDGE 2
#define CLK_ADDRESS_CLAMP 4
#define CLK_ADDRESS_REPEAT 6
#define CLK_ADDRESS_MIRRORED_REPEAT 8
#define CLK_FILTER_NEAREST 16
#define CLK_FILTER_LINEAR 32
typedef struct nrt_cl_image *image1d_t, *image1d_array_t, *image1d_buffer_t, *image2d_t,
    *image2d_array_t, *image3d_t;

/* ---- OpenCL C 2.0 atomics (6.13.11) ---------------------------------------------------- */
/* An atomic type is its plain type: kernels reach atomic objects only through the atomic
 * functions, which mcc calls gcc's __atomic built-ins for.  The memory orders are gcc's;
 * the scopes are taken and not needed (every work-group runs on the host's cores, sharing
 * its memory: the orders hold between them all, work-item scope to all devices). */
typedef int atomic_int;
typedef uint atomic_uint;
typedef long atomic_long;
typedef ulong atomic_ulong;
typedef float atomic_float;
typedef double atomic_double;
typedef intptr_t atomic_intptr_t;
typedef uintptr_t atomic_uintptr_t;
typedef size_t atomic_size_t;
typedef ptrdiff_t atomic_ptrdiff_t;
typedef int atomic_flag;
typedef enum {
    memory_order_relaxed = __ATOMIC_RELAXED, memory_order_acquire = __ATOMIC_ACQUIRE,
    memory_order_release = __ATOMIC_RELEASE, memory_order_acq_rel = __ATOMIC_ACQ_REL,
    memory_order_seq_cst = __ATOMIC_SEQ_CST
} memory_order;
typedef enum {
    memory_scope_work_item, memory_scope_work_group, memory_scope_device,
    memory_scope_all_svm_devices, memory_scope_sub_group,
    memory_scope_all_devices = memory_scope_all_svm_devices
} memory_scope;
#define ATOMIC_VAR_INIT(v) (v)
#define ATOMIC_FLAG_INIT 0

/* ---- constants ------------------------------------------------------------------------- */
#define CLK_LOCAL_MEM_FENCE 1
#define CLK_GLOBAL_MEM_FENCE 2
#define CLK_IMAGE_MEM_FENCE 4
#define CHAR_BIT 8
#define SCHAR_MAX 127
#define SCHAR_MIN (-127 - 1)
#define CHAR_MAX SCHAR_MAX
#define CHAR_MIN SCHAR_MIN
#define UCHAR_MAX 255
#define SHRT_MAX 32767
#define SHRT_MIN (-32767 - 1)
#define USHRT_MAX 65535
#define INT_MAX 2147483647
#define INT_MIN (-2147483647 - 1)
#define UINT_MAX 0xffffffffU
#define LONG_MAX 0x7fffffffffffffffL
#define LONG_MIN (-0x7fffffffffffffffL - 1)
#define ULONG_MAX 0xffffffffffffffffUL
#define FLT_DIG 6
#define FLT_MANT_DIG 24
#define FLT_MAX_10_EXP 38
#define FLT_MAX_EXP 128
#define FLT_MIN_10_EXP (-37)
#define FLT_MIN_EXP (-125)
#define FLT_RADIX 2
#define FLT_MAX 0x1.fffffep127f
#define FLT_MIN 0x1.0p-126f
#define FLT_EPSILON 0x1.0p-23f
#define DBL_DIG 15
#define DBL_MANT_DIG 53
#define DBL_MAX_10_EXP 308
#define DBL_MAX_EXP 1024
#define DBL_MIN_10_EXP (-307)
#define DBL_MIN_EXP (-1021)
#define DBL_MAX 0x1.fffffffffffffp1023
#define DBL_MIN 0x1.0p-1022
#define DBL_EPSILON 0x1.0p-52
#define MAXFLOAT FLT_MAX
/* constant expressions mcc's translation types as it does any other (gcc folds them to
 * +inf and a positive quiet NaN, without a warning, also in static initializers) */
#define HUGE_VALF (1.0f / 0.0f)
#define HUGE_VAL (1.0 / 0.0)
#define INFINITY (1.0f / 0.0f)
#define NAN (0.0f / 0.0f)
#define FP_ILOGB0 (-2147483647 - 1)
#define FP_ILOGBNAN (-2147483647 - 1)
#define M_E_F 2.718281828f
#define M_LOG2E_F 1.442695041f
#define M_LOG10E_F 0.434294482f
#define M_LN2_F 0.693147181f
#define M_LN10_F 2.302585093f
#define M_PI_F 3.141592654f
#define M_PI_2_F 1.570796327f
#define M_PI_4_F 0.785398163f
#define M_1_PI_F 0.318309886f
#define M_2_PI_F 0.636619772f
#define M_2_SQRTPI_F 1.128379167f
#define M_SQRT2_F 1.414213562f
#define M_SQRT1_2_F 0.707106781f
#define M_E 2.718281828459045090796
#define M_LOG2E 1.442695040888963387005
#define M_LOG10E 0.434294481903251816668
#define M_LN2 0.693147180559945286227
#define M_LN10 2.302585092994045901094
#define M_PI 3.141592653589793115998
#define M_PI_2 1.570796326794896557999
#define M_PI_4 0.785398163397448278999
#define M_1_PI 0.318309886183790691216
#define M_2_PI 0.636619772367581382433
#define M_2_SQRTPI 1.128379167095512558561
#define M_SQRT2 1.414213562373095145475
#define M_SQRT1_2 0.707106781186547572737

/* The end of what this header declares: mcc inserts the C versions of the built-in
 * functions (opencl_c_impl.h) after this declaration. */
typedef int nrt_cl_prelude_end;

/* ---- keywords (6.5, 6.7, 6.8): attributes mcc reads ------------------------------------ */
#define __kernel __attribute__((nrt_cl_kernel))
#define kernel __kernel
#define __global __attribute__((nrt_cl_global))
#define global __global
#define __local __attribute__((nrt_cl_local))
#define local __local
#define __constant __attribute__((nrt_cl_constant)) const
#define constant __constant
#define __private __attribute__((nrt_cl_private))
#define private __private
#define __read_only __attribute__((nrt_cl_access))
#define read_only __read_only
#define __write_only __attribute__((nrt_cl_access))
#define write_only __write_only
#define __read_write __attribute__((nrt_cl_access))
#define read_write __read_write

/* vec_step takes a type name as well as an expression (6.12.8): the C grammar takes only
 * expressions as arguments, so it gets a null pointer to its argument's type, whose
 * pointee mcc counts the components of */
#define vec_step(x) vec_step((__typeof__(x) *)0)

#endif /* NRT_OPENCL_C_H */
