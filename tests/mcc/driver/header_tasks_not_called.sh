#!/usr/bin/env bash
# A unit that includes the project's header of function tasks but calls none of them (a
# tool of the project that wants only the header's types and constants) links without the
# tasks' unit, as it does with gcc: mcc emitted each declared task's run function and type,
# which name the function, and the link failed ("undefined reference to `vec_scale'").
# A unit that calls one, or names it (`fp = vec_sum`), still needs it, as with gcc.
. "$(dirname "$0")/lib.sh"
cat > vec.h <<'SRC'
#include <stddef.h>
#define VEC_BLOCK 64
struct vec { double *v; size_t n; };
#pragma omp task in([n]a) out([n]b)
void vec_scale(const double *a, double *b, size_t n, double f);
#pragma omp task in([n]a) inout(*sum)
void vec_sum(const double *a, size_t n, double *sum);
SRC
cat > vec.c <<'SRC'
#include "vec.h"
void vec_scale(const double *a, double *b, size_t n, double f)
{
    for (size_t i = 0; i < n; i++)
        b[i] = a[i] * f;
}
void vec_sum(const double *a, size_t n, double *sum)
{
    for (size_t i = 0; i < n; i++)
        *sum += a[i];
}
SRC
cat > info.c <<'SRC'
#include <stdio.h>
#include "vec.h"
int main(void)
{
    struct vec v = {0, VEC_BLOCK};
    printf("block=%zu\n", v.n);
    return 0;
}
SRC
cat > app.c <<'SRC'
#include <stdio.h>
#include "vec.h"
int main(void)
{
    double a[4] = {1, 2, 3, 4}, b[4], s = 0;
    vec_scale(a, b, 4, 2.0);
    vec_sum(b, 4, &s);
#pragma omp taskwait
    printf("sum=%g\n", s);
    return 0;
}
SRC
cat > pointer.c <<'SRC'
#include "vec.h"
int main(void)
{
    void (*volatile fp)(const double *, size_t, double *) = vec_sum;
    return fp == 0;
}
SRC
for o in -O0 -O2; do
    ok gcc $o -Wall -Wno-unknown-pragmas info.c -o info_gcc
    ok "$MCC" --ompss $o -Wall -Werror info.c -o info
    [ ! -s err.txt ] || fail "messages from mcc $o info.c: $(cat err.txt)"
    runs ./info block=64
    ok "$MCC" --ompss $o -c info.c -o info.o
    nm info.o > syms.txt
    lacks syms.txt 'vec_(scale|sum)'
    # the units that call the tasks, or name them, need their definitions, as with gcc
    fails 1 "$MCC" --ompss $o app.c -o app
    has err.txt "undefined reference to .vec_s"
    fails 1 gcc $o -Wno-unknown-pragmas pointer.c -o pointer
    fails 1 "$MCC" --ompss $o pointer.c -o pointer
    has err.txt "undefined reference to .vec_sum"
    ok "$MCC" --ompss $o app.c vec.c info.c -c
    ok "$MCC" --ompss app.o vec.o -o app
    runs ./app sum=20
done
no_temps
