/*
 * stuck.c - an OmpSs program that stalls for a while (a task that waits 2.5 s for
 * something outside the runtime, 4 s) with tasks blocked behind it, for --watchdog
 * (tests/instr/run.sh watchdog): the report must name the running task and for how long,
 * and the blocked one with the task it waits for and its data; the program then ends
 * normally.  It prints the address of the data, which the report must show.
 */
#include <stdio.h>
#include <unistd.h>

#define N 8
static double x[N];
static double y;

#pragma omp task out([n]v) label(slow)
static void slow(double *v, int n)
{
    usleep(4000000);                /* e.g. a message that is late */
    for (int i = 0; i < n; i++)
        v[i] = i;
}

#pragma omp task in([n]v) out(*sum) label(consumer)
static void consumer(const double *v, int n, double *sum)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    *sum = s;
}

int main(void)
{
    printf("x at %p\n", (void *)x);
    fflush(stdout);
    slow(x, N);
    consumer(x, N, &y);
    #pragma omp taskwait
    printf("sum %g\n", y);
    return y == N * (N - 1) / 2 ? 0 : 1;
}
