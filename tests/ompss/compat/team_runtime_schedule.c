/* schedule(runtime) loops that record which thread ran each iteration (a combined
 * `parallel for`, a `for` in a region's body): under a
 * static run-sched-var with a chunk (OMP_SCHEDULE=static,3, static,1, omp_set_schedule)
 * thread t runs chunks t, t + T, ... as with gcc -fopenmp on as many threads (run.sh
 * compares them at 1 to 4); without a chunk, one block each.  mcc's teams dealt a block to
 * each thread whatever the schedule said. */
#include <stdio.h>
#include <omp.h>

#define N 23

static int who[N];

static void show(const char *what)
{
    printf("%-8s", what);
    for (int i = 0; i < N; i++)
        printf("%d", who[i]);
    printf("\n");
}

int main(void)
{
    int i;

#pragma omp parallel for schedule(runtime)
    for (i = 0; i < N; i++)
        who[i] = omp_get_thread_num();
    show("combined");
#pragma omp parallel
    {
#pragma omp for schedule(runtime)
        for (i = 0; i < N; i++)
            who[i] = omp_get_thread_num();
    }
    show("region");
    omp_set_schedule(omp_sched_static, 2);
#pragma omp parallel for schedule(runtime)
    for (i = 0; i < N; i++)
        who[i] = omp_get_thread_num();
    show("set 2");
    return 0;
}
