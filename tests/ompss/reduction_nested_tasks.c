/*
 * reduction_nested_tasks: tasks with in_reduction created inside the tasks of a taskloop
 * with reduction on the same variable, directly and through a task in between that shares
 * it.  The creating task keeps updating its own copy while the nested tasks run; the nested
 * tasks take part in the taskloop's reduction (OpenMP 5.0 2.19.5.6) and must not combine
 * into that copy behind its back (found by the ported array_reductions program under 4
 * workers: 1 run in 100 lost a contribution).  Scalars (long, double), an array, several
 * rounds; function tasks in the same places (a function task's copy is on its run's stack),
 * a shaped array [n]p, a recursive function task with a reduction; the reference is the
 * plain loop.
 */
#include "ompss_check.h"

#define N 60
#define B 5

/* A function task taking part in the reduction its caller's task belongs to. */
#pragma omp task in_reduction(+: *acc)
static void add_to(long *acc, int i)
{
    delay(i % 2);
    *acc += 2L * i;
}

/* A function task with its own reduction whose body creates tasks that take part in it
 * and keeps updating its copy (a function task's copy is on its run's stack). */
#pragma omp task reduction(+: *acc)
static void part(long *acc, int i)
{
    for (int k = 0; k < 3; k++)
        add_to(acc, 5 * i + k);
    for (int k = 0; k < 50; k++) {
        *acc += 1;
        __asm__ volatile("" ::: "memory");
    }
}

/* Recursion: each task's children take part in its reduction (OmpSs-2's reduction on a
 * recursive function task; the old lowering combined before the children ran: 0). */
#pragma omp task reduction(+: *s)
static void fib(int n, long *s)
{
    if (n < 2) {
        *s += n;
        return;
    }
    fib(n - 1, s);
    fib(n - 2, s);
}

/* A shaped array [n]p in a function task. */
#pragma omp task in_reduction(+: [n]v)
static void add_row(int n, long *v, int i)
{
    for (int b = 0; b < n; b++)
        v[b] += i + b;
}

int main(void)
{
    for (int round = 0; round < 20; round++) {
        long direct = 0, through = 0, arr[B] = {0}, called = 0, parts = 0;
        long *shaped = calloc(B, sizeof *shaped);
        long want_called = 0, want_parts = 0, want_shaped[B] = {0};
        for (int i = 0; i < N; i++) {
            want_called += 2L * i + 5;
            want_parts += 30L * i + 6 + 50;
            for (int b = 0; b < B; b++)
                want_shaped[b] += i + b + 1;
        }
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
#pragma omp taskloop reduction(+: called) grainsize(5)
            for (int i = 0; i < N; i++) {
                add_to(&called, i);
                for (int k = 0; k < 5; k++) {
                    called += 1;
                    __asm__ volatile("" ::: "memory");
                }
            }
#pragma omp taskgroup task_reduction(+: parts)
            for (int i = 0; i < N; i++)
                part(&parts, i);
#pragma omp taskloop reduction(+: [B]shaped) grainsize(6)
            for (int i = 0; i < N; i++) {
                add_row(B, shaped, i);
                for (int b = 0; b < B; b++) {
                    shaped[b] += 1;
                    __asm__ volatile("" ::: "memory");
                }
            }
        }
        long f = 0;
        fib(12 + round % 3, &f);
#pragma omp taskwait
        CHECK(f == (round % 3 == 0 ? 144 : round % 3 == 1 ? 233 : 377), "round %d: fib(%d) %ld",
              round, 12 + round % 3, f);
        CHECK(called == want_called, "round %d: called %ld, want %ld", round, called,
              want_called);
        CHECK(parts == want_parts, "round %d: parts %ld, want %ld", round, parts, want_parts);
        for (int b = 0; b < B; b++)
            CHECK(shaped[b] == want_shaped[b], "round %d: shaped[%d] %ld, want %ld", round, b,
                  shaped[b], want_shaped[b]);
        free(shaped);
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
