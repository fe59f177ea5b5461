#!/usr/bin/env bash
# A program that is clean under -std=c99 -pedantic-errors -Wall -Wextra builds with mcc under
# those flags, with -c and a separate link, without a warning: the translated unit's GNU
# linemarkers (# 12 "app.c" 1) and omp.h's enum values beyond int were pedantic errors at
# every line of generated code; the translation names no macro (__SIZE_TYPE__,
# __ATOMIC_SEQ_CST), so it compiles as preprocessed text.  A pedantic error in the user's own
# code is still reported.
. "$(dirname "$0")/lib.sh"
cat > tasks.h <<'SRC'
#include <stddef.h>
#pragma omp task in([n]src) out([n]dst)
void scale(const double *src, double *dst, size_t n, double f);
SRC
cat > scale.c <<'SRC'
#include "tasks.h"
void scale(const double *src, double *dst, size_t n, double f)
{
    size_t i;
    for (i = 0; i < n; i++)
        dst[i] = src[i] * f;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include <omp.h>
#include "tasks.h"
int main(void)
{
    double a[8], b[8], s = 0;
    int i, hits = 0;
    for (i = 0; i < 8; i++)
        a[i] = i;
    scale(a, b, 8, 2.0);
#pragma omp task in(b) inout(s)
    {
        int k;
        for (k = 0; k < 8; k++)
            s += b[k];
    }
#pragma omp task shared(hits)
    {
#pragma omp atomic
        hits++;
    }
#pragma omp taskwait
    printf("s=%g hits=%d\n", s, hits + (omp_get_num_threads() < 1));
    return 0;
}
SRC
flags="-std=c99 -pedantic-errors -Wall -Wextra -Werror"
clean_build "$flags" "s=56 hits=1" scale.c app.c
# the user's own extension is still an error
printf 'int main(void) { int v[0]; return sizeof v; }\n' > zero.c
fails 1 "$MCC" $flags -c zero.c
has err.txt "^zero\.c:1:.*ISO C forbids zero-size array"
no_temps
