/* a region whose own body splits the work by omp_get_thread_num() over a count of its own
   (Rodinia/NPB's SPMD shape: [pid * N / nproc, (pid + 1) * N / nproc)) and calls a
   function of this file with an orphaned `for ordered` in it: mcc can neither run the
   body once per thread number in turn nor as a team of threads at once (the team cannot
   share a loop whose iterations run in order), so it runs it once as thread 0 and only
   thread 0's share is done; a warning says so (an orphaned `for` or `single`, also with
   copyprivate, a team of threads shares: tests/ompss/ported/team_orphaned_loops and
   team_copyprivate; with a barrier instead, a team of threads runs it:
   tests/ompss/ported/spmd_barrier_phases; with neither, once per thread number:
   region_spmd_per_thread) */
#include <omp.h>
#define N 1000
double a[N], b[N];
static void prefix(void)
{
#pragma omp for ordered
    for (int i = 1; i < N; i++) {
#pragma omp ordered
        b[i] = b[i - 1] + 1;
    }
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
