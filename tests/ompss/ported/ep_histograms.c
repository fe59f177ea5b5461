/* ported: openmp
 * ported-werror
 * NPB EP's main loop: a histogram `double qq[NQ]` each thread of the region declares and
 * zeroes, to whose elements alone a `for reduction(+: sx, sy) nowait` loop adds
 * (`qq[l] += 1.0`), combined into q under critical after the loop; temporaries t3, t4
 * and l set only in a branch of the body, before their uses there (and t3 in an inner
 * loop that may leave early).  Also a 2-D histogram `long h[4][8]` (`h[b][c]++`) summed
 * with atomic after a nowait loop, and a `for nowait` ending a region with
 * reduction(max: m).  mcc ran each loop as one task with a warning; their tasks now
 * reduce into the thread's copy, and a nowait loop waits for its own tasks. */
#include <math.h>
#include <stdio.h>

#define NQ 10
#define NK 512
#define NP 64

static double q[NQ];

/* the k-th stream's next number in [0, 1), 2^-20 apart (EP's randlc, per stream) */
static double next_rand(unsigned long *seed)
{
    *seed = (*seed * 1103515245UL + 12345UL) & 0x7fffffffUL;
    return (double)(*seed >> 11) / 1048576.0;
}

int main(void)
{
    double sx = 0.0, sy = 0.0;
    int np = NP, k;
#pragma omp parallel default(shared) private(k)
    {
        double t1, t2, t3, t4, x1, x2;
        int kk, i, ik, l;
        unsigned long seed, skip;
        double qq[NQ];
        for (i = 0; i < NQ; i++)
            qq[i] = 0.0;
#pragma omp for reduction(+ : sx, sy) nowait
        for (k = 1; k <= np; k++) {
            kk = k;
            seed = 271828183UL + (unsigned long)k;
            skip = 314159265UL;
            for (i = 1; i <= 100; i++) {
                ik = kk / 2;
                if ((2 * ik) != kk)
                    t3 = next_rand(&seed);
                if (ik == 0)
                    break;
                t3 = next_rand(&skip);
                kk = ik;
            }
            for (i = 0; i < NK; i++) {
                x1 = 2.0 * next_rand(&seed) - 1.0;
                x2 = 2.0 * next_rand(&seed) - 1.0;
                t1 = x1 * x1 + x2 * x2;
                if (t1 <= 1.0 && t1 > 0.0) {
                    t2 = sqrt(-2.0 * log(t1) / t1);
                    /* (multiples of 2^-12: sums exact in any order) */
                    t3 = floor(x1 * t2 * 4096.0) / 4096.0;
                    t4 = floor(x2 * t2 * 4096.0) / 4096.0;
                    l = (int)fmax(fabs(t3), fabs(t4));
                    if (l >= NQ)
                        l = NQ - 1;
                    qq[l] += 1.0;
                    sx = sx + t3;
                    sy = sy + t4;
                }
            }
        }
#pragma omp critical
        {
            for (i = 0; i < NQ; i++)
                q[i] += qq[i];
        }
    }
    double gc = 0.0;
    for (int i = 0; i < NQ; i++) {
        printf("q[%d] = %.0f\n", i, q[i]);
        gc += q[i];
    }
    printf("pairs %.0f sx %.6f sy %.6f\n", gc, sx, sy);

    static long total[4][8];
#pragma omp parallel
    {
        long h[4][8];
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 8; c++)
                h[b][c] = 0;
#pragma omp for schedule(dynamic, 50) nowait
        for (int i = 0; i < 20000; i++) {
            int b = (i * 7) % 4, c = (i * 13) % 8;
            h[b][c]++;
            h[0][c] += i % 3;
        }
        for (int b = 0; b < 4; b++)
            for (int c = 0; c < 8; c++) {
#pragma omp atomic
                total[b][c] += h[b][c];
            }
    }
    long hs = 0;
    for (int b = 0; b < 4; b++)
        for (int c = 0; c < 8; c++)
            hs += total[b][c] * (b * 8 + c + 1);
    printf("hist %ld\n", hs);

    double m = -1.0;
    static double a[10000];
    for (int i = 0; i < 10000; i++)
        a[i] = (double)((i * 7919L) % 10007) / 8.0;
#pragma omp parallel reduction(max : m)
    {
#pragma omp for nowait
        for (int i = 0; i < 10000; i++)
            if (a[i] > m)
                m = a[i];
    }
    printf("max %.3f\n", m);
    return 0;
}
