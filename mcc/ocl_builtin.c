/*
 * ocl_builtin.c - the built-in functions of OpenCL C 1.2 (6.12) in C.
 *
 * OpenCL overloads its built-ins on scalar and vector types; C does not.  mcc resolves a
 * call from its arguments' types (ocl_type.c) and calls a C function named after the
 * built-in and the type it works on: nrt_cl_<name>_<suffix>, the suffix being the scalar
 * or vector type's ("f", "f4", "ui16", ...).  The scalar versions live in opencl_c_impl.h;
 * a vector version is written into the output the first time it is used (o->defs), one
 * loop over the components calling the scalar version, which gcc unrolls and vectorises.
 * A scalar argument where the built-in takes a vector (fmax(v, 0.0f), clamp(v, lo, hi),
 * mix(a, b, t)) is widened first, as OpenCL does; conversions, reinterpretations, vector
 * loads and stores get their own functions, made on first use too.
 *
 * Families (the X-macro list below): how the arguments relate and what the result is.
 * Work-item functions and barriers are not rewritten here (ocl_expr.c, ocl_kernel.c need
 * to know where they are): only typed.
 */
#include "mcc.h"

#include <stdlib.h>
#include <string.h>

#define OCL_FAMILIES(X)                                                              \
    X(BF_F1)      /* float gentype f(gentype) */                                     \
    X(BF_F2)      /* f(g, g) */                                                      \
    X(BF_F2S)     /* f(g, g or its scalar): fmax, fmin */                            \
    X(BF_F3)      /* f(g, g, g) */                                                   \
    X(BF_MIX)     /* mix(g, g, g or scalar) */                                       \
    X(BF_STEP)    /* step(g or scalar, g) */                                         \
    X(BF_SSTEP)   /* smoothstep(g or scalar, g or scalar, g) */                      \
    X(BF_FI)      /* f(g, int or intn): ldexp, pown, rootn */                        \
    X(BF_FP)      /* f(g, g *): fract, modf, sincos */                               \
    X(BF_FPI)     /* f(g, intn *): frexp, lgamma_r */                                \
    X(BF_REMQUO)  /* remquo(g, g, intn *) */                                         \
    X(BF_ILOGB)   /* intn ilogb(g) */                                                \
    X(BF_NAN)     /* floatn nan(uintn), doublen nan(ulongn) */                       \
    X(BF_I1)      /* integer gentype f(g): clz, popcount */                          \
    X(BF_IABS)    /* ugentype abs(g) */                                              \
    X(BF_I2)      /* integer f(g, g) */                                              \
    X(BF_I2U)     /* ugentype abs_diff(g, g) */                                      \
    X(BF_I3)      /* integer f(g, g, g) */                                           \
    X(BF_UPSAMPLE)/* upsample(g, ug): the type twice as wide */                      \
    X(BF_MINMAX)  /* min, max: any gentype, (g, g or scalar) */                      \
    X(BF_CLAMP)   /* clamp(g, g or scalar, g or scalar) */                           \
    X(BF_DOT)     /* scalar f(g, g): dot, distance */                                \
    X(BF_LENGTH)  /* scalar f(g): length */                                          \
    X(BF_NORM)    /* g normalize(g) */                                               \
    X(BF_CROSS)   /* cross(g, g) */                                                  \
    X(BF_REL1)    /* int (scalar) or a mask (vector) f(g): isnan, signbit... */      \
    X(BF_REL2)    /* ... f(g, g): isequal, isless... */                              \
    X(BF_ANYALL)  /* int any(ig), all(ig) */                                         \
    X(BF_SELECT)  /* select(g, g, igentype or ugentype) */                           \
    X(BF_BITSEL)  /* bitselect(g, g, g) */                                           \
    X(BF_WI)      /* work-item functions (ocl_expr.c) */                             \
    X(BF_BARRIER) /* barrier (ocl_kernel.c) */                                       \
    X(BF_FENCE)   /* memory fences: of global memory, between work-groups' threads */ \
    X(BF_ASYNC)   /* async_work_group_copy */                                        \
    X(BF_ASYNCS)  /* async_work_group_strided_copy */                                \
    X(BF_WAIT)    /* wait_group_events: a barrier */                                 \
    X(BF_PREFETCH)/* prefetch: nothing */                                            \
    X(BF_ATOMIC1) /* atomic_inc(p), atomic_dec(p) */                                 \
    X(BF_ATOMIC2) /* atomic_add(p, v)... */                                          \
    X(BF_CMPXCHG) /* atomic_cmpxchg(p, cmp, v) */                                    \
    X(BF_C11_INIT) /* OpenCL C 2.0: atomic_init(p, v) */                             \
    X(BF_C11_STORE)/* atomic_store(p, v[, order[, scope]]) */                        \
    X(BF_C11_LOAD) /* T atomic_load(p[, order[, scope]]) */                          \
    X(BF_C11_XCHG) /* T atomic_exchange(p, v[, order[, scope]]) */                   \
    X(BF_C11_RMW)  /* T atomic_fetch_add(p, v[, order[, scope]]): integers */        \
    X(BF_C11_CAS)  /* bool atomic_compare_exchange_strong(p, T *e, v[, ok, fail[, scope]]) */ \
    X(BF_C11_FLAG) /* atomic_flag_test_and_set(p[, order[, scope]]), _clear */       \
    X(BF_C11_FENCE)/* atomic_work_item_fence(flags, order, scope) */                 \
    X(BF_VECSTEP) /* vec_step(v) */                                                  \
    X(BF_SHUFFLE) /* shuffle(x, mask) */                                             \
    X(BF_SHUFFLE2)/* shuffle2(x, y, mask) */                                         \
    X(BF_PRINTF)  /* printf */                                                       \
    X(BF_NONE)    /* known, not supported (images) */

#define FAMILY_ENUM(e) e,
enum ocl_family { OCL_FAMILIES(FAMILY_ENUM) BF_COUNT };

