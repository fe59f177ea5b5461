/* How many tasks a taskloop makes, as OpenMP says: num_tasks(n) makes min(n, iterations)
 * tasks; grainsize(g) tasks of g to 2g - 1 iterations (iterations / g of them, one when
 * there are fewer than g); their `strict:` forms (OpenMP 5.1) exactly n tasks, or tasks
 * of exactly g iterations but the last.  Each task marks its iterations with its first
 * one (a firstprivate flag), so the program counts the tasks and their sizes; mcc made 3
 * tasks for num_tasks(4) over 9 iterations, and a short last task under grainsize. */
#include <stdio.h>

#define MAXN 1000

static int first_of[MAXN];

/* tasks and the smallest and largest of them over the n iterations marked */
static void report(const char *what, int n)
{
    int tasks = 0, size = 0, lo = MAXN, hi = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && first_of[i] != first_of[i - 1]) {
            tasks++;
            lo = size < lo ? size : lo;
            hi = size > hi ? size : hi;
            size = 0;
        }
        size++;
    }
    tasks++;
    lo = size < lo ? size : lo;
    hi = size > hi ? size : hi;
    printf("%-24s %4d iterations: %3d tasks of %d to %d\n", what, n, tasks, lo, hi);
}

/* Iteration i, run by the task whose first iteration was *first (its own copy). */
static void mark(int *first, int i)
{
    if (*first < 0)
        *first = i;
    first_of[i] = *first;
}

static void by_num_tasks(int n, int nt)
{
    int first = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(nt) firstprivate(first) shared(first_of)
    for (int i = 0; i < n; i++)
        mark(&first, i);
    char what[32];
    snprintf(what, sizeof what, "num_tasks(%d)", nt);
    report(what, n);
}

static void by_grainsize(int n, int g)
{
    int first = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(g) firstprivate(first) shared(first_of)
    for (int i = 0; i < n; i++)
        mark(&first, i);
    char what[32];
    snprintf(what, sizeof what, "grainsize(%d)", g);
    report(what, n);
}

static void strict_forms(int n, int g, int nt)
{
    int first = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(strict: g) firstprivate(first) shared(first_of)
    for (int i = 0; i < n; i++)
        mark(&first, i);
    char what[40];
    snprintf(what, sizeof what, "grainsize(strict: %d)", g);
    report(what, n);
    first = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(strict: nt) firstprivate(first) shared(first_of)
    for (int i = 0; i < n; i++)
        mark(&first, i);
    snprintf(what, sizeof what, "num_tasks(strict: %d)", nt);
    report(what, n);
}

int main(void)
{
    by_num_tasks(9, 4);
    by_num_tasks(6, 4);
    by_num_tasks(20, 6);
    by_num_tasks(9, 20);
    by_num_tasks(50, 1);
    by_grainsize(1000, 64);
    by_grainsize(5, 10);
    by_grainsize(100, 7);
    by_grainsize(64, 64);
    strict_forms(1000, 64, 7);
    strict_forms(10, 4, 3);
    return 0;
}
