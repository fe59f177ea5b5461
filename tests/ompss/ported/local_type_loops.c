/* ported: openmp
 * ported-werror
 * Loops whose variable has a type declared inside the function: `typedef long idx_t;`
 * then `for (idx_t i = 0; ...)` on `parallel for`, `for` in a region, `taskloop` (also
 * in a task and with collapse(2)); bounds that are local enumerators; a pointer to a local
 * struct typedef; an unsigned typedef counting down; a counter declared before the loop; a
 * body that does not name its counter (gcc 12 -fopenmp fails on an enum counter: that one
 * is in tests/ompss/local_types.c); a `linear` variable of a local typedef.  mcc said
 * "sorry, unimplemented: a loop variable of this type" (and "linear 'x', whose type is
 * declared inside the function"). */
#include <stdio.h>

enum { N = 64 };

int main(void)
{
    typedef long idx_t;
    typedef unsigned short small_t;
    enum colour { RED, GREEN, BLUE, NCOL };
    typedef struct {
        int id;
        double w;
    } cell;
    cell cells[N];
    long sum = 0, twice = 0, grid = 0, colours = 0, down = 0, before = 0, times = 0;
    double weights = 0;

#pragma omp parallel for reduction(+ : sum)
    for (idx_t i = 0; i < N; i++)
        sum += i * i;
#pragma omp parallel
    {
#pragma omp for reduction(+ : twice) schedule(dynamic, 4)
        for (idx_t i = 1; i <= N; i += 2)
            twice += 2 * i;
#pragma omp single
#pragma omp taskloop collapse(2) reduction(+ : grid) grainsize(5)
        for (idx_t r = 0; r < 8; r++)
            for (small_t c = 0; c < 6; c++)
                grid += r * 10 + c;
    }
#pragma omp parallel for reduction(+ : colours)
    for (small_t c = RED; c < NCOL; c++)
        colours += c * 100 + 1;
#pragma omp parallel for
    for (cell *p = cells; p < cells + N; p++) {
        p->id = (int)(p - cells);
        p->w = p->id * 0.5;
    }
#pragma omp parallel for reduction(+ : weights)
    for (idx_t i = 0; i < N; i++)
        weights += cells[i].w * cells[i].id;
#pragma omp parallel for reduction(+ : down)
    for (small_t u = N; u > 0; u--)
        down += u;
    idx_t j;
#pragma omp parallel for reduction(+ : before)
    for (j = 3; j < N; j += 3)
        before += j;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(times)
#pragma omp taskloop reduction(+ : times) num_tasks(3)
    for (idx_t k = 0; k < 10; k++)
        times++;
    idx_t at = 5;
    int stamp[N];
#pragma omp parallel for linear(at : 3)
    for (int i = 0; i < N; i++) {
        stamp[i] = (int)at;
        at += 3;
    }
    long stamps = 0;
    for (int i = 0; i < N; i++)
        stamps += stamp[i] * (i % 7 + 1);
    printf("%ld %ld %ld %ld %.2f %ld %ld %ld %ld %ld\n", sum, twice, grid, colours, weights,
           down, before, times, stamps, (long)at);
    return 0;
}