/* X(name, family, C base name): the C versions are nrt_cl_<base>_<suffix>. */
#define OCL_BUILTINS(X)                                                              \
    X("acos", BF_F1, "acos") X("acosh", BF_F1, "acosh") X("acospi", BF_F1, "acospi")  \
    X("asin", BF_F1, "asin") X("asinh", BF_F1, "asinh") X("asinpi", BF_F1, "asinpi")  \
    X("atan", BF_F1, "atan") X("atan2", BF_F2, "atan2") X("atanh", BF_F1, "atanh")    \
    X("atanpi", BF_F1, "atanpi") X("atan2pi", BF_F2, "atan2pi") X("cbrt", BF_F1, "cbrt") \
    X("ceil", BF_F1, "ceil") X("copysign", BF_F2, "copysign") X("cos", BF_F1, "cos")  \
    X("cosh", BF_F1, "cosh") X("cospi", BF_F1, "cospi") X("erfc", BF_F1, "erfc")      \
    X("erf", BF_F1, "erf") X("exp", BF_F1, "exp") X("exp2", BF_F1, "exp2")            \
    X("exp10", BF_F1, "exp10") X("expm1", BF_F1, "expm1") X("fabs", BF_F1, "fabs")    \
    X("fdim", BF_F2, "fdim") X("floor", BF_F1, "floor") X("fma", BF_F3, "fma")        \
    X("fmax", BF_F2S, "fmax") X("fmin", BF_F2S, "fmin") X("fmod", BF_F2, "fmod")      \
    X("fract", BF_FP, "fract") X("frexp", BF_FPI, "frexp") X("hypot", BF_F2, "hypot") \
    X("ilogb", BF_ILOGB, "ilogb") X("ldexp", BF_FI, "ldexp") X("lgamma", BF_F1, "lgamma") \
    X("lgamma_r", BF_FPI, "lgamma_r") X("log", BF_F1, "log") X("log2", BF_F1, "log2") \
    X("log10", BF_F1, "log10") X("log1p", BF_F1, "log1p") X("logb", BF_F1, "logb")    \
    X("mad", BF_F3, "mad") X("maxmag", BF_F2, "maxmag") X("minmag", BF_F2, "minmag")  \
    X("modf", BF_FP, "modf") X("nan", BF_NAN, "nan") X("nextafter", BF_F2, "nextafter") \
    X("pow", BF_F2, "pow") X("pown", BF_FI, "pown") X("powr", BF_F2, "powr")          \
    X("remainder", BF_F2, "remainder") X("remquo", BF_REMQUO, "remquo")               \
    X("rint", BF_F1, "rint") X("rootn", BF_FI, "rootn") X("round", BF_F1, "round")    \
    X("rsqrt", BF_F1, "rsqrt") X("sin", BF_F1, "sin") X("sincos", BF_FP, "sincos")    \
    X("sinh", BF_F1, "sinh") X("sinpi", BF_F1, "sinpi") X("sqrt", BF_F1, "sqrt")      \
    X("tan", BF_F1, "tan") X("tanh", BF_F1, "tanh") X("tanpi", BF_F1, "tanpi")        \
    X("tgamma", BF_F1, "tgamma") X("trunc", BF_F1, "trunc")                           \
    X("half_cos", BF_F1, "cos") X("half_divide", BF_F2, "divide")                     \
    X("half_exp", BF_F1, "exp") X("half_exp2", BF_F1, "exp2")                         \
    X("half_exp10", BF_F1, "exp10") X("half_log", BF_F1, "log")                       \
    X("half_log2", BF_F1, "log2") X("half_log10", BF_F1, "log10")                     \
    X("half_powr", BF_F2, "powr") X("half_recip", BF_F1, "recip")                     \
    X("half_rsqrt", BF_F1, "rsqrt") X("half_sin", BF_F1, "sin")                       \
    X("half_sqrt", BF_F1, "sqrt") X("half_tan", BF_F1, "tan")                         \
    X("native_cos", BF_F1, "cos") X("native_divide", BF_F2, "divide")                 \
    X("native_exp", BF_F1, "exp") X("native_exp2", BF_F1, "exp2")                     \
    X("native_exp10", BF_F1, "exp10") X("native_log", BF_F1, "log")                   \
    X("native_log2", BF_F1, "log2") X("native_log10", BF_F1, "log10")                 \
    X("native_powr", BF_F2, "powr") X("native_recip", BF_F1, "recip")                 \
    X("native_rsqrt", BF_F1, "rsqrt") X("native_sin", BF_F1, "sin")                   \
    X("native_sqrt", BF_F1, "sqrt") X("native_tan", BF_F1, "tan")                     \
    X("degrees", BF_F1, "degrees") X("radians", BF_F1, "radians")                     \
    X("sign", BF_F1, "sign") X("mix", BF_MIX, "mix") X("step", BF_STEP, "step")       \
    X("smoothstep", BF_SSTEP, "smoothstep")                                           \
    X("abs", BF_IABS, "abs") X("abs_diff", BF_I2U, "abs_diff")                        \
    X("add_sat", BF_I2, "add_sat") X("hadd", BF_I2, "hadd") X("rhadd", BF_I2, "rhadd") \
    X("clz", BF_I1, "clz") X("popcount", BF_I1, "popcount") X("mad_hi", BF_I3, "mad_hi") \
    X("mad_sat", BF_I3, "mad_sat") X("mul_hi", BF_I2, "mul_hi") X("rotate", BF_I2, "rotate") \
    X("sub_sat", BF_I2, "sub_sat") X("mad24", BF_I3, "mad24") X("mul24", BF_I2, "mul24") \
    X("upsample", BF_UPSAMPLE, "upsample")                                            \
    X("min", BF_MINMAX, "min") X("max", BF_MINMAX, "max") X("clamp", BF_CLAMP, "clamp") \
    X("dot", BF_DOT, "dot") X("distance", BF_DOT, "distance")                         \
    X("fast_distance", BF_DOT, "distance") X("length", BF_LENGTH, "length")           \
    X("fast_length", BF_LENGTH, "length") X("normalize", BF_NORM, "normalize")        \
    X("fast_normalize", BF_NORM, "normalize") X("cross", BF_CROSS, "cross")           \
    X("isequal", BF_REL2, "isequal") X("isnotequal", BF_REL2, "isnotequal")           \
    X("isgreater", BF_REL2, "isgreater") X("isgreaterequal", BF_REL2, "isgreaterequal") \
    X("isless", BF_REL2, "isless") X("islessequal", BF_REL2, "islessequal")           \
    X("islessgreater", BF_REL2, "islessgreater") X("isordered", BF_REL2, "isordered") \
    X("isunordered", BF_REL2, "isunordered") X("isfinite", BF_REL1, "isfinite")       \
    X("isinf", BF_REL1, "isinf") X("isnan", BF_REL1, "isnan")                         \
    X("isnormal", BF_REL1, "isnormal") X("signbit", BF_REL1, "signbit")               \
    X("any", BF_ANYALL, "any") X("all", BF_ANYALL, "all")                             \
    X("select", BF_SELECT, "select") X("bitselect", BF_BITSEL, "bitselect")           \
    X("get_work_dim", BF_WI, "") X("get_global_size", BF_WI, "")                      \
    X("get_global_id", BF_WI, "") X("get_local_size", BF_WI, "")                      \
    X("get_local_id", BF_WI, "") X("get_num_groups", BF_WI, "")                       \
    X("get_group_id", BF_WI, "") X("get_global_offset", BF_WI, "")                    \
    X("barrier", BF_BARRIER, "") X("work_group_barrier", BF_BARRIER, "")              \
    X("mem_fence", BF_FENCE, "") X("read_mem_fence", BF_FENCE, "")                    \
    X("write_mem_fence", BF_FENCE, "")                                                \
    X("async_work_group_copy", BF_ASYNC, "async_copy")                                \
    X("async_work_group_strided_copy", BF_ASYNCS, "async_strided_copy")               \
    X("wait_group_events", BF_WAIT, "") X("prefetch", BF_PREFETCH, "")                \
    X("atomic_add", BF_ATOMIC2, "atomic_add") X("atomic_sub", BF_ATOMIC2, "atomic_sub") \
    X("atomic_xchg", BF_ATOMIC2, "atomic_xchg") X("atomic_min", BF_ATOMIC2, "atomic_min") \
    X("atomic_max", BF_ATOMIC2, "atomic_max") X("atomic_and", BF_ATOMIC2, "atomic_and") \
    X("atomic_or", BF_ATOMIC2, "atomic_or") X("atomic_xor", BF_ATOMIC2, "atomic_xor") \
    X("atomic_inc", BF_ATOMIC1, "atomic_inc") X("atomic_dec", BF_ATOMIC1, "atomic_dec") \
    X("atomic_cmpxchg", BF_CMPXCHG, "atomic_cmpxchg")                                 \
    X("atom_add", BF_ATOMIC2, "atomic_add") X("atom_sub", BF_ATOMIC2, "atomic_sub")   \
    X("atom_xchg", BF_ATOMIC2, "atomic_xchg") X("atom_min", BF_ATOMIC2, "atomic_min") \
    X("atom_max", BF_ATOMIC2, "atomic_max") X("atom_and", BF_ATOMIC2, "atomic_and")   \
    X("atom_or", BF_ATOMIC2, "atomic_or") X("atom_xor", BF_ATOMIC2, "atomic_xor")     \
    X("atom_inc", BF_ATOMIC1, "atomic_inc") X("atom_dec", BF_ATOMIC1, "atomic_dec")   \
    X("atom_cmpxchg", BF_CMPXCHG, "atomic_cmpxchg")                                   \
    X("atomic_init", BF_C11_INIT, "atomic_init")                                      \
    X("atomic_store", BF_C11_STORE, "atomic_store")                                   \
    X("atomic_store_explicit", BF_C11_STORE, "atomic_store")                          \
    X("atomic_load", BF_C11_LOAD, "atomic_load")                                      \
    X("atomic_load_explicit", BF_C11_LOAD, "atomic_load")                             \
    X("atomic_exchange", BF_C11_XCHG, "atomic_exchange")                              \
    X("atomic_exchange_explicit", BF_C11_XCHG, "atomic_exchange")                     \
    X("atomic_fetch_add", BF_C11_RMW, "atomic_fetch_add")                             \
    X("atomic_fetch_add_explicit", BF_C11_RMW, "atomic_fetch_add")                    \
    X("atomic_fetch_sub", BF_C11_RMW, "atomic_fetch_sub")                             \
    X("atomic_fetch_sub_explicit", BF_C11_RMW, "atomic_fetch_sub")                    \
    X("atomic_fetch_or", BF_C11_RMW, "atomic_fetch_or")                               \
    X("atomic_fetch_or_explicit", BF_C11_RMW, "atomic_fetch_or")                      \
    X("atomic_fetch_xor", BF_C11_RMW, "atomic_fetch_xor")                             \
    X("atomic_fetch_xor_explicit", BF_C11_RMW, "atomic_fetch_xor")                    \
    X("atomic_fetch_and", BF_C11_RMW, "atomic_fetch_and")                             \
    X("atomic_fetch_and_explicit", BF_C11_RMW, "atomic_fetch_and")                    \
    X("atomic_fetch_min", BF_C11_RMW, "atomic_fetch_min")                             \
    X("atomic_fetch_min_explicit", BF_C11_RMW, "atomic_fetch_min")                    \
    X("atomic_fetch_max", BF_C11_RMW, "atomic_fetch_max")                             \
    X("atomic_fetch_max_explicit", BF_C11_RMW, "atomic_fetch_max")                    \
    X("atomic_compare_exchange_strong", BF_C11_CAS, "atomic_compare_exchange_strong") \
    X("atomic_compare_exchange_strong_explicit", BF_C11_CAS,                          \
      "atomic_compare_exchange_strong")                                               \
    X("atomic_compare_exchange_weak", BF_C11_CAS, "atomic_compare_exchange_weak")     \
    X("atomic_compare_exchange_weak_explicit", BF_C11_CAS, "atomic_compare_exchange_weak") \
    X("atomic_flag_test_and_set", BF_C11_FLAG, "atomic_flag_test_and_set")           \
    X("atomic_flag_test_and_set_explicit", BF_C11_FLAG, "atomic_flag_test_and_set")  \
    X("atomic_flag_clear", BF_C11_FLAG, "atomic_flag_clear")                          \
    X("atomic_flag_clear_explicit", BF_C11_FLAG, "atomic_flag_clear")                 \
    X("atomic_work_item_fence", BF_C11_FENCE, "atomic_work_item")                     \
    X("vec_step", BF_VECSTEP, "") X("shuffle", BF_SHUFFLE, "shuffle")                 \
    X("shuffle2", BF_SHUFFLE2, "shuffle2") X("printf", BF_PRINTF, "")                 \
    X("read_imagef", BF_NONE, "") X("read_imagei", BF_NONE, "")                       \
    X("read_imageui", BF_NONE, "") X("write_imagef", BF_NONE, "")                     \
    X("write_imagei", BF_NONE, "") X("write_imageui", BF_NONE, "")                    \
    X("get_image_width", BF_NONE, "") X("get_image_height", BF_NONE, "")              \
    X("get_image_depth", BF_NONE, "") X("get_image_dim", BF_NONE, "")

