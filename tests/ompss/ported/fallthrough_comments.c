/* ported: ompss
 * ported-werror
 * Comments that mean something to gcc reach it through mcc: switches whose cases fall
 * through with a comment saying so (-Wextra's -Wimplicit-fallthrough accepts "fall
 * through", "FALLTHRU", ...), in plain code, in a task body and in a called task; and
 * comments in pragmas (over two lines, a trailing // one with quotes) and in a loop header.
 * mcc dropped the comments when it preprocessed, and gcc -Wextra warned. */
#include <stdio.h>

#define N 8

static int classify(int k, int x)
{
    switch (k % 4) {
    case 0:
        x *= 2;
        /* fall through */
    case 1:
        x += 1;
        // FALLTHRU
    case 2:
        x += 10;
        /* Falls through.  */
    default:
        x += 100;
        break;
    }
    return x;
}

#pragma omp task in(*in) out(*out) /* a function task:
                                      its comment goes on */
static void step(const int *in, int *out)
{
    int v = *in;
    switch (v & 1) {
    case 0:
        v += 3;
        /* FALLTHROUGH */
    case 1:
        v *= 5;
        break;
    }
    *out = v;
}

int main(void)
{
    int r[N] = {0}, a = 4, b = 0, sum = 0;
    for (int k = 0; k < N; k++)
        r[k] = classify(k, k);
#pragma omp parallel
#pragma omp single
    {
#pragma omp task shared(r) /* over
                              two lines */ firstprivate(a)
        {
            switch (a) {
            case 4:
                r[0] += 1000;
                // fall through
            case 5:
                r[1] += 1000;
                break;
            }
        }
        step(&a, &b); // "quotes" and 'apostrophes' after a statement
#pragma omp taskwait // a trailing comment, "with" a quote's /* opener
#pragma omp taskloop grainsize(1) reduction(+: sum)
        for (int i = 0; // from zero
             i < N; i++) /* to N */
            sum += r[i];
    }
    printf("sum %d b %d\n", sum, b);
    return 0;
}
