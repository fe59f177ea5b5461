/*
 * stream.c - the STREAM kernels (copy, scale, add, triad) as tasks on blocks, ordered
 * by dependences instead of barriers.
 *
 *   usage: stream [N [BS [NTIMES]]]     (defaults 8000000 500000 10)
 *   mcc --ompss -O2 stream.c -o stream && NX_ARGS="--smp-workers=2" ./stream
 *
 * Each kernel is a function task on one block of BS elements with sections
 * `in(a[0;bs]) out(c[0;bs])`; block i of iteration t+1 may start as soon as block i of
 * iteration t is done, without a global barrier.  The values are checked as STREAM does:
 * every element follows the same scalar recurrence.  Exit 0 and "result: OK" when
 * right, 1 when wrong.
 */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define SCALAR 3.0

#pragma omp task in([bs]a) out([bs]c)
void copy_block(const double *a, double *c, long bs)
{
    for (long i = 0; i < bs; i++)
        c[i] = a[i];
}

#pragma omp task in([bs]c) out([bs]b)
void scale_block(double *b, const double *c, double s, long bs)
{
    for (long i = 0; i < bs; i++)
        b[i] = s * c[i];
}

#pragma omp task in([bs]a, [bs]b) out([bs]c)
void add_block(const double *a, const double *b, double *c, long bs)
{
    for (long i = 0; i < bs; i++)
        c[i] = a[i] + b[i];
}

#pragma omp task in([bs]b, [bs]c) out([bs]a)
void triad_block(double *a, const double *b, const double *c, double s, long bs)
{
    for (long i = 0; i < bs; i++)
        a[i] = b[i] + s * c[i];
}

/* Does every element of x equal v (to a relative 1e-13)? */
static int all_equal(const double *x, long n, double v)
{
    for (long i = 0; i < n; i++)
        if (fabs(x[i] - v) > 1e-13 * fabs(v))
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 8000000, bs = argc > 2 ? atol(argv[2]) : 500000;
    int ntimes = argc > 3 ? atoi(argv[3]) : 10;
    if (n <= 0 || bs <= 0 || n % bs != 0 || ntimes < 1) {
        fprintf(stderr, "usage: %s [N [BS [NTIMES]]]  (N a multiple of BS)\n", argv[0]);
        return 2;
    }
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    for (long i = 0; i < n; i++) {
        a[i] = 1.0;
        b[i] = 2.0;
        c[i] = 0.0;
    }
    double t0 = omp_get_wtime();
    for (int t = 0; t < ntimes; t++) {
        for (long i = 0; i < n; i += bs)
            copy_block(&a[i], &c[i], bs);
        for (long i = 0; i < n; i += bs)
            scale_block(&b[i], &c[i], SCALAR, bs);
        for (long i = 0; i < n; i += bs)
            add_block(&a[i], &b[i], &c[i], bs);
        for (long i = 0; i < n; i += bs)
            triad_block(&a[i], &b[i], &c[i], SCALAR, bs);
    }
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    /* bytes moved: copy 2, scale 2, add 3, triad 3 arrays of n doubles per iteration */
    printf("stream: n %ld, block %ld, %d iterations, %ld tasks\n", n, bs, ntimes, 4L * ntimes * (n / bs));
    printf("time: %.6f s (%.1f MB/s)\n", secs, 10.0 * sizeof(double) * n * ntimes / secs * 1e-6);

    double ea = 1.0, eb = 2.0, ec = 0.0;
    for (int t = 0; t < ntimes; t++) {
        ec = ea;
        eb = SCALAR * ec;
        ec = ea + eb;
        ea = eb + SCALAR * ec;
    }
    int ok = all_equal(a, n, ea) && all_equal(b, n, eb) && all_equal(c, n, ec);
    free(a);
    free(b);
    free(c);
    if (!ok) {
        printf("result: WRONG (expected a %g b %g c %g everywhere)\n", ea, eb, ec);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
