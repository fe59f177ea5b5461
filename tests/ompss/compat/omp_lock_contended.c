/* Many tasks on every worker contend for one omp_lock_t, one nestable lock and two
 * critical sections (unnamed and named), each guarding a plain (non-atomic) counter: a
 * lost update shows as a smaller count.  Half the tasks have children that take the same
 * lock, so a task waiting for it has descendants to run between its looks (and the others
 * none); omp_test_lock is taken in a spin, and omp_test_nest_lock's answers are the
 * nesting counts (1 when it takes the lock, then 2 for its owner).  Prints the counters:
 * the same as under gcc -fopenmp. */
#include <omp.h>
#include <stdio.h>

#define TASKS 48
#define OPS 20000
#define KIDS 3
#define NEST 3

static omp_lock_t lock;
static omp_nest_lock_t nest;
static long plain, by_kids, tested, nested, answers, crit, named;

/* NEST levels of the nestable lock, taken again by its owner at each. */
static void take_nest(int level)
{
    omp_set_nest_lock(&nest);
    nested++;
    if (level < NEST)
        take_nest(level + 1);
    omp_unset_nest_lock(&nest);
}

static void child(void)
{
    for (int i = 0; i < OPS / 10; i++) {
        omp_set_lock(&lock);
        plain++;
        by_kids++;
        omp_unset_lock(&lock);
    }
}

static void contend(int k)
{
    if (k % 2)
        for (int c = 0; c < KIDS; c++) {
#pragma omp task
            child();
        }
    for (int i = 0; i < OPS; i++) {
        omp_set_lock(&lock);
        plain++;
        omp_unset_lock(&lock);
#pragma omp critical
        crit++;
#pragma omp critical(contended_named)
        named++;
        if (i % 16 == 0)
            take_nest(1);
        if (i % 32 == 0) {
            while (!omp_test_lock(&lock))
                ;                           /* spin: the holders keep it briefly */
            tested++;
            omp_unset_lock(&lock);
        }
        if (i % 64 == 0) {
            int first;
            while (!(first = omp_test_nest_lock(&nest)))
                ;
            int again = omp_test_nest_lock(&nest);
            answers += first * 10 + again;  /* 12 each time */
            nested += 2;
            omp_unset_nest_lock(&nest);
            omp_unset_nest_lock(&nest);
        }
    }
#pragma omp taskwait
}

int main(void)
{
    omp_init_lock(&lock);
    omp_init_nest_lock(&nest);
#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < TASKS; k++) {
#pragma omp task firstprivate(k)
            contend(k);
        }
#pragma omp taskwait
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    printf("plain %ld (by children %ld) tested %ld\n", plain, by_kids, tested);
    printf("nested %ld answers %ld\n", nested, answers);
    printf("critical %ld named %ld\n", crit, named);
    return 0;
}
