/*
 * reduction_nested_tasks: tasks with in_reduction created inside the tasks of a taskloop
 * with reduction on the same variable, directly and through a task in between that shares
 * it.  The creating task keeps updating its own copy while the nested tasks run; the nested
 * tasks take part in the taskloop's reduction (OpenMP 5.0 2.19.5.6) and must not combine
 * into that copy behind its back (found by the ported array_reductions program under 4
 * workers: 1 run in 100 lost a contribution).  Scalars (long, double), an array, several
 * rounds; the reference is the plain loop.
 */
#include "ompss_check.h"

#define N 60
#define B 5

int main(void)
{
    for (int round = 0; round < 20; round++) {
        long direct = 0, through = 0, arr[B] = {0};
        double half = 0;
        long want_direct = 0, want_through = 0, want_arr[B] = {0};
        double want_half = 0;
        for (int i = 0; i < N; i++) {
            want_direct += i + 1000;
            want_through += 3L * i + 7;
            want_arr[i % B] += i;
            want_arr[(i + 2) % B] += 100;
            want_half += i * 0.5 + 10;
        }
#pragma omp parallel
#pragma omp single
        {
#pragma omp taskloop reduction(+: direct) grainsize(4)
            for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: direct) firstprivate(i)
                {
                    delay(i % 3);
                    direct += i;
                }
                for (int k = 0; k < 1000; k++) {    /* the creator's own updates */
                    direct += 1;
                    __asm__ volatile("" ::: "memory");
                }
            }
#pragma omp taskloop reduction(+: through) num_tasks(6)
            for (int i = 0; i < N; i++) {
#pragma omp task shared(through) firstprivate(i)
                {
#pragma omp task in_reduction(+: through) firstprivate(i)
                    {
                        delay(i % 2);
                        through += 3L * i;
                    }
                }
                for (int k = 0; k < 7; k++) {
                    through += 1;
                    delay(1);
                }
            }
#pragma omp taskloop reduction(+: arr) grainsize(6)
            for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: arr) firstprivate(i)
                arr[i % B] += i;
                for (int k = 0; k < 100; k++) {
                    arr[(i + 2) % B] += 1;
                    __asm__ volatile("" ::: "memory");
                }
            }
#pragma omp taskloop reduction(+: half) grainsize(7)
            for (int i = 0; i < N; i++) {
#pragma omp task in_reduction(+: half) firstprivate(i)
                half += i * 0.5;
                for (int k = 0; k < 10; k++) {
                    half += 1;
                    __asm__ volatile("" ::: "memory");
                }
            }
        }
        CHECK(direct == want_direct, "round %d: direct %ld, want %ld", round, direct, want_direct);
        CHECK(through == want_through, "round %d: through %ld, want %ld", round, through,
              want_through);
        for (int b = 0; b < B; b++)
            CHECK(arr[b] == want_arr[b], "round %d: arr[%d] %ld, want %ld", round, b, arr[b],
                  want_arr[b]);
        CHECK(half == want_half, "round %d: half %.1f, want %.1f", round, half, want_half);
    }
    printf("result: OK\n");
    return 0;
}
