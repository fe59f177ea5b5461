/*
 * ocl_cpu_check.h - what the tests of OpenCL kernels translated to C share (run.sh runs
 * each program with the translation forced, on PoCL, and with OpenCL disabled): the
 * checks of ompss_check.h, and a digest of each result, printed, so that the runs can be
 * compared bit for bit (the kernels ask for FP_CONTRACT OFF, so their arithmetic rounds
 * the same everywhere).
 */
#ifndef OCL_CPU_CHECK_H
#define OCL_CPU_CHECK_H

#include "ompss_check.h"

#include <math.h>
#include <stdint.h>

/* FNV-1a over the bytes of a result, printed as "digest NAME: hex". */
static inline void digest(const char *name, const void *p, size_t bytes)
{
    uint64_t h = 1469598103934665603ull;
    const unsigned char *b = p;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    printf("digest %s: %016llx\n", name, (unsigned long long)h);
}

/* |got - want| within `tol` of the larger magnitude (and 1e-30 absolute). */
static inline int close_to(double got, double want, double tol)
{
    double m = fabs(want) > fabs(got) ? fabs(want) : fabs(got);
    return fabs(got - want) <= tol * m + 1e-30;
}

#endif
