/* The aliases input(...) and output(...) order tasks exactly like in/out, mixed with
 * inout on the same data. */
#include "ompss_check.h"

#define N 24

static unsigned v[N], w[N];

int main(void)
{
    for (int r = 0; r < 6; r++)
        for (int i = 0; i < N; i++) {
#pragma omp task output(v[i])
            {
                delay(2);
                v[i] = (unsigned)(r + i);
            }
#pragma omp task input(v[i]) inout(w[i])
            w[i] = step(w[i], v[i]);
        }
#pragma omp taskwait
    for (int i = 0; i < N; i++) {
        unsigned ref = 0;
        for (int r = 0; r < 6; r++)
            ref = step(ref, (unsigned)(r + i));
        CHECK(w[i] == ref, "w[%d] = %u, expected %u", i, w[i], ref);
        CHECK(v[i] == (unsigned)(5 + i), "v[%d] = %u", i, v[i]);
    }
    return result_ok();
}
