/* A nested multidependence whose inner bound names the outer iterator,
 * `in({ {a[i][j], j = 0;width(i)}, i = 0;N })`, evaluates that bound once per value of i,
 * as the loop nest it stands for does in C, and the task waits for exactly those
 * elements (a triangle, its last element written slowly), also on a taskwait, once for
 * all the tasks of a taskloop, in a task included under final and on a function task's
 * parameters (which mcc refused: "'j' is local").  mcc evaluated the bound in the loops
 * that counted the task's regions and again in those that added them (in each task of a
 * taskloop): twice the calls, and from a bound that grows with its calls more regions
 * than the task was created with; under final, not at all. */
#include "ompss_check.h"

#define N 6

static unsigned a[N][N + 1], seen[4];
static int calls;

/* i + 1 the first N calls; more later (a second evaluation sees a wider row); i is long,
 * an iterator's type */
static long width(long i)
{
    return i + 1 + (calls++ >= N);
}

/* the same on a function task's parameters */
#pragma omp task in({ {p[i * (N + 1) + j], j = 0;width(i)}, i = 0;n }) inout(*out)
static void triangle(const unsigned *p, int n, unsigned *out)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            *out += p[i * (N + 1) + j];
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
#pragma omp task out(a[i][j])
            {
                delay(i == N - 1 && j == i ? SLOW : 3);
                a[i][j] = (unsigned)(10 * i + j);
            }
        }
    unsigned sum = 0, want = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            want += (unsigned)(10 * i + j);
#pragma omp task in({ {a[i][j], j = 0;width(i)}, i = 0;N }) inout(sum)
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            sum += a[i][j];
#pragma omp taskwait
    CHECK(sum == want, "sum %u, expected %u", sum, want);
    CHECK(calls == IF_OMPSS(N, 0), "width called %d times, expected %d", calls,
          IF_OMPSS(N, 0));

    calls = 0;
#pragma omp task out(a[N - 1][N - 1])
    {
        delay(SLOW);
        a[N - 1][N - 1] = 1000;
    }
#pragma omp taskwait on({ {a[i][j], j = 0;width(i)}, i = 0;N })
    CHECK(a[N - 1][N - 1] == 1000, "the taskwait did not wait for a[%d][%d]", N - 1, N - 1);
    CHECK(calls == IF_OMPSS(N, 0), "taskwait: width called %d times, expected %d", calls,
          IF_OMPSS(N, 0));

    /* a taskloop evaluates its clauses once, however many tasks it makes */
    calls = 0;
#pragma omp taskloop grainsize(1) in({ {a[i][j], j = 0;width(i)}, i = 0;N })
    for (int k = 0; k < 4; k++)
        seen[k] = a[N - 1][N - 1] + (unsigned)k;
#pragma omp taskwait
    CHECK(seen[3] == 1003, "the taskloop's task saw %u, expected 1003", seen[3]);
    CHECK(calls == IF_OMPSS(N, 0), "taskloop: width called %d times, expected %d", calls,
          IF_OMPSS(N, 0));

    /* a task included under final evaluates it as a task does */
    calls = 0;
#pragma omp task final(1)
    {
#pragma omp task in({ {a[i][j], j = 0;width(i)}, i = 0;N })
        seen[0] = a[N - 1][N - 1];
    }
#pragma omp taskwait
    CHECK(seen[0] == 1000, "the included task saw %u, expected 1000", seen[0]);
    CHECK(calls == IF_OMPSS(N, 0), "under final: width called %d times, expected %d", calls,
          IF_OMPSS(N, 0));

    calls = 0;
    unsigned tri = 0, tri_want = 0;
    triangle(&a[0][0], N, &tri);
#pragma omp taskwait
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            tri_want += a[i][j];
    CHECK(tri == tri_want, "function task: sum %u, expected %u", tri, tri_want);
    CHECK(calls == IF_OMPSS(N, 0), "function task: width called %d times, expected %d", calls,
          IF_OMPSS(N, 0));
    return result_ok();
}
