/*
 * throttle.c - Check suite for throttling: programs that create a million and more
 * tiny tasks complete and stay in bounded memory (make check runs it with a small
 * --throttle-limit).
 *
 * UT_THROTTLE_TASKS (default 1500000) and UT_THROTTLE_MAX_RSS_MB (default 64) let
 * the sanitizer runs use fewer tasks and a bound that allows for their shadow memory.
 */
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static long ntasks;
static long max_rss_mb;
static atomic_long done;

static long env_long(const char *name, long dflt)
{
    const char *v = getenv(name);
    return v && *v ? atol(v) : dflt;
}

static long rss_mb(void)
{
    struct rusage ru;
    ck_assert_int_eq(getrusage(RUSAGE_SELF, &ru), 0);
    return ru.ru_maxrss / 1024; /* kilobytes on Linux */
}

static void check_rss(void)
{
    long mb = rss_mb();
    ck_assert_msg(mb <= max_rss_mb, "max RSS %ld MB exceeds the bound of %ld MB", mb, max_rss_mb);
}

static void tiny(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_fetch_add_explicit(&done, 1, memory_order_relaxed);
}

START_TEST(throttle_million_independent_tasks)
{
    /* ntasks independent tiny tasks all run, and max RSS stays under the bound. */
    for (long i = 0; i < ntasks; i++)
        UT_SPAWN_NODEPS(tiny, NULL, i);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&done), ntasks);
    check_rss();
}
END_TEST

enum { CHAINS = 8 };
static unsigned long chain[CHAINS];

static void chain_step(void *p, long k)
{
    unsigned long *c = p;
    *c = *c * 3 + (unsigned long)k;
}

START_TEST(throttle_chains_with_dependences)
{
    /* ntasks/2 tasks in 8 interleaved inout chains (each blocked behind its
     * predecessor when created) give the sequential result in bounded memory. */
    unsigned long want[CHAINS] = {0};
    long n = ntasks / 2;
    for (long i = 0; i < n; i++) {
        unsigned long *c = &chain[i % CHAINS];
        UT_SPAWN(chain_step, c, i, UT_INOUT(c, sizeof *c));
        want[i % CHAINS] = want[i % CHAINS] * 3 + (unsigned long)i;
    }
    nanort_taskwait();
    for (int c = 0; c < CHAINS; c++)
        ck_assert_msg(chain[c] == want[c], "chain %d: %lu, expected %lu", c, chain[c], want[c]);
    check_rss();
}
END_TEST

static long gate;

static void slow_gate(void *p, long k)
{
    (void)p;
    (void)k;
    ut_sleep_ms(100);
    gate = 1;
}

static void gate_reader(void *p, long k)
{
    (void)p;
    (void)k;
    if (gate == 1)
        atomic_fetch_add_explicit(&done, 1, memory_order_relaxed);
}

START_TEST(throttle_tasks_blocked_behind_gate)
{
    /* ntasks/2 readers created while a slow writer holds their input: the creator
     * cannot run them, yet memory stays bounded and all see the writer's value. */
    long n = ntasks / 2;
    UT_SPAWN(slow_gate, NULL, 0, UT_OUT(&gate, sizeof gate));
    for (long i = 0; i < n; i++)
        UT_SPAWN(gate_reader, NULL, i, UT_IN(&gate, sizeof gate));
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&done), n);
    check_rss();
}
END_TEST

static void creator(void *p, long k)
{
    (void)p;
    for (long i = 0; i < k; i++)
        UT_SPAWN_NODEPS(tiny, NULL, i);
    nanort_taskwait();
}

START_TEST(throttle_creation_inside_tasks)
{
    /* Two tasks each creating ntasks/4 children (throttling applies to nested
     * creators too) complete in bounded memory. */
    long n = ntasks / 4;
    UT_SPAWN_NODEPS(creator, NULL, n);
    UT_SPAWN_NODEPS(creator, NULL, n);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&done), 2 * n);
    check_rss();
}
END_TEST

START_TEST(throttle_waves_reuse_memory)
{
    /* Ten waves of ntasks/10 tasks separated by taskwait: memory from one wave is
     * reused by the next. */
    long n = ntasks / 10;
    for (int w = 0; w < 10; w++) {
        for (long i = 0; i < n; i++)
            UT_SPAWN_NODEPS(tiny, NULL, i);
        nanort_taskwait();
    }
    ck_assert_int_eq(atomic_load(&done), 10 * n);
    check_rss();
}
END_TEST

/* Fresh state for every test (also when Check runs without fork, CK_FORK=no). */
static void throttle_setup(void)
{
    atomic_store(&done, 0);
    gate = 0;
    memset(chain, 0, sizeof chain);
}

int main(void)
{
    ntasks = env_long("UT_THROTTLE_TASKS", 1500000);
    max_rss_mb = env_long("UT_THROTTLE_MAX_RSS_MB", 64);
    Suite *s = suite_create("throttle");
    TCase *tc = ut_tcase(s, "throttle", 240);
    tcase_add_checked_fixture(tc, throttle_setup, NULL);
    tcase_add_test(tc, throttle_million_independent_tasks);
    tcase_add_test(tc, throttle_chains_with_dependences);
    tcase_add_test(tc, throttle_tasks_blocked_behind_gate);
    tcase_add_test(tc, throttle_creation_inside_tasks);
    tcase_add_test(tc, throttle_waves_reuse_memory);
    return ut_run_suite(s);
}
