#!/usr/bin/env bash
# A parallel region whose own body declares a variable initialised by a call that sets
# threadprivate variables, `int ok = init_thread_state(...);`, as per-thread set-up
# that reports a status does: a function of another unit (the variables declared in a
# shared header with their directive) and one of this unit (through another of its
# functions); tasks of the region then read them on any worker.  In OpenMP every thread
# runs the declaration, so every copy holds the new values.  mcc gave every worker the
# values such a call changed only for an expression statement (`init_thread_state(3);`):
# after a declaration the tasks on the other workers read the old values.  A thread that
# fails sets a flag: an atomic count there would make mcc warn that the body, run once
# (tasks reading what it sets in threadprivate variables), counts 1 (diag/
# team_count_tasks_threadprivate).
. "$(dirname "$0")/lib.sh"
cat > tp.h <<'SRC'
extern int scale;
extern long offset;
#pragma omp threadprivate(scale, offset)
int init_thread_state(int s);
SRC
cat > a.c <<'SRC'
#include "tp.h"
int init_thread_state(int s)
{
    scale = s;
    return s > 0;
}
SRC
cat > b.c <<'SRC'
#include <stdio.h>
#include "tp.h"
int scale = 1;
long offset = 0;

static long set_offset(long v)
{
    offset = v;
    return v;
}

static long init_offset(long v)
{
    return set_offset(v) + 1;
}

int main(void)
{
    long sum = 0;
    int bad = 0;
#pragma omp parallel
    {
        int ok = init_thread_state(3);
        long first = init_offset(100), unused = 0;
        (void)unused;
        if (!ok || first != 101)
            bad = 1;
#pragma omp single
        for (int i = 0; i < 40; i++) {
#pragma omp task shared(sum)
            {
                long v = (long)scale * i + offset;
#pragma omp atomic
                sum += v;
            }
        }
    }
    printf("%ld %d\n", sum, bad);
    return 0;
}
SRC
oracle a.c b.c
mcc_agrees a.c b.c
no_temps