static const struct builtin {
    const char *name;
    enum ocl_family family;
    const char *base;
} builtins[] = {
#define BUILTIN_ENTRY(name, family, base) {name, family, base},
    OCL_BUILTINS(BUILTIN_ENTRY)
#undef BUILTIN_ENTRY
};

static const struct builtin *find(const char *name)
{
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
        if (!strcmp(builtins[i].name, name))
            return &builtins[i];
    return NULL;
}

static bool has_prefix(const char *s, const char *p)
{
    return !strncmp(s, p, strlen(p));
}

/* vload<n> / vstore<n>: n, else 0. */
static int vector_io_width(const char *name, const char *prefix)
{
    if (!has_prefix(name, prefix))
        return 0;
    const char *d = name + strlen(prefix);
    if (!*d || strspn(d, "0123456789") != strlen(d))
        return 0;
    int n = atoi(d);
    return n == 2 || n == 3 || n == 4 || n == 8 || n == 16 ? n : 0;
}

/* vload_half[n], vloada_half[n] (n: 1 when absent), vstore_half[n][_rte...],
 * vstorea_half[n][_rte...]: half-precision data seen as float.  Fills what the name says
 * (*round: 0 default, else the mode's letter); false when it is none of them. */
struct half_io {
    bool load, aligned;
    int n;
    char round;
};

static bool half_io(const char *name, struct half_io *h)
{
    const char *p;
    if (has_prefix(name, "vload")) {
        h->load = true;
        p = name + 5;
    } else if (has_prefix(name, "vstore")) {
        h->load = false;
        p = name + 6;
    } else {
        return false;
    }
    h->aligned = *p == 'a';
    p += h->aligned;
    if (!has_prefix(p, "_half"))
        return false;
    p += 5;
    h->n = 1;
    if (*p >= '0' && *p <= '9') {
        h->n = (int)strtol(p, (char **)&p, 10);
        if (h->n != 2 && h->n != 3 && h->n != 4 && h->n != 8 && h->n != 16)
            return false;
    }
    h->round = 0;
    if (!h->load && p[0] == '_' && p[1] == 'r' && p[2] == 't' && p[3] && strchr("eznp", p[3])) {
        h->round = p[3];
        p += 4;
    }
    return !*p;
}

/* convert_<type>[_sat][_rte|_rtz|_rtp|_rtn]: the target type; *sat, *round (0 default,
 * else the mode's letter e/z/p/n). */
static const struct ocl_type *convert_target(const char *name, bool *sat, char *round)
{
    if (!has_prefix(name, "convert_"))
        return NULL;
    const char *t = name + 8, *e = t + strcspn(t, "_");
    const struct ocl_type *type = ocl_type_by_name(t, (size_t)(e - t));
    *sat = false;
    *round = 0;
    while (type && *e == '_') {
        const char *w = e + 1;
        e = w + strcspn(w, "_");
        if ((size_t)(e - w) == 3 && !memcmp(w, "sat", 3) && !*sat && !*round)
            *sat = true;
        else if ((size_t)(e - w) == 3 && w[0] == 'r' && w[1] == 't' && strchr("eznp", w[2]) &&
                 !*round)
            *round = w[2];
        else
            return NULL;
    }
    return type && !*e ? type : NULL;
}

static const struct ocl_type *as_target(const char *name)
{
    if (!has_prefix(name, "as_"))
        return NULL;
    return ocl_type_by_name(name + 3, strlen(name + 3));
}

bool ocl_is_builtin(const char *name)
{
    bool sat;
    char round;
    struct half_io h;
    return find(name) || vector_io_width(name, "vload") || vector_io_width(name, "vstore") ||
           convert_target(name, &sat, &round) || as_target(name) || half_io(name, &h);
}

/* ---- resolution: the type a built-in works on, what each argument must be ------------- */

struct resolved {
    const struct ocl_type *g;       /* the gentype of the call */
    const struct ocl_type *result;
    const struct ocl_type *want[4]; /* what each argument becomes (NULL: as it is) */
};

static const struct ocl_type *int_like(const struct ocl_type *g, enum ocl_kind k)
{
    return g->kind == OCL_VECTOR ? ocl_vector(k, g->n) : ocl_scalar(k);
}

static const struct ocl_type *unsigned_of(const struct ocl_type *g)
{
    static const enum ocl_kind u[] = {
        [OCL_CHAR] = OCL_UCHAR, [OCL_UCHAR] = OCL_UCHAR, [OCL_SHORT] = OCL_USHORT,
        [OCL_USHORT] = OCL_USHORT, [OCL_INT] = OCL_UINT, [OCL_UINT] = OCL_UINT,
        [OCL_LONG] = OCL_ULONG, [OCL_ULONG] = OCL_ULONG};
    enum ocl_kind k = ocl_elem(g);
    return int_like(g, k <= OCL_ULONG && k != OCL_BOOL ? u[k] : OCL_UINT);
}

/* The vector among the arguments (the first), else the usual conversion of the scalars;
 * floating families turn integer scalars into float.  Scalars all of one type take the
 * version of that type, as OpenCL's overloads do: add_sat of two uchar saturates at 255,
 * popcount of a char counts 8 bits, not those of the int C promotes them to. */
static const struct ocl_type *gentype(int nargs, const struct ocl_type *const *args,
                                      bool floating)
{
    const struct ocl_type *g = NULL;
    for (int i = 0; i < nargs; i++)
        if (args[i]->kind == OCL_VECTOR)
            return args[i];
    int same = 1;
    while (same < nargs && args[same]->kind == args[0]->kind)
        same++;
    if (!floating && nargs && same == nargs && ocl_is_scalar(args[0]) &&
        ocl_is_integer(args[0]) && args[0]->kind != OCL_BOOL)
        return args[0];
    for (int i = 0; i < nargs; i++) {
        if (!ocl_is_scalar(args[i]))
            return NULL;
        g = g ? ocl_arith(g, args[i]) : ocl_promote(args[i]);
    }
    if (g && g->kind == OCL_HALF)
        g = ocl_scalar(OCL_FLOAT);
    if (g && floating && !ocl_is_float(g))
        g = ocl_scalar(OCL_FLOAT);
    return g;
}

/* The argument, when a pointer: what it points to. */
static const struct ocl_type *pointee(const struct ocl_type *t)
{
    return t && (t->kind == OCL_POINTER || t->kind == OCL_ARRAY) ? t->of : NULL;
}

