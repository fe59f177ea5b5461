/* per-thread counters a region's tasks update, each thread printing its own after them:
   mcc runs the region's body once and reads one copy, which the tasks run elsewhere did
   not update (mcc warns; a body whose threads each add their own copy to a total under
   critical runs on a team of threads, whose copies the tasks update) */
#include <stdio.h>

static long hits;
#pragma omp threadprivate(hits)
void count(int n)
{
#pragma omp parallel
    {
        hits = 0;
#pragma omp single
        for (int i = 0; i < n; i++) {
#pragma omp task
            hits += 1;
        }
        printf("%ld\n", hits);
    }
}
