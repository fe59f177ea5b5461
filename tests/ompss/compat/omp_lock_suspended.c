/* A task that holds an omp lock waits for its children (taskwait inside the locked
 * region) while siblings that want the same lock are ready: the holder's thread must not
 * run such a sibling above the suspended holder (it would wait for the holder beneath it
 * forever).  Several holders in a row, children that create children, a second lock
 * nested inside the first.  Prints the counts, the same as under gcc -fopenmp. */
#include <omp.h>
#include <stdio.h>

#define HOLDERS 8
#define SIBLINGS 16
#define KIDS 4

static omp_lock_t lock, inner;
static long guarded, kids_done, grandkids_done, inner_count;

static void grandchild(void)
{
#pragma omp atomic
    grandkids_done++;
}

static void child(int depth)
{
    if (depth > 0) {
#pragma omp task
        grandchild();
#pragma omp taskwait
    }
#pragma omp atomic
    kids_done++;
}

static void holder(int i)
{
    omp_set_lock(&lock);
    guarded += 1000;
    for (int k = 0; k < KIDS; k++) {
#pragma omp task firstprivate(k)
        child(k % 2);
    }
#pragma omp taskwait
    if (i % 2) {
        omp_set_lock(&inner);
        inner_count++;
#pragma omp task
        child(1);
#pragma omp taskwait
        omp_unset_lock(&inner);
    }
    guarded += 1;
    omp_unset_lock(&lock);
}

static void sibling(void)
{
    omp_set_lock(&lock);
    guarded += 10;
    omp_unset_lock(&lock);
    omp_set_lock(&inner);
    inner_count++;
    omp_unset_lock(&inner);
}

int main(void)
{
    omp_init_lock(&lock);
    omp_init_lock(&inner);
#pragma omp parallel
#pragma omp single
    {
        for (int i = 0; i < HOLDERS; i++) {
#pragma omp task firstprivate(i)
            holder(i);
            for (int s = 0; s < SIBLINGS / HOLDERS; s++) {
#pragma omp task
                sibling();
            }
        }
#pragma omp taskwait
    }
    omp_destroy_lock(&lock);
    omp_destroy_lock(&inner);
    printf("guarded %ld kids %ld grandkids %ld inner %ld\n", guarded, kids_done, grandkids_done,
           inner_count);
    return 0;
}
