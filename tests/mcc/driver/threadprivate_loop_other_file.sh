#!/usr/bin/env bash
# Worksharing loops whose bodies call a function of another unit that updates
# threadprivate variables (declared in a shared header with their directive: `extern long
# counter; #pragma omp threadprivate(counter, scratch)`), read back after the loop through
# another function of that unit: a per-thread count each thread of a region adds to a total,
# and the same loop orphaned in main with no region, calling through a function pointer.
# In OpenMP each thread's copy holds what its own iterations added; mcc ran the loop's chunks on any worker and the region's
# thread read only its own copy (totals 0 to 4209 for 4950).  The region, whose body adds
# each thread's count into its reduction, now runs on a team of threads, each thread its
# own copy and its share of the loop, without a warning; the orphaned loops run as one
# task on the thread that reaches them, with a warning naming the call (through the
# pointer, or of bump); a loop calling only functions of system headers (sqrt) stays
# split, without one.
. "$(dirname "$0")/lib.sh"
cat > tp.h <<'SRC'
extern long counter;
extern double scratch[8];
#pragma omp threadprivate(counter, scratch)
void bump(int k);
long get_counter(void);
SRC
cat > a.c <<'SRC'
#include "tp.h"
long counter = 0;
double scratch[8];
void bump(int k) { counter += k; scratch[k % 8] += 1.0; }
long get_counter(void) { return counter; }
SRC
cat > b.c <<'SRC'
#include <math.h>
#include <stdio.h>
#include "tp.h"

int main(void)
{
    long total = 0;
    double roots = 0;
    void (*step)(int) = bump;
#pragma omp parallel reduction(+ : total)
    {
        counter = 0;
#pragma omp for
        for (int i = 0; i < 100; i++)
            bump(i);
        total += get_counter();
    }
    counter = 0;
#pragma omp for
    for (int i = 0; i < 50; i++)
        step(i);
    long stepped = get_counter();
    counter = 0;
#pragma omp for
    for (int i = 0; i < 60; i++)
        bump(i);
#pragma omp parallel for reduction(+ : roots)
    for (int i = 0; i < 100; i++)
        roots += sqrt((double)i);
    printf("%ld %ld %ld %.3f\n", total, stepped, get_counter(), roots);
    return 0;
}
SRC
oracle a.c b.c -lm
ok "$MCC" -fopenmp -O2 -Wall -Wextra -Werror -c a.c
ok "$MCC" -fopenmp -O2 -Wall -Wextra -c b.c
has err.txt "b.c:19:[0-9]+: warning: the loop calls a function through a pointer, which may update threadprivate 'counter'"
has err.txt "b.c:24:[0-9]+: warning: the loop calls 'bump', a function of another file, which may update threadprivate 'counter'"
lacks err.txt "b.c:(2[0-35-9]|3[0-9]|1[0-8]):"
ok "$MCC" -fopenmp a.o b.o -o app -lm
for w in 1 2 4; do
    for r in 1 2 3; do
        NX_ARGS=--smp-workers=$w runs ./app "$want"
    done
done
no_temps
