#!/usr/bin/env bash
# An orphaned `masked filter(k)` in a function of pick.c, called by main.c outside any
# region, from a `num_threads(3)` region whose body runs once, from an if(0) region and from
# a body a team of threads runs (a barrier; it asks omp_get_thread_num()), each unit built
# alone: its block runs once where the team has a thread numbered k, as that thread, and
# not at all where it has none, as with gcc -fopenmp (4 threads) and plain gcc.  Before,
# it ran in every caller but the team's other members, whatever k, as thread 0.
. "$(dirname "$0")/lib.sh"
cat > main.c <<'C'
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define NONE 0
#else
static int omp_get_thread_num(void) { return 0; }
#define NONE 1                      /* (plain gcc: every block runs) */
#endif
void pick(int k);
extern int runs[8], wrong;
static int seen[64];
int main(void)
{
    pick(0);
    pick(1);
#pragma omp parallel num_threads(3)
    {
        pick(2);
        pick(3);
    }
#pragma omp parallel if(0)
    pick(4);
#pragma omp parallel num_threads(2)
    {
        seen[omp_get_thread_num()]++;
#pragma omp barrier
        pick(5 - 4);
    }
    printf("runs %d %d %s wrong %d\n", runs[0], runs[2],
           runs[3] + runs[4] == 2 * NONE && runs[1] == 1 + NONE ? "as the team's" : "not",
           wrong);
    return 0;
}
C
cat > pick.c <<'C'
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif
int runs[8], wrong;
void pick(int k)
{
#pragma omp masked filter(k)
    {
        runs[k]++;
#ifdef _OPENMP
        wrong += omp_get_thread_num() != k;
#endif
    }
}
C
oracle main.c pick.c
mcc_agrees main.c pick.c
built_together main.c pick.c
