/* exit() in main with tasks still pending: the exit handlers main registered see what
 * those tasks wrote, as in the sequential program (and one handler's tasks are done
 * before the next handler runs).  The runtime's hook, which waits for the tasks, was
 * registered when main began, so it ran after main's handlers: report() saw the array
 * before the tasks had written it. */
#include "ompss_check.h"
#include <unistd.h>

static int v[8], extra;

#pragma omp task inout(v[i])
static void slow(int i)
{
    delay(SLOW);
    v[i] += i + 1;
}

/* A failure inside an exit handler: _exit, since exit() may not be called again. */
static void fail(const char *what, int got, int want)
{
    fprintf(stderr, "exit_in_main_handlers: %s = %d, want %d\n", what, got, want);
    fflush(NULL);
    _exit(1);
}

static void report(void)
{
    int s = 0;
    for (int i = 0; i < 8; i++)
        s += v[i];
    if (s != 36 + 36)
        fail("the sum at exit", s, 72);
    if (extra != 10)
        fail("what the later handler's tasks wrote", extra, 10);
    printf("exit_in_main_handlers: ok\n");
}

/* registered after report(), so it runs before it; its tasks must be done by then */
static void more_tasks(void)
{
    for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(i)
        {
            delay(SLOW);
#pragma omp atomic
            extra += i + 1;
        }
    }
}

int main(void)
{
    atexit(report);
    atexit(more_tasks);
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < 8; i++)
            slow(i);
    exit(0);
}
