#!/usr/bin/env bash
# Tasks inside C99 inline functions of a header that two units include (an inline
# definition in each unit, the external one where a declaration says `extern inline`): an
# inline task with dependences, a function task called from one, a recursive one with
# final tasks (run in final, from main's final task too).  mcc's code named its static task
# type, spawn function and final's serial clone in them, and gcc warned in the unit
# without the extern declaration: "'scale__nrt_type1' is static but used in inline
# function 'scale' which is not static" (also "'bump' is static ..." for the spawn, "'rsum'
# is static ..." for the clone), an error under -Werror; the same for gnu89's `extern
# inline`.  They are external there, named by each unit; built with -Werror at -O0 and
# -O2, the sums are the sequential program's.
. "$(dirname "$0")/lib.sh"
cat > blk.h <<'C'
#ifndef BLK_H
#define BLK_H
#pragma omp task inout([n]v)
void bump(double *v, int n);
inline void scale(double *v, int n, double f)
{
    for (int i = 0; i < n; i += 4) {
        #pragma omp task inout(v[i;4]) firstprivate(i)
        for (int k = i; k < i + 4; k++)
            v[k] *= f;
    }
}
inline void bump_halves(double *v, int n)
{
    bump(v, n / 2);
    bump(v + n / 2, n / 2);
}
inline double rsum(const double *v, int n)
{
    if (n <= 4) {
        double s = 0;
        for (int i = 0; i < n; i++)
            s += v[i];
        return s;
    }
    double a, b;
    #pragma omp task shared(a) final(n < 12)
    a = rsum(v, n / 2);
    #pragma omp task shared(b) final(n < 12)
    b = rsum(v + n / 2, n - n / 2);
    #pragma omp taskwait
    return a + b;
}
double part(double *v, int n);
#endif
C
cat > part.c <<'C'
#include "blk.h"
double part(double *v, int n)
{
    scale(v, n, 3.0);
    bump_halves(v, n);
    #pragma omp taskwait
    return v[0] + v[n - 1] + rsum(v, n);
}
C
cat > main.c <<'C'
#include <stdio.h>
#include "blk.h"
extern inline void scale(double *v, int n, double f);
extern inline void bump_halves(double *v, int n);
extern inline double rsum(const double *v, int n);
void bump(double *v, int n)
{
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 2 + 1;
}
int main(void)
{
    double v[16];
    for (int i = 0; i < 16; i++)
        v[i] = i;
    scale(v, 16, 2.0);
    bump_halves(v, 16);
    double p = part(v, 16), r = 0;
    #pragma omp task final(1) shared(r)
    r = rsum(v, 16);
    #pragma omp taskwait
    double s = 0;
    for (int i = 0; i < 16; i++)
        s += v[i];
    printf("%.1f %.1f %.1f\n", s, p, r);
    return 0;
}
C
for O in -O0 -O2; do
    ok "$MCC" --ompss $O -std=c99 -Wall -Werror -c part.c -o part.o
    ok "$MCC" --ompss $O -std=c99 -Wall -Werror -c main.c -o main.o
    ok "$MCC" --ompss part.o main.o -o prog
    NX_ARGS=--smp-workers=2 runs ./prog "2992.0 3366.0 2992.0"
done
# gnu89's rules (-std=gnu89, -fgnu89-inline): `extern inline` in the header is the
# inline definition, another unit's plain one the external definition
cat > old.h <<'C'
extern inline void twice_all(double *v, int n)
{
    int i;
    for (i = 0; i < n; i += 4) {
        #pragma omp task inout(v[i;4]) firstprivate(i)
        {
            int k;
            for (k = i; k < i + 4; k++)
                v[k] *= 2;
        }
    }
    #pragma omp taskwait
}
C
cat > old.c <<'C'
#include <stdio.h>
#include "old.h"
int main(void)
{
    double v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    twice_all(v, 8);
    printf("%.1f %.1f\n", v[0], v[7]);
    return 0;
}
C
cat > olddef.c <<'C'
void twice_all(double *v, int n);
void twice_all(double *v, int n)
{
    int i;
    for (i = 0; i < n; i++)
        v[i] *= 2;
}
C
for std in "-std=gnu89" "-std=c99 -fgnu89-inline"; do
    ok "$MCC" --ompss -O2 $std -Wall -Werror -c old.c -o old.o
    ok "$MCC" --ompss -O0 $std -Wall -Werror -c olddef.c -o olddef.o
    ok "$MCC" --ompss old.o olddef.o -o prog
    NX_ARGS=--smp-workers=2 runs ./prog "2.0 16.0"
done
no_temps
