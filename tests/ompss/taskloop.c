/* taskloop: grainsize(n), num_tasks(n), nogroup (no implicit wait: a taskwait does it)
 * and reduction (combined when the taskloop ends), over loops with unusual bounds and
 * steps; every iteration runs exactly once.  Dependences on taskloop: taskloop_deps.c. */
#include "ompss_check.h"

#define N 1000

static int hits[N];
static double a[N], b[N];

int main(void)
{
#pragma omp taskloop grainsize(64)
    for (int i = 0; i < N; i++) {
        delay(1);
        __atomic_add_fetch(&hits[i], 1, __ATOMIC_SEQ_CST);
    }
    for (int i = 0; i < N; i++)
        CHECK(hits[i] == 1, "grainsize: iteration %d ran %d times (taskloop did not wait?)", i, hits[i]);

#pragma omp taskloop num_tasks(7)
    for (int i = N - 1; i >= 3; i -= 3)
        __atomic_add_fetch(&hits[i], 10, __ATOMIC_SEQ_CST);
    for (int i = 0; i < N; i++) {
        int want = 1 + ((i >= 3 && (N - 1 - i) % 3 == 0) ? 10 : 0);
        CHECK(hits[i] == want, "num_tasks: hits[%d] = %d, expected %d", i, hits[i], want);
    }

    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma omp taskloop grainsize(100) nogroup
    for (int i = 0; i < N; i++) {
        delay(1);
        b[i] = a[i] * 3.0;
    }
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(b[i] == 3.0 * i, "nogroup + taskwait: b[%d] = %g", i, b[i]);

    long sum = 0;
#pragma omp taskloop num_tasks(4) reduction(+: sum)
    for (int i = 0; i < 100; i++)
        sum += i;
    CHECK(sum == 4950, "taskloop reduction: sum = %ld", sum);
    return result_ok();
}