/* OpenCL C 2.0's atomic functions (6.13.11): how many arguments follow the object (values;
 * for compare_exchange the expected value's pointer is the first), the memory orders an
 * _explicit form adds (a memory scope may follow them), what they return (T: the object's
 * type, b: bool, v: void).  The C versions take every argument: the call gets the defaults
 * of those it leaves out (memory_order_seq_cst, memory_scope_device). */
struct c11_shape {
    enum ocl_family family;
    int values, orders;
    char returns;
};

static const struct c11_shape c11_shapes[] = {
    {BF_C11_INIT, 1, 0, 'v'}, {BF_C11_STORE, 1, 1, 'v'}, {BF_C11_LOAD, 0, 1, 'T'},
    {BF_C11_XCHG, 1, 1, 'T'}, {BF_C11_RMW, 1, 1, 'T'}, {BF_C11_CAS, 2, 2, 'b'},
    {BF_C11_FLAG, 0, 1, 'b'},
};

static const struct c11_shape *c11_shape(const struct builtin *b)
{
    for (size_t i = 0; i < sizeof c11_shapes / sizeof c11_shapes[0]; i++)
        if (c11_shapes[i].family == b->family)
            return &c11_shapes[i];
    return NULL;
}

/* The arguments a call of b with nargs arguments leaves out, as text to append (NULL: the
 * count is wrong). */
static const char *c11_defaults(const struct builtin *b, int nargs)
{
    const struct c11_shape *c = c11_shape(b);
    if (!c)
        return NULL;
    int base = 1 + c->values;
    if (b->family == BF_C11_INIT)
        return nargs == base ? "" : NULL;
    if (!strstr(b->name, "_explicit"))
        return nargs != base ? NULL : c->orders == 2 ? ", 5, 5, 2" : ", 5, 2";
    return nargs == base + c->orders ? ", 2" : nargs == base + c->orders + 1 ? "" : NULL;
}

static bool c11_ok(const struct builtin *b, int nargs)
{
    return c11_defaults(b, nargs) != NULL;
}

static bool resolve(struct ocl *o, const struct builtin *b, int nargs,
                    const struct ocl_type *const *a, struct resolved *r)
{
    static const int arity[BF_COUNT] = {
        [BF_F1] = 1, [BF_F2] = 2, [BF_F2S] = 2, [BF_F3] = 3, [BF_MIX] = 3, [BF_STEP] = 2,
        [BF_SSTEP] = 3, [BF_FI] = 2, [BF_FP] = 2, [BF_FPI] = 2, [BF_REMQUO] = 3,
        [BF_ILOGB] = 1, [BF_NAN] = 1, [BF_I1] = 1, [BF_IABS] = 1, [BF_I2] = 2, [BF_I2U] = 2,
        [BF_I3] = 3, [BF_UPSAMPLE] = 2, [BF_MINMAX] = 2, [BF_CLAMP] = 3, [BF_DOT] = 2,
        [BF_LENGTH] = 1, [BF_NORM] = 1, [BF_CROSS] = 2, [BF_REL1] = 1, [BF_REL2] = 2,
        [BF_ANYALL] = 1, [BF_SELECT] = 3, [BF_BITSEL] = 3, [BF_SHUFFLE] = 2,
        [BF_SHUFFLE2] = 3, [BF_VECSTEP] = 1, [BF_ATOMIC1] = 1, [BF_ATOMIC2] = 2,
        [BF_CMPXCHG] = 3, [BF_ASYNC] = 4, [BF_ASYNCS] = 5, [BF_WAIT] = 2, [BF_PREFETCH] = 2,
    };
    memset(r, 0, sizeof *r);
    if (arity[b->family] && nargs != arity[b->family])
        return false;
    for (int i = 0; i < nargs; i++)
        if (!a[i] || a[i]->kind == OCL_UNKNOWN)
            return false;
    const struct ocl_type *g = NULL;
    switch (b->family) {
    case BF_F1: case BF_F2: case BF_F3: case BF_FP: case BF_FPI: case BF_REMQUO:
    case BF_ILOGB: case BF_FI:
        g = b->family == BF_FI || b->family == BF_FP || b->family == BF_FPI ||
            b->family == BF_ILOGB ? gentype(1, a, true)
            : gentype(b->family == BF_REMQUO ? 2 : nargs, a, true);
        if (!g || !ocl_is_float(g))
            return false;
        r->result = g;
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        if (b->family == BF_FI)
            r->want[1] = int_like(g, OCL_INT);
        if (b->family == BF_FP || b->family == BF_FPI || b->family == BF_REMQUO)
            r->want[nargs - 1] = NULL;
        if (b->family == BF_ILOGB)
            r->result = int_like(g, OCL_INT);
        break;
    case BF_F2S: case BF_MIX: case BF_STEP: case BF_SSTEP:
        g = gentype(nargs, a, true);
        if (!g || !ocl_is_float(g))
            return false;
        r->result = g;
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        break;
    case BF_NAN: {
        const struct ocl_type *u = a[0];
        if (!ocl_is_integer(u))
            return false;
        g = int_like(u, ocl_size(u->kind == OCL_VECTOR ? u->of : u) == 8 ? OCL_DOUBLE
                                                                         : OCL_FLOAT);
        r->result = g;
        r->want[0] = int_like(u, ocl_elem(g) == OCL_DOUBLE ? OCL_ULONG : OCL_UINT);
        break;
    }
    case BF_I1: case BF_IABS: case BF_I2: case BF_I2U: case BF_I3:
        g = gentype(nargs, a, false);
        if (!g || !ocl_is_integer(g) || ocl_elem(g) == OCL_BOOL)
            return false;
        if ((!strcmp(b->base, "mad24") || !strcmp(b->base, "mul24")) && g->kind != OCL_VECTOR)
            g = ocl_promote(g);     /* int and uint only: narrower scalars are promoted */
        r->result = b->family == BF_IABS || b->family == BF_I2U ? unsigned_of(g) : g;
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        break;
    case BF_UPSAMPLE: {
        g = a[0];
        static const enum ocl_kind wide[] = {
            [OCL_CHAR] = OCL_SHORT, [OCL_UCHAR] = OCL_USHORT, [OCL_SHORT] = OCL_INT,
            [OCL_USHORT] = OCL_UINT, [OCL_INT] = OCL_LONG, [OCL_UINT] = OCL_ULONG};
        enum ocl_kind k = ocl_elem(g);
        if (k < OCL_CHAR || k > OCL_UINT)
            return false;
        r->result = int_like(g, wide[k]);
        r->want[0] = g;
        r->want[1] = unsigned_of(g);
        break;
    }
    case BF_MINMAX: case BF_CLAMP:
        g = gentype(nargs, a, false);
        if (!g || (!ocl_is_integer(g) && !ocl_is_float(g)) || ocl_elem(g) == OCL_BOOL)
            return false;
        r->result = g;
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        break;
    case BF_DOT: case BF_LENGTH: case BF_NORM: case BF_CROSS:
        g = gentype(nargs, a, true);
        if (!g || !ocl_is_float(g) || (g->kind == OCL_VECTOR && g->n > 4) ||
            (b->family == BF_CROSS && (g->kind != OCL_VECTOR || g->n < 3)))
            return false;
        r->result = b->family == BF_NORM || b->family == BF_CROSS ? g : ocl_scalar(ocl_elem(g));
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        break;
    case BF_REL1: case BF_REL2:
        g = gentype(nargs, a, true);
        if (!g || !ocl_is_float(g))
            return false;
        r->result = g->kind == OCL_VECTOR ? ocl_mask_type(g) : ocl_scalar(OCL_INT);
        for (int i = 0; i < nargs; i++)
            r->want[i] = g;
        break;
    case BF_ANYALL:
        g = a[0];
        if (!ocl_is_integer(g))
            return false;
        r->result = ocl_scalar(OCL_INT);
        break;
    case BF_SELECT: case BF_BITSEL:
        g = gentype(2, a, false);
        if (!g || (g->kind == OCL_VECTOR && a[2]->kind == OCL_VECTOR && a[2]->n != g->n))
            return false;
        if (b->family == BF_SELECT && !ocl_is_integer(a[2]))
            return false;
        r->result = g;
        r->want[0] = r->want[1] = g;
        r->want[2] = b->family == BF_BITSEL ? g : a[2];
        if (b->family == BF_SELECT && g->kind == OCL_VECTOR && a[2]->kind != OCL_VECTOR)
            return false;
        break;
    case BF_WI:
        r->result = !strcmp(b->name, "get_work_dim") ? ocl_scalar(OCL_UINT)
                                                     : ocl_scalar(OCL_ULONG);
        return nargs == (strcmp(b->name, "get_work_dim") ? 1 : 0);
    case BF_BARRIER: case BF_FENCE:
        r->result = ocl_scalar(OCL_VOID);
        return nargs == 1 || (nargs == 2 && !strcmp(b->name, "work_group_barrier"));
    case BF_WAIT: case BF_PREFETCH:
        r->result = ocl_scalar(OCL_VOID);
        break;
    case BF_ASYNC: case BF_ASYNCS:
        if (!pointee(a[0]) || !pointee(a[1]))
            return false;
        r->result = ocl_scalar(OCL_INT);
        break;
    case BF_ATOMIC1: case BF_ATOMIC2: case BF_CMPXCHG: {
        const struct ocl_type *p = pointee(a[0]);
        enum ocl_kind k = ocl_elem(p);
        if (!p || p->kind == OCL_VECTOR ||
            !(k == OCL_INT || k == OCL_UINT || k == OCL_LONG || k == OCL_ULONG ||
              (k == OCL_FLOAT && !strcmp(b->base, "atomic_xchg"))))
            return false;
        r->result = p;
        for (int i = 1; i < nargs; i++)
            r->want[i] = p;
        break;
    }
    case BF_C11_INIT: case BF_C11_STORE: case BF_C11_LOAD: case BF_C11_XCHG: case BF_C11_RMW:
    case BF_C11_CAS: case BF_C11_FLAG: {
        const struct c11_shape *c = c11_shape(b);
        const struct ocl_type *p = pointee(a[0]);
        enum ocl_kind k = ocl_elem(p);
        if (!p || p->kind == OCL_VECTOR || !c11_ok(b, nargs) ||
            !(k == OCL_INT || k == OCL_UINT || k == OCL_LONG || k == OCL_ULONG ||
              ((k == OCL_FLOAT || k == OCL_DOUBLE) && b->family != BF_C11_RMW &&
               b->family != BF_C11_FLAG)) ||
            (b->family == BF_C11_FLAG && k != OCL_INT))
            return false;
        r->result = c->returns == 'T' ? p
                    : c->returns == 'b' && strcmp(b->base, "atomic_flag_clear")
                    ? ocl_scalar(OCL_BOOL) : ocl_scalar(OCL_VOID);
        g = p;
        for (int i = 1; i < c->values + 1; i++)
            r->want[i] = b->family == BF_C11_CAS && i == 1 ? NULL : p;
        break;
    }
    case BF_C11_FENCE:
        r->result = ocl_scalar(OCL_VOID);
        return nargs == 3;
    case BF_VECSTEP:
        r->result = ocl_scalar(OCL_INT);
        break;
    case BF_SHUFFLE: case BF_SHUFFLE2: {
        const struct ocl_type *m = a[nargs - 1];
        if (a[0]->kind != OCL_VECTOR || m->kind != OCL_VECTOR || !ocl_is_integer(m) ||
            ocl_is_signed(m))
            return false;
        r->result = ocl_vector(a[0]->of->kind, m->n);
        g = a[0];
        break;
    }
    case BF_PRINTF:
        r->result = ocl_scalar(OCL_INT);
        return nargs >= 1;
    case BF_NONE: case BF_COUNT:
        return false;
    }
    r->g = g;
    (void)o;
    return true;
}

