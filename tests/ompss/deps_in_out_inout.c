/* in/out/inout between sibling tasks: read-after-write, write-after-read (a reader
 * must see the old value before a later writer replaces it) and write-after-write,
 * on scalars and array elements, for a grid of independent chains. */
#include "ompss_check.h"

#define N 16
#define STEPS 12

static unsigned x[N], seen[STEPS][N];

int main(void)
{
    for (int s = 0; s < STEPS; s++)
        for (int i = 0; i < N; i++) {
            if (s % 3 == 0) {
#pragma omp task out(x[i])
                {
                    delay(2);
                    x[i] = (unsigned)(s * 100 + i);
                }
            } else if (s % 3 == 1) {
#pragma omp task inout(x[i])
                {
                    delay(1);
                    x[i] = step(x[i], (unsigned)s);
                }
            }
#pragma omp task in(x[i]) out(seen[s][i])
            {
                delay(1);
                seen[s][i] = x[i];
            }
        }
    unsigned a = 1, b = 0;
#pragma omp task inout(a)
    {
        delay(4);
        a = step(a, 1);
    }
#pragma omp task in(a) out(b)
    b = a + 1;
#pragma omp task out(a)
    a = 50;
#pragma omp taskwait

    unsigned ref[N];
    for (int s = 0; s < STEPS; s++)
        for (int i = 0; i < N; i++) {
            if (s % 3 == 0)
                ref[i] = (unsigned)(s * 100 + i);
            else if (s % 3 == 1)
                ref[i] = step(ref[i], (unsigned)s);
            CHECK(seen[s][i] == ref[i], "step %d elem %d saw %u, expected %u", s, i,
                  seen[s][i], ref[i]);
        }
    CHECK(b == step(1, 1) + 1, "b = %u: the reader ran out of order", b);
    CHECK(a == 50, "a = %u: the last writer did not win", a);
    return result_ok();
}
