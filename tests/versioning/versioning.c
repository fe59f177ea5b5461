/*
 * versioning.c - Check suite for the choice among implementations (nanort/versioning.c):
 * with two smp versions of one task, one 10x slower, nearly every instance runs the fast
 * one once learned; with versions whose cost depends on the data size, the choice flips
 * at the crossover; one slow sample (a preempted run) does not stop the trials of the
 * faster version, two stop those of a far slower one; implementations of every instance
 * are counted exactly once.
 */
#include <check.h>
#include <nanort.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Busy for `ns` nanoseconds of wall time (a task body of a known duration). */
static void spin_ns(uint64_t ns)
{
    uint64_t end = now_ns() + ns;
    while (now_ns() < end)
        ;
}

struct work {
    char *buf;
    size_t bytes;
};

static atomic_long ran[2];

/* ---- one version 10x slower than the other ------------------------------------------ */

static void fast_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&ran[0], 1);
    spin_ns(20000);
}

static void slow_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&ran[1], 1);
    spin_ns(200000);
}

static const struct nanort_impl two_impls[] = {
    {NANORT_DEVICE_SMP, slow_run, "slow", NULL},
    {NANORT_DEVICE_SMP, fast_run, "fast", NULL},
};
static struct nanort_task_type two_type = {"two_speeds", __FILE__, 2, two_impls, NULL};

START_TEST(versioning_prefers_the_fast_version)
{
    enum { N = 400 };
    static char cells[N];
    for (int i = 0; i < N; i++) {
        void *args;
        nanort_task *t = nanort_task_create(&two_type, 0, 1, 1, &args);
        nanort_task_region1(t, NANORT_DEP_INOUT, &cells[i], 1);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
    long f = atomic_load(&ran[0]), s = atomic_load(&ran[1]);
    ck_assert_int_eq(f + s, N);
    ck_assert_msg(f >= N * 95 / 100, "fast version ran %ld of %d instances (slow %ld)", f, N, s);
}
END_TEST

/* ---- versions whose cost depends on the data size ----------------------------------- */
/* flat: 100 us whatever the size; linear: 50 ns per byte (crossover at 2000 bytes). */

static void flat_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&ran[0], 1);
    spin_ns(100000);
}

static void linear_run(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct work *w = args;
    atomic_fetch_add(&ran[1], 1);
    spin_ns(50 * (uint64_t)w->bytes);
}

static const struct nanort_impl size_impls[] = {
    {NANORT_DEVICE_SMP, flat_run, "flat", NULL},
    {NANORT_DEVICE_SMP, linear_run, "linear", NULL},
};
static struct nanort_task_type size_type = {"size_dependent", __FILE__, 2, size_impls, NULL};

static void run_sized(char *buf, size_t bytes, int n)
{
    for (int i = 0; i < n; i++) {
        struct work *w;
        nanort_task *t = nanort_task_create(&size_type, sizeof *w, 1, 1, (void **)&w);
        w->buf = buf;
        w->bytes = bytes;
        nanort_task_region1(t, NANORT_DEP_INOUT, buf + (size_t)(i % 4) * bytes, bytes);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
}

START_TEST(versioning_choice_flips_at_the_crossover)
{
    enum { N = 150 };
    char *buf = calloc(4, 16384);
    ck_assert_ptr_nonnull(buf);
    run_sized(buf, 256, N);           /* linear: 12.8 us, flat: 100 us */
    long small_flat = atomic_exchange(&ran[0], 0), small_lin = atomic_exchange(&ran[1], 0);
    run_sized(buf, 16384, N);         /* linear: 819 us, flat: 100 us */
    long big_flat = atomic_exchange(&ran[0], 0), big_lin = atomic_exchange(&ran[1], 0);
    free(buf);
    ck_assert_int_eq(small_flat + small_lin, N);
    ck_assert_int_eq(big_flat + big_lin, N);
    ck_assert_msg(small_lin >= N * 9 / 10, "small data: linear ran %ld of %d", small_lin, N);
    ck_assert_msg(big_flat >= N * 9 / 10, "big data: flat ran %ld of %d", big_flat, N);
}
END_TEST

/* ---- one slow sample: a run slowed down by the machine ---------------------------- */
/* A chain of instances (one runs at a time, so the trials come in a known order: the
 * least tried version, the first one on a tie).  The fast version's second run, its first
 * measured one, takes 10 ms as a preempted worker's would; its other runs 20 us against
 * the other version's 200 us.  One slow sample once stopped its trials for good: the
 * other version then ran the whole chain. */

static atomic_long fast_runs;

static void once_slow_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&ran[0], 1);
    spin_ns(atomic_fetch_add(&fast_runs, 1) == 1 ? 10000000 : 20000);
}

static const struct nanort_impl once_slow_impls[] = {
    {NANORT_DEVICE_SMP, slow_run, "slow", NULL},
    {NANORT_DEVICE_SMP, once_slow_run, "fast_but_once", NULL},
};
static struct nanort_task_type once_slow_type = {"one_slow_sample", __FILE__, 2,
                                                 once_slow_impls, NULL};

static void run_chain(struct nanort_task_type *type, int n)
{
    static char cell;
    for (int i = 0; i < n; i++) {
        void *args;
        nanort_task *t = nanort_task_create(type, 0, 1, 1, &args);
        nanort_task_region1(t, NANORT_DEP_INOUT, &cell, 1);
        nanort_task_submit(t, 0, 0);
    }
    nanort_taskwait();
}

START_TEST(versioning_one_slow_sample_keeps_the_fast_version)
{
    enum { N = 60 };
    run_chain(&once_slow_type, N);
    long f = atomic_load(&ran[0]), s = atomic_load(&ran[1]);
    ck_assert_int_eq(f + s, N);
    ck_assert_int_eq(atomic_load(&fast_runs), f);
    ck_assert_msg(f >= N - 8, "fast version ran %ld of %d instances (slow %ld) after one slow "
                  "sample", f, N, s);
}
END_TEST

/* The other side of the rule: a version whose measured runs are all far slower (5 ms
 * against 20 us) stops its trials after two of them, its first run (discarded) and two
 * measured: three runs, not the 1 + --versioning-min-trials of a close version. */
static void very_slow_run(void *args, nanort_ctx *ctx)
{
    (void)args, (void)ctx;
    atomic_fetch_add(&ran[1], 1);
    spin_ns(5000000);
}

static const struct nanort_impl very_slow_impls[] = {
    {NANORT_DEVICE_SMP, fast_run, "fast", NULL},
    {NANORT_DEVICE_SMP, very_slow_run, "very_slow", NULL},
};
static struct nanort_task_type very_slow_type = {"very_slow_stops", __FILE__, 2,
                                                 very_slow_impls, NULL};

START_TEST(versioning_two_slow_samples_stop_the_trials)
{
    enum { N = 40 };
    run_chain(&very_slow_type, N);
    long f = atomic_load(&ran[0]), s = atomic_load(&ran[1]);
    ck_assert_int_eq(f + s, N);
    ck_assert_msg(s <= 3, "the 250x slower version ran %ld times of %d", s, N);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("versioning");
    TCase *tc = tcase_create("choice");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, versioning_prefers_the_fast_version);
    tcase_add_test(tc, versioning_choice_flips_at_the_crossover);
    tcase_add_test(tc, versioning_one_slow_sample_keeps_the_fast_version);
    tcase_add_test(tc, versioning_two_slow_samples_stop_the_trials);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_FORK);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
