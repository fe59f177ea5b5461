/* `#pragma omp parallel` runs its body once, in the encountering task, and waits at its
 * end; `#pragma omp barrier` waits for the tasks created so far, like taskwait. */
#include "ompss_check.h"

static int runs, v[8];

int main(void)
{
#pragma omp parallel
    {
        runs++;
        for (int i = 0; i < 8; i++) {
#pragma omp task inout(v[i])
            {
                delay(SLOW);
                v[i] = i + 1;
            }
        }
#pragma omp barrier
        for (int i = 0; i < 8; i++)
            CHECK(v[i] == i + 1, "after barrier: v[%d] = %d", i, v[i]);
    }
    CHECK(runs == 1, "the parallel body ran %d times, expected once", runs);
    return result_ok();
}
