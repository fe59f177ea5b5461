/*
 * dot.c - dot product of two vectors by blocks, accumulated with commutative.
 *
 *   usage: dot [N [BS]]     (defaults 20000000 250000)
 *   mcc --ompss -O2 dot.c -o dot && NX_ARGS="--smp-workers=2" ./dot
 *
 * Every block is a task that computes its partial sum and adds it into the result with
 * `commutative(*result)`: the additions run one at a time, in whatever order the blocks
 * finish, without a lock or an atomic in the program.  A final task `in(*result)` sees
 * the total.  The vectors hold small integers, so the sum is exact in any order and the
 * check is exact.  Exit 0 and "result: OK" when right, 1 when wrong.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#pragma omp task in([bs]x, [bs]y) commutative(*result)
void dot_block(const double *x, const double *y, long bs, double *result)
{
    double s = 0;
    for (long i = 0; i < bs; i++)
        s += x[i] * y[i];
    *result += s;
}

#pragma omp task in(*result) out(*copy)
void publish(const double *result, double *copy)
{
    *copy = *result;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000000, bs = argc > 2 ? atol(argv[2]) : 250000;
    if (n <= 0 || bs <= 0 || n % bs != 0) {
        fprintf(stderr, "usage: %s [N [BS]]  (N a multiple of BS)\n", argv[0]);
        return 2;
    }
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    double want = 0;
    for (long i = 0; i < n; i++) {
        x[i] = (double)(i % 7) - 3;
        y[i] = (double)(i % 5) - 2;
        want += x[i] * y[i];
    }
    double result = 0, total = -1;
    double t0 = omp_get_wtime();
    for (long i = 0; i < n; i += bs)
        dot_block(&x[i], &y[i], bs, &result);
    publish(&result, &total);
#pragma omp taskwait
    double secs = omp_get_wtime() - t0;
    printf("dot: n %ld, block %ld, %ld tasks: %.0f\n", n, bs, n / bs, total);
    printf("time: %.6f s\n", secs);
    free(x);
    free(y);
    if (total != want) {
        printf("result: WRONG (expected %.0f)\n", want);
        return 1;
    }
    printf("result: OK\n");
    return 0;
}