/* vload<n>(offset, p), vstore<n>(v, offset, p), convert_<t>(x), as_<t>(x). */
static const struct ocl_type *special_type(struct ocl *o, const char *name, int nargs,
                                           const struct ocl_type *const *a)
{
    bool sat;
    char round;
    int n;
    const struct ocl_type *t;
    struct half_io h;
    if (half_io(name, &h)) {
        const struct ocl_type *p = nargs == 2 + !h.load ? pointee(a[1 + !h.load]) : NULL;
        const struct ocl_type *f = h.n == 1 ? ocl_scalar(OCL_FLOAT) : ocl_vector(OCL_FLOAT, h.n);
        if (!p || p->kind != OCL_HALF)
            return NULL;
        if (h.load)
            return f;
        /* the data: float (double data, which rounds once to half, is not translated) */
        return a[0] && (a[0]->kind == OCL_VECTOR ? h.n == a[0]->n && ocl_elem(a[0]) == OCL_FLOAT
                                                 : h.n == 1 && ocl_is_scalar(a[0]) &&
                                                   a[0]->kind != OCL_DOUBLE)
                   ? ocl_scalar(OCL_VOID) : NULL;
    }
    if ((n = vector_io_width(name, "vload")) != 0) {
        const struct ocl_type *p = nargs == 2 ? pointee(a[1]) : NULL;
        return p && ocl_is_scalar(p) && p->kind != OCL_HALF ? ocl_vector(p->kind, n) : NULL;
    }
    if ((n = vector_io_width(name, "vstore")) != 0) {
        const struct ocl_type *p = nargs == 3 ? pointee(a[2]) : NULL;
        return p && ocl_is_scalar(p) && p->kind != OCL_HALF ? ocl_scalar(OCL_VOID) : NULL;
    }
    if ((t = convert_target(name, &sat, &round)) != NULL) {
        if (nargs != 1 || !a[0] || (a[0]->kind != OCL_VECTOR && !ocl_is_scalar(a[0])))
            return NULL;
        if ((t->kind == OCL_VECTOR) != (a[0]->kind == OCL_VECTOR) ||
            (t->kind == OCL_VECTOR && t->n != a[0]->n))
            return NULL;
        return t;
    }
    if ((t = as_target(name)) != NULL) {
        (void)o;
        return nargs == 1 && a[0] && ocl_size(a[0]) == ocl_size(t) ? t : NULL;
    }
    return NULL;
}

const struct ocl_type *ocl_builtin_type(struct ocl *o, const char *name, int nargs,
                                        const struct ocl_type *const *args)
{
    const struct builtin *b = find(name);
    if (!b)
        return special_type(o, name, nargs, args);
    struct resolved r;
    return resolve(o, b, nargs, args, &r) ? r.result : NULL;
}

/* ---- definitions written on first use ------------------------------------------------- */

/* Has the C function `name` been defined in o->defs already?  Marks it when not. */
static bool defined_once(struct ocl *o, const char *name)
{
    struct name *key = name_intern(&o->L.t->parser, name, strlen(name));
    if (lower_map_get(&o->defined, key))
        return true;
    lower_map_put(&o->L, &o->defined, key, (void *)1);
    return false;
}

const char *ocl_splat_fn(struct ocl *o, const struct ocl_type *to)
{
    const char *fn = ocl_name(o, OCLN_SPLAT, ocl_suffix(o, to));
    if (!defined_once(o, fn)) {
        const char *vt = ocl_type_name(o, to), *st = ocl_type_name(o, to->of);
        lbuf_printf(&o->defs, "static inline %s %s(%s x) { return (%s){", vt, fn, st, vt);
        for (int i = 0; i < (to->n == 3 ? 4 : to->n); i++)
            lbuf_printf(&o->defs, "%sx", i ? ", " : "");
        lbuf_puts(&o->defs, "}; }\n");
    }
    return fn;
}

/* Components a loop over a vector covers (a 3-vector has 4 in memory). */
static int lanes(const struct ocl_type *t)
{
    return t->kind == OCL_VECTOR ? (t->n == 3 ? 4 : t->n) : 1;
}

static int bits_of(const struct ocl_type *t)
{
    return 8 * ocl_size(t->kind == OCL_VECTOR ? t->of : t);
}

/* The signed integer type of the size of t's components ("int" for float). */
static const char *signed_elem(const struct ocl_type *t)
{
    switch (bits_of(t)) {
    case 8: return "char";
    case 16: return "short";
    case 64: return "long";
    default: return "int";
    }
}

/* The components of b where those of c (a vector of integers as wide as t's components)
 * have their sign bit set, else those of a: bitwise, on t's bits seen as integers.  The
 * loop `c[i] < 0 ? b[i] : a[i]` it replaces, over c a comparison, made gcc 12 fail (an
 * internal compiler error) in the AVX-512 clone.  NULL where the widths differ. */
