/*
 * persist.c - runs 40 instances of a task with a fast and a 10x slower smp version and
 * prints "slow=N fast=M"; persist.sh runs it twice with one --perf-model-dir and checks
 * that the second run needs no trials of the slow version.
 */
#include <nanort.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static atomic_long nslow, nfast;

static void spin_us(long us)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1000000L + (b.tv_nsec - a.tv_nsec) / 1000 < us);
}

static void slow_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&nslow, 1);
    spin_us(300);
}

static void fast_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&nfast, 1);
    spin_us(30);
}

static const struct nanort_impl impls[] = {
    {NANORT_DEVICE_SMP, slow_run, "slow", NULL},
    {NANORT_DEVICE_SMP, fast_run, "fast", NULL},
};
static struct nanort_task_type type = {"persisted", __FILE__, 2, impls, NULL};

int main(void)
{
    static char cells[40];
    for (int i = 0; i < 40; i++) {
        void *args;
        nanort_task *t = nanort_task_create(&type, 0, 1, 1, &args);
        nanort_task_region1(t, NANORT_DEP_INOUT, &cells[i], 1);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
    printf("slow=%ld fast=%ld\n", atomic_load(&nslow), atomic_load(&nfast));
    return 0;
}
