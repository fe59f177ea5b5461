/*
 * opencl_c_impl.h - the C side of OpenCL kernels translated by mcc (mcc/ocl_*.c): the
 * work-group a work-group function runs, the work-item loops, and the scalar versions of
 * the OpenCL C 1.2 built-in functions (6.12), nrt_cl_<name>_<type suffix>, suffixes f, d
 * (float, double), c, uc, s, us, i, ui, l, ul.  mcc writes the vector versions it needs
 * into its output (loops over components calling these).
 *
 * mcc's output includes this header right after the types of opencl_c.h.  Only gcc
 * builtins are used (no C library header), so no name of the C library can clash with
 * the OpenCL program's own.
 */
#ifndef NRT_OPENCL_C_IMPL_H
#define NRT_OPENCL_C_IMPL_H

#include <nanort.h>

/* ---- the work-group and its work-items --------------------------------------------------- */

/* What the work-item functions answer for the work-group being run; functions other than
 * kernels that call them take it as a hidden parameter (with the work-item's ids). */
struct nrt_cl_group {
    unsigned dim;
    size_t ls[3], gs[3], ng[3], off[3];   /* of the launch */
    size_t grp[3];                         /* the work-group's ids */
    size_t gb[3];                          /* its first work-item's global ids */
};

/* The loops over the work-items of a region, dimension 0 innermost; nrt_wi numbers the
 * work-item in its group (the index of its private copies).  nrt_lim<d>: the local size,
 * or less where the kernel's bound guard stops the work-items past it.  Ids are ints
 * here (the launch keeps global sizes below 2^31): gcc vectorises the loops along
 * `int i = get_global_id(0)` only when that is an int sum, which cannot wrap. */
#define NRT_CL_WORK_ITEMS                                                             \
    for (int nrt_l2 = 0; nrt_l2 < nrt_lim2; nrt_l2++)                                 \
        for (int nrt_l1 = 0; nrt_l1 < nrt_lim1; nrt_l1++)                             \
            for (int nrt_l0 = 0, nrt_wi = (nrt_l2 * nrt_li1 + nrt_l1) * nrt_li0;       \
                 nrt_l0 < nrt_lim0; nrt_l0++, nrt_wi++)

/* Work-group functions are compiled for AVX-512, AVX2 and baseline x86-64 alike, the
 * processor choosing at load time (gcc's function multi-versioning): the work-item loops
 * vectorise as wide as the machine that runs them, not the one that built them.  Not when
 * the build already targets AVX2 or more (-march=native, -march=x86-64-v3, ...): the user
 * chose the machine, and the kernel's own helper functions, compiled for that -march, could
 * not be inlined into a clone of another arch (gcc inlines only into a superset of the
 * callee's ISA: blackscholes' cnd() stayed a call and its loop scalar, 10x slower). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11 && \
    !defined(__AVX2__) && !defined(NRT_CL_NO_CLONES)
#define NRT_CL_CLONES \
    __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define NRT_CL_CLONES
#endif

extern int nrt_cl_posix_memalign(void **p, size_t align, size_t size)
    __asm__("posix_memalign");
extern void nrt_cl_libc_free(void *p) __asm__("free");

/* Memory of a work-group function (private copies, __local arguments): 128-byte
 * aligned, as the largest OpenCL type (double16) wants. */
static inline void *nrt_cl_alloc(size_t size)
{
    void *p = 0;
    if (nrt_cl_posix_memalign(&p, 128, size ? size : 1) != 0)
        __builtin_abort();
    return p;
}
#define nrt_cl_local_alloc nrt_cl_alloc
static inline void nrt_cl_free(void *p)
{
    nrt_cl_libc_free(p);
}

/* Work-item functions whose dimension is computed at run time. */
#define NRT_CL_WI_ARGS const struct nrt_cl_group *x, int l0, int l1, int l2, uint d
static inline size_t nrt_cl_get_global_id(NRT_CL_WI_ARGS)
{
    return d == 0 ? x->gb[0] + (size_t)l0 : d == 1 ? x->gb[1] + (size_t)l1
                                                   : d == 2 ? x->gb[2] + (size_t)l2 : 0;
}
static inline size_t nrt_cl_get_local_id(NRT_CL_WI_ARGS)
{
    (void)x;
    return (size_t)(d == 0 ? l0 : d == 1 ? l1 : d == 2 ? l2 : 0);
}
#define NRT_CL_WI_FIELD(name, field, outside)                                         \
    static inline size_t nrt_cl_##name(NRT_CL_WI_ARGS)                                \
    {                                                                                 \
        (void)l0; (void)l1; (void)l2;                                                 \
        return d < 3 ? x->field[d] : outside;                                         \
    }