const char *ocl_select_bits(struct ocl *o, const struct ocl_type *t, const struct ocl_type *ct,
                            const char *a, const char *b, const char *c)
{
    if (t->kind != OCL_VECTOR || ct->kind != OCL_VECTOR || ct->n != t->n ||
        bits_of(ct) != bits_of(t))
        return NULL;
    const char *m = ocl_type_name(o, ocl_mask_type(t));
    int sh = bits_of(t) - 1;
    return arena_printf(o->L.a, "(%s)((((%s)(%s) >> %d) & (%s)(%s)) | (~((%s)(%s) >> %d) & (%s)(%s)))",
                        ocl_type_name(o, t), m, c, sh, m, b, m, c, sh, m, a);
}

/*
 * The vector version of an elementwise built-in: nrt_cl_<base>_<g suffix>, with arguments
 * of the types in want[] (NULL: a pointer to g's or an int vector's components, per
 * family) calling the scalar version per component.
 */
static const char *vector_variant(struct ocl *o, const struct builtin *b,
                                  const struct resolved *r, int nargs,
                                  const struct ocl_type *const *a)
{
    const struct ocl_type *g = r->g;
    /* select's mask may be signed or unsigned: one version for each */
    const char *fn = b->family == BF_SELECT
        ? ocl_name(o, OCLN_BUILTIN2, b->base, ocl_suffix(o, g), ocl_suffix(o, a[2]))
        : ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, g));
    if (defined_once(o, fn))
        return fn;
    const char *s = ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, g->of));
    struct lower_buf *d = &o->defs;
    const char *rt = ocl_type_name(o, r->result);
    lbuf_printf(d, "static inline %s %s(", rt, fn);
    for (int i = 0; i < nargs; i++) {
        const struct ocl_type *t = r->want[i] ? r->want[i] : pointee(a[i]);
        lbuf_printf(d, "%s%s %sa%d", i ? ", " : "", ocl_type_name(o, t),
                    r->want[i] ? "" : "*", i);
    }
    const char *bitwise = b->family == BF_SELECT ? ocl_select_bits(o, g, a[2], "a0", "a1", "a2")
                                                 : NULL;
    if (bitwise) {
        lbuf_printf(d, ")\n{\n    return %s;\n}\n", bitwise);
        return fn;
    }
    lbuf_printf(d, ")\n{\n    %s r = {0};\n    for (int i = 0; i < %d; i++) {\n", rt, lanes(g));
    const char *neg = b->family == BF_REL1 || b->family == BF_REL2 ? "-" : "";
    switch (b->family) {
    case BF_FP: case BF_FPI: {
        const struct ocl_type *pt = pointee(a[nargs - 1]);
        lbuf_printf(d, "        %s p;\n        r[i] = %s(", ocl_type_name(o, pt->of), s);
        for (int i = 0; i < nargs - 1; i++)
            lbuf_printf(d, "a%d[i], ", i);
        lbuf_printf(d, "&p);\n        (*a%d)[i] = p;\n", nargs - 1);
        break;
    }
    case BF_REMQUO:
        lbuf_printf(d, "        int q;\n        r[i] = %s(a0[i], a1[i], &q);\n        (*a2)[i] = q;\n",
                    s);
        break;
    case BF_SELECT:
        lbuf_printf(d, "        r[i] = (%s)a2[i] < 0 ? a1[i] : a0[i];\n", signed_elem(a[2]));
        break;
    default:
        lbuf_printf(d, "        r[i] = %s%s(", neg, s);
        for (int i = 0; i < nargs; i++)
            lbuf_printf(d, "%sa%d[i]", i ? ", " : "", i);
        lbuf_puts(d, ");\n");
    }
    lbuf_puts(d, "    }\n    return r;\n}\n");
    return fn;
}

/* Geometric functions over vectors (components 0..n-1 only: a float3's fourth is not). */
static const char *geometric_variant(struct ocl *o, const struct builtin *b,
                                     const struct ocl_type *g)
{
    const char *fn = ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, g));
    if (defined_once(o, fn))
        return fn;
    const char *vt = ocl_type_name(o, g), *st = ocl_type_name(o, g->of);
    const char *sfx = ocl_suffix(o, g->of);
    struct lower_buf *d = &o->defs;
    switch (b->family) {
    case BF_DOT:
        if (!strcmp(b->base, "dot")) {
            lbuf_printf(d, "static inline %s %s(%s a, %s b) { return ", st, fn, vt, vt);
            for (int i = 0; i < g->n; i++)
                lbuf_printf(d, "%sa[%d] * b[%d]", i ? " + " : "", i, i);
            lbuf_puts(d, "; }\n");
        } else {
            const char *len = geometric_variant(o, find("length"), g);
            lbuf_printf(d, "static inline %s %s(%s a, %s b) { return %s(a - b); }\n", st, fn, vt,
                        vt, len);
        }
        break;
    case BF_LENGTH: {
        const char *dot = geometric_variant(o, find("dot"), g);
        lbuf_printf(d, "static inline %s %s(%s a) { return %s(%s(a, a)); }\n", st, fn,
                    vt, ocl_name(o, OCLN_BUILTIN, "sqrt", sfx), dot);
        break;
    }
    case BF_NORM: {
        const char *dot = geometric_variant(o, find("dot"), g);
        lbuf_printf(d, "static inline %s %s(%s a)\n{\n    %s l = %s(a, a);\n    if (l == 0) "
                    "return a;\n    return a * %s(l);\n}\n", vt, fn, vt, st, dot,
                    ocl_name(o, OCLN_BUILTIN, "rsqrt", sfx));
        break;
    }
    case BF_CROSS:
        lbuf_printf(d, "static inline %s %s(%s a, %s b) { return (%s){a[1] * b[2] - a[2] * b[1], "
                    "a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0], 0}; }\n", vt, fn, vt,
                    vt, vt);
        break;
    default:
        break;
    }
    return fn;
}

static const char *anyall_variant(struct ocl *o, const struct builtin *b,
                                  const struct ocl_type *g)
{
    const char *fn = ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, g));
    if (defined_once(o, fn))
        return fn;
    bool any = !strcmp(b->base, "any");
    lbuf_printf(&o->defs, "static inline int %s(%s a)\n{\n    for (int i = 0; i < %d; i++)\n"
                "        if (((%s)a[i] < 0) == %d) return %d;\n    return %d;\n}\n", fn,
                ocl_type_name(o, g), g->n, signed_elem(g), any, any, !any);
    return fn;
}

static const char *upsample_variant(struct ocl *o, const struct resolved *r)
{
    const struct ocl_type *g = r->g;
    const char *fn = ocl_name(o, OCLN_UPSAMPLE, ocl_suffix(o, g));
    if (defined_once(o, fn))
        return fn;
    const char *rt = ocl_type_name(o, r->result);
    lbuf_printf(&o->defs, "static inline %s %s(%s hi, %s lo)\n{\n    %s r;\n    for (int i = 0; "
                "i < %d; i++)\n        r[i] = %s(hi[i], lo[i]);\n    return r;\n}\n",
                rt, fn, ocl_type_name(o, g), ocl_type_name(o, r->want[1]), rt, lanes(g),
                ocl_name(o, OCLN_UPSAMPLE, ocl_suffix(o, g->of)));
    return fn;
}

static const char *shuffle_variant(struct ocl *o, const struct builtin *b, int nargs,
                                   const struct ocl_type *const *a, const struct ocl_type *res)
{
    const struct ocl_type *x = a[0], *m = a[nargs - 1];
    const char *fn = ocl_name(o, OCLN_BUILTIN2, b->base, ocl_suffix(o, x),
                                  ocl_suffix(o, m));
    if (defined_once(o, fn))
        return fn;
    const char *rt = ocl_type_name(o, res), *xt = ocl_type_name(o, x);
    struct lower_buf *d = &o->defs;
    if (nargs == 2)
        lbuf_printf(d, "static inline %s %s(%s x, %s m)\n{\n    %s r = {0};\n    for (int i = 0; "
                    "i < %d; i++)\n        r[i] = x[m[i] %% %d];\n    return r;\n}\n", rt, fn, xt,
                    ocl_type_name(o, m), rt, m->n, x->n);
    else
        lbuf_printf(d, "static inline %s %s(%s x, %s y, %s m)\n{\n    %s r = {0};\n    for (int "
                    "i = 0; i < %d; i++) {\n        unsigned k = m[i] %% %d;\n        r[i] = k < "
                    "%d ? x[k] : y[k - %d];\n    }\n    return r;\n}\n", rt, fn, xt, xt,
                    ocl_type_name(o, m), rt, m->n, 2 * x->n, x->n, x->n);
    return fn;
}

