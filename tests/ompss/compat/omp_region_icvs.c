/* What a parallel region's body sets with omp_set_num_threads, omp_set_dynamic and
 * omp_set_schedule is its implicit task's own (OpenMP 4.5 2.3.3): the tasks it creates
 * afterwards inherit it, and the values of the task that opened the region are back when
 * the region ends, in main, in a task, and in nested regions.  nanort runs the body in the
 * task that opened the region, and main's calls there changed the program's values (and
 * omp_set_num_threads restarted the runtime with that many workers).  A task whose
 * nthreads-var is 1 opens an inactive region, and after the region main's regions are
 * active again.  (omp_get_max_threads() stays nanort's worker count: docs/porting.md.)
 * gcc -fopenmp prints the same. */
#include <omp.h>
#include <stdio.h>

static void show(const char *w)
{
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    printf("%s: dynamic %d schedule %d,%d\n", w, omp_get_dynamic(), (int)k, c);
}

static void change(int threads, int dyn, omp_sched_t k, int c)
{
    omp_set_num_threads(threads);
    omp_set_dynamic(dyn);
    omp_set_schedule(k, c);
}

int main(void)
{
    omp_set_dynamic(0);
    omp_set_schedule(omp_sched_guided, 3);
    show("main");
    int before = omp_get_max_threads();
#pragma omp parallel
    {
#pragma omp master
        {
            change(2, 1, omp_sched_static, 5);
            show("region body after its calls");
#pragma omp task
            show("task of the region body");
#pragma omp taskwait
        }
    }
    show("main after the region");
    printf("main after the region: same max threads %d\n", omp_get_max_threads() == before);

    /* twice, nested: each end puts back what its own body found */
    omp_set_max_active_levels(1);
#pragma omp parallel
#pragma omp master
    {
        change(3, 1, omp_sched_dynamic, 7);
#pragma omp parallel
        {
            change(5, 0, omp_sched_static, 9);
            show("inner region body");
        }
        show("outer body after the inner region");
    }
    show("main after both");

    /* a task's own values, changed again in a region it opens */
#pragma omp task
    {
        change(1, 1, omp_sched_auto, 1);
        show("task");
#pragma omp parallel
        {
            printf("region of a task with nthreads-var 1: in parallel %d, threads %d\n",
                   omp_in_parallel(), omp_get_num_threads());
                change(6, 0, omp_sched_static, 2);
            show("body of the task's region");
        }
        show("task after its region");
    }
#pragma omp taskwait
    /* main's body sets 1: its nested region is a team of one; main's next one is not */
    omp_set_max_active_levels(2);
#pragma omp parallel
#pragma omp master
    {
        omp_set_num_threads(1);
#pragma omp parallel
        printf("nested region after omp_set_num_threads(1): threads %d\n",
               omp_get_num_threads());
    }
    int active = 0;
#pragma omp parallel
#pragma omp master
    active = omp_in_parallel() && omp_get_num_threads() > 1;
    printf("main's next region is active: %d\n", active == (omp_get_max_threads() > 1));
    show("main at the end");
    printf("main at the end: same max threads %d\n", omp_get_max_threads() == before);
    return 0;
}