NRT_CL_WI_FIELD(get_group_id, grp, 0)
NRT_CL_WI_FIELD(get_local_size, ls, 1)
NRT_CL_WI_FIELD(get_global_size, gs, 1)
NRT_CL_WI_FIELD(get_num_groups, ng, 1)
NRT_CL_WI_FIELD(get_global_offset, off, 0)
#undef NRT_CL_WI_FIELD

/* async_work_group_copy: every work-item copies its share (they all make the call with
 * the same arguments); wait_group_events is a barrier, after which all shares are done. */
static inline event_t nrt_cl_async_copy(const struct nrt_cl_group *x, int l0, int l1, int l2,
                                        void *dst, const void *src, size_t n, size_t size)
{
    size_t nwi = x->ls[0] * x->ls[1] * x->ls[2];
    size_t wi = ((size_t)l2 * x->ls[1] + (size_t)l1) * x->ls[0] + (size_t)l0;
    size_t per = (n + nwi - 1) / nwi, from = wi * per, to = from + per < n ? from + per : n;
    if (from < to)
        __builtin_memcpy((char *)dst + from * size, (const char *)src + from * size,
                         (to - from) * size);
    return 0;
}
static inline event_t nrt_cl_async_strided_copy(const struct nrt_cl_group *x, int l0, int l1,
                                                int l2, void *dst, const void *src, size_t n,
                                                size_t stride, size_t size, int to_local)
{
    size_t nwi = x->ls[0] * x->ls[1] * x->ls[2];
    size_t wi = ((size_t)l2 * x->ls[1] + (size_t)l1) * x->ls[0] + (size_t)l0;
    size_t per = (n + nwi - 1) / nwi, from = wi * per, to = from + per < n ? from + per : n;
    for (size_t i = from; i < to; i++) {
        size_t di = to_local ? i : i * stride, si = to_local ? i * stride : i;
        __builtin_memcpy((char *)dst + di * size, (const char *)src + si * size, size);
    }
    return 0;
}

/* ---- math (6.12.2) and common (6.12.4) functions, float and double ------------------- */

/* glibc's vector math library (libmvec, which mcc links) has vector versions of these:
 * declared so, the work-item loops calling them vectorise.  Their errors are within the
 * bounds OpenCL C sets for these functions.  Only the libm names are declared, and only
 * for the calls the built-ins make (no OpenCL program can define them). */
#if defined(__x86_64__) && defined(__GLIBC__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(NRT_CL_NO_MVEC)
#define NRT_CL_MVEC(name)                                                             \
    extern float name##f(float) __attribute__((__simd__("notinbranch"), __nothrow__, __const__)); \
    extern double name(double) __attribute__((__simd__("notinbranch"), __nothrow__, __const__));
#define NRT_CL_MVEC2(name)                                                            \
    extern float name##f(float, float)                                                \
        __attribute__((__simd__("notinbranch"), __nothrow__, __const__));               \
    extern double name(double, double)                                                \
        __attribute__((__simd__("notinbranch"), __nothrow__, __const__));
