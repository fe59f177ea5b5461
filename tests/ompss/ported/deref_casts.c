/* ported: openmp
 * ported-werror
 * Dependences on `*(T)p` where T is only a typedef name or typeof(...): generic code keeps
 * its blocks as void * and casts them back in the depend clause (mcc's clause parser took
 * `(dptr)` for a parenthesised variable and refused the operand after it).  Each chain of
 * tasks computes an order-dependent value, so a dropped dependence shows. */
#include <stdio.h>

typedef double *dptr;
typedef long counter;

static void spin(void)
{
    for (volatile int s = 0; s < 2000; s++)
        ;
}

int main(void)
{
    double blocks[4] = {1, 2, 3, 4};
    long count = 0;
    void *v[4];
    void *cv = &count;
    double *typed = blocks;
    for (int b = 0; b < 4; b++)
        v[b] = &blocks[b];
#pragma omp parallel
#pragma omp single
    {
        for (int k = 0; k < 12; k++) {
            int b = k % 4;
#pragma omp task depend(inout: *(dptr)v[b]) firstprivate(b, k)
            {
                spin();
                *(dptr)v[b] = *(dptr)v[b] * 2 + k;
            }
#pragma omp task depend(inout: *(typeof(typed))v[0], *(counter *)cv) firstprivate(k)
            {
                spin();
                *(typeof(typed))v[0] += 1;
                *(counter *)cv = *(counter *)cv * 3 + k;
            }
#pragma omp task depend(in: ((dptr)v[3])[0]) depend(inout: (*(counter *)cv))
            *(counter *)cv += (long)*(dptr)v[3] % 7;
        }
#pragma omp taskwait
    }
    printf("%g %g %g %g %ld\n", blocks[0], blocks[1], blocks[2], blocks[3], count);
    return 0;
}
