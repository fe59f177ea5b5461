#!/usr/bin/env bash
# OpenMP tasks in one unit depending on whole arrays that a header declares without their
# size and another unit defines (`extern double G[];`, `depend(inout: G)`, `taskwait
# depend(in: hits)`): gcc -fopenmp depends on their addresses; mcc's sizeof(G) was refused
# by gcc ("invalid application of 'sizeof' to incomplete type 'double[]'").  The first
# element stands for each (OpenMP's items are the same or disjoint); built with -Werror,
# the run prints the sequential program's result.
. "$(dirname "$0")/lib.sh"
cat > g.h <<'C'
extern double G[];
extern long hits[];
C
cat > data.c <<'C'
#include "g.h"
double G[8];
long hits[2];
C
cat > main.c <<'C'
#include <stdio.h>
#include "g.h"
static void slow(void)
{
    for (volatile int k = 0; k < 200000; k++)
        ;
}
int main(void)
{
    #pragma omp parallel
    #pragma omp single
    {
        for (int r = 0; r < 5; r++) {
            #pragma omp task depend(inout: G) firstprivate(r)
            {
                slow();
                for (int i = 0; i < 8; i++)
                    G[i] = G[i] * 2 + r;
            }
            #pragma omp task depend(in: G) depend(inout: hits)
            hits[0] += (long)G[7];
        }
        #pragma omp taskwait depend(in: hits)
        hits[1] = hits[0];
    }
    printf("%.1f %ld %ld\n", G[0], hits[0], hits[1]);
    return 0;
}
C
for unit in data main; do
    ok "$MCC" --ompss -O2 -Wall -Werror -c $unit.c -o $unit.o
done
ok "$MCC" --ompss data.o main.o -o prog
NX_ARGS=--smp-workers=2 runs ./prog "26.0 42 42"
no_temps
