/*
 * oss_macros_header.h - OmpSs-2 function and inline tasks in a header, their clauses
 * written with macros (oss_macros_header.c): an object-like bound, a function-like
 * section, a macro redefined between two tasks (each task takes the definition of its
 * place), a continuation line.
 */
#ifndef OSS_MACROS_HEADER_H
#define OSS_MACROS_HEADER_H

#include "ompss_check.h"

#define HB 8
#define HBLOCK(p, k) p[(k) * HB; HB]

#pragma oss task inout(HBLOCK(v, k))
static void hdr_double_block(int *v, int k)
{
    delay(SLOW / 4);
    for (int i = k * HB; i < (k + 1) * HB; i++)
        v[i] *= 2;
}

static inline void hdr_add_block(int *v, int k, int x)
{
#pragma oss task inout(HBLOCK(v, k)) \
                 firstprivate(x)
    for (int i = k * HB; i < (k + 1) * HB; i++)
        v[i] += x;
}

#undef HB
#define HB 4
/* HB is 4 here: the task covers four elements only */
static inline void hdr_first_quarter(int *v, int *out)
{
#pragma oss task in(v[0; HB]) out(*out)
    {
        int s = 0;
        for (int i = 0; i < HB; i++)
            s += v[i];
        *out = s;
    }
}
#undef HB
#define HB 8

#endif
