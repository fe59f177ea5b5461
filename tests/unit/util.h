/*
 * util.h - helpers shared by the nanort Check suites (tests/unit/).
 *
 * Tests use the public API only (include/nanort.h).  Every task a test creates goes
 * through ut_spawn(): one generic task type whose body calls a plain C function
 * `void body(void *p, long k)` with a shared pointer and an integer, so a test reads as
 * "spawn body(p, k) with these regions".
 *
 *     UT_SPAWN(writer, &st, 3, UT_OUT(&x, sizeof x));
 *     UT_SPAWN(reader, &st, 4, UT_IN(&x, sizeof x), UT_SEC(NANORT_DEP_IN, a, 100, 10, 20));
 *     nanort_taskwait();
 */
#ifndef UT_UTIL_H
#define UT_UTIL_H

#include <check.h>
#include <nanort.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

typedef void ut_body(void *p, long k);

/* One dependence region as a test writes it: up to 3 dimensions. */
struct ut_region {
    unsigned flags;
    const void *base;
    unsigned ndims;
    struct nanort_dim dims[3];
};

/* Contiguous `bytes` bytes at `addr`. */
#define UT_R1(mode, addr, bytes) ((struct ut_region){(mode), (addr), 1, {{(bytes), 0, (bytes)}}})
#define UT_IN(addr, bytes) UT_R1(NANORT_DEP_IN, addr, bytes)
#define UT_OUT(addr, bytes) UT_R1(NANORT_DEP_OUT, addr, bytes)
#define UT_INOUT(addr, bytes) UT_R1(NANORT_DEP_INOUT, addr, bytes)
/* Elements [lo, lo+len) of the array `arr` of `n` elements (a 1-D section). */
#define UT_SEC(mode, arr, n, lo, len)                                                      \
    ((struct ut_region){(mode), (arr), 1,                                                  \
                        {{(n) * sizeof *(arr), (lo) * sizeof *(arr), (len) * sizeof *(arr)}}})
/* Tile rows [r0, r0+h) x cols [c0, c0+w) of a rows x cols matrix of `esz`-byte elements. */
#define UT_TILE2(mode, m, rows, cols, esz, r0, h, c0, w)                                   \
    ((struct ut_region){(mode), (m), 2,                                                    \
                        {{(cols) * (esz), (c0) * (esz), (w) * (esz)}, {(rows), (r0), (h)}}})
/* Box [z0,z0+d) x [r0,r0+h) x [c0,c0+w) of a nz x rows x cols array of `esz`-byte elements. */
#define UT_TILE3(mode, m, nz, rows, cols, esz, z0, d, r0, h, c0, w)                        \
    ((struct ut_region){(mode), (m), 3,                                                    \
                        {{(cols) * (esz), (c0) * (esz), (w) * (esz)},                      \
                         {(rows), (r0), (h)},                                              \
                         {(nz), (z0), (d)}}})

/* Create and submit a task running body(p, k) with the given regions. */
void ut_spawn(ut_body *body, void *p, long k, unsigned submit_flags, int priority,
              unsigned nregions, const struct ut_region *regions);
#define UT_SPAWN(body, p, k, ...)                                                          \
    do {                                                                                   \
        const struct ut_region ut_r_[] = {__VA_ARGS__};                                    \
        ut_spawn((body), (p), (k), 0, 0, sizeof ut_r_ / sizeof ut_r_[0], ut_r_);           \
    } while (0)
#define UT_SPAWN_NODEPS(body, p, k) ut_spawn((body), (p), (k), 0, 0, 0, NULL)

/* Wait (sleeping in small steps) until *v >= target; false after `seconds`. */
bool ut_wait_at_least(atomic_int *v, int target, double seconds);
/* A rendezvous of `n` tasks: each calls ut_meet(); true when all n arrived in time.
 * Proves that n tasks were running at the same time. */
bool ut_meet(atomic_int *arrived, int n, double seconds);
void ut_sleep_ms(int ms);
double ut_now(void);

/* Running-count tracker for "never two at once" / "overlap allowed" checks. */
struct ut_overlap {
    atomic_int running;
    atomic_int max_running;
};
void ut_overlap_enter(struct ut_overlap *o);
void ut_overlap_leave(struct ut_overlap *o);
/* Most tasks that were inside at once. */
int ut_overlap_max(struct ut_overlap *o);

/* Event order: each call returns the next number of one global sequence. */
int ut_tick(void);

/* What the runtime under test looks like, learnt in a forked child so that the
 * suite's own process never starts the runtime: Check forks every test from it, and
 * ThreadSanitizer does not allow a child of a multi-threaded process to start threads.
 *   workers    nanort_num_workers()
 *   parallel   >= 2 workers and the policy does not run a task that is ready at
 *              submission in its creator (with the workers idle), so two tasks created
 *              by one thread can run at once: the rendezvous tests are registered. */
struct ut_runtime_info {
    int workers;
    bool parallel;
};
struct ut_runtime_info ut_probe_runtime(void);

/* Start the runtime and give the workers time to go idle, so that a policy that
 * runs new tasks in their creator while no worker is idle (wf) hands them out. */
void ut_settle(void);

/* Add a test-case with the suite's standard timeout (seconds). */
TCase *ut_tcase(Suite *s, const char *name, double timeout);
/* Run the suite in fork mode, print Check's summary, return the exit status. */
int ut_run_suite(Suite *s);

#endif /* UT_UTIL_H */
