/* A task takes the lock its ancestor holds while the ancestor waits for it in a taskwait:
 * a deadlock under any OpenMP runtime (libgomp hangs).  nanort must stop with a message
 * that names both tasks, exit status 1.  argv[1]: "main" (main holds the lock) or "task"
 * (a task two levels up holds it). */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static omp_lock_t lock;
static int x;

static void taker(void)
{
    omp_set_lock(&lock);
    x++;
    omp_unset_lock(&lock);
}

static void middle(void)
{
#pragma omp task
    taker();
#pragma omp taskwait
}

static void holder(void)
{
    omp_set_lock(&lock);
#pragma omp task
    middle();
#pragma omp taskwait
    omp_unset_lock(&lock);
}

int main(int argc, char **argv)
{
    omp_init_lock(&lock);
    if (argc > 1 && !strcmp(argv[1], "task")) {
#pragma omp task
        holder();
#pragma omp taskwait
    } else {
        omp_set_lock(&lock);
#pragma omp task
        taker();
#pragma omp taskwait
        omp_unset_lock(&lock);
    }
    printf("x = %d\n", x);
    return 0;
}
