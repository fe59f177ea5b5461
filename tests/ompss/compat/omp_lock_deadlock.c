/* A task takes the lock its ancestor holds while the ancestor waits for it in a taskwait:
 * a deadlock under any OpenMP runtime (libgomp hangs).  nanort must stop with a message
 * that names both tasks, exit status 1.  argv[1]: "main" (main holds the lock) or "task"
 * (a task two levels up holds it); "yield": the holder runs its child on its own stack in
 * a taskyield, not a taskwait (one worker: no other thread can take the child), so only
 * the lock's record of its holder's thread tells; "twice": main sets the simple lock it
 * holds again, which stops the program with its own message. */
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

static void yielder(void)
{
    omp_set_lock(&lock);
#pragma omp task
    taker();
#pragma omp taskyield
    omp_unset_lock(&lock);
#pragma omp taskwait
}

int main(int argc, char **argv)
{
    omp_init_lock(&lock);
    if (argc > 1 && !strcmp(argv[1], "twice")) {
        omp_set_lock(&lock);
        omp_set_lock(&lock);
    } else if (argc > 1 && !strcmp(argv[1], "yield")) {
#pragma omp task
        yielder();
#pragma omp taskwait
    } else if (argc > 1 && !strcmp(argv[1], "task")) {
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
