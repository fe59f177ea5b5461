/* The nesting routines (omp_get_level, omp_get_active_level, omp_in_parallel,
 * omp_get_team_size, omp_get_ancestor_thread_num, and omp_get_num_threads /
 * omp_get_thread_num in the body of an inactive region) in nested regions, in tasks of
 * every level, under max-active-levels-var (its default 1, omp_set_max_active_levels 0 and
 * 2, OMP_MAX_ACTIVE_LEVELS / OMP_NESTED in run.sh), and the ICVs the OMP_ variables set.
 * nanort counted every nested region as active, gave an inactive one the worker count as
 * its team, and a level-0 task its worker number as omp_get_ancestor_thread_num(0).
 * Prints the answers, the sizes of active teams as "many"; gcc -fopenmp prints the same. */
#include <omp.h>
#include <stdio.h>

#define NT 64

static const char *size(int n)
{
    return n > 1 ? "many" : n == 1 ? "1" : "-1";
}

/* (a called function: mcc's team of one in a region's own body does not reach here) */
static void where(const char *w)
{
    int l = omp_get_level();
    printf("%s: level %d active %d in_parallel %d team_size(l) %s team_size(l-1) %s "
           "ancestor(0) %d ancestor(l+1) %d\n", w, l, omp_get_active_level(), omp_in_parallel(),
           size(omp_get_team_size(l)), size(omp_get_team_size(l - 1)),
           omp_get_ancestor_thread_num(0), omp_get_ancestor_thread_num(l + 1));
}

/* the team of a region: one thread when it is inactive */
static void team(const char *w)
{
    int nt = omp_get_num_threads(), tn = omp_get_thread_num();
    where(w);
    printf("%s: num_threads %s thread_num %s\n", w, size(nt),
           nt == 1 ? (tn == 0 ? "0" : "not 0") : tn >= 0 && tn < nt ? "in range" : "out of range");
}

int main(void)
{
    printf("max_active_levels %d nested %d thread_limit %d max_task_priority %d dynamic %d "
           "supported %d\n", omp_get_max_active_levels(), omp_get_nested(), omp_get_thread_limit(),
           omp_get_max_task_priority(), omp_get_dynamic(), omp_get_supported_active_levels());
    where("main");
    int bad = 0;
    for (int i = 0; i < NT; i++) {
#pragma omp task shared(bad)
        {
            for (volatile int k = 0; k < 20000; k++)    /* (long enough for every worker) */
                ;
            if (omp_get_ancestor_thread_num(0) != 0 || omp_get_ancestor_thread_num(1) != -1) {
#pragma omp atomic
                bad++;
            }
        }
    }
#pragma omp taskwait
    printf("level-0 tasks with an ancestor(0) other than 0: %d\n", bad);
#pragma omp parallel
#pragma omp single
    {
        where("single");
#pragma omp task
        {
            where("task in region");
#pragma omp parallel
#pragma omp single
            team("region in task");
#pragma omp parallel num_threads(2)
#pragma omp master
            team("num_threads(2) region in task");
        }
#pragma omp taskwait
#pragma omp parallel if(0)
#pragma omp single
        team("if(0) region in single");
    }
#pragma omp parallel if(0)
#pragma omp single
    {
        team("if(0) region");
#pragma omp parallel
#pragma omp single
        where("region in if(0) region");
    }
    omp_set_max_active_levels(0);
#pragma omp parallel
#pragma omp single
    team("max_active_levels 0");
    omp_set_max_active_levels(2);
#pragma omp parallel
#pragma omp single
    {
#pragma omp parallel
#pragma omp single
        {
            where("max_active_levels 2, level 2");
#pragma omp parallel
#pragma omp single
            team("max_active_levels 2, level 3");
        }
    }
    omp_set_nested(0);
    printf("after omp_set_nested(0): max_active_levels %d nested %d\n",
           omp_get_max_active_levels(), omp_get_nested());
    omp_set_nested(1);
    printf("after omp_set_nested(1): max_active_levels %d nested %d\n",
           omp_get_max_active_levels(), omp_get_nested());
    return 0;
}
