/* ported: openmp
 * ported-werror
 * A function-local static threadprivate scratch buffer (and a counter with an initializer)
 * used by the tasks a single creates: each task fills the scratch of the thread that runs
 * it and reads it back.  mcc handed every task a pointer to the creating thread's copy, so
 * tasks on two workers filled one buffer at once (wrong sums under 2 and 4 workers); the
 * variable now moves to file scope as a __thread one, as a global threadprivate is.  Also
 * copyin of a static local (mcc said "sorry, unimplemented"), read by tasks on any worker. */
#include <stdio.h>

#define N 300
#define K 48

static void process(double *out, int n)
{
    static double scratch[K];
#pragma omp threadprivate(scratch)
    static int calls = 100;
#pragma omp threadprivate(calls)
#pragma omp parallel
#pragma omp single
    for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(i) shared(out)
        {
            calls++;
            for (int k = 0; k < K; k++)
                scratch[k] = i + k;
            double s = 0;
            for (int r = 0; r < 100; r++)
                for (int k = 0; k < K; k++)
                    s += scratch[k] * (r + 1);
            out[i] = s + (calls > 100);
        }
    }
}

static int seeded(int n)
{
    static int seed = 3;
#pragma omp threadprivate(seed)
    int total = 0;
    seed = n;
#pragma omp parallel copyin(seed)
#pragma omp single
    for (int i = 0; i < 50; i++) {
#pragma omp task shared(total)
        {
#pragma omp atomic
            total += seed;
        }
    }
    return total;
}

int main(void)
{
    static double out[N];
    process(out, N);
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < N; i++) {
        double s = 0;
        for (int r = 0; r < 100; r++)
            for (int k = 0; k < K; k++)
                s += (double)(i + k) * (r + 1);
        bad += out[i] != s + 1;
        sum += out[i];
    }
    printf("wrong %d sum %.1f seeded %d %d\n", bad, sum, seeded(5), seeded(7));
    return 0;
}
