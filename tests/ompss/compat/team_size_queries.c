/* A parallel region's own body that asks omp_get_num_threads() without counting its
 * threads: the shapes programs print their team's size with (the thread 0 of the team, a
 * master, a single, every thread), split their work by it (`for (i = id; i < n; i += nt)`)
 * or find the team's last thread, also with num_threads(2) and num_threads(3), against gcc
 * -fopenmp on as many threads as workers (run.sh: w2, w3, w4).  mcc ran such a body once,
 * as a team of one: the size was 1, the last thread 0, and a single or master under
 * num_threads(2) answered the worker count (still so in a body mcc must run once, until
 * nanort answered the region's team size there). */
#include <omp.h>
#include <stdio.h>

#define N 20

int main(void)
{
    int first = -1, every = -1, by_master = -1, by_single = -1, two = -1, three = -1;
    int last = -1, owner[N];

#pragma omp parallel
    {
        int id = omp_get_thread_num();
        if (id == 0)
            first = omp_get_num_threads();
    }
#pragma omp parallel
    {
        int nt = omp_get_num_threads();
        if (omp_get_thread_num() == nt - 1)
            every = nt;
    }
#pragma omp parallel
    {
#pragma omp master
        by_master = omp_get_num_threads();
    }
#pragma omp parallel
    {
#pragma omp single
        by_single = omp_get_num_threads();
    }
#pragma omp parallel num_threads(2)
    {
#pragma omp master
        two = omp_get_num_threads();
    }
#pragma omp parallel num_threads(3)
    {
#pragma omp single
        three = omp_get_num_threads();
    }
#pragma omp parallel
    {
        if (omp_get_thread_num() == omp_get_num_threads() - 1)
            last = omp_get_thread_num();
    }
    /* a body mcc runs once (its taskgroup): the single's size is still the team's */
    int refused = -1;
#pragma omp parallel num_threads(2)
    {
#pragma omp taskgroup
        {
#pragma omp single
            refused = omp_get_num_threads();
        }
    }
    printf("single in a taskgroup under num_threads(2): %d\n", refused);
    printf("sizes: thread 0 %d, last thread %d, master %d, single %d\n", first, every,
           by_master, by_single);
    printf("num_threads(2) %d, num_threads(3) %d, last thread number %d\n", two, three, last);

    /* the work split by the team's size, round robin */
#pragma omp parallel
    {
        int id = omp_get_thread_num(), nt = omp_get_num_threads();
        for (int i = id; i < N; i += nt)
            owner[i] = id;
    }
    printf("round robin:");
    for (int i = 0; i < N; i++)
        printf(" %d", owner[i]);
    printf("\n");

    /* ... in blocks, under num_threads(3) */
#pragma omp parallel num_threads(3)
    {
        int id = omp_get_thread_num(), nt = omp_get_num_threads();
        for (int i = id * N / nt; i < (id + 1) * N / nt; i++)
            owner[i] = 10 * nt + id;
    }
    printf("blocks:");
    for (int i = 0; i < N; i++)
        printf(" %d", owner[i]);
    printf("\n");
    return 0;
}
