/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (Rodinia/NPB's SPMD shape: [pid * N / nproc, (pid + 1) * N / nproc)), waits at a barrier
   and then runs a `for lastprivate(conditional: m)` over what every thread wrote: mcc can
   neither run the body once per thread number in turn (the barrier) nor as a team of
   threads at once (the team cannot share a loop of its own body whose iterations run in
   order in one task), so it runs it once as thread 0 and only thread 0's share is done; a
   warning says so (a `for ordered` a team of threads shares: tests/ompss/ported/
   team_ordered_loops; such a `for` orphaned in a function the body calls runs whole on the
   first thread to reach it: tests/ompss/ported/team_counted_beside_loops; an orphaned `for`
   or `single`, also with copyprivate, a team of threads shares: tests/ompss/ported/
   team_orphaned_loops and team_copyprivate; with a barrier only, a team of threads runs it:
   tests/ompss/ported/spmd_barrier_phases; with neither, once per thread number:
   region_spmd_per_thread) */
#include <omp.h>
#define N 1000
double a[N], m;
void fill(int nproc)
{
#pragma omp parallel
    {
        int pid = omp_get_thread_num();
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            a[i] = i;
#pragma omp barrier
#pragma omp for lastprivate(conditional: m)
        for (int i = 1; i < N; i++)
            if (a[i] > m)
                m = a[i];
    }
}
