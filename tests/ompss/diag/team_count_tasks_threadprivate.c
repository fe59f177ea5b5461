/* a region's body counting its threads with an atomic, setting a threadprivate level and
   creating a task that reads it (a seeded generator's shape): a team of threads would set
   its members' own copies while the tasks run on any worker, so mcc runs the body once,
   as a team of one, handing the level to every worker's copy; the count is then 1 where
   OpenMP's team counts each thread, and a warning says so (it was silent) */
#include <omp.h>
static int level;
#pragma omp threadprivate(level)
int count, seen;
void run(void)
{
#pragma omp parallel
    {
        level = 3;
#pragma omp atomic
        count++;
#pragma omp task
        {
#pragma omp atomic
            seen += level;
        }
    }
}
