/* #include "omp.h" works and its functions answer sensibly: omp_get_num_threads /
 * omp_get_max_threads equal the --smp-workers of NX_ARGS when it is given, thread
 * numbers seen inside tasks are in range, omp_get_num_procs >= 1, omp_get_wtime
 * advances. */
#include "ompss_check.h"
#include "omp.h"

#define NT 64

static int tid[NT];

static int workers_from_nx_args(void)
{
    const char *a = getenv("NX_ARGS");
    const char *w = a ? strstr(a, "--smp-workers=") : NULL;
    return w ? atoi(w + strlen("--smp-workers=")) : 0;
}

int main(void)
{
    double t0 = omp_get_wtime();
    int max = omp_get_max_threads(), num = omp_get_num_threads();
    CHECK(max >= 1 && num >= 1, "max %d num %d", max, num);
    CHECK(omp_get_num_procs() >= 1, "num_procs %d", omp_get_num_procs());
    CHECK(omp_get_thread_num() == 0, "main runs on thread %d, expected 0", omp_get_thread_num());
    int want = workers_from_nx_args();
    if (OMPSS_RUN && want > 0)
        CHECK(max == want, "omp_get_max_threads() = %d with NX_ARGS=%s", max, getenv("NX_ARGS"));
    for (int i = 0; i < NT; i++) {
#pragma omp task
        {
            delay(20);
            tid[i] = omp_get_thread_num();
        }
    }
#pragma omp taskwait
    for (int i = 0; i < NT; i++)
        CHECK(tid[i] >= 0 && tid[i] < max, "task %d ran on thread %d of %d", i, tid[i], max);
    double t1 = omp_get_wtime();
    CHECK(t1 >= t0 && t1 - t0 < 600, "omp_get_wtime went from %g to %g", t0, t1);
    return result_ok();
}
