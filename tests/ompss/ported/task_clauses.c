/* ported: openmp
 * OpenMP 5 task clauses as ported programs use them: mergeable, depend(mutexinoutset:)
 * (one at a time, any order; depend(inoutset:) is in ompss_clauses.c: gcc 12 lacks it),
 * taskloop collapse(2) with the loop variables declared in the for headers, taskloop
 * num_tasks(0) and grainsize(0) (as if absent), a taskloop with lastprivate.  Prints
 * what each part computed. */
#include <stdio.h>

#define R 9
#define C 13

static void spin(int n)
{
    for (volatile int i = 0; i < n * 200; i++)
        ;
}

int main(void)
{
    int acc = 0, merged = 0;
    int grid[R][C], flat[100], flat2[100], last = -1;
    unsigned order = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int t = 0; t < 20; t++) {
#pragma omp task mergeable shared(merged)
            {
#pragma omp atomic
                merged += t;
            }
        }
        /* mutually exclusive, in any order: a non-atomic update stays correct */
        for (int t = 1; t <= 12; t++) {
#pragma omp task depend(mutexinoutset: acc) shared(acc, order)
            {
                int a = acc;
                spin(30);
                acc = a + t;
                order ^= (unsigned)t;
            }
        }
#pragma omp taskloop collapse(2) grainsize(5)
        for (int i = 0; i < R; i++)
            for (int j = 0; j < C; j++)
                grid[i][j] = i * C + j;
#pragma omp taskloop num_tasks(0)
        for (int i = 0; i < 100; i++)
            flat[i] = i * i;
#pragma omp taskloop grainsize(0) lastprivate(last)
        for (int i = 0; i < 100; i++) {
            flat2[i] = 100 - i;
            last = i;
        }
    }
    long g = 0;
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            g += (long)grid[i][j] * (i + 1);
    long f = 0;
    for (int i = 0; i < 100; i++)
        f += flat[i] + 3L * flat2[i];
    printf("merged %d\nmutexinoutset: acc %d order %u\n", merged, acc, order);
    printf("collapse %ld, flat %ld, last %d\n", g, f, last);
    return 0;
}
