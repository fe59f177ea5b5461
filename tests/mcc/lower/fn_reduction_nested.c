/* Reductions on function tasks in other settings: an implements(f) version also gets the
 * private copy (whichever implementation runs), reducing tasks created inside a task add into
 * the parent's variable, and inside a final task the calls run directly on the original. */
#include "ompss_check.h"

#include <stdatomic.h>

static long total;
static atomic_int direct_calls;

#pragma omp task reduction(+: *sum)
void add(long *sum, long x);

#pragma omp target device(smp) implements(add)
void add_twice_half(long *sum, long x)
{
    if (sum == &total)
        atomic_fetch_add(&direct_calls, 1);
    *sum += x / 2;
    *sum += x - x / 2;
}

void add(long *sum, long x)
{
    if (sum == &total)
        atomic_fetch_add(&direct_calls, 1);
    delay(10);
    *sum += x;
}

/* Creates n reducing tasks on *sum, as a task of its own. */
#pragma omp task inout(*sum)
void add_range(long *sum, int from, int n)
{
    for (int i = from; i < from + n; i++)
        add(sum, i);
}

#pragma omp task inout(*sum) final(1)
void add_range_final(long *sum, int from, int n)
{
    for (int i = from; i < from + n; i++)
        add(sum, i);
}

int main(void)
{
    for (int i = 0; i < 100; i++)
        add(&total, i);
#pragma omp taskwait
    CHECK(total == 4950, "total %ld after 100 reducing tasks, expected 4950", total);
    CHECK(atomic_load(&direct_calls) == 0, "%d implementations got the original, not a "
          "private copy", atomic_load(&direct_calls));
    add_range(&total, 100, 100);
    add_range(&total, 200, 100);
#pragma omp taskwait
    CHECK(total == 44850, "total %ld after nested reducing tasks, expected 44850", total);
    add_range_final(&total, 300, 10);
#pragma omp taskwait
    CHECK(total == 44850 + 3045, "total %ld after the final task, expected 47895", total);
    CHECK(atomic_load(&direct_calls) == IF_OMPSS(10, 310), "%d direct calls on the original, "
          "expected 10 (the final task's)", atomic_load(&direct_calls));
    return result_ok();
}
