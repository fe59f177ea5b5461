/* per-thread counters a region's tasks update, each thread adding its own to a total
   after them, in a body that asks omp_get_num_threads() (in a single): mcc runs the
   region's body once, as a team of one, and reads one copy (mcc warns; without the
   question, a team of threads runs it, each thread adding its own copy) */
#include <omp.h>

int team;
static long hits;
#pragma omp threadprivate(hits)
long count(int n)
{
    long total = 0;
#pragma omp parallel
    {
        hits = 0;
#pragma omp single
        for (int i = 0; i < n; i++) {
#pragma omp task
            hits += 1;
        }
#pragma omp critical
        total += hits;
#pragma omp single
        team = omp_get_num_threads();
    }
    return total;
}
