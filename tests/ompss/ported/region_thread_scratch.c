/* ported: openmp
 * ported-seq-libs: -lgomp
 * Per-thread scratch set up in a parallel region's own body, as every thread of an OpenMP
 * team does for itself (`me = omp_get_thread_num(); scratch[me] = malloc(...)`, a
 * barrier), then used by tasks a `single` creates, each taking the buffer of the thread
 * that runs it (`scratch[omp_get_thread_num()]`, also in a nested task), and by a `for`,
 * freed by each thread at the end.  mcc runs the body once as thread 0, so only scratch[0]
 * existed and the tasks and loop chunks on other workers read a null pointer (a crash):
 * such tasks now run at once on the region's thread, the loop as one task (mcc warns). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXT 256
#define LEN 32
#define NT 120

static double *scratch[MAXT];

static double fill_and_sum(double *s, int i)
{
    for (int k = 0; k < LEN; k++)
        s[k] = (double)(i * k % 17);
    double t = 0.0;
    for (int k = LEN - 1; k >= 0; k--)
        t += s[k] * (k % 3);
    return t;
}

int main(void)
{
    double out[NT], inner[NT], looped[NT];
#pragma omp parallel
    {
        int me = omp_get_thread_num();
        scratch[me] = malloc(LEN * sizeof(double));
#pragma omp barrier
#pragma omp single
        {
            for (int i = 0; i < NT; i++) {
#pragma omp task shared(out, inner) firstprivate(i)
                {
                    out[i] = fill_and_sum(scratch[omp_get_thread_num()], i);
#pragma omp task shared(inner) firstprivate(i)
                    inner[i] = fill_and_sum(scratch[omp_get_thread_num()], i + 1);
#pragma omp taskwait
                }
            }
        }
#pragma omp for schedule(dynamic, 3)
        for (int i = 0; i < NT; i++)
            looped[i] = fill_and_sum(scratch[omp_get_thread_num()], i + 2);
        free(scratch[me]);
        scratch[me] = NULL;
    }
    double t = 0.0, u = 0.0, v = 0.0;
    for (int i = 0; i < NT; i++) {
        t += out[i];
        u += inner[i];
        v += looped[i];
    }
    printf("scratch per thread: %.1f %.1f %.1f\n", t, u, v);
    return 0;
}
