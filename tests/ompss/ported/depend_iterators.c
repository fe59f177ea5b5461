/* ported: openmp
 * ported-werror
 * OpenMP 5.0 dependences over iterators, `depend(iterator(int k = 0:n), in: x[k])`: one
 * dependence per value, end exclusive, with a step, a type or none, two iterators, and
 * counting down; a task waits for every block an iterator names (the producers are slow,
 * so a missing dependence reads a block before it is written), and `taskwait depend`.
 * mcc refused the iterator ("unknown dependence type 'iterator'"). */
#include <stdio.h>

#define NB 8
#define BS 64

static double blk[NB][BS], grid[4][4], total, diag;

/* Slow, and slower for later blocks: a task that does not wait for them reads them half
 * written. */
static void slow_fill(double *b, double v, int slowness)
{
    for (int i = 0; i < BS; i++) {
        volatile double w = 0;
        for (int k = 0; k < 500 * slowness; k++)
            w += k;
        b[i] = v + i + (w >= 0 ? 0 : 1);
    }
}

int main(void)
{
    double sums[NB] = {0}, even = 0, odd = 0, back = 0;
#pragma omp parallel
#pragma omp single
    {
        for (int b = 0; b < NB; b++) {
#pragma omp task depend(out : blk[b]) firstprivate(b)
            slow_fill(blk[b], b * 100.0, 1 + 4 * b);
        }
#pragma omp task depend(iterator(int k = 0 : NB), in : blk[k]) depend(out : total)
        {
            for (int b = 0; b < NB; b++)
                for (int i = 0; i < BS; i++)
                    total += blk[b][i];
        }
#pragma omp task depend(iterator(k = 0 : NB : 2), in : blk[k]) shared(even)
        {
            for (int b = 0; b < NB; b += 2)
                even += blk[b][BS - 1];
        }
#pragma omp task depend(iterator(long k = NB - 1 : 0 : -2), in : blk[k]) shared(odd)
        {
            for (int b = NB - 1; b > 0; b -= 2)
                odd += blk[b][0];
        }
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++) {
#pragma omp task depend(out : grid[i][j]) firstprivate(i, j)
                {
                    double t[BS];
                    slow_fill(t, i * 10 + j, 1 + i * 4 + j);
                    grid[i][j] = t[0];
                }
            }
#pragma omp task depend(iterator(i = 0 : 4, j = 0 : 4), in : grid[i][j]) depend(out : diag)
        for (int i = 0; i < 4; i++)
            diag += grid[i][i] + grid[i][3 - i];
#pragma omp taskwait depend(iterator(k = 0 : NB), in : blk[k])
        for (int b = 0; b < NB; b++)
            sums[b] = blk[b][0] + blk[b][BS - 1];
#pragma omp task depend(in : total) depend(out : back) shared(back)
        back = total / NB;
    }
    for (int b = 0; b < NB; b++)
        printf("%.0f%c", sums[b], b + 1 < NB ? ' ' : '\n');
    printf("%.0f %.0f %.0f %.0f %.2f\n", total, even, odd, diag, back);
    return 0;
}