NRT_CL_MVEC(acos) NRT_CL_MVEC(acosh) NRT_CL_MVEC(asin) NRT_CL_MVEC(asinh) NRT_CL_MVEC(atan)
NRT_CL_MVEC(atanh) NRT_CL_MVEC(cbrt) NRT_CL_MVEC(cos) NRT_CL_MVEC(cosh) NRT_CL_MVEC(erf)
NRT_CL_MVEC(erfc) NRT_CL_MVEC(exp) NRT_CL_MVEC(exp10) NRT_CL_MVEC(exp2) NRT_CL_MVEC(expm1)
NRT_CL_MVEC(log) NRT_CL_MVEC(log10) NRT_CL_MVEC(log1p) NRT_CL_MVEC(log2) NRT_CL_MVEC(sin)
NRT_CL_MVEC(sinh) NRT_CL_MVEC(tan) NRT_CL_MVEC(tanh)
NRT_CL_MVEC2(atan2) NRT_CL_MVEC2(hypot) NRT_CL_MVEC2(pow)
#undef NRT_CL_MVEC
#undef NRT_CL_MVEC2
#endif
#define NRT_CL_FLOAT_FUNCS(S, T, B, PI)                                                \
    static inline T nrt_cl_acos_##S(T x) { return __builtin_acos##B(x); }            \
    static inline T nrt_cl_acosh_##S(T x) { return __builtin_acosh##B(x); }          \
    static inline T nrt_cl_acospi_##S(T x) { return __builtin_acos##B(x) / PI; }     \
    static inline T nrt_cl_asin_##S(T x) { return __builtin_asin##B(x); }            \
    static inline T nrt_cl_asinh_##S(T x) { return __builtin_asinh##B(x); }          \
    static inline T nrt_cl_asinpi_##S(T x) { return __builtin_asin##B(x) / PI; }     \
    static inline T nrt_cl_atan_##S(T x) { return __builtin_atan##B(x); }            \
    static inline T nrt_cl_atan2_##S(T y, T x) { return __builtin_atan2##B(y, x); }  \
    static inline T nrt_cl_atanh_##S(T x) { return __builtin_atanh##B(x); }          \
    static inline T nrt_cl_atanpi_##S(T x) { return __builtin_atan##B(x) / PI; }     \
    static inline T nrt_cl_atan2pi_##S(T y, T x) { return __builtin_atan2##B(y, x) / PI; } \
    static inline T nrt_cl_cbrt_##S(T x) { return __builtin_cbrt##B(x); }            \
    static inline T nrt_cl_ceil_##S(T x) { return __builtin_ceil##B(x); }            \
    static inline T nrt_cl_copysign_##S(T x, T y) { return __builtin_copysign##B(x, y); } \
    static inline T nrt_cl_cos_##S(T x) { return __builtin_cos##B(x); }              \
    static inline T nrt_cl_cosh_##S(T x) { return __builtin_cosh##B(x); }            \
    static inline T nrt_cl_cospi_##S(T x) { return __builtin_cos##B(PI * x); }       \
    static inline T nrt_cl_erfc_##S(T x) { return __builtin_erfc##B(x); }            \
    static inline T nrt_cl_erf_##S(T x) { return __builtin_erf##B(x); }              \
    static inline T nrt_cl_exp_##S(T x) { return __builtin_exp##B(x); }              \
    static inline T nrt_cl_exp2_##S(T x) { return __builtin_exp2##B(x); }            \
    static inline T nrt_cl_exp10_##S(T x) { return __builtin_exp10##B(x); }          \
    static inline T nrt_cl_expm1_##S(T x) { return __builtin_expm1##B(x); }          \
    static inline T nrt_cl_fabs_##S(T x) { return __builtin_fabs##B(x); }            \
    static inline T nrt_cl_fdim_##S(T x, T y) { return __builtin_fdim##B(x, y); }    \
    static inline T nrt_cl_floor_##S(T x) { return __builtin_floor##B(x); }          \
    static inline T nrt_cl_fma_##S(T a, T b, T c) { return __builtin_fma##B(a, b, c); } \
    static inline T nrt_cl_fmax_##S(T x, T y) { return __builtin_fmax##B(x, y); }    \
    static inline T nrt_cl_fmin_##S(T x, T y) { return __builtin_fmin##B(x, y); }    \
    static inline T nrt_cl_fmod_##S(T x, T y) { return __builtin_fmod##B(x, y); }    \
    static inline T nrt_cl_fract_##S(T x, T *ip)                                     \
    {                                                                                \
        T f = __builtin_floor##B(x);                                                 \
        *ip = f;                                                                     \
        if (x != x) return x;                                                        \
        if (__builtin_isinf(x)) return (T)0;                                         \
        T r = x - f, m = (T)1 - (T)1 / (sizeof(T) == 4 ? 16777216.0 : 9007199254740992.0); \
        return r < m ? r : m;                                                        \
    }                                                                                \
    static inline T nrt_cl_frexp_##S(T x, int *e) { return __builtin_frexp##B(x, e); } \
    static inline T nrt_cl_hypot_##S(T x, T y) { return __builtin_hypot##B(x, y); }  \
    static inline int nrt_cl_ilogb_##S(T x) { return __builtin_ilogb##B(x); }        \
    static inline T nrt_cl_ldexp_##S(T x, int k) { return __builtin_ldexp##B(x, k); } \
    static inline T nrt_cl_lgamma_##S(T x) { return __builtin_lgamma##B(x); }        \
    static inline T nrt_cl_lgamma_r_##S(T x, int *s) { return __builtin_lgamma##B##_r(x, s); } \
    static inline T nrt_cl_log_##S(T x) { return __builtin_log##B(x); }              \
    static inline T nrt_cl_log2_##S(T x) { return __builtin_log2##B(x); }            \
    static inline T nrt_cl_log10_##S(T x) { return __builtin_log10##B(x); }          \
    static inline T nrt_cl_log1p_##S(T x) { return __builtin_log1p##B(x); }          \
    static inline T nrt_cl_logb_##S(T x) { return __builtin_logb##B(x); }            \
    static inline T nrt_cl_mad_##S(T a, T b, T c) { return a * b + c; }             \
    static inline T nrt_cl_maxmag_##S(T x, T y)                                      \
    {                                                                                \
        T ax = __builtin_fabs##B(x), ay = __builtin_fabs##B(y);                      \
        return ax > ay ? x : ay > ax ? y : __builtin_fmax##B(x, y);                  \
    }                                                                                \
    static inline T nrt_cl_minmag_##S(T x, T y)                                      \
    {                                                                                \
        T ax = __builtin_fabs##B(x), ay = __builtin_fabs##B(y);                      \
        return ax < ay ? x : ay < ax ? y : __builtin_fmin##B(x, y);                  \
    }                                                                                \
    static inline T nrt_cl_modf_##S(T x, T *ip) { return __builtin_modf##B(x, ip); } \
    static inline T nrt_cl_nextafter_##S(T x, T y) { return __builtin_nextafter##B(x, y); } \
    static inline T nrt_cl_pow_##S(T x, T y) { return __builtin_pow##B(x, y); }      \
    static inline T nrt_cl_pown_##S(T x, int n) { return __builtin_pow##B(x, (T)n); } \
    static inline T nrt_cl_powr_##S(T x, T y) { return x < 0 ? __builtin_nan##B("") : __builtin_pow##B(x, y); } \
    static inline T nrt_cl_remainder_##S(T x, T y) { return __builtin_remainder##B(x, y); } \
    static inline T nrt_cl_remquo_##S(T x, T y, int *q) { return __builtin_remquo##B(x, y, q); } \
    static inline T nrt_cl_rint_##S(T x) { return __builtin_rint##B(x); }            \
    static inline T nrt_cl_rootn_##S(T x, int n)                                     \
    {                                                                                \
        if (x < 0 && (n & 1)) return -__builtin_pow##B(-x, (T)1 / (T)n);            \
        if (x < 0) return __builtin_nan##B("");                                      \
        return __builtin_pow##B(x, (T)1 / (T)n);                                     \
    }                                                                                \
    static inline T nrt_cl_round_##S(T x) { return __builtin_round##B(x); }          \
    static inline T nrt_cl_rsqrt_##S(T x) { return (T)1 / __builtin_sqrt##B(x); }    \
    static inline T nrt_cl_sin_##S(T x) { return __builtin_sin##B(x); }              \
    static inline T nrt_cl_sincos_##S(T x, T *c) { *c = __builtin_cos##B(x); return __builtin_sin##B(x); } \
    static inline T nrt_cl_sinh_##S(T x) { return __builtin_sinh##B(x); }            \
    static inline T nrt_cl_sinpi_##S(T x) { return __builtin_sin##B(PI * x); }       \
    static inline T nrt_cl_sqrt_##S(T x) { return __builtin_sqrt##B(x); }            \
    static inline T nrt_cl_tan_##S(T x) { return __builtin_tan##B(x); }              \
    static inline T nrt_cl_tanh_##S(T x) { return __builtin_tanh##B(x); }            \
    static inline T nrt_cl_tanpi_##S(T x) { return __builtin_tan##B(PI * x); }       \
    static inline T nrt_cl_tgamma_##S(T x) { return __builtin_tgamma##B(x); }        \
    static inline T nrt_cl_trunc_##S(T x) { return __builtin_trunc##B(x); }          \
    static inline T nrt_cl_divide_##S(T x, T y) { return x / y; }                    \
    static inline T nrt_cl_recip_##S(T x) { return (T)1 / x; }                      \
    static inline T nrt_cl_degrees_##S(T x) { return x * ((T)180 / PI); }            \
    static inline T nrt_cl_radians_##S(T x) { return x * (PI / (T)180); }            \
    static inline T nrt_cl_sign_##S(T x)                                             \
    {                                                                                \
        return x > 0 ? (T)1 : x < 0 ? (T)-1 : x == 0 ? __builtin_copysign##B(0, x) : (T)0; \
    }                                                                                \
    static inline T nrt_cl_min_##S(T x, T y) { return y < x ? y : x; }              \
    static inline T nrt_cl_max_##S(T x, T y) { return x < y ? y : x; }              \
    static inline T nrt_cl_clamp_##S(T x, T lo, T hi)                                \
    {                                                                                \
        return __builtin_fmin##B(__builtin_fmax##B(x, lo), hi);                      \
    }                                                                                \
    static inline T nrt_cl_mix_##S(T x, T y, T a) { return x + (y - x) * a; }       \
    static inline T nrt_cl_step_##S(T edge, T x) { return x < edge ? (T)0 : (T)1; } \
    static inline T nrt_cl_smoothstep_##S(T e0, T e1, T x)                           \
    {                                                                                \
        T t = nrt_cl_clamp_##S((x - e0) / (e1 - e0), 0, 1);                          \
        return t * t * (3 - 2 * t);                                                  \
    }                                                                                \
    /* geometric (6.12.5) on scalars */                                              \
    static inline T nrt_cl_dot_##S(T a, T b) { return a * b; }                      \
    static inline T nrt_cl_length_##S(T a) { return __builtin_fabs##B(a); }         \
    static inline T nrt_cl_distance_##S(T a, T b) { return __builtin_fabs##B(a - b); } \
    static inline T nrt_cl_normalize_##S(T a) { return a == 0 || a != a ? a : __builtin_copysign##B(1, a); } \
    /* relational (6.12.6): 1 or 0 for scalars (vector versions give -1 or 0) */     \
    static inline int nrt_cl_isequal_##S(T x, T y) { return x == y; }               \
    static inline int nrt_cl_isnotequal_##S(T x, T y) { return x != y; }            \
    static inline int nrt_cl_isgreater_##S(T x, T y) { return __builtin_isgreater(x, y); } \
    static inline int nrt_cl_isgreaterequal_##S(T x, T y) { return __builtin_isgreaterequal(x, y); } \
    static inline int nrt_cl_isless_##S(T x, T y) { return __builtin_isless(x, y); } \
    static inline int nrt_cl_islessequal_##S(T x, T y) { return __builtin_islessequal(x, y); } \
    static inline int nrt_cl_islessgreater_##S(T x, T y) { return __builtin_islessgreater(x, y); } \
    static inline int nrt_cl_isordered_##S(T x, T y) { return !__builtin_isunordered(x, y); } \
    static inline int nrt_cl_isunordered_##S(T x, T y) { return __builtin_isunordered(x, y); } \
    static inline int nrt_cl_isfinite_##S(T x) { return __builtin_isfinite(x); }     \
    static inline int nrt_cl_isinf_##S(T x) { return __builtin_isinf(x) != 0; }      \
    static inline int nrt_cl_isnan_##S(T x) { return __builtin_isnan(x) != 0; }      \
    static inline int nrt_cl_isnormal_##S(T x) { return __builtin_isnormal(x); }     \
    static inline int nrt_cl_signbit_##S(T x) { return __builtin_signbit(x) != 0; }  \
    static inline T nrt_cl_select_##S(T a, T b, long c) { return c ? b : a; }

