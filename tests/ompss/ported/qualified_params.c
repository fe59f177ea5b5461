/* ported: ompss
 * ported-werror
 * Function tasks whose parameters carry qualifiers, as numerical kernels declare them:
 * `const double *restrict` sources and `double *restrict` results, a `volatile`
 * counter, a `const` size, `a[static 4]`; an inline task with a firstprivate
 * volatile VLA and a restrict pointer.  mcc's copy of such arguments into the task's
 * block warned "discards 'restrict' qualifier" (and 'volatile').  Prints the results. */
#include <stdio.h>

#define N 256
#define BS 32

#pragma omp task in([n]src) out([n]dst)
static void smooth(const double *restrict src, double *restrict dst, const int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = 0.5 * src[i] + 0.25 * (i > 0 ? src[i - 1] : src[i]) +
                 0.25 * (i + 1 < n ? src[i + 1] : src[i]);
}

#pragma omp task inout(*acc) in([n]v)
void accumulate(volatile int reps, long *restrict acc, const unsigned *restrict v, int n)
{
    for (volatile int r = 0; r < reps; r++)
        for (int i = 0; i < n; i++)
            *acc += v[i];
}

#pragma omp task inout([4]q)
void scale4(double q[static 4], register const double f)
{
    for (int i = 0; i < 4; i++)
        q[i] *= f;
}

int main(void)
{
    static double a[N], b[N];
    static unsigned u[N];
    double q[4] = {1, 2, 3, 4};
    long acc = 0;
    for (int i = 0; i < N; i++) {
        a[i] = (i * 37 % 101) / 8.0;
        u[i] = (unsigned)(i * 13 % 29);
    }
    for (int k = 0; k < N; k += BS)
        smooth(&a[k], &b[k], BS);
    for (int k = 0; k < N; k += BS)
        accumulate(2, &acc, &u[k], BS);
    scale4(q, 1.5);
    scale4(q, 2.0);
    int n = 8;
    volatile int hist[n];
    for (int i = 0; i < n; i++)
        hist[i] = i;
    double *restrict pb = b;
    long shown = 0;
#pragma omp task firstprivate(hist) shared(shown) in(pb[0;N])
    {
        for (int i = 0; i < n; i++)
            shown += hist[i] * (long)pb[i];
    }
#pragma omp taskwait
    double s = 0;
    for (int i = 0; i < N; i++)
        s += b[i];
    printf("smooth %.4f acc %ld q %.1f %.1f %.1f %.1f shown %ld\n", s, acc, q[0], q[1], q[2],
           q[3], shown);
    return 0;
}