static const char *vload_variant(struct ocl *o, int n, const struct ocl_type *p)
{
    const char *fn = ocl_name(o, OCLN_VLOAD, n, ocl_suffix(o, p));
    if (defined_once(o, fn))
        return fn;
    const char *vt = ocl_type_name(o, ocl_vector(p->kind, n)), *st = ocl_type_name(o, p);
    lbuf_printf(&o->defs, "static inline %s %s(size_t off, const %s *p)\n{\n    %s r = {0};\n"
                "    p += off * %d;\n    for (int i = 0; i < %d; i++)\n        r[i] = p[i];\n"
                "    return r;\n}\n", vt, fn, st, vt, n, n);
    return fn;
}

static const char *vstore_variant(struct ocl *o, int n, const struct ocl_type *p)
{
    const char *fn = ocl_name(o, OCLN_VSTORE, n, ocl_suffix(o, p));
    if (defined_once(o, fn))
        return fn;
    const char *vt = ocl_type_name(o, ocl_vector(p->kind, n)), *st = ocl_type_name(o, p);
    lbuf_printf(&o->defs, "static inline void %s(%s v, size_t off, %s *p)\n{\n    p += off * %d;\n"
                "    for (int i = 0; i < %d; i++)\n        p[i] = v[i];\n}\n", fn, vt, st, n, n);
    return fn;
}

/* vload_half<n> and friends: components converted one by one (vloada_half3 and
 * vstorea_half3 step by 4 halves); stores round by opencl_c_impl.h's nrt_cl_half_rt<m>. */
static const char *half_variant(struct ocl *o, const char *name, const struct half_io *h)
{
    const char *fn = ocl_name(o, OCLN_BUILTIN, name, "f");
    if (defined_once(o, fn))
        return fn;
    int step = h->aligned && h->n == 3 ? 4 : h->n;
    const char *ft = h->n == 1 ? "float" : ocl_type_name(o, ocl_vector(OCL_FLOAT, h->n));
    const char *at = h->n == 1 ? "(&v)" : "v";
    if (h->load)
        lbuf_printf(&o->defs, "static inline %s %s(size_t off, const half *p)\n{\n    %s v;\n"
                    "    p += off * %d;\n    for (int i = 0; i < %d; i++)\n"
                    "        %s[i] = (float)p[i];\n    return v;\n}\n", ft, fn, ft, step, h->n, at);
    else
        lbuf_printf(&o->defs, "static inline void %s(%s v, size_t off, half *p)\n{\n"
                    "    p += off * %d;\n    for (int i = 0; i < %d; i++)\n"
                    "        p[i] = nrt_cl_half_rt%c(%s[i]);\n}\n", fn, ft, step, h->n,
                    h->round ? h->round : 'e', at);
    return fn;
}

/* The C limits of integer scalar type t, as text. */
static void int_limits(const struct ocl_type *t, const char **lo, const char **hi)
{
    switch (t->kind) {
    case OCL_CHAR: *lo = "-128"; *hi = "127"; break;
    case OCL_UCHAR: *lo = "0"; *hi = "255"; break;
    case OCL_SHORT: *lo = "-32768"; *hi = "32767"; break;
    case OCL_USHORT: *lo = "0"; *hi = "65535"; break;
    case OCL_INT: *lo = "(-2147483647 - 1)"; *hi = "2147483647"; break;
    case OCL_UINT: *lo = "0"; *hi = "4294967295u"; break;
    case OCL_LONG: *lo = "(-9223372036854775807L - 1)"; *hi = "9223372036854775807L"; break;
    default: *lo = "0"; *hi = "18446744073709551615ul"; break;
    }
}

/*
 * convert_<dst>[_sat][_rtX](x) beyond a plain C conversion: floating to integer with a
 * rounding mode or saturation (NaN gives 0), integer to integer with saturation.  A
 * function per (source, destination), elementwise for vectors.
 */
static const char *convert_variant(struct ocl *o, const struct ocl_type *dst,
                                   const struct ocl_type *src, bool sat, char round)
{
    const char *fn = ocl_name(o, OCLN_CONVERT, ocl_suffix(o, dst),
                                  sat ? "_sat" : "", round ? "_rt" : "",
                                  round ? (char[2]){round, 0} : "", ocl_suffix(o, src));
    if (defined_once(o, fn))
        return fn;
    const struct ocl_type *de = dst->kind == OCL_VECTOR ? dst->of : dst;
    const struct ocl_type *se = src->kind == OCL_VECTOR ? src->of : src;
    const char *dt = ocl_type_name(o, de), *lo, *hi;
    int_limits(de, &lo, &hi);
    struct lower_buf *d = &o->defs;
    const char *sfx = ocl_suffix(o, se);
    bool vec = dst->kind == OCL_VECTOR;
    lbuf_printf(d, "static inline %s %s%s(%s x)\n{\n", dt, fn, vec ? "_e" : "",
                ocl_type_name(o, se));
    if (ocl_is_float(se) && !ocl_is_float(de)) {
        const char *rfn = round == 'e' ? "rint" : round == 'p' ? "ceil" : round == 'n' ? "floor"
                                                                                       : "trunc";
        lbuf_printf(d, "    x = %s(x);\n", ocl_name(o, OCLN_BUILTIN, rfn, sfx));
        if (sat)
            lbuf_printf(d, "    if (x != x) return 0;\n    if (x <= (double)%s) return %s;\n"
                        "    if (x >= (double)%s) return %s;\n", lo, lo, hi, hi);
    } else if (sat && !ocl_is_float(se) && !ocl_is_float(de)) {
        lbuf_printf(d, "    __int128 v = x;\n    if (v < (__int128)%s) return %s;\n"
                    "    if (v > (__int128)%s) return %s;\n", lo, lo, hi, hi);
    }
    lbuf_printf(d, "    return (%s)x;\n}\n", dt);
    if (vec)
        lbuf_printf(d, "static inline %s %s(%s x)\n{\n    %s r;\n    for (int i = 0; i < %d; "
                    "i++)\n        r[i] = %s_e(x[i]);\n    return r;\n}\n",
                    ocl_type_name(o, dst), fn, ocl_type_name(o, src), ocl_type_name(o, dst),
                    lanes(dst), fn);
    return fn;
}

static const char *as_variant(struct ocl *o, const struct ocl_type *dst,
                              const struct ocl_type *src)
{
    const char *fn = ocl_name(o, OCLN_AS, ocl_suffix(o, dst),
                                  ocl_suffix(o, src));
    if (defined_once(o, fn))
        return fn;
    lbuf_printf(&o->defs, "static inline %s %s(%s x) { %s r; __builtin_memcpy(&r, &x, sizeof r); "
                "return r; }\n", ocl_type_name(o, dst), fn, ocl_type_name(o, src),
                ocl_type_name(o, dst));
    return fn;
}

/* ---- rewriting calls ------------------------------------------------------------------- */

static struct ast *arg_at(struct ast *call, int i)
{
    for (struct ast *a = call->kid[1] ? call->kid[1]->kid[0] : NULL; a; a = a->next)
        if (i-- == 0)
            return a;
    return NULL;
}

static int count_args(struct ast *call)
{
    int n = 0;
    for (struct ast *a = call->kid[1] ? call->kid[1]->kid[0] : NULL; a; a = a->next)
        n++;
    return n;
}

static void rename_callee(struct ocl *o, struct ast *call, const char *to)
{
    rewrite_replace(o->L.rw, call->kid[0]->begin, call->kid[0]->end, to);
}

/* The whole call becomes `text`. */
static void replace_call(struct ocl *o, struct ast *call, const char *text)
{
    rewrite_replace(o->L.rw, call->begin, call->end, text);
}

/* Convert each argument to what the built-in takes (scalars widened to vectors). */
static void convert_args(struct ocl *o, struct ast *call, int nargs,
                         const struct ocl_type *const *a, const struct resolved *r)
{
    for (int i = 0; i < nargs && i < 4; i++)
        if (r->want[i])
            ocl_convert(o, arg_at(call, i), a[i], r->want[i]);
}

/* The text of an argument with its edits, to pass it a second time. */
static const char *arg_text(struct ocl *o, struct ast *call, int i)
{
    struct ast *a = arg_at(call, i);
    return a ? rewrite_text(o->L.rw, a->begin, a->end) : "0";
}

static bool printf_ok(struct ocl *o, struct ast *call)
{
    struct ast *f = arg_at(call, 0);
    if (!f || f->kind != AST_STRING)
        return true;
    const char *s = o->L.text + f->begin, *e = o->L.text + f->end;
    for (const char *p = s; p + 1 < e; p++) {
        if (*p != '%')
            continue;
        if (p[1] == '%') {
            p++;
            continue;
        }
        const char *q = p + 1;
        while (q < e && strchr("-+ #0123456789.", *q))
            q++;
        if (q < e && *q == 'v')
            return false;
    }
    return true;
}