NRT_CL_FLOAT_FUNCS(f, float, f, 3.14159265358979323846f)
NRT_CL_FLOAT_FUNCS(d, double, , 3.14159265358979323846)
#undef NRT_CL_FLOAT_FUNCS

static inline float nrt_cl_nan_f(uint code)
{
    uint bits = 0x7fc00000u | (code & 0x3fffffu);
    float r;
    __builtin_memcpy(&r, &bits, sizeof r);
    return r;
}
static inline double nrt_cl_nan_d(ulong code)
{
    ulong bits = 0x7ff8000000000000ul | (code & 0x7fffffffffffful);
    double r;
    __builtin_memcpy(&r, &bits, sizeof r);
    return r;
}
static inline float nrt_cl_bitselect_f(float a, float b, float c)
{
    uint x, y, z;
    __builtin_memcpy(&x, &a, 4);
    __builtin_memcpy(&y, &b, 4);
    __builtin_memcpy(&z, &c, 4);
    x = (x & ~z) | (y & z);
    __builtin_memcpy(&a, &x, 4);
    return a;
}
static inline double nrt_cl_bitselect_d(double a, double b, double c)
{
    ulong x, y, z;
    __builtin_memcpy(&x, &a, 8);
    __builtin_memcpy(&y, &b, 8);
    __builtin_memcpy(&z, &c, 8);
    x = (x & ~z) | (y & z);
    __builtin_memcpy(&a, &x, 8);
    return a;
}

