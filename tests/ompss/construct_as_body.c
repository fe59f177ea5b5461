/* A construct directly as the statement of another, without braces between them (found by
 * the pragma mutation campaign, tests/mcc/fuzz): the inner construct's end is the outer
 * one's, and each must be lowered once.  All are valid OpenMP (gcc -fopenmp accepts
 * them); built with plain gcc the pragmas are ignored and the sums are the same. */
#include "ompss_check.h"

#define N 40

static int count(int *v, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int main(void)
{
    int hits[N] = {0};
    long total = 0;

    /* critical, then taskgroup: the tasks inside end before the critical section does */
#pragma omp critical
#pragma omp taskgroup
    {
        for (int i = 0; i < 4; i++) {
#pragma omp task shared(total)
            __atomic_add_fetch(&total, 1, __ATOMIC_RELAXED);
        }
    }
    CHECK(total == 4, "critical+taskgroup: total = %ld", total);

    /* task, then parallel (a team of one thread in nanort) */
#pragma omp task shared(hits)
#pragma omp parallel
    {
        hits[0] += 1;
    }
#pragma omp taskwait
    CHECK(hits[0] == 1, "task+parallel: hits[0] = %d", hits[0]);

    /* task, then taskgroup */
#pragma omp task shared(hits)
#pragma omp taskgroup
    {
        for (int i = 1; i < 5; i++) {
#pragma omp task shared(hits) firstprivate(i)
            hits[i] += i;
        }
    }
#pragma omp taskwait
    CHECK(count(hits, 5) == 1 + 1 + 2 + 3 + 4, "task+taskgroup: %d", count(hits, 5));

    /* critical, then master; critical, then parallel */
#pragma omp critical
#pragma omp master
    hits[5] = 5;
#pragma omp critical(other)
#pragma omp parallel
    hits[6] = 6;
    CHECK(hits[5] == 5 && hits[6] == 6, "critical+master/parallel: %d %d", hits[5], hits[6]);

    /* a section whose statement is a parallel region or a taskgroup */
#pragma omp sections
    {
#pragma omp section
#pragma omp parallel
        {
            hits[7] = 7;
        }
#pragma omp section
#pragma omp taskgroup
        {
#pragma omp task shared(hits)
            hits[8] = 8;
        }
    }
    CHECK(hits[7] == 7 && hits[8] == 8, "section+parallel/taskgroup: %d %d", hits[7], hits[8]);

    /* the first (implicit) section is a critical construct */
    int a = 0, b = 0;
#pragma omp sections
    {
#pragma omp critical
        {
            a = 11;
        }
#pragma omp section
        {
            b = 12;
        }
    }
    CHECK(a == 11 && b == 12, "sections+critical: %d %d", a, b);

    /* the unbraced body of a taskloop is a critical construct: kept, not dropped */
    long in = 0;
#pragma omp taskloop shared(in) grainsize(3)
    for (int i = 0; i < N; i++)
#pragma omp critical
    {
        long t = in;
        delay(1);
        in = t + i;
    }
    CHECK(in == (long)N * (N - 1) / 2, "taskloop+critical: %ld", in);
    printf("construct_as_body: ok\n");
    return 0;
}
