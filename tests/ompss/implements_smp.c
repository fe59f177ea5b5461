/* implements(fn) with two smp versions of one function task: the runtime may pick
 * either for each call, both compute the same result (the check), and every call
 * runs exactly one of them. */
#include "ompss_check.h"

#define N 32
#define CALLS 40

static int ran_a, ran_b;

#pragma omp target device(smp)
#pragma omp task inout([n]v)
void scale_a(long *v, int n, long k);

#pragma omp target device(smp) implements(scale_a)
#pragma omp task inout([n]v)
void scale_b(long *v, int n, long k);

void scale_a(long *v, int n, long k)
{
    __atomic_add_fetch(&ran_a, 1, __ATOMIC_SEQ_CST);
    for (int i = 0; i < n; i++)
        v[i] = v[i] * 3 + k;
}

/* the same computation written differently (backwards, by addition) */
void scale_b(long *v, int n, long k)
{
    __atomic_add_fetch(&ran_b, 1, __ATOMIC_SEQ_CST);
    for (int i = n - 1; i >= 0; i--)
        v[i] = v[i] + v[i] + v[i] + k;
}

int main(void)
{
    long v[4][N], ref[N];
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < N; i++)
            v[c][i] = i;
    for (int r = 0; r < CALLS; r++)
        for (int c = 0; c < 4; c++)
            scale_a(v[c], N, r % 5);
#pragma omp taskwait

    for (int i = 0; i < N; i++) {
        ref[i] = i;
        for (int r = 0; r < CALLS; r++)
            ref[i] = ref[i] * 3 + r % 5;
    }
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < N; i++)
            CHECK(v[c][i] == ref[i], "v[%d][%d] = %ld, expected %ld", c, i, v[c][i], ref[i]);
    CHECK(ran_a + ran_b == 4 * CALLS, "%d + %d implementations ran for %d calls", ran_a, ran_b,
          4 * CALLS);
    printf("scale_a ran %d times, scale_b %d times\n", ran_a, ran_b);
    return result_ok();
}
