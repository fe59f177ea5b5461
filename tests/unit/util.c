/* util.c - helpers shared by the nanort Check suites (see util.h). */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct ut_args {
    ut_body *body;
    void *p;
    long k;
};

static void ut_trampoline(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct ut_args *a = args;
    a->body(a->p, a->k);
}

static const struct nanort_impl ut_impl = {NANORT_DEVICE_SMP, ut_trampoline, "ut_trampoline",
                                           NULL};
static struct nanort_task_type ut_type = {"ut_task", __FILE__, 1, &ut_impl, NULL};

void ut_spawn(ut_body *body, void *p, long k, unsigned submit_flags, int priority,
              unsigned nregions, const struct ut_region *regions)
{
    unsigned ndims = 0;
    for (unsigned i = 0; i < nregions; i++)
        ndims += regions[i].ndims;
    void *args;
    nanort_task *t = nanort_task_create(&ut_type, sizeof(struct ut_args), nregions, ndims, &args);
    *(struct ut_args *)args = (struct ut_args){body, p, k};
    for (unsigned i = 0; i < nregions; i++)
        nanort_task_region(t, regions[i].flags, regions[i].base, regions[i].ndims,
                           regions[i].dims);
    nanort_task_submit(t, submit_flags, priority);
}

double ut_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

void ut_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

bool ut_wait_at_least(atomic_int *v, int target, double seconds)
{
    double end = ut_now() + seconds;
    while (atomic_load(v) < target) {
        if (ut_now() > end)
            return false;
        struct timespec ts = {0, 200000};
        nanosleep(&ts, NULL);
    }
    return true;
}

bool ut_meet(atomic_int *arrived, int n, double seconds)
{
    atomic_fetch_add(arrived, 1);
    return ut_wait_at_least(arrived, n, seconds);
}

void ut_overlap_enter(struct ut_overlap *o)
{
    int now = atomic_fetch_add(&o->running, 1) + 1;
    int m = atomic_load(&o->max_running);
    while (now > m && !atomic_compare_exchange_weak(&o->max_running, &m, now))
        ;
}

void ut_overlap_leave(struct ut_overlap *o)
{
    atomic_fetch_sub(&o->running, 1);
}

int ut_overlap_max(struct ut_overlap *o)
{
    return atomic_load(&o->max_running);
}

static atomic_int ut_seq;

int ut_tick(void)
{
    return atomic_fetch_add(&ut_seq, 1);
}

struct inline_probe {
    pthread_t creator;
    atomic_int ran_in_creator;
};

static void inline_probe_body(void *p, long k)
{
    (void)k;
    struct inline_probe *ip = p;
    if (pthread_equal(pthread_self(), ip->creator))
        atomic_store(&ip->ran_in_creator, 1);
}

static bool sched_runs_inline(void)
{
    struct inline_probe ip = {pthread_self(), 0};
    ut_settle();
    UT_SPAWN_NODEPS(inline_probe_body, &ip, 0);
    int before_return = atomic_load(&ip.ran_in_creator);
    nanort_taskwait();
    return before_return;
}

struct ut_runtime_info ut_probe_runtime(void)
{
    struct ut_runtime_info info = {0, false};
    int fd[2];
    if (pipe(fd) != 0) {
        perror("pipe");
        exit(2);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(2);
    }
    if (pid == 0) {
        close(fd[0]);
        info.workers = nanort_num_workers();
        info.parallel = info.workers >= 2 && !sched_runs_inline();
        ssize_t w = write(fd[1], &info, sizeof info);
        _exit(w == (ssize_t)sizeof info ? 0 : 1);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], &info, sizeof info);
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    if (got != (ssize_t)sizeof info || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fprintf(stderr, "ut_probe_runtime: the probe child failed (status %d)\n", st);
        exit(2);
    }
    return info;
}

void ut_settle(void)
{
    nanort_init();
    ut_sleep_ms(50);
}

TCase *ut_tcase(Suite *s, const char *name, double timeout)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, timeout);
    suite_add_tcase(s, tc);
    return tc;
}

int ut_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
