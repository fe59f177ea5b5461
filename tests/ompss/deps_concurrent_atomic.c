/* concurrent(x): a run of concurrent tasks waits for the previous writer, may run at
 * the same time (they update with atomic), and the next reader waits for the whole run. */
#include "ompss_check.h"

#define NT 64

static long sum;
static long after;

#pragma omp task concurrent(*acc)
void add_to(long *acc, long v)
{
    delay(1);
#pragma omp atomic
    *acc += v;
}

int main(void)
{
#pragma omp task out(sum)
    {
        delay(SLOW);
        sum = 1000;
    }
    for (long i = 0; i < NT; i++) {
#pragma omp task concurrent(sum) firstprivate(i)
        {
            delay(2);
#pragma omp atomic
            sum += i;
        }
        if (i % 8 == 0)
            add_to(&sum, 1);
    }
#pragma omp task in(sum) out(after)
    after = sum;
#pragma omp task inout(sum)
    sum *= 2;
#pragma omp taskwait

    long ref = 1000 + (long)NT * (NT - 1) / 2 + NT / 8;
    CHECK(after == ref, "reader saw %ld, expected %ld", after, ref);
    CHECK(sum == 2 * ref, "sum = %ld, expected %ld", sum, 2 * ref);
    return result_ok();
}