/* The argument types of a call (arrays decayed). */
static int arg_types(struct ocl *o, struct ast *call, const struct ocl_type **a)
{
    int nargs = count_args(call);
    for (int i = 0; i < nargs && i < 16; i++) {
        const struct ocl_type *t = ocl_expr_type(o, arg_at(call, i));
        a[i] = t->kind == OCL_ARRAY ? ocl_pointer(o, t->of, t->space) : t;
    }
    return nargs;
}

void ocl_builtin_args(struct ocl *o, struct ast *call, const char *name)
{
    const struct ocl_type *a[16] = {0};
    int nargs = arg_types(o, call, a), n;
    const struct builtin *b = find(name);
    struct resolved r;
    if (!b) {
        if ((n = vector_io_width(name, "vstore")) != 0 && nargs == 3 && pointee(a[2]) &&
            ocl_is_scalar(pointee(a[2])))
            ocl_convert(o, arg_at(call, 0), a[0], ocl_vector(pointee(a[2])->kind, n));
        return;
    }
    if (b->family == BF_WI || b->family == BF_BARRIER || b->family == BF_WAIT ||
        b->family == BF_NONE || !resolve(o, b, nargs, a, &r))
        return;
    convert_args(o, call, nargs, a, &r);
}

bool ocl_builtin_call(struct ocl *o, struct ast *call, const char *name)
{
    const struct ocl_type *a[16] = {0};
    int nargs = arg_types(o, call, a);
    const struct builtin *b = find(name);
    const struct ocl_type *res = ocl_expr_type(o, call);
    bool sat;
    char round;
    int n;
    if (!b) {
        if (res->kind == OCL_UNKNOWN) {
            ocl_fail(o, call, "'%s' with these arguments is not an OpenCL C built-in mcc knows",
                     name);
            return false;
        }
        const struct ocl_type *t;
        struct half_io h;
        if (half_io(name, &h)) {
            rename_callee(o, call, half_variant(o, name, &h));
        } else if ((n = vector_io_width(name, "vload")) != 0) {
            rename_callee(o, call, vload_variant(o, n, pointee(a[1])));
        } else if ((n = vector_io_width(name, "vstore")) != 0) {
            rename_callee(o, call, vstore_variant(o, n, pointee(a[2])));
        } else if ((t = convert_target(name, &sat, &round)) != NULL) {
            const struct ocl_type *se = a[0]->kind == OCL_VECTOR ? a[0]->of : a[0];
            const struct ocl_type *de = t->kind == OCL_VECTOR ? t->of : t;
            bool float_to_int = ocl_is_float(se) && !ocl_is_float(de);
            if (round && round != 'e' && !float_to_int && ocl_is_float(de) &&
                !(ocl_is_float(se) && ocl_size(se) <= ocl_size(de))) {
                ocl_fail(o, call, "'%s': rounding modes other than _rte are not supported for "
                         "conversions to floating types", name);
                return false;
            }
            bool plain = (!sat || ocl_is_float(de)) && (!float_to_int || !round || round == 'z');
            struct ast *x = arg_at(call, 0);
            if (plain && t->kind == OCL_VECTOR) {
                rewrite_replace(o->L.rw, call->begin, x->begin, "__builtin_convertvector((");
                rewrite_replace(o->L.rw, x->end, call->end,
                                arena_printf(o->L.a, "), %s)", ocl_type_name(o, t)));
            } else if (plain) {
                rewrite_replace(o->L.rw, call->begin, x->begin,
                                arena_printf(o->L.a, "((%s)(", ocl_type_name(o, t)));
                rewrite_replace(o->L.rw, x->end, call->end, "))");
            } else {
                rename_callee(o, call, convert_variant(o, t, a[0], sat, round));
            }
        } else if ((t = as_target(name)) != NULL) {
            if (t->kind == OCL_VECTOR && a[0]->kind == OCL_VECTOR) {
                struct ast *x = arg_at(call, 0);
                rewrite_replace(o->L.rw, call->begin, x->begin,
                                arena_printf(o->L.a, "((%s)(", ocl_type_name(o, t)));
                rewrite_replace(o->L.rw, x->end, call->end, "))");
            } else {
                rename_callee(o, call, as_variant(o, t, a[0]));
            }
        }
        return true;
    }
    struct resolved r;
    if (b->family == BF_NONE) {
        ocl_fail(o, call, "'%s' is not supported (images are not translated)", name);
        return false;
    }
    if (!resolve(o, b, nargs, a, &r)) {
        ocl_fail(o, call, "no version of the built-in '%s' takes these arguments", name);
        return false;
    }
    switch (b->family) {
    case BF_WI: case BF_BARRIER: case BF_WAIT:
        return true;                /* ocl_expr.c, ocl_kernel.c */
    case BF_FENCE:                  /* other work-groups run on other threads */
        replace_call(o, call, arena_printf(o->L.a, "nrt_cl_mem_fence(%s)", arg_text(o, call, 0)));
        return true;
    case BF_PREFETCH:
        replace_call(o, call, "((void)0)");
        return true;
    case BF_ASYNC: case BF_ASYNCS: {
        const struct ocl_type *dt = a[0];
        const char *fn = ocl_name(o, b->family == BF_ASYNC ? OCLN_ASYNC : OCLN_ASYNC_STRIDED);
        const char *text = b->family == BF_ASYNC
            ? arena_printf(o->L.a, "%s(nrt_x, nrt_l0, nrt_l1, nrt_l2, %s, %s, %s, sizeof *(%s))", fn,
                           arg_text(o, call, 0), arg_text(o, call, 1), arg_text(o, call, 2),
                           arg_text(o, call, 0))
            : arena_printf(o->L.a, "%s(nrt_x, nrt_l0, nrt_l1, nrt_l2, %s, %s, %s, %s, sizeof *(%s), "
                           "%d)", fn, arg_text(o, call, 0), arg_text(o, call, 1),
                           arg_text(o, call, 2), arg_text(o, call, 3), arg_text(o, call, 0),
                           dt->space == OCL_LOCAL);
        replace_call(o, call, text);
        return true;
    }
    case BF_VECSTEP: {
        /* the argument's type, or (opencl_c.h's vec_step) the pointee of `(T *)0` */
        const struct ocl_type *v = a[0]->kind == OCL_POINTER ? a[0]->of : a[0];
        replace_call(o, call, arena_printf(o->L.a, "%d", v->kind == OCL_VECTOR
                                                             ? (v->n == 3 ? 4 : v->n) : 1));
        return true;
    }
    case BF_PRINTF:
        if (!printf_ok(o, call)) {
            ocl_fail(o, call, "printf of vectors (%%v) is not supported");
            return false;
        }
        rename_callee(o, call, "__builtin_printf");
        return true;
    case BF_ATOMIC1: case BF_ATOMIC2: case BF_CMPXCHG:
        rename_callee(o, call, ocl_name(o, OCLN_BUILTIN, b->base,
                                            ocl_suffix(o, r.result)));
        return true;
    case BF_C11_INIT: case BF_C11_STORE: case BF_C11_LOAD: case BF_C11_XCHG: case BF_C11_RMW:
    case BF_C11_CAS: case BF_C11_FLAG:
        rename_callee(o, call, ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, r.g)));
        rewrite_insert_before(o->L.rw, call->end - 1, c11_defaults(b, nargs));
        return true;
    case BF_C11_FENCE:
        rename_callee(o, call, ocl_name(o, OCLN_BUILTIN, b->base, "fence"));
        return true;
    case BF_SHUFFLE: case BF_SHUFFLE2:
        rename_callee(o, call, shuffle_variant(o, b, nargs, a, r.result));
        return true;
    default:
        break;
    }
    const struct ocl_type *g = r.g;
    const char *fn;
    if (g->kind != OCL_VECTOR)
        fn = ocl_name(o, OCLN_BUILTIN, b->base, ocl_suffix(o, g));
    else if (b->family == BF_DOT || b->family == BF_LENGTH || b->family == BF_NORM ||
             b->family == BF_CROSS)
        fn = geometric_variant(o, b, g);
    else if (b->family == BF_ANYALL)
        fn = anyall_variant(o, b, g);
    else if (b->family == BF_UPSAMPLE)
        fn = upsample_variant(o, &r);
    else
        fn = vector_variant(o, b, &r, nargs, a);
    rename_callee(o, call, fn);
    return true;
}
