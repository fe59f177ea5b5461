/* Loops over int, short, unsigned char and pointer variables (parallel for, a for in a
 * region, taskloop, collapse(2), lastprivate, linear) built with -Wconversion -Werror:
 * mcc computed each iteration's value in long long and assigned it to the variable as it
 * was ("conversion from 'long long int' to 'int' may change value"); the values are
 * converted on purpose now. */
/* mcc-flags: -O1 -Wconversion -Werror */
#include "ompss_check.h"

enum { N = 200 };
static int hit[N];
static double grid[N];

int main(void)
{
    long sum = 0;
    int last = -1, lin = 0;
#pragma omp parallel for reduction(+: sum) lastprivate(last)
    for (int i = 0; i < N; i += 3) {
        sum += i;
        last = i;
    }
    CHECK(last == 198, "lastprivate %d", last);
#pragma omp parallel
    {
#pragma omp for collapse(2)
        for (short a = 0; a < 10; a++)
            for (unsigned char b = 0; b < 20; b++)
                hit[a * 20 + b]++;
    }
#pragma omp parallel for linear(lin: 2)
    for (int i = 0; i < N; i++)
        lin += 2;
    CHECK(lin == 2 * N, "linear %d", lin);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(16)
    for (double *p = grid; p < grid + N; p++)
        *p = 1.5;
    unsigned short us;
#pragma omp parallel for lastprivate(us)
    for (us = 5; us < 60; us++)
        hit[us]++;
    CHECK(us == 60, "lastprivate unsigned short %u", (unsigned)us);
    for (int k = 0; k < N; k++)
        CHECK(hit[k] == 1 + (k >= 5 && k < 60) && grid[k] == 1.5, "element %d: %d", k, hit[k]);
    CHECK(sum == 6633, "sum %ld", sum);
    return 0;
}
