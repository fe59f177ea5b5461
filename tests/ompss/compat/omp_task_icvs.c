/* dyn-var and run-sched-var belong to each task's data environment: what a task sets
 * with omp_set_dynamic / omp_set_schedule is its own and that of the children it creates
 * after the call, never its parent's or its siblings'; main's settings reach the tasks it
 * creates after them.  nanort kept one copy for the program,
 * so a task's call changed main's answers.  gcc -fopenmp prints the same. */
#include <omp.h>
#include <stdio.h>

static void show(const char *w)
{
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    printf("%s: dynamic %d schedule %d,%d\n", w, omp_get_dynamic(), (int)k, c);
}

int main(void)
{
    omp_set_schedule(omp_sched_guided, 3);
    show("main");
#pragma omp task
    {
        show("task before its calls");
        omp_set_dynamic(1);
        omp_set_schedule(omp_sched_static, 4);
        show("task after its calls");
#pragma omp task
        show("child of the task");
#pragma omp taskwait
    }
#pragma omp taskwait
    show("main after the task");
#pragma omp task
    show("sibling after the task");
#pragma omp taskwait
#pragma omp parallel
#pragma omp single
    {
#pragma omp task
        {
            omp_set_dynamic(1);
            show("task in a region");
        }
#pragma omp taskwait
        show("single after its task");
    }
    omp_set_dynamic(1);
#pragma omp task
    show("task after main's call");
#pragma omp taskwait
    return 0;
}
