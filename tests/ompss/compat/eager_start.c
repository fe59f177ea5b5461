/* --eager-start (the default): the runtime starts when main begins (as Nanos++'s does), not
 * at the first task (--no-eager-start).  main's first statement writes a marker to stderr; with --verbose the runtime's
 * start-up line comes before it when eager and after it when not (run.sh checks the order).
 * The program's result is the sequential one either way (gcc -fopenmp prints the same). */
#include <stdio.h>

#define N 64

static long fill(long *v, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i) shared(v)
        v[i] = (long)i * i;
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(void)
{
    fputs("main: first statement\n", stderr);
    long v[N];
    long s = 0;
#pragma omp parallel
#pragma omp single
    s = fill(v, N);
    printf("sum %ld\n", s);
    return 0;
}
