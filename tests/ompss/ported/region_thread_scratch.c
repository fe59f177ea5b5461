/* ported: openmp
 * ported-seq-libs: -lgomp
 * Per-thread scratch set up in a parallel region's own body, as every thread of an OpenMP
 * team does for itself (`me = omp_get_thread_num(); scratch[me] = malloc(...)`, a
 * barrier), then used by tasks a `single` creates, each taking the buffer of the thread
 * that runs it (`scratch[omp_get_thread_num()]`, also in a nested task), and by a `for`,
 * freed by each thread at the end.  mcc runs the body once as thread 0, so only scratch[0]
 * existed and the tasks and loop chunks on other workers read a null pointer (a crash):
 * such tasks now run at once on the region's thread, the loop as one task (mcc warns).
 * Also a threadprivate pointer set to a buffer of each thread's own in the body (`tbuf =
 * malloc(...)`) and used by tasks: mcc gave every worker the region thread's pointer, and
 * tasks on different workers filled one buffer at once; now every worker evaluates the
 * allocation for its own copy. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXT 256
#define LEN 32
#define NT 120

static double *scratch[MAXT];
static double *tbuf;
#pragma omp threadprivate(tbuf)

static double fill_and_sum(double *s, int i)
{
    for (int k = 0; k < LEN; k++)
        s[k] = (double)(i * k % 17);
    double t = 0.0;
    for (int k = LEN - 1; k >= 0; k--)
        t += s[k] * (k % 3);
    return t;
}

/* fills the calling thread's own buffer and reads it back, slowly enough for another task
   to run meanwhile on another worker */
static double with_tbuf(int i)
{
    for (int k = 0; k < LEN; k++)
        tbuf[k] = (double)(i + k);
    for (volatile int k = 0; k < 20000; k++)
        ;
    double t = 0.0;
    for (int k = 0; k < LEN; k++)
        t += tbuf[k];
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

    /* a threadprivate pointer each thread sets to a buffer of its own in the body */
    double viat[NT];
#pragma omp parallel
    {
        tbuf = malloc(LEN * sizeof(double));
#pragma omp single
        for (int i = 0; i < NT; i++) {
#pragma omp task shared(viat)
            viat[i] = with_tbuf(i);
        }
        free(tbuf);
    }
    t = 0.0;
    for (int i = 0; i < NT; i++)
        t += viat[i];
    printf("threadprivate buffer per thread: %.1f\n", t);
    return 0;
}
