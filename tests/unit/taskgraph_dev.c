/*
 * taskgraph_dev.c - Check suite for recorded task graphs whose tasks run on accelerators
 * (the fake device of fakedev.c: separate memory filled with garbage, lazy copies), so
 * that a replay which reused a stale implementation choice, a stale staging or skipped a
 * copy computes wrong data.  Results are compared with the same updates run in order on
 * the host.  TGD_PLAIN=1 runs the blocks as plain code (if(false)): the check of the
 * reference itself.
 */
#include "fakedev.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NB 4
#define N 256
#define RUNS 12

static double x[NB][N], y[NB][N], ref_x[NB][N], ref_y[NB][N];

static void env(const char *nspaces, const char *extra)
{
    char args[512];
    const char *base = getenv("NX_ARGS");
    snprintf(args, sizeof args, "%s %s", base ? base : "", extra ? extra : "");
    setenv("NX_ARGS", args, 1);
    setenv("FAKEDEV_N", nspaces, 1);
}

/* x = x * 1.5 + k */
static void scale_add(void **p, long k)
{
    double *v = p[0];
    for (int i = 0; i < N; i++)
        v[i] = v[i] * 1.5 + (double)k;
}

/* y = y + 2 x */
static void axpy2(void **p, long k)
{
    (void)k;
    const double *a = p[0];
    double *b = p[1];
    for (int i = 0; i < N; i++)
        b[i] += 2.0 * a[i];
}

/* x = x - y / 4 (reads the neighbour block's y: k is its index) */
static void mix_back(void **p, long k)
{
    (void)k;
    double *a = p[0];
    const double *b = p[1];
    for (int i = 0; i < N; i++)
        a[i] -= b[i] / 4.0;
}

static void graph_body(void)
{
    for (int b = 0; b < NB; b++)
        FD_SPAWN(&fd_type_dev, scale_add, b + 1, FD_PTRS(x[b]), FD_INOUT(x[b], sizeof x[b]));
    for (int b = 0; b < NB; b++)
        FD_SPAWN(&fd_type_both, axpy2, 0, FD_PTRS(x[b], y[b]), FD_IN(x[b], sizeof x[b]),
                 FD_INOUT(y[b], sizeof y[b]));
    for (int b = 0; b < NB; b++) {
        int o = (b + 1) % NB;
        FD_SPAWN(&fd_type_smp, mix_back, o, FD_PTRS(x[b], y[o]), FD_INOUT(x[b], sizeof x[b]),
                 FD_IN(y[o], sizeof y[o]));
    }
}

static void reference_run(void)
{
    for (int b = 0; b < NB; b++) {
        void *p[] = {ref_x[b]};
        scale_add(p, b + 1);
    }
    for (int b = 0; b < NB; b++) {
        void *p[] = {ref_x[b], ref_y[b]};
        axpy2(p, 0);
    }
    for (int b = 0; b < NB; b++) {
        int o = (b + 1) % NB;
        void *p[] = {ref_x[b], ref_y[o]};
        mix_back(p, o);
    }
}

static void init(void)
{
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < N; i++) {
            x[b][i] = ref_x[b][i] = (double)((b * 7 + i) % 11) / 8.0;
            y[b][i] = ref_y[b][i] = (double)(i % 5) / 4.0;
        }
}

static void check(void)
{
    for (int b = 0; b < NB; b++)
        for (int i = 0; i < N; i++) {
            ck_assert_msg(x[b][i] == ref_x[b][i], "x[%d][%d] = %g, expected %g", b, i, x[b][i],
                          ref_x[b][i]);
            ck_assert_msg(y[b][i] == ref_y[b][i], "y[%d][%d] = %g, expected %g", b, i, y[b][i],
                          ref_y[b][i]);
        }
}

/* RUNS encounters of one graph mixing device-only, either-device and host tasks. */
static void runs(unsigned flags)
{
    static struct nanort_taskgraph tg = {"taskgraph_dev", NULL};
    init();
    for (int r = 0; r < RUNS; r++) {
        struct nanort_taskgraph_exec e;
        if (nanort_taskgraph_begin(&tg, &e, 0, flags | (getenv("TGD_PLAIN") ? NANORT_TASKGRAPH_NORECORD : 0)))
            graph_body();
        nanort_taskgraph_end(&e);
        reference_run();
    }
    nanort_taskwait();
    check();
}

START_TEST(taskgraph_device_tasks_replay_right)
{
    /* One fake device, versioning picks per instance. */
    env("1", NULL);
    runs(0);
    ck_assert_uint_gt(fd_stats(0).tasks, 0);
}
END_TEST

START_TEST(taskgraph_device_tasks_alternate_spaces)
{
    /* Two fake devices and the host in turn for every instance (round-robin): a replayed
     * task runs where this run sends it, with its inputs copied there. */
    env("2", "--dispatch=round-robin");
    runs(0);
    ck_assert_uint_gt(fd_stats(0).tasks, 0);
    ck_assert_uint_gt(fd_stats(1).tasks, 0);
}
END_TEST

START_TEST(taskgraph_device_tasks_nogroup_async)
{
    /* Kernels run late (when their completion is waited for) and replays follow each
     * other without a wait (nogroup). */
    setenv("FAKEDEV_ASYNC", "1", 1);
    env("2", "--dispatch=round-robin");
    runs(NANORT_TASKGRAPH_NOGROUP);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("taskgraph_dev");
    TCase *tc = ut_tcase(s, "devices", 60);
    tcase_add_test(tc, taskgraph_device_tasks_replay_right);
    tcase_add_test(tc, taskgraph_device_tasks_alternate_spaces);
    tcase_add_test(tc, taskgraph_device_tasks_nogroup_async);
    return ut_run_suite(s);
}
