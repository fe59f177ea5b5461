/* omp_set_schedule's arguments as OpenMP and libgomp take them: auto keeps the chunk it
 * has no use for, a chunk below 1 is the kind's default (static 0, otherwise 1), the
 * monotonic modifier is kept, a kind that is none changes nothing, and a task's copy
 * starts from its parent's.  nanort stored every pair as given.  gcc -fopenmp prints the
 * same. */
#include <omp.h>
#include <stdio.h>

static void show(const char *w)
{
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    printf("%s: kind %u chunk %d\n", w, (unsigned)k, c);
}

int main(void)
{
    omp_set_schedule(omp_sched_guided, 3);
    show("guided, 3");
    omp_set_schedule(omp_sched_auto, 7);
    show("auto, 7");
    omp_set_schedule(omp_sched_static, -2);
    show("static, -2");
    omp_set_schedule(omp_sched_dynamic, 0);
    show("dynamic, 0");
    omp_set_schedule(omp_sched_guided, -5);
    show("guided, -5");
    omp_set_schedule((omp_sched_t)(omp_sched_dynamic | omp_sched_monotonic), 4);
    show("monotonic dynamic, 4");
    omp_set_schedule((omp_sched_t)9, 11);
    show("kind 9, 11");
#pragma omp task
    {
        show("task");
        omp_set_schedule(omp_sched_auto, 9);
        show("task: auto, 9");
        omp_set_schedule(omp_sched_static, 0);
        show("task: static, 0");
    }
#pragma omp taskwait
    show("main after the task");
    return 0;
}
