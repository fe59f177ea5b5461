/* `for` with schedule(static|dynamic|guided, chunk) (also with the ompss_ prefix)
 * and nowait: every iteration runs once; without nowait the loop waits at its end. */
#include "ompss_check.h"

#define N 500

static int hits[N];

static void hit(int i, int k)
{
    __atomic_add_fetch(&hits[i], k, __ATOMIC_SEQ_CST);
}

static void expect_all(int want, const char *what)
{
    for (int i = 0; i < N; i++)
        CHECK(hits[i] == want, "%s: hits[%d] = %d, expected %d", what, i, hits[i], want);
}

int main(void)
{
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
        hit(i, 1);
    expect_all(1, "schedule(static)");
#pragma omp for schedule(dynamic, 16)
    for (int i = 0; i < N; i++)
        hit(i, 1);
    expect_all(2, "schedule(dynamic, 16)");
#pragma omp for schedule(guided)
    for (int i = 0; i < N; i++)
        hit(i, 1);
    expect_all(3, "schedule(guided)");
#pragma omp for schedule(ompss_dynamic, 32)
    for (int i = 0; i < N; i++)
        hit(i, 1);
    expect_all(4, "schedule(ompss_dynamic, 32)");
#pragma omp for schedule(static, 50) nowait
    for (int i = 0; i < N; i++) {
        delay(1);
        hit(i, 1);
    }
#pragma omp taskwait
    expect_all(5, "nowait + taskwait");
#pragma omp for
    for (int i = 0; i < N; i += 2)
        hit(i, 1);
    for (int i = 0; i < N; i++)
        CHECK(hits[i] == 5 + (i % 2 == 0), "step 2: hits[%d] = %d", i, hits[i]);
    return result_ok();
}
