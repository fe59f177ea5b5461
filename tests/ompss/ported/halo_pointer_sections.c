/* ported: openmp
   ported-werror
   A blocked 1-D stencil over halo'd blocks reached through pointers to each block's first
   element: depend(in: blk[-BS:BS], blk[0:BS], blk[BS:BS]) on the block and its
   neighbours, taskwait depend(in: end[-BS:BS]) on the last block, task_reduction and a
   parallel for reduction over sections of a pointer into the middle of a histogram
   (`mid[-4:3]`); mcc said "the array section 'blk[-BS:BS]' starts before the array" (an
   error), where gcc -fopenmp takes a pointer's section to start where its bounds say */
#include <stdio.h>

#define NB 8
#define BS 16
#define N (NB * BS)

/* one halo block each side */
static double u[N + 2 * BS], v[N + 2 * BS];

static void slow(void)
{
    for (volatile int k = 0; k < 20000; k++)
        ;
}

/* one sweep: to's block b from from's block b and the cells next to it */
static void sweep(const double *from, double *to)
{
    for (int b = 0; b < NB; b++) {
        const double *blk = from + BS + b * BS;
        double *dst = to + BS + b * BS;
        #pragma omp task depend(in: blk[-BS:BS], blk[0:BS], blk[BS:BS]) depend(out: dst[0:BS])
        {
            slow();
            for (int i = 0; i < BS; i++)
                dst[i] = (blk[i - 1] + 2 * blk[i] + blk[i + 1]) * 0.25;
        }
    }
}

int main(void)
{
    for (int i = 0; i < N + 2 * BS; i++)
        u[i] = v[i] = (i * 7 % 23) * 1.0;
    long hist[9] = {0};
    long *mid = hist + 4;
    double tail = 0;
    #pragma omp parallel
    #pragma omp single
    {
        for (int it = 0; it < 4; it++) {
            sweep(u, v);
            sweep(v, u);
        }
        double *end = u + BS + N;
        #pragma omp taskwait depend(in: end[-BS:BS])
        tail = end[-2] + end[-1];
        #pragma omp taskwait
        #pragma omp taskgroup task_reduction(+: mid[-4:3])
        {
            for (int i = 0; i < N; i++) {
                #pragma omp task in_reduction(+: mid[-4:3]) firstprivate(i)
                mid[-4 + i % 3] += (long)u[BS + i];
            }
        }
    }
    #pragma omp parallel for reduction(+: mid[-1:3])
    for (int i = 0; i < N; i++)
        mid[i % 3 - 1] += i;
    double s = 0;
    for (int i = 0; i < N + 2 * BS; i++)
        s += u[i] * (i % 5 + 1);
    printf("sum %.6f tail %.6f\n", s, tail);
    for (int i = 0; i < 9; i++)
        printf("%ld%c", hist[i], i == 8 ? '\n' : ' ');
    return 0;
}
