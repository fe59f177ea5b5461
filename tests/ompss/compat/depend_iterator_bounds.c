/* An iterator modifier's begin, end and step are each evaluated once, before the task's
 * regions, as gcc -fopenmp evaluates them (in the order written, effects and all), on a
 * task and a taskwait with two iterators: `iterator(i = 0:k, j = 0:k++)` bounds i by k's
 * value before the k++, and a region expression `a[i][j + grow()]` that changes the
 * bound `m` of j changes neither loop.  mcc read a bound without an effect again in its
 * loops (after k++; after grow(), in the loops that add the regions only: more regions
 * than the task was created with).  Each line prints the calls and the values seen. */
#include <stdio.h>
#include <omp.h>

static int a[16][16], calls[3], m = 2, k = 3;
static int g(void) { calls[0]++; return 3; }
static int body(void) { calls[1]++; return 0; }
static int grow(void) { calls[2]++; m++; return 0; }

static void report(const char *what)
{
    printf("%-24s g %d body %d grow %d, k %d m %d\n", what, calls[0], calls[1], calls[2], k, m);
    calls[0] = calls[1] = calls[2] = 0;
}

int main(void)
{
    int n = 4;
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(iterator(i = 0:n, j = 0:g()), in: a[i][j + body()])
        a[0][0] += 1;
#pragma omp taskwait
        report("two iterators, g()");
#pragma omp task depend(iterator(i = 0:k, j = 0:k++), inout: a[i][j + body()])
        a[0][0] += 1;
#pragma omp taskwait
        report("0:k then 0:k++");
#pragma omp task depend(iterator(i = 0:2, j = 0:m), in: a[i][j + grow()])
        a[0][0] += 1;
#pragma omp taskwait
        report("body changes the bound");
#pragma omp task depend(out: a[1][1])
        a[1][1] = 5;
#pragma omp taskwait depend(iterator(i = 0:k, j = 0:k++), in: a[i][j + body()])
        report("taskwait 0:k then 0:k++");
#pragma omp taskwait depend(iterator(i = 0:2, j = 0:m), in: a[i][j + grow()])
        report("taskwait, body grows");
    }
    printf("a: %d %d\n", a[0][0], a[1][1]);
    return 0;
}
