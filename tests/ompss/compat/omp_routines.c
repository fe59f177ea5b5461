/* The OpenMP 4.5 runtime routines outside parallel regions and in tasks, as a ported
 * program calls them: setters read back, the initial thread's level and team, locks
 * through the test forms, omp_in_final in a final task and its children, the timer's
 * tick, the schedule OMP_SCHEDULE sets (run.sh runs it with several).  Prints the
 * answers; gcc -fopenmp (libgomp) prints the same. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
    printf("level %d active %d in_parallel %d team_size(0) %d team_size(1) %d "
           "ancestor(0) %d ancestor(1) %d ancestor(-1) %d\n",
           omp_get_level(), omp_get_active_level(), omp_in_parallel(), omp_get_team_size(0),
           omp_get_team_size(1), omp_get_ancestor_thread_num(0), omp_get_ancestor_thread_num(1),
           omp_get_ancestor_thread_num(-1));
    printf("dynamic %d nested %d max_active_levels %d thread_limit %d cancellation %d\n",
           omp_get_dynamic(), omp_get_nested(), omp_get_max_active_levels(),
           omp_get_thread_limit(), omp_get_cancellation());
    omp_sched_t kind0;
    int chunk0;
    omp_get_schedule(&kind0, &chunk0);
    printf("schedule at start %d,%d\n", (int)kind0, chunk0);
    omp_set_dynamic(1);
    omp_set_nested(1);
    omp_set_max_active_levels(4);
    omp_set_schedule(omp_sched_guided, 7);
    omp_sched_t kind;
    int chunk;
    omp_get_schedule(&kind, &chunk);
    printf("after set: dynamic %d nested %d max_active_levels %d schedule %d,%d\n",
           omp_get_dynamic(), omp_get_nested(), omp_get_max_active_levels(), (int)kind, chunk);
    omp_set_default_device(0);
    printf("devices %d default %d initial %d is_initial %d teams %d team %d places %d "
           "place %d partition %d\n", omp_get_num_devices(), omp_get_default_device(),
           omp_get_initial_device(), omp_is_initial_device(), omp_get_num_teams(),
           omp_get_team_num(), omp_get_num_places(), omp_get_place_num(),
           omp_get_partition_num_places());
    double tick = omp_get_wtick(), t0 = omp_get_wtime();
    printf("wtick in (0, 1ms] %d wtime advances %d\n", tick > 0 && tick <= 1e-3,
           omp_get_wtime() >= t0);

    omp_lock_t l;
    omp_nest_lock_t n;
    omp_init_lock(&l);
    omp_init_nest_lock(&n);
    int a = omp_test_lock(&l), b = omp_test_lock(&l);
    omp_unset_lock(&l);
    int c = omp_test_lock(&l);
    omp_unset_lock(&l);
    int d = omp_test_nest_lock(&n), e = omp_test_nest_lock(&n), f = omp_test_nest_lock(&n);
    omp_unset_nest_lock(&n);
    omp_unset_nest_lock(&n);
    omp_unset_nest_lock(&n);
    int other = -1;
#pragma omp task shared(other, n)
    other = omp_test_nest_lock(&n);     /* free again: a task takes it */
#pragma omp taskwait
    if (other > 0)
        omp_unset_nest_lock(&n);
    printf("test_lock %d %d %d test_nest_lock %d %d %d other task %d\n", a, b, c, d, e, f,
           other);
    omp_destroy_lock(&l);
    omp_destroy_nest_lock(&n);

    int in_final = -1, child_final = -1, not_final = -1;
#pragma omp task final(1) shared(in_final, child_final)
    {
        in_final = omp_in_final();
#pragma omp task shared(child_final)
        child_final = omp_in_final();
#pragma omp taskwait
    }
#pragma omp task shared(not_final)
    not_final = omp_in_final();
#pragma omp taskwait
    printf("in_final %d child %d not final %d main %d\n", in_final, child_final, not_final,
           omp_in_final());
    return 0;
}
