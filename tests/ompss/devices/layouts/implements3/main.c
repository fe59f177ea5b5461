/* main.c - y += a x over blocks, eight rounds with a different a each (every round's block
 * waits for the previous round's: inout y), whichever implementation each instance takes;
 * the last block shorter.  Small integers and halves: exact.  Checked against the same
 * sums on the host; exit 0 and "result: OK". */
#include <stdio.h>
#include <stdlib.h>
#include "saxpy.h"

#define N 10000
#define BS 1024

int main(void)
{
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *r = malloc(N * sizeof *r);
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 17);
        y[i] = r[i] = (float)(i % 5);
    }
    for (int round = 0; round < 8; round++)
        for (int i = 0; i < N; i += BS)
            saxpy(N - i < BS ? N - i : BS, 0.5f * (float)round, x + i, y + i);
#pragma omp taskwait
    for (int round = 0; round < 8; round++)
        for (int i = 0; i < N; i++)
            r[i] += 0.5f * (float)round * x[i];
    int first_wrong = -1;
    for (int i = N - 1; i >= 0; i--)
        if (y[i] != r[i])
            first_wrong = i;
    if (first_wrong >= 0)
        printf("y[%d] = %g, expected %g\nresult: WRONG\n", first_wrong, y[first_wrong],
               r[first_wrong]);
    else
        printf("result: OK\n");
    return first_wrong >= 0;
}
