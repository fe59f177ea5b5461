/* taskloop with dependences: every generated task carries the clause's dependences, so
 * the chunks of a nogroup taskloop wait for the producer of what they read (in) and a
 * later task that reads the chunks' output waits for all of them (out on the array). */
#include "ompss_check.h"

#define N 1000

static double a[N], b[N], scale, total;

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = i;
#pragma omp task out(scale)
    {
        delay(SLOW);
        scale = 3.0;
    }
#pragma omp taskloop grainsize(100) nogroup in(scale) inout(b)
    for (int i = 0; i < N; i++)
        b[i] = a[i] * scale;
#pragma omp task in(b) out(total)
    for (int i = 0; i < N; i++)
        total += b[i];
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        CHECK(b[i] == 3.0 * i, "b[%d] = %g: a chunk ran before scale was set", i, b[i]);
    CHECK(total == 3.0 * N * (N - 1) / 2, "total = %g: the reader did not wait for the chunks", total);
    return result_ok();
}
