/* taskyield inside tasks (and in main) is a scheduling point only: tasks that yield
 * in the middle of a dependence chain still compute the sequential result. */
#include "ompss_check.h"

#define N 16

static unsigned v[N];

int main(void)
{
    for (int r = 0; r < 5; r++)
        for (int i = 0; i < N; i++) {
#pragma omp task inout(v[i]) firstprivate(r)
            {
                unsigned t = v[i];
#pragma omp taskyield
                delay(1);
                v[i] = step(t, (unsigned)r);
            }
        }
#pragma omp taskyield
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        unsigned ref = 0;
        for (int r = 0; r < 5; r++)
            ref = step(ref, (unsigned)r);
        CHECK(v[i] == ref, "v[%d] = %u, expected %u", i, v[i], ref);
    }
    return result_ok();
}
