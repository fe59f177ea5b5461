/* Tasks created by an exit handler that a constructor registered (before main, so before
 * the runtime started) run before the process ends: the runtime's own exit hook, which
 * waits for the tasks, ran before that handler and its tasks were lost.  A destructor,
 * which runs after every exit handler, prints what they did (gcc -fopenmp prints 36). */
#include <stdio.h>
#include <stdlib.h>

static int done[8];

static void create_tasks_at_exit(void)
{
    for (int i = 0; i < 8; i++) {
#pragma omp task firstprivate(i)
        done[i] = i + 1;
    }
}

__attribute__((constructor)) static void register_handler(void)
{
    atexit(create_tasks_at_exit);
}

__attribute__((destructor)) static void report(void)
{
    int s = 0;
    for (int i = 0; i < 8; i++)
        s += done[i];
    printf("the exit handler's tasks: %d\n", s);
    fflush(stdout);
}

int main(void)
{
    int x = 0;
#pragma omp task shared(x)
    x = 5;
#pragma omp taskwait
    printf("main: %d\n", x);
    return 0;
}
