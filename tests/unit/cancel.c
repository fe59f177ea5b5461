/*
 * cancel.c - Check suite for cancellation (nanort_cancel_begin/end, nanort_cancel; the
 * runtime's cancel.c), with OMP_CANCELLATION=true set before the runtime starts (each test
 * runs in a fork of its own): tasks of a cancelled taskgroup or parallel region, and chunks
 * of a cancelled for, that have not started are not run and release their dependences;
 * explicit tasks of a chunk are not discarded with the for; a running task sees the
 * cancellation at its cancellation point; the binding rules; nothing of it without
 * OMP_CANCELLATION, and omp_get_cancellation().
 */
#include "util.h"

#include <stdlib.h>

int omp_get_cancellation(void);         /* (mcc's omp.h declares them for programs) */
void omp_fulfill_event(nanort_event_handle event);

static long x, y;
static atomic_int ran, flag, child_ran, saw;

static int ran_now(void)
{
    return atomic_load(&ran);
}

static void cancel_on(void)
{
    setenv("OMP_CANCELLATION", "true", 1);
}

static void count(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_fetch_add(&ran, 1);
}

/* k: bit 0 the activate argument of its cancel, bit 1 what the cancel must answer */
static void blocker(void *p, long k)
{
    (void)p;
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_TASKGROUP, (int)(k & 1)), (int)(k >> 1));
}

/* A region of `kind` whose body creates first(k), then n tasks rest(1..n) that wait for
 * it, then calls between() (if any); its end waits for them.  How many ran (ran_now). */
static int region_behind(int kind, ut_body *first, long k, ut_body *rest, int n,
                         void (*between)(void))
{
    nanort_cancel_scope scope;
    nanort_cancel_begin(&scope, kind);
    UT_SPAWN(first, NULL, k, UT_OUT(&x, sizeof x));
    for (int i = 1; i <= n; i++)
        UT_SPAWN(rest, NULL, i, UT_IN(&x, sizeof x));
    if (between)
        between();
    nanort_taskwait();
    nanort_cancel_end(&scope);
    return ran_now();
}

/* A taskgroup of a blocker (nanort_cancel(NANORT_CANCEL_TASKGROUP, activate) answers
 * `want` there) and 20 tasks that wait for it: how many of those ran. */
static int group_behind_blocker(int activate, int want)
{
    return region_behind(NANORT_CANCEL_TASKGROUP, blocker, activate | want << 1, count, 20,
                         NULL);
}

START_TEST(cancel_taskgroup_discards_queued_tasks)
{
    /* 20 tasks wait for one that cancels their taskgroup: none runs; a task after the
     * group that depends on them runs (a discarded task's dependences are released). */
    cancel_on();
    ck_assert_int_eq(group_behind_blocker(1, 1), 0);
    UT_SPAWN(count, NULL, 0, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    ck_assert_int_eq(ran_now(), 1);
    ck_assert_int_eq(omp_get_cancellation(), 1);
}
END_TEST

START_TEST(cancel_if_false_discards_nothing)
{
    /* activate 0 (cancel ... if(false), a cancellation point): every task runs */
    cancel_on();
    ck_assert_int_eq(group_behind_blocker(0, 0), 20);
}
END_TEST

static void wait_flag(void *p, long k)
{
    (void)p;
    (void)k;
    ck_assert(ut_wait_at_least(&flag, 1, 20));
}

static void cancel_parallel_then_flag(void)
{
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_TASKGROUP, 1), 0);
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_PARALLEL, 0), 0);
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_PARALLEL, 1), 1);
    atomic_store(&flag, 1);
}

START_TEST(cancel_parallel_discards_its_tasks)
{
    /* tasks of a parallel region behind a blocker (registered only where two tasks of
     * one creator can run at once: the blocker waits for the region's body): the region's
     * cancel, by its own body, discards them; the taskgroup kind binds to no taskgroup
     * there */
    cancel_on();
    ut_settle();
    ck_assert_int_eq(region_behind(NANORT_CANCEL_PARALLEL, wait_flag, 0, count, 10,
                                   cancel_parallel_then_flag), 0);
}
END_TEST

START_TEST(cancel_parallel_discards_later_tasks)
{
    /* tasks a cancelled parallel region still creates (its body went on elsewhere, in an
     * orphaned cancel's caller) do not run */
    cancel_on();
    nanort_cancel_scope par;
    nanort_cancel_begin(&par, NANORT_CANCEL_PARALLEL);
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_PARALLEL, 1), 1);
    for (int i = 0; i < 10; i++)
        UT_SPAWN(count, NULL, i, UT_INOUT(&y, sizeof y));
    nanort_taskwait();
    nanort_cancel_end(&par);
    ck_assert_int_eq(ran_now(), 0);
    UT_SPAWN(count, NULL, 0, UT_INOUT(&y, sizeof y));
    nanort_taskwait();
    ck_assert_int_eq(ran_now(), 1);
}
END_TEST

