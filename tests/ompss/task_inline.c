/* Inline tasks on every kind of statement (expression, compound, for, if, call,
 * do-while) with dependences on globals, run in program order where they conflict. */
#include "ompss_check.h"

#define N 32

static unsigned a[N], total, flag;

static void add_all(unsigned k)
{
    for (int i = 0; i < N; i++)
        a[i] += k;
}

int main(void)
{
#pragma omp task out(a)
    {
        delay(5);
        for (int i = 0; i < N; i++)
            a[i] = (unsigned)i;
    }
#pragma omp task inout(a)
    for (int i = 0; i < N; i++)
        a[i] *= 2;
#pragma omp task inout(a)
    add_all(3);
#pragma omp task inout(a) in(flag)
    if (flag == 0)
        a[0] = 1000;
#pragma omp task inout(a)
    a[1] += 7;
#pragma omp task in(a) out(total)
    {
        int i = 0;
        total = 0;
        do
            total = step(total, a[i]);
        while (++i < N);
    }
#pragma omp taskwait

    unsigned ref[N], rtotal = 0;
    for (int i = 0; i < N; i++)
        ref[i] = 2u * (unsigned)i + 3;
    ref[0] = 1000;
    ref[1] += 7;
    for (int i = 0; i < N; i++) {
        CHECK(a[i] == ref[i], "a[%d] = %u, expected %u", i, a[i], ref[i]);
        rtotal = step(rtotal, ref[i]);
    }
    CHECK(total == rtotal, "total = %u, expected %u", total, rtotal);
    return result_ok();
}
