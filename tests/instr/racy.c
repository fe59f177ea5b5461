/*
 * racy.c - a producer and a consumer of one array; built with -DFIXED the consumer
 * declares what it reads (in), without it the dependence is missing: a data race that
 * ThreadSanitizer must report when the program is built with mcc -fsanitize=thread
 * (tests/instr/run.sh tsan).  The two tasks meet before they touch the array (a relaxed
 * counter, which gives TSan no ordering), so without the dependence they run at the same
 * time on two workers whatever the schedule; with it the consumer only starts after the
 * producer, and the meeting times out.
 */
#include <stdio.h>
#include <time.h>

#define N 256
static double a[N];
static int arrived;

/* Wait (at most 2 s) until both tasks have started. */
static void meet(void)
{
    struct timespec t0, t;
    __atomic_fetch_add(&arrived, 1, __ATOMIC_RELAXED);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do
        clock_gettime(CLOCK_MONOTONIC, &t);
    while (__atomic_load_n(&arrived, __ATOMIC_RELAXED) < 2 && t.tv_sec - t0.tv_sec < 2);
}

#pragma omp task out([n]v) label(producer)
static void producer(double *v, int n)
{
    meet();
    for (int i = 0; i < n; i++)
        v[i] = i;
}

#ifdef FIXED
#pragma omp task in([n]v) out(*sum) label(consumer)
#else
#pragma omp task out(*sum) label(consumer)       /* in([n]v) forgotten */
#endif
static void consumer(const double *v, int n, double *sum)
{
    meet();
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    *sum = s;
}

int main(void)
{
    double sum = 0;
    producer(a, N);
    consumer(a, N, &sum);
    #pragma omp taskwait
    printf("sum %g\n", sum);
    return 0;
}