static void chunk(void *p, long k)
{
    (void)p;
    if (k == 0) {
        ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_SECTIONS, 1), 0);   /* not a section */
        ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_FOR, 1), 1);
        UT_SPAWN_NODEPS(count, NULL, 0);   /* an explicit task of the chunk: not cancelled */
        nanort_taskwait();
        atomic_store(&child_ran, ran_now());
        return;
    }
    atomic_fetch_add(&ran, 100);
}

START_TEST(cancel_for_discards_unstarted_chunks)
{
    /* chunks 1..9 wait for chunk 0, which cancels the loop: they do not run, the task
     * chunk 0 creates after its cancel does */
    cancel_on();
    ck_assert_int_eq(region_behind(NANORT_CANCEL_FOR, chunk, 0, chunk, 9, NULL), 1);
    ck_assert_int_eq(atomic_load(&child_ran), 1);
}
END_TEST

static void child_cancels(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_store(&child_ran, 1);
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_TASKGROUP, 1), 1);
}

static void point_sees(void *p, long k)
{
    (void)p;
    (void)k;
    ck_assert_int_eq(nanort_cancel(NANORT_CANCEL_TASKGROUP, 0), 0);
    UT_SPAWN_NODEPS(child_cancels, NULL, 0);
    nanort_taskwait();
    atomic_store(&saw, nanort_cancel(NANORT_CANCEL_TASKGROUP, 0));
}

START_TEST(cancel_point_sees_a_childs_cancel)
{
    /* a running task's child cancels their taskgroup: the task's next cancellation point
     * says so; an inner group's cancel leaves the outer group alone */
    cancel_on();
    nanort_cancel_scope outer, inner;
    nanort_cancel_begin(&outer, NANORT_CANCEL_TASKGROUP);
    nanort_cancel_begin(&inner, NANORT_CANCEL_TASKGROUP);
    UT_SPAWN_NODEPS(point_sees, NULL, 0);
    nanort_taskwait();
    nanort_cancel_end(&inner);
    ck_assert_int_eq(atomic_load(&child_ran), 1);
    ck_assert_int_eq(atomic_load(&saw), 1);
    UT_SPAWN_NODEPS(count, NULL, 0);
    nanort_taskwait();
    nanort_cancel_end(&outer);
    ck_assert_int_eq(ran_now(), 1);
}
END_TEST

static void fulfil(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    atomic_fetch_add(&ran, 1);
    omp_fulfill_event(*(nanort_event_handle *)args);
}

static const struct nanort_impl fulfil_impl = {.device = NANORT_DEVICE_SMP, .run = fulfil,
                                               .name = "fulfil"};
static struct nanort_task_type fulfil_type = {.label = "fulfil", .nimpls = 1,
                                              .impls = &fulfil_impl};

static void detached_after_cancel(void)
{
    void *args;
    nanort_event_handle ev;
    nanort_task *t = nanort_task_create_detach(&fulfil_type, sizeof ev, 1, 1, &args, &ev);
    *(nanort_event_handle *)args = ev;
    nanort_task_region1(t, NANORT_DEP_IN, &x, sizeof x);
    nanort_task_submit(t, 0, 0);
}

START_TEST(cancel_keeps_detached_tasks)
{
    /* a detached task queued behind the cancel runs (its body fulfils its event; unrun,
     * the group would wait for it forever), the others do not */
    cancel_on();
    ck_assert_int_eq(region_behind(NANORT_CANCEL_TASKGROUP, blocker, 3, count, 5,
                                   detached_after_cancel), 1);
}
END_TEST

START_TEST(cancel_off_by_default)
{
    /* OMP_CANCELLATION unset: a cancel cancels nothing */
    unsetenv("OMP_CANCELLATION");
    ck_assert_int_eq(group_behind_blocker(1, 0), 20);
    ck_assert_int_eq(omp_get_cancellation(), 0);
}
END_TEST

int main(void)
{
    struct ut_runtime_info rt = ut_probe_runtime();
    Suite *s = suite_create("cancel");
    TCase *tc = ut_tcase(s, "cancel", 30);
    tcase_add_test(tc, cancel_taskgroup_discards_queued_tasks);
    tcase_add_test(tc, cancel_if_false_discards_nothing);
    if (rt.parallel)
        tcase_add_test(tc, cancel_parallel_discards_its_tasks);
    tcase_add_test(tc, cancel_parallel_discards_later_tasks);
    tcase_add_test(tc, cancel_for_discards_unstarted_chunks);
    tcase_add_test(tc, cancel_point_sees_a_childs_cancel);
    tcase_add_test(tc, cancel_keeps_detached_tasks);
    tcase_add_test(tc, cancel_off_by_default);
    return ut_run_suite(s);
}
