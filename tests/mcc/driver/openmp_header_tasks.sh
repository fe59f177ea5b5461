#!/usr/bin/env bash
# An OpenMP-task program of two units and a header, built by its own Makefile with CC=mcc
# CFLAGS=-fopenmp: static functions of the header holding tasks (included by both units,
# so each unit has its own copy), a static inline one with a named critical that both
# units' tasks enter (one lock for the name across units, as libgomp has), a `declare
# reduction` in the header used by a `parallel for` in one unit and a `taskloop` in the
# other, a threadprivate variable declared in the header and set through the other
# unit's function in the region's body.  The same Makefile with gcc -fopenmp (4 threads)
# and with gcc alone gives the output mcc's build must print under 1, 2 and 4 workers.
. "$(dirname "$0")/lib.sh"
command -v make > /dev/null || skip "skipped: no make"
cat > common.h <<'SRC'
#ifndef COMMON_H
#define COMMON_H
extern int tp_scale;
#pragma omp threadprivate(tp_scale)
extern long shared_total;
void set_scale(int s);
long work_b(int n);
typedef struct { long s; int c; } acc_t;
#pragma omp declare reduction(accp: acc_t: omp_out.s += omp_in.s, omp_out.c += omp_in.c) \
    initializer(omp_priv = (acc_t){0, 0})
static long helper_tasks(const int *v, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
#pragma omp task shared(s) firstprivate(i)
        {
            for (volatile int k = 0; k < 2000; k++)
                ;
#pragma omp critical(total)
            s += v[i] * (long)tp_scale;
        }
    }
#pragma omp taskwait
    return s;
}
static inline void add_total(long v)
{
#pragma omp critical(total)
    {
        long t = shared_total;
        for (volatile int k = 0; k < 500; k++)
            ;
        shared_total = t + v;
    }
}
#endif
SRC
cat > a.c <<'SRC'
#include <stdio.h>
#include "common.h"
int tp_scale = 1;
long shared_total;
int main(void)
{
    int v[50];
    for (int i = 0; i < 50; i++)
        v[i] = i;
    long r1 = 0, r2 = 0;
#pragma omp parallel
    {
        set_scale(3);
#pragma omp single
        {
            r1 = helper_tasks(v, 50);
            for (int k = 0; k < 40; k++) {
#pragma omp task
                add_total(k * tp_scale);
            }
            r2 = work_b(50);
        }
    }
    acc_t a = {0, 0};
#pragma omp parallel for reduction(accp: a)
    for (int i = 0; i < 100; i++) {
        a.s += i;
        a.c++;
    }
    printf("%ld %ld %ld %ld %d\n", r1, r2, shared_total, a.s, a.c);
    return 0;
}
SRC
cat > b.c <<'SRC'
#include "common.h"
void set_scale(int s) { tp_scale = s; }
long work_b(int n)
{
    int v[64];
    for (int i = 0; i < n; i++)
        v[i] = 2 * i;
    for (int k = 0; k < 40; k++) {
#pragma omp task
        add_total(1000 + k * tp_scale);
    }
    long r = helper_tasks(v, n);
    acc_t a = {0, 0};
#pragma omp taskloop reduction(accp: a) grainsize(5)
    for (int i = 0; i < n; i++) {
        a.s += i * tp_scale;
        a.c++;
    }
    return r + a.s * 1000 + a.c;
}
SRC
printf '%s\n' 'OBJS = a.o b.o' 'app: $(OBJS)' '	$(CC) $(CFLAGS) -o $@ $(OBJS)' \
    '%.o: %.c common.h' '	$(CC) $(CFLAGS) -c $<' 'clean:' '	rm -f app $(OBJS)' > Makefile
ok make CC=gcc CFLAGS="-O2 -Wall -Wextra -Wno-unknown-pragmas"
want=$(./app) || fail "the sequential program exited with $?"
ok make clean
ok make CC=gcc CFLAGS="-O2 -fopenmp -Wall -Wextra"
got=$(OMP_NUM_THREADS=4 ./app) || fail "gcc -fopenmp's program exited with $?"
[ "$got" = "$want" ] || fail "gcc -fopenmp's program printed '$got', plain gcc's '$want'"
ok make clean
ok make CC="$MCC" CFLAGS="-fopenmp -O2 -Wall -Wextra"
lacks err.txt 'warning'
for w in 1 2 4; do
    for s in bf wf dbf; do
        NX_ARGS="--smp-workers=$w --schedule=$s" runs ./app "$want"
    done
done
no_temps
