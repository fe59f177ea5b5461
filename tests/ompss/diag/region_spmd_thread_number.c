/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (Rodinia/NPB's SPMD shape: [pid * N / nproc, (pid + 1) * N / nproc)) and calls a
   function of this file with an orphaned `for lastprivate(conditional: m)` in it: mcc can
   neither run the body once per thread number in turn nor as a team of threads at once
   (the team cannot share a loop whose iterations run in order in one task), so it runs it
   once as thread 0 and only thread 0's share is done; a warning says so (an orphaned
   `for` or `single`, also with copyprivate, and a `for ordered`, a team of threads
   shares: tests/ompss/ported/team_orphaned_loops, team_copyprivate and
   team_ordered_loops; with a barrier instead, a team of threads runs it:
   tests/ompss/ported/spmd_barrier_phases; with neither, once per thread number:
   region_spmd_per_thread) */
#include <omp.h>
#define N 1000
double a[N], b[N], m;
static void prefix(void)
{
#pragma omp for lastprivate(conditional: m)
    for (int i = 1; i < N; i++)
        if (b[i] > m)
            m = b[i];
}
void fill(int nproc)
{
#pragma omp parallel
    {
        int pid = omp_get_thread_num();
        prefix();
        for (int i = pid * N / nproc; i < (pid + 1) * N / nproc; i++)
            a[i] = i * b[i];
    }
}