/* ---- integer functions (6.12.3) ----------------------------------------------------------- */
/* WS: wide enough for sums and differences; WM: for products (unsigned for ulong). */
#define NRT_CL_INT_FUNCS(S, T, UT, BITS, LO, HI, WM)                                   \
    static inline UT nrt_cl_abs_##S(T x) { return (UT)(x < 0 ? -(UT)x : (UT)x); }    \
    static inline UT nrt_cl_abs_diff_##S(T x, T y)                                   \
    {                                                                                \
        return x > y ? (UT)((UT)x - (UT)y) : (UT)((UT)y - (UT)x);                    \
    }                                                                                \
    static inline T nrt_cl_add_sat_##S(T x, T y)                                     \
    {                                                                                \
        __int128 r = (__int128)x + y;                                                \
        return r < (__int128)(LO) ? (LO) : r > (__int128)(HI) ? (HI) : (T)r;         \
    }                                                                                \
    static inline T nrt_cl_sub_sat_##S(T x, T y)                                     \
    {                                                                                \
        __int128 r = (__int128)x - y;                                                \
        return r < (__int128)(LO) ? (LO) : r > (__int128)(HI) ? (HI) : (T)r;         \
    }                                                                                \
    static inline T nrt_cl_hadd_##S(T x, T y) { return (T)(((__int128)x + y) >> 1); } \
    static inline T nrt_cl_rhadd_##S(T x, T y) { return (T)(((__int128)x + y + 1) >> 1); } \
    static inline T nrt_cl_clz_##S(T x)                                              \
    {                                                                                \
        return (UT)x == 0 ? (T)(BITS)                                                \
                          : (T)(__builtin_clzll((unsigned long long)(UT)x) - (64 - (BITS))); \
    }                                                                                \
    static inline T nrt_cl_popcount_##S(T x) { return (T)__builtin_popcountll((UT)x); } \
    static inline T nrt_cl_mul_hi_##S(T x, T y) { return (T)(((WM)x * (WM)y) >> (BITS)); } \
    static inline T nrt_cl_mad_hi_##S(T x, T y, T z) { return (T)(nrt_cl_mul_hi_##S(x, y) + z); } \
    static inline T nrt_cl_mad_sat_##S(T x, T y, T z)                                \
    {                                                                                \
        WM r = (WM)x * (WM)y + (WM)z;                                                \
        if ((T)(LO) < 0) {                                                           \
            __int128 s = (__int128)r;                                                \
            return s < (__int128)(LO) ? (LO) : s > (__int128)(HI) ? (HI) : (T)s;     \
        }                                                                            \
        return r > (WM)(HI) ? (HI) : (T)r;                                           \
    }                                                                                \
    static inline T nrt_cl_rotate_##S(T v, T i)                                      \
    {                                                                                \
        unsigned n = (unsigned)((UT)i % (BITS));                                     \
        return (T)(((UT)v << n) | (n ? (UT)v >> ((BITS) - n) : 0));                  \
    }                                                                                \
    static inline T nrt_cl_mad24_##S(T x, T y, T z) { return (T)(x * y + z); }      \
    static inline T nrt_cl_mul24_##S(T x, T y) { return (T)(x * y); }               \
    static inline T nrt_cl_min_##S(T x, T y) { return y < x ? y : x; }              \
    static inline T nrt_cl_max_##S(T x, T y) { return x < y ? y : x; }              \
    static inline T nrt_cl_clamp_##S(T x, T lo, T hi)                                \
    {                                                                                \
        return nrt_cl_min_##S(nrt_cl_max_##S(x, lo), hi);                            \
    }                                                                                \
    static inline int nrt_cl_any_##S(T x) { return (int)(((UT)x >> ((BITS) - 1)) & 1); } \
    static inline int nrt_cl_all_##S(T x) { return (int)(((UT)x >> ((BITS) - 1)) & 1); } \
    static inline T nrt_cl_select_##S(T a, T b, long c) { return c ? b : a; }        \
    static inline T nrt_cl_bitselect_##S(T a, T b, T c) { return (T)((a & ~c) | (b & c)); } \
    static inline T nrt_cl_atomic_add_##S(volatile T *p, T v)                        \
    { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_sub_##S(volatile T *p, T v)                        \
    { return __atomic_fetch_sub(p, v, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_xchg_##S(volatile T *p, T v)                       \
    { return __atomic_exchange_n(p, v, __ATOMIC_RELAXED); }                          \
    static inline T nrt_cl_atomic_and_##S(volatile T *p, T v)                        \
    { return __atomic_fetch_and(p, v, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_or_##S(volatile T *p, T v)                         \
    { return __atomic_fetch_or(p, v, __ATOMIC_RELAXED); }                            \
    static inline T nrt_cl_atomic_xor_##S(volatile T *p, T v)                        \
    { return __atomic_fetch_xor(p, v, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_inc_##S(volatile T *p)                             \
    { return __atomic_fetch_add(p, 1, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_dec_##S(volatile T *p)                             \
    { return __atomic_fetch_sub(p, 1, __ATOMIC_RELAXED); }                           \
    static inline T nrt_cl_atomic_cmpxchg_##S(volatile T *p, T cmp, T v)             \
    {                                                                                \
        __atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        return cmp;                                                                  \
    }                                                                                \
    static inline T nrt_cl_atomic_min_##S(volatile T *p, T v)                        \
    {                                                                                \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                \
        while (v < old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_RELAXED, \
                                                       __ATOMIC_RELAXED))            \
            ;                                                                        \
        return old;                                                                  \
    }                                                                                \
    static inline T nrt_cl_atomic_max_##S(volatile T *p, T v)                        \
    {                                                                                \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                \
        while (v > old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_RELAXED, \
                                                       __ATOMIC_RELAXED))            \
            ;                                                                        \
        return old;                                                                  \
    }

NRT_CL_INT_FUNCS(c, char, uchar, 8, -128, 127, __int128)
NRT_CL_INT_FUNCS(uc, uchar, uchar, 8, 0, 255, __int128)
NRT_CL_INT_FUNCS(s, short, ushort, 16, -32768, 32767, __int128)
NRT_CL_INT_FUNCS(us, ushort, ushort, 16, 0, 65535, __int128)
NRT_CL_INT_FUNCS(i, int, uint, 32, (-2147483647 - 1), 2147483647, __int128)
NRT_CL_INT_FUNCS(ui, uint, uint, 32, 0, 4294967295u, __int128)
NRT_CL_INT_FUNCS(l, long, ulong, 64, (-9223372036854775807L - 1), 9223372036854775807L, __int128)
NRT_CL_INT_FUNCS(ul, ulong, ulong, 64, 0, 18446744073709551615ul, unsigned __int128)
#undef NRT_CL_INT_FUNCS

static inline short nrt_cl_upsample_c(char hi, uchar lo) { return (short)((hi << 8) | lo); }
static inline ushort nrt_cl_upsample_uc(uchar hi, uchar lo) { return (ushort)((hi << 8) | lo); }
static inline int nrt_cl_upsample_s(short hi, ushort lo) { return (int)(((uint)hi << 16) | lo); }
static inline uint nrt_cl_upsample_us(ushort hi, ushort lo) { return ((uint)hi << 16) | lo; }
static inline long nrt_cl_upsample_i(int hi, uint lo) { return (long)(((ulong)hi << 32) | lo); }
static inline ulong nrt_cl_upsample_ui(uint hi, uint lo) { return ((ulong)hi << 32) | lo; }

static inline float nrt_cl_atomic_xchg_f(volatile float *p, float v)
{
    float r;
    __atomic_exchange(p, &v, &r, __ATOMIC_RELAXED);
    return r;
}

/* float to half with a rounding mode (vstore_half_rt<m>): the conversion rounds to the
 * nearest even; the other modes step that result by one unit in the last place where it
 * lies on the wrong side of x (half's bit patterns order as their magnitudes do). */
static inline half nrt_cl_half_rte(float x) { return (half)x; }

static inline half nrt_cl_half_step(float x, int up_if_below, int down_if_above)
{
    half h = (half)x;
    float back = (float)h;
    if (x != x || back == x || (back < x && !up_if_below) || (back > x && !down_if_above))
        return h;
    ushort b;
    __builtin_memcpy(&b, &h, sizeof b);
    /* toward +inf from below, toward -inf from above: the magnitude grows for a positive
     * h moving up and for a negative h moving down, else shrinks */
    int grow = (back < x) == !(b & 0x8000);
    b = grow ? (ushort)(b + 1) : (ushort)(b - 1);
    __builtin_memcpy(&h, &b, sizeof h);
    return h;
}

static inline half nrt_cl_half_rtz(float x) { return nrt_cl_half_step(x, x < 0, x > 0); }
static inline half nrt_cl_half_rtp(float x) { return nrt_cl_half_step(x, 1, 0); }
static inline half nrt_cl_half_rtn(float x) { return nrt_cl_half_step(x, 0, 1); }

/* OpenCL C 2.0's atomic functions (6.13.11), their _explicit forms too: mcc gives every
 * call all the arguments (the default order memory_order_seq_cst, 5, the scope 2); the
 * scope is not needed on the host (opencl_c.h).  compare_exchange is sequentially
 * consistent whatever the orders (stronger than asked: allowed). */
#define NRT_CL_C11_ANY(S, T)                                                          \
    static inline void nrt_cl_atomic_init_##S(volatile T *p, T v)                    \
    { __atomic_store(p, &v, __ATOMIC_RELAXED); }                                     \
    static inline void nrt_cl_atomic_store_##S(volatile T *p, T v, int o, int s)     \
    { (void)s; __atomic_store(p, &v, o); }                                           \
    static inline T nrt_cl_atomic_load_##S(volatile T *p, int o, int s)              \
    { T r; (void)s; __atomic_load(p, &r, o); return r; }                             \
    static inline T nrt_cl_atomic_exchange_##S(volatile T *p, T v, int o, int s)     \
    { T r; (void)s; __atomic_exchange(p, &v, &r, o); return r; }                     \
    static inline bool nrt_cl_atomic_compare_exchange_strong_##S(volatile T *p, T *e, T v, \
                                                                 int ok, int no, int s) \
    {                                                                                \
        (void)ok; (void)no; (void)s;                                                 \
        return __atomic_compare_exchange(p, e, &v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    }                                                                                \
    static inline bool nrt_cl_atomic_compare_exchange_weak_##S(volatile T *p, T *e, T v, \
                                                               int ok, int no, int s) \
    {                                                                                \
        (void)ok; (void)no; (void)s;                                                 \
        return __atomic_compare_exchange(p, e, &v, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
    }
#define NRT_CL_C11_INT(S, T)                                                          \
    NRT_CL_C11_ANY(S, T)                                                             \
    static inline T nrt_cl_atomic_fetch_add_##S(volatile T *p, T v, int o, int s)    \
    { (void)s; return __atomic_fetch_add(p, v, o); }                                 \
    static inline T nrt_cl_atomic_fetch_sub_##S(volatile T *p, T v, int o, int s)    \
    { (void)s; return __atomic_fetch_sub(p, v, o); }                                 \
    static inline T nrt_cl_atomic_fetch_or_##S(volatile T *p, T v, int o, int s)     \
    { (void)s; return __atomic_fetch_or(p, v, o); }                                  \
    static inline T nrt_cl_atomic_fetch_xor_##S(volatile T *p, T v, int o, int s)    \
    { (void)s; return __atomic_fetch_xor(p, v, o); }                                 \
    static inline T nrt_cl_atomic_fetch_and_##S(volatile T *p, T v, int o, int s)    \
    { (void)s; return __atomic_fetch_and(p, v, o); }                                 \
    static inline T nrt_cl_atomic_fetch_min_##S(volatile T *p, T v, int o, int s)    \
    {                                                                                \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                \
        (void)o; (void)s;                                                            \
        while (v < old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_SEQ_CST, \
                                                       __ATOMIC_RELAXED))            \
            ;                                                                        \
        return old;                                                                  \
    }                                                                                \
    static inline T nrt_cl_atomic_fetch_max_##S(volatile T *p, T v, int o, int s)    \
    {                                                                                \
        T old = __atomic_load_n(p, __ATOMIC_RELAXED);                                \
        (void)o; (void)s;                                                            \
        while (v > old && !__atomic_compare_exchange_n(p, &old, v, 1, __ATOMIC_SEQ_CST, \
                                                       __ATOMIC_RELAXED))            \
            ;                                                                        \
        return old;                                                                  \
    }
NRT_CL_C11_INT(i, int)
NRT_CL_C11_INT(ui, uint)
NRT_CL_C11_INT(l, long)
NRT_CL_C11_INT(ul, ulong)
NRT_CL_C11_ANY(f, float)
NRT_CL_C11_ANY(d, double)
#undef NRT_CL_C11_INT
#undef NRT_CL_C11_ANY

static inline bool nrt_cl_atomic_flag_test_and_set_i(volatile int *p, int o, int s)
{
    (void)s;
    return __atomic_exchange_n(p, 1, o) != 0;
}

static inline void nrt_cl_atomic_flag_clear_i(volatile int *p, int o, int s)
{
    (void)s;
    __atomic_store_n(p, 0, o);
}

/* mem_fence, read_mem_fence, write_mem_fence: the work-items of a group run one after the
 * other on one thread, so a fence of __local memory has nothing to order; one of global
 * memory orders the work-item's accesses as the other work-groups, on other threads, see
 * them (OpenCL 1.x's threadfence reduction: a partial sum written, mem_fence, then an
 * atomic ticket, whose relaxed increment the compiler could otherwise move before the
 * write).  The flags are constants in practice: the test folds away. */
static inline void nrt_cl_mem_fence(cl_mem_fence_flags f)
{
    if (f & 2)                      /* CLK_GLOBAL_MEM_FENCE (opencl_c.h's macros are gone) */
        __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* A fence between work-groups: they run on other threads (the work-items of a group run
 * one after the other on one). */
static inline void nrt_cl_atomic_work_item_fence(cl_mem_fence_flags f, int o, int s)
{
    (void)f; (void)o; (void)s;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif /* NRT_OPENCL_C_IMPL_H */
