/* seed.c - the seed's calls, noCheckDim and device(undefined) (kernels.h), checked against
 * the seed's definitions computed here: scale_count runs n / 64 * 64 work-items (960 of
 * 1000) that set y[i] = 2 a x[i] and leave the rest of y alone; add_rows gives the same
 * result on the host and on the device.  Exit 0 and "result: OK". */
#include <stdio.h>
#include "kernels.h"

#define N 1000
#define ROWS 12         /* a multiple of the 4 rows of a group: rows past it do not run */
#define COLS 30

void add_rows(int rows, int cols, int *m, int v)
{
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            m[r * cols + c] += v + r;
}

static float x[N], y[N];
static int m[ROWS * COLS];

int main(void)
{
    int count = 0;
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 50);
        y[i] = -1.0f;
    }
    scale_count(x, y, N, 1.5f, &count);
    for (int k = 0; k < 6; k++)
        add_rows(ROWS, COLS, m, k);
#pragma omp taskwait
    int wrong = count != N / 64 * 64;
    for (int i = 0; i < N; i++)
        wrong += y[i] != (i < N / 64 * 64 ? 3.0f * x[i] : -1.0f);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            wrong += m[r * COLS + c] != 15 + 6 * r;
    printf("work-items: %d of %d\n", count, N);
    printf(wrong ? "result: WRONG (%d)\n" : "result: OK\n", wrong);
    return wrong != 0;
}
