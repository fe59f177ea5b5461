/* A reduction on a function task runs its reducing tasks at the same time: two tasks meet at
 * a rendezvous (with 2+ workers), each works on a private copy starting at 0 and the
 * partial sums are combined into the original, after an earlier writer and before a later
 * reader of it. */
#include "ompss_check.h"

#include <omp.h>
#include <stdatomic.h>
#include <time.h>

static atomic_int arrived, met;
static double total;
static atomic_int private_copy, saw_identity;

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#pragma omp task out(*sum)
void set(double *sum, double v)
{
    delay(SLOW);
    *sum = v;
}

/* Waits up to 10 s for the other reducing task to arrive too. */
#pragma omp task reduction(+: *sum)
void meet_and_add(double *sum, double x, int rendezvous)
{
    if (sum != &total)
        atomic_fetch_add(&private_copy, 1);
    if (*sum == 0)
        atomic_fetch_add(&saw_identity, 1);
    if (rendezvous) {
        atomic_fetch_add(&arrived, 1);
        double t0 = seconds();
        while (seconds() - t0 < 10)
            if (atomic_load(&arrived) >= 2) {
                atomic_fetch_add(&met, 1);
                break;
            }
    }
    *sum += x;
}

#pragma omp task in(*sum) out(*seen)
void read_sum(const double *sum, double *seen)
{
    *seen = *sum;
}

int main(void)
{
    int workers = omp_get_max_threads();
    double seen = -1;
    set(&total, 100);
    meet_and_add(&total, 1.5, workers >= 2);
    meet_and_add(&total, 2.5, workers >= 2);
    for (int i = 0; i < 40; i++)
        meet_and_add(&total, i, 0);
    read_sum(&total, &seen);
#pragma omp taskwait
    CHECK(atomic_load(&private_copy) == 42, "%d of 42 tasks got a private copy",
          atomic_load(&private_copy));
    CHECK(atomic_load(&saw_identity) == 42, "%d of 42 private copies started at 0",
          atomic_load(&saw_identity));
    if (workers >= 2)
        CHECK(atomic_load(&met) == 2, "%d of 2 reducing tasks met (%d workers): they did not "
              "run at the same time", atomic_load(&met), workers);
    CHECK(total == 100 + 4 + 780, "total %g, expected 884", total);
    CHECK(seen == 884, "the reader saw %g, expected 884", seen);
    return result_ok();
}
