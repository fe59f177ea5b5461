/*
 * ocl_names.c - every name the OpenCL-C-to-C translator generates, spelled in one place
 * (mcc.h's OCL_NAMES list).  Those that name what opencl_c_impl.h or opencl_c.h defines
 * (the C versions of the built-ins, struct nrt_cl_group's fields) must match those headers
 * byte for byte; the others are locals and labels of the generated code itself.
 */
#include "mcc.h"

#include <stdarg.h>
#include <stdio.h>

static const char *const format[] = {
#define X(kind, fmt, where) [kind] = fmt,
    OCL_NAMES(X)
#undef X
};

const char *ocl_name(struct ocl *o, enum ocl_name kind, ...)
{
    va_list ap;
    va_start(ap, kind);
    int n = vsnprintf(NULL, 0, format[kind], ap);
    va_end(ap);
    char *d = arena_alloc(o->L.a, (size_t)n + 1);
    va_start(ap, kind);
    vsnprintf(d, (size_t)n + 1, format[kind], ap);
    va_end(ap);
    return d;
}
