/*
 * sched.c - Check suite for scheduling: the selected policy (make check runs this
 * suite once per policy and worker count) runs a mixed graph correctly, priorities,
 * undeferred (if-false) and final tasks, taskyield, critical sections, the omp_* and
 * nanort_* queries.
 */
#include "util.h"
#include "../../nanort/nrt.h"

#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_t main_thread;

/* ---- a mixed graph under the selected policy -------------------------------------- */

enum { CELLS = 16, MIXED = 3000 };
static unsigned long cell[CELLS]; /* unsigned: the arithmetic wraps */
static unsigned long seen[MIXED];

struct mixed_op {
    int kind; /* 0: inout a, 1: in a, 2: in a + inout b, 3: nested pair on a */
    int a, b;
    int prio;
    unsigned flags;
};
static struct mixed_op ops[MIXED];

static void mixed_apply(long k)
{
    struct mixed_op *o = &ops[k];
    switch (o->kind) {
    case 0:
        cell[o->a] = cell[o->a] * 3 + (unsigned long)k;
        break;
    case 1:
        seen[k] = cell[o->a];
        break;
    case 2:
        cell[o->b] = cell[o->b] * 5 + cell[o->a] + (unsigned long)k;
        break;
    }
}

static void mixed_child(void *p, long k)
{
    unsigned long *c = p;
    *c = *c * 7 + (unsigned long)k;
}

static void mixed_body(void *p, long k)
{
    (void)p;
    struct mixed_op *o = &ops[k];
    if (o->kind != 3) {
        mixed_apply(k);
        return;
    }
    /* two ordered children on the cell, no taskwait: released with the parent */
    UT_SPAWN(mixed_child, &cell[o->a], 1, UT_INOUT(&cell[o->a], sizeof(long)));
    UT_SPAWN(mixed_child, &cell[o->a], 2, UT_INOUT(&cell[o->a], sizeof(long)));
}

static void mixed_reference(long k)
{
    struct mixed_op *o = &ops[k];
    if (o->kind != 3) {
        mixed_apply(k);
        return;
    }
    mixed_child(&cell[o->a], 1);
    mixed_child(&cell[o->a], 2);
}

static void mixed_make(unsigned seed)
{
    for (int k = 0; k < MIXED; k++) {
        struct mixed_op *o = &ops[k];
        o->kind = rand_r(&seed) % 4;
        o->a = rand_r(&seed) % CELLS;
        o->b = (o->a + 1 + rand_r(&seed) % (CELLS - 1)) % CELLS;
        o->prio = rand_r(&seed) % 4 == 0 ? rand_r(&seed) % 10 : 0;
        o->flags = rand_r(&seed) % 50 == 0 ? NANORT_TASK_UNDEFERRED : 0;
    }
}

static void mixed_spawn(long k)
{
    struct mixed_op *o = &ops[k];
    struct ut_region r[2] = {UT_INOUT(&cell[o->a], sizeof(long)),
                             UT_INOUT(&cell[o->b], sizeof(long))};
    unsigned n = 1;
    if (o->kind == 1)
        r[0].flags = NANORT_DEP_IN;
    if (o->kind == 2) {
        r[0].flags = NANORT_DEP_IN;
        n = 2;
    }
    ut_spawn(mixed_body, NULL, k, o->flags, o->prio, n, r);
}

START_TEST(sched_mixed_graph_matches_sequential)
{
    /* 3000 tasks (chains, readers, two-cell updates, nested pairs, some priorities,
     * some undeferred) over 16 cells give the sequential result, for 3 graphs. */
    for (unsigned seed = 1; seed <= 3; seed++) {
        unsigned long want[CELLS], want_seen[MIXED];
        mixed_make(seed);
        for (int i = 0; i < CELLS; i++)
            cell[i] = i;
        memset(seen, 0, sizeof seen);
        for (int k = 0; k < MIXED; k++)
            mixed_reference(k);
        memcpy(want, cell, sizeof cell);
        memcpy(want_seen, seen, sizeof seen);

        for (int i = 0; i < CELLS; i++)
            cell[i] = i;
        memset(seen, 0, sizeof seen);
        for (int k = 0; k < MIXED; k++)
            mixed_spawn(k);
        nanort_taskwait();
        for (int i = 0; i < CELLS; i++)
            ck_assert_msg(cell[i] == want[i], "seed %u: cell %d = %lu, expected %lu", seed, i,
                          cell[i], want[i]);
        for (int k = 0; k < MIXED; k++)
            ck_assert_msg(seen[k] == want_seen[k], "seed %u: reader %d saw %lu, expected %lu",
                          seed, k, seen[k], want_seen[k]);
    }
}
END_TEST

/* ---- priorities -------------------------------------------------------------------- */

static long gate;
static int run_order[256];
static atomic_int nrun;

static void gate_body(void *p, long k)
{
    (void)p;
    (void)k;
    ut_sleep_ms(20);
    gate = 1;
}

/* The gate has a priority so that no policy runs it inline at creation: the tasks
 * behind it are all blocked when created and become ready together. */
static void spawn_gate(void)
{
    struct ut_region r = UT_OUT(&gate, sizeof gate);
    ut_spawn(gate_body, NULL, 0, 0, 100, 1, &r);
}

static void record_order(void *p, long k)
{
    (void)p;
    run_order[atomic_fetch_add(&nrun, 1)] = (int)k;
}

START_TEST(sched_priority_order_one_worker)
{
    /* With one worker, tasks released together by one gate run by decreasing
     * priority (the priority is the task's number here). */
    static const int prios[] = {3, 9, 1, 7, 5, 10, 2, 8, 4, 6};
    spawn_gate();
    for (int i = 0; i < 10; i++) {
        struct ut_region r = UT_IN(&gate, sizeof gate);
        ut_spawn(record_order, NULL, prios[i], 0, prios[i], 1, &r);
    }
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&nrun), 10);
    for (int i = 0; i < 10; i++)
        ck_assert_msg(run_order[i] == 10 - i, "position %d ran priority %d, expected %d", i,
                      run_order[i], 10 - i);
}
END_TEST

START_TEST(sched_priority_ready_tasks_one_worker)
{
    /* With one worker, tasks released together by a gate run highest priority
     * first, priority 0 next, negative priorities last. */
    static const int prios[] = {0, 5, -3, 2, 9, -1, 7};
    static const int want[] = {9, 7, 5, 2, 0, -1, -3};
    spawn_gate();
    for (int i = 0; i < 7; i++) {
        struct ut_region r = UT_IN(&gate, sizeof gate);
        ut_spawn(record_order, NULL, prios[i], 0, prios[i], 1, &r);
    }
    nanort_taskwait();
    for (int i = 0; i < 7; i++)
        ck_assert_msg(run_order[i] == want[i], "position %d ran priority %d, expected %d", i,
                      run_order[i], want[i]);
}
END_TEST

START_TEST(sched_successor_queues_behind_ready_tasks)
{
    /* One worker, three chains of two tasks: when a chain's first task finishes while
     * other ready tasks are queued, its successor goes behind them (the chains advance
     * together, so many workers finish them together) instead of running next. */
    static long cx[3];
    for (int step = 0; step < 2; step++)
        for (int c = 0; c < 3; c++) {
            struct ut_region r = UT_INOUT(&cx[c], sizeof cx[c]);
            ut_spawn(record_order, NULL, 10 * (c + 1) + step, 0, 0, 1, &r);
        }
    nanort_taskwait();
    static const int want[] = {10, 20, 30, 11, 21, 31};
    ck_assert_int_eq(atomic_load(&nrun), 6);
    for (int i = 0; i < 6; i++)
        ck_assert_msg(run_order[i] == want[i], "position %d ran task %d, expected %d", i,
                      run_order[i], want[i]);
}
END_TEST

static long crit_x[2], crit_gate;

static void crit_gate_body(void *p, long k)
{
    (void)p;
    (void)k;
    crit_gate = 1;
}

static long reach_y[2];

/* Spawn ordinary tasks 1..n_plain (no successors) behind the gate, and behind a second
 * gate that runs after the first (a priority: before them) tasks 100 and 101, that 3
 * tasks each wait for (200.. and 300..): critical with --critical-successors=2 or
 * less.  So the ordinary tasks are queued before the candidates become ready.  With
 * two_steps, 100 and 101 have one successor each (150, 151), which the 3 tasks wait for:
 * 4 tasks within two steps, so critical with --critical-reach=4 or less and never with
 * --critical-successors=2. */
static void spawn_critical_graph(int n_plain, bool two_steps)
{
    spawn_gate();
    for (int i = 1; i <= n_plain; i++) {
        struct ut_region r = UT_IN(&gate, sizeof gate);
        ut_spawn(record_order, NULL, i, 0, 0, 1, &r);
    }
    struct ut_region g[2] = {UT_IN(&gate, sizeof gate), UT_OUT(&crit_gate, sizeof crit_gate)};
    ut_spawn(crit_gate_body, NULL, 0, 0, 50, 2, g);
    for (int c = 0; c < 2; c++) {
        struct ut_region r[2] = {UT_IN(&crit_gate, sizeof crit_gate),
                                 UT_OUT(&crit_x[c], sizeof crit_x[c])};
        ut_spawn(record_order, NULL, 100 + c, 0, 0, 2, r);
    }
    long *waited = crit_x;
    if (two_steps) {
        for (int c = 0; c < 2; c++) {
            struct ut_region r[2] = {UT_IN(&crit_x[c], sizeof crit_x[c]),
                                     UT_OUT(&reach_y[c], sizeof reach_y[c])};
            ut_spawn(record_order, NULL, 150 + c, 0, 0, 2, r);
        }
        waited = reach_y;
    }
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 3; i++) {
            struct ut_region r = UT_IN(&waited[c], sizeof waited[c]);
            ut_spawn(record_order, NULL, 200 + 100 * c + i, 0, 0, 1, &r);
        }
}

START_TEST(sched_critical_successors_run_first)
{
    /* One worker, --critical-successors=2: two tasks that 3 tasks each wait for, made
     * ready while 6 ordinary ones are queued, run before them (one handed over, the
     * other from the queue in front of the policy's), whatever the policy's order. */
    nanort_init();                  /* loads the options: set ours after */
    nrt_cfg.critical_successors = 2;
    spawn_critical_graph(6, false);
    nanort_taskwait();
    nrt_cfg.critical_successors = 0;
    ck_assert_int_eq(atomic_load(&nrun), 14);
    for (int i = 0; i < 2; i++)
        ck_assert_msg(run_order[i] == 100 || run_order[i] == 101,
                      "position %d ran task %d, expected a critical one (100 or 101)", i,
                      run_order[i]);
    ck_assert_int_ne(run_order[0], run_order[1]);
}
END_TEST

START_TEST(sched_critical_successors_threshold)
{
    /* One worker, --critical-successors=4: tasks with 3 successors are not critical:
     * they queue behind the 6 ordinary tasks as any other. */
    nanort_init();
    nrt_cfg.critical_successors = 4;
    spawn_critical_graph(6, false);
    nanort_taskwait();
    nrt_cfg.critical_successors = 0;
    ck_assert_int_eq(atomic_load(&nrun), 14);
    ck_assert_msg(!((run_order[0] == 100 || run_order[0] == 101) &&
                    (run_order[1] == 100 || run_order[1] == 101)),
                  "tasks with 3 successors ran first under --critical-successors=4");
}
END_TEST

static bool first_two_are_candidates(void)
{
    return (run_order[0] == 100 || run_order[0] == 101) &&
           (run_order[1] == 100 || run_order[1] == 101) && run_order[0] != run_order[1];
}

START_TEST(sched_critical_reach_run_first)
{
    /* One worker, --critical-reach=4: two tasks with one successor each, which 3 tasks
     * wait for, made ready while 6 ordinary ones are queued, run before them. */
    nanort_init();
    nrt_cfg.critical_reach = 4;
    spawn_critical_graph(6, true);
    nanort_taskwait();
    nrt_cfg.critical_reach = 0;
    ck_assert_int_eq(atomic_load(&nrun), 16);
    ck_assert_msg(first_two_are_candidates(), "ran %d and %d first, expected 100 and 101",
                  run_order[0], run_order[1]);
}
END_TEST

START_TEST(sched_critical_reach_threshold)
{
    /* The same graph: under --critical-reach=5, and under --critical-successors=2 (one
     * successor each), the candidates queue behind the 6 ordinary tasks as any other. */
    nanort_init();
    for (int k = 0; k < 2; k++) {
        nrun = 0;
        if (k == 0)
            nrt_cfg.critical_reach = 5;
        else
            nrt_cfg.critical_successors = 2;
        spawn_critical_graph(6, true);
        nanort_taskwait();
        nrt_cfg.critical_reach = nrt_cfg.critical_successors = 0;
        ck_assert_int_eq(atomic_load(&nrun), 16);
        ck_assert_msg(!first_two_are_candidates(), "the candidates ran first under %s",
                      k == 0 ? "--critical-reach=5" : "--critical-successors=2");
    }
}
END_TEST

static void spin_us(void *p, long k)
{
    (void)p;
    double end = ut_now() + k * 1e-6;
    while (ut_now() < end)
        ;
}

START_TEST(sched_coarse_tasks_share_one_fifo)
{
    /* A type whose bodies last NRT_COARSE_US or more is coarse after its first
     * NRT_SAMPLE_MIN bodies, and its ready tasks then go to the queue every worker reads
     * (in the order they became ready), not to the creator's own deque. */
    UT_SPAWN_NODEPS(spin_us, NULL, 0);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 1);     /* not coarse: own deque */
    nanort_taskwait();
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(spin_us, NULL, 3 * NRT_COARSE_US);
    nanort_taskwait();
    UT_SPAWN_NODEPS(spin_us, NULL, 0);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 0);
    ck_assert_int_eq(nrt_sched->queued(NULL), 1);
    nanort_taskwait();
}
END_TEST

START_TEST(sched_coarse_us_sets_the_threshold)
{
    /* --coarse-us=20: a type of 40 us bodies becomes coarse (its next ready task goes to
     * the shared FIFO); at the default (NRT_COARSE_US) it would stay on the deque. */
    nanort_init();                  /* loads the options: set ours after */
    ck_assert_int_eq(nrt_cfg.coarse_us, NRT_COARSE_US);
    nrt_cfg.coarse_us = 20;
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(spin_us, NULL, 40);
    nanort_taskwait();
    UT_SPAWN_NODEPS(spin_us, NULL, 40);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 0);
    ck_assert_int_eq(nrt_sched->queued(NULL), 1);
    nanort_taskwait();
}
END_TEST

static void spin_us_b(void *p, long k)
{
    spin_us(p, k);
}

START_TEST(sched_coarse_us_zero_keeps_deques)
{
    /* --coarse-us=0: no type is coarse, not even one of 3 * NRT_COARSE_US bodies. */
    nanort_init();
    nrt_cfg.coarse_us = 0;
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(spin_us_b, NULL, 3 * NRT_COARSE_US);
    nanort_taskwait();
    UT_SPAWN_NODEPS(spin_us_b, NULL, 0);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 1);
    nanort_taskwait();
}
END_TEST

static atomic_int steal_started, steal_go;

/* Blocks until steal_go reaches k. */
static void steal_blocker(void *p, long k)
{
    (void)p;
    atomic_fetch_add(&steal_started, 1);
    while (atomic_load(&steal_go) < k)
        ut_sleep_ms(1);
}

/* Two workers, dbf: the other worker takes a blocking task, then steals from the 20 the
 * test thread queued: one batch, whose first task blocks it.  Returns what is left. */
static long queued_after_one_steal(void)
{
    UT_SPAWN_NODEPS(steal_blocker, NULL, 1);
    ck_assert(ut_wait_at_least(&steal_started, 1, 10));
    for (int i = 0; i < 20; i++)
        UT_SPAWN_NODEPS(steal_blocker, NULL, 2);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 20);
    atomic_store(&steal_go, 1);
    /* it runs the first task of its batch only after taking the batch: blocked there */
    ck_assert(ut_wait_at_least(&steal_started, 2, 10));
    long left = nrt_sched->queued(nrt_self);
    atomic_store(&steal_go, 2);
    nanort_taskwait();
    return left;
}

START_TEST(sched_steal_batch_default_takes_half)
{
    /* A thief takes half of the 20 tasks it sees (at most 16): 10 are left. */
    ck_assert_int_eq(queued_after_one_steal(), 10);
}
END_TEST

START_TEST(sched_steal_batch_limits_the_batch)
{
    /* --steal-batch=4 (NX_STEAL_BATCH, read when the runtime starts): a thief takes 4 of
     * the 20 tasks it sees: 16 are left. */
    setenv("NX_STEAL_BATCH", "4", 1);
    ck_assert_int_eq(queued_after_one_steal(), 16);
}
END_TEST

/* --speed-aware: worker 1 plays a core 4 times slower than worker 0 (its bodies spin 4
 * times longer); chain_worker[] records which worker ran each link of a chain, and
 * chain_order[] the order in which the links ran. */
static int chain_worker[64], chain_order[64];
static atomic_int chain_next;

static void unequal_body(void *p, long k)
{
    int id = nanort_worker_id();
    spin_us(NULL, id == 1 ? 4 * 150 : 150);
    if (p) {
        chain_worker[k] = id;
        chain_order[atomic_fetch_add(&chain_next, 1)] = (int)k;
    }
}

static void spread_link(void *p, long k)
{
    (void)p;
    spin_us(NULL, 2000);
    chain_worker[k] = nanort_worker_id();
    chain_order[atomic_fetch_add(&chain_next, 1)] = (int)k;
}

/* Two workers: 40 independent coarse tasks (each worker measures itself), then a chain
 * of 30 on one variable.  Returns how many links of the chain worker 0 ran. */
static int chain_on_fast_worker(void)
{
    for (int i = 0; i < 40; i++)
        UT_SPAWN_NODEPS(unequal_body, NULL, i);
    nanort_taskwait();
    static long x;
    atomic_store(&chain_next, 0);
    for (int i = 0; i < 30; i++)
        UT_SPAWN(unequal_body, &x, i, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    int fast = 0;
    for (int i = 0; i < 30; i++)
        fast += chain_worker[i] == 0;
    return fast;
}

START_TEST(sched_speed_aware_chain_keeps_its_order)
{
    /* With the option on, links may move between workers (which one runs them depends on
     * the machine's load, so this test does not say which): they still run one after
     * the other in program order. */
    setenv("NX_SPEED_AWARE", "yes", 1);
    chain_on_fast_worker();
    ck_assert_msg(nrt_speed_on, "--speed-aware did not turn on");
    ck_assert_int_eq(atomic_load(&chain_next), 30);
    for (int i = 0; i < 30; i++)
        ck_assert_int_eq(chain_order[i], i);
}
END_TEST

/* Wait until worker w is idle (polling or asleep); false after 10 s. */
static bool idle_soon(int w)
{
    double end = ut_now() + 10;
    while (atomic_load(&nrt_workers[w].idle) == NRT_BUSY && ut_now() < end)
        ut_sleep_ms(1);
    return atomic_load(&nrt_workers[w].idle) != NRT_BUSY;
}

static void set_speed(int w, unsigned slowness)
{
    atomic_store(&nrt_workers[w].slowness, slowness);
    atomic_store(&nrt_workers[w].nslow, 4);
}

/* The tests of a rule on set states: the option env=val, the runtime started, the test's
 * thread worker 0 (returned) and worker 1 idle. */
static struct nrt_worker *rule_setup(const char *env, const char *val)
{
    setenv(env, val, 1);
    UT_SPAWN_NODEPS(spin_us, NULL, 0);      /* start the runtime */
    nanort_taskwait();
    ck_assert(nrt_speed_on);
    struct nrt_worker *me = &nrt_workers[0];
    ck_assert_ptr_eq(nrt_self, me);
    ck_assert(idle_soon(1));
    return me;
}

START_TEST(sched_speed_aware_defers_to_faster_idle)
{
    /* The rule itself, on set speeds (the measured ones depend on the machine's load):
     * the test's thread (worker 0) leaves a waiting coarse task to idle worker 1 only
     * when worker 1 is at least 1.25 times faster, only while worker 1 is idle, not for
     * more tasks than there are such workers, and not for longer than a quarter of its
     * own mean coarse body. */
    struct nrt_worker *me = rule_setup("NX_SPEED_AWARE", "yes");
    me->coarse_ns = 40 * 1000 * 1000;       /* a 40 ms body: a 10 ms bound */
    set_speed(0, 512);
    set_speed(1, 256);
    ck_assert(nrt_speed_defer(me, 1, false));      /* 2 times slower than an idle worker */
    ck_assert(!nrt_speed_defer(me, 2, false));     /* two tasks, one faster worker: take */
    set_speed(1, 420);
    ck_assert(!nrt_speed_defer(me, 1, false));     /* 1.22 times: not enough */
    set_speed(1, 400);
    ck_assert(nrt_speed_defer(me, 1, false));      /* 1.28 times */
    me->coarse_ns = 4000;                   /* a 4 us body: a 1 us bound */
    ut_sleep_ms(1);
    ck_assert(!nrt_speed_defer(me, 1, false));     /* waited longer than that: take it */
    atomic_store(&nrt_workers[1].nslow, 0);
    me->defer_since = 0;
    ck_assert(!nrt_speed_defer(me, 1, false));     /* worker 1 not measured yet */
}
END_TEST

START_TEST(sched_chain_spread_leaves_successor_to_idle)
{
    /* --chain-spread=1000 (NX_CHAIN_SPREAD): the rule on set states.  The test's thread
     * (worker 0), whose coarse bodies last 40 ms, leaves its successor to idle worker 1
     * whatever the speeds, then leaves the FIFO's coarse tasks too while that episode
     * lasts (a quarter of its body, 500 us at most); a worker in no episode (an idle one
     * taking from the FIFO) does not defer; bodies shorter than 1 ms are not spread. */
    struct nrt_worker *me = rule_setup("NX_CHAIN_SPREAD", "1000");
    me->defer_since = 0;
    ck_assert(!nrt_speed_defer(me, 1, false));  /* no episode: take from the FIFO */
    me->coarse_ns = 900 * 1000;
    ck_assert(!nrt_speed_defer(me, 1, true));   /* 0.9 ms bodies: keep the successor */
    me->coarse_ns = 40 * 1000 * 1000;
    set_speed(0, 128);                          /* twice as fast: it leaves it anyway */
    uint64_t t0 = nrt_now_ns();
    ck_assert(nrt_speed_defer(me, 1, true));
    bool fifo = nrt_speed_defer(me, 1, false);  /* the episode goes on at the FIFO */
    /* (unless this thread lost its core for those 500 us: TSan on a loaded machine) */
    ck_assert(fifo || nrt_now_ns() - t0 > 500 * 1000);
    ut_sleep_ms(2);
    ck_assert(!nrt_speed_defer(me, 1, false));  /* past 500 us: take it */
    ck_assert(!nrt_speed_defer(me, 1, false));  /* and the episode is over */
}
END_TEST

START_TEST(sched_chain_spread_moves_a_chain)
{
    /* A chain of 30 links of 2 ms on two workers of equal speed: by default
     * (--chain-spread=1000) the links run in program order and not all on one worker
     * (while one runs a link the other is idle, and takes the next). */
    unsetenv("NX_CHAIN_SPREAD");
    static long x;
    atomic_store(&chain_next, 0);
    for (int i = 0; i < 30; i++)
        UT_SPAWN(spread_link, &x, i, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    ck_assert(nrt_speed_on);
    ck_assert_int_eq(atomic_load(&chain_next), 30);
    int moves = 0;
    for (int i = 0; i < 30; i++) {
        ck_assert_int_eq(chain_order[i], i);
        moves += i > 0 && chain_worker[i] != chain_worker[i - 1];
    }
    /* (--critical-successors keeps a critical successor on its thread whatever the
     * spread: the links are critical there) */
    const char *nx = getenv("NX_ARGS");
    if (!(nx && strstr(nx, "--critical-successors")))
        ck_assert_msg(moves > 0, "all 30 links ran on worker %d", chain_worker[0]);
}
END_TEST

START_TEST(sched_speed_aware_off_measures_nothing)
{
    /* Neither option: no worker times its coarse bodies for speed, none leaves them. */
    unsetenv("NX_SPEED_AWARE");
    setenv("NX_CHAIN_SPREAD", "0", 1);
    chain_on_fast_worker();
    ck_assert(!nrt_speed_on);
    ck_assert_int_eq(atomic_load(&nrt_workers[1].nslow), 0);
}
END_TEST

static void coarse_step(void *p, long k)
{
    (void)p;
    spin_us(NULL, 2 * NRT_COARSE_US);
    run_order[atomic_fetch_add(&nrun, 1)] = (int)k;
}

START_TEST(sched_coarse_chains_run_breadth_first)
{
    /* One worker, 40 chains of three coarse tasks created chain after chain (as a tiled
     * loop does): every chain starts before any goes on, in the order they became ready.
     * On the deque (more than STEAL_MAX queued: newest first, successor handed over) chain
     * 39 ran from head to end first. */
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(coarse_step, NULL, 999);
    nanort_taskwait();
    atomic_store(&nrun, 0);
    static long cx[40];
    for (int c = 0; c < 40; c++)
        for (int step = 0; step < 3; step++) {
            struct ut_region r = UT_INOUT(&cx[c], sizeof cx[c]);
            ut_spawn(coarse_step, NULL, 100 * step + c, 0, 0, 1, &r);
        }
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&nrun), 120);
    for (int i = 0; i < 120; i++)
        ck_assert_msg(run_order[i] == 100 * (i / 40) + i % 40,
                      "position %d ran step %d of chain %d, expected step %d of chain %d", i,
                      run_order[i] / 100, run_order[i] % 100, i / 40, i % 40);
}
END_TEST

START_TEST(sched_coarse_queued_early_move_to_fifo)
{
    /* One worker, 30 tasks of a type not timed yet: they wait on the creator's deque and
     * run newest first; once 8 bodies made the type coarse, the next one taken from the
     * deque moves the rest to the shared FIFO, which runs them oldest first. */
    for (int i = 0; i < 30; i++)
        UT_SPAWN_NODEPS(coarse_step, NULL, i);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&nrun), 30);
    for (int i = 0; i < 30; i++) {
        int want = i < 9 ? 29 - i : i - 9;
        ck_assert_msg(run_order[i] == want, "position %d ran task %d, expected %d", i,
                      run_order[i], want);
    }
}
END_TEST

static long chain_x[64];
static atomic_int chain_bad;

static void coarse_chain_step(void *p, long k)
{
    (void)p;
    spin_us(NULL, NRT_COARSE_US + 10);
    if (chain_x[k / 8] != k % 8)        /* step s of chain c sees s steps done before it */
        atomic_fetch_add(&chain_bad, 1);
    chain_x[k / 8]++;
}

START_TEST(sched_coarse_chains_keep_their_order)
{
    /* Every worker count and policy: 64 chains of 8 coarse tasks, queued partly before
     * the type is known coarse (moved to the shared FIFO then), each step after the one
     * before it. */
    for (int c = 0; c < 64; c++)
        for (int step = 0; step < 8; step++) {
            struct ut_region r = UT_INOUT(&chain_x[c], sizeof chain_x[c]);
            ut_spawn(coarse_chain_step, NULL, 8 * c + step, 0, 0, 1, &r);
        }
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&chain_bad), 0);
    for (int c = 0; c < 64; c++)
        ck_assert_int_eq(chain_x[c], 8);
}
END_TEST

static void coarse_spawner(void *p, long k)
{
    (void)p;
    if (k)
        UT_SPAWN_NODEPS(spin_us, NULL, 0);
    spin_us(NULL, 3 * NRT_COARSE_US);
    nanort_taskwait();
}

START_TEST(sched_coarse_spawners_stay_on_deques)
{
    /* A long type whose instances create tasks stays on the deques (its body may include
     * its taskwait; run from the shared FIFO, a recursion would unfold breadth first). */
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(coarse_spawner, NULL, 1);
    nanort_taskwait();
    UT_SPAWN_NODEPS(coarse_spawner, NULL, 0);
    ck_assert_int_eq(nrt_sched->queued(nrt_self), 1);
    nanort_taskwait();
}
END_TEST

/* ---- undeferred and final ----------------------------------------------------------- */

static long ux;
static atomic_int ran_in_creator, ran, saw_value, in_final_seen;

static void slow_produce(void *p, long k)
{
    (void)p;
    ut_sleep_ms(30);
    ux = k;
}

static void check_undeferred(void *p, long k)
{
    pthread_t *creator = p;
    atomic_store(&ran_in_creator, pthread_equal(pthread_self(), *creator));
    atomic_store(&saw_value, ux == k);
    atomic_store(&ran, 1);
}

START_TEST(sched_undeferred_runs_in_creator_after_deps)
{
    /* An if(false) task runs in the creating thread, after its producer, and has
     * finished when submit returns. */
    UT_SPAWN(slow_produce, NULL, 11, UT_OUT(&ux, sizeof ux));
    struct ut_region r = UT_IN(&ux, sizeof ux);
    ut_spawn(check_undeferred, &main_thread, 11, NANORT_TASK_UNDEFERRED, 0, 1, &r);
    ck_assert_int_eq(atomic_load(&ran), 1);
    ck_assert_int_eq(atomic_load(&ran_in_creator), 1);
    ck_assert_int_eq(atomic_load(&saw_value), 1);
    nanort_taskwait();
}
END_TEST

static void undeferred_from_task(void *p, long k)
{
    (void)k;
    int *ok = p;
    pthread_t me = pthread_self();
    UT_SPAWN(slow_produce, NULL, 12, UT_OUT(&ux, sizeof ux));
    struct ut_region r = UT_IN(&ux, sizeof ux);
    ut_spawn(check_undeferred, &me, 12, NANORT_TASK_UNDEFERRED, 0, 1, &r);
    *ok = atomic_load(&ran) && atomic_load(&ran_in_creator) && atomic_load(&saw_value);
}

START_TEST(sched_undeferred_inside_task)
{
    /* The same from inside a task: runs in that task's thread after its sibling. */
    int ok = 0;
    UT_SPAWN_NODEPS(undeferred_from_task, &ok, 0);
    nanort_taskwait();
    ck_assert_int_eq(ok, 1);
}
END_TEST

struct final_state {
    pthread_t thread;
    atomic_int depth_ok; /* count of descendants that ran inline and saw in_final */
};

static void final_descendant(void *p, long depth)
{
    struct final_state *st = p;
    int done_before = atomic_load(&st->depth_ok);
    if (nanort_in_final() && pthread_equal(pthread_self(), st->thread))
        atomic_fetch_add(&st->depth_ok, 1);
    if (depth > 0) {
        UT_SPAWN_NODEPS(final_descendant, st, depth - 1);
        /* undeferred: the child has run when the spawn returns */
        if (atomic_load(&st->depth_ok) <= done_before)
            atomic_store(&st->depth_ok, -1000);
        UT_SPAWN_NODEPS(final_descendant, st, depth - 1);
    }
}

static void final_root(void *p, long k)
{
    struct final_state *st = p;
    st->thread = pthread_self();
    atomic_store(&in_final_seen, nanort_in_final());
    final_descendant(st, k);
}

START_TEST(sched_final_descendants_run_undeferred)
{
    /* A final task runs undeferred in its creator; inside it nanort_in_final() is 1
     * and every descendant runs undeferred in the same thread; outside it is 0. */
    struct final_state st = {0};
    ck_assert_int_eq(nanort_in_final(), 0);
    ut_spawn(final_root, &st, 3, NANORT_TASK_FINAL, 0, 0, NULL);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&in_final_seen), 1);
    ck_assert_msg(pthread_equal(st.thread, main_thread), "the final task did not run undeferred");
    /* final_descendant itself runs at depth 3 in the root (counts 1) plus
     * 2 + 4 + 8 spawned descendants. */
    ck_assert_int_eq(atomic_load(&st.depth_ok), 1 + 2 + 4 + 8);
    ck_assert_int_eq(nanort_in_final(), 0);
}
END_TEST

static void not_final(void *p, long k)
{
    (void)k;
    atomic_int *v = p;
    atomic_store(v, nanort_in_final());
}

START_TEST(sched_in_final_zero_in_plain_task)
{
    /* nanort_in_final() is 0 in main and in a task that is not final. */
    atomic_int v = 7;
    ck_assert_int_eq(nanort_in_final(), 0);
    UT_SPAWN_NODEPS(not_final, &v, 0);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&v), 0);
}
END_TEST

/* ---- taskyield -------------------------------------------------------------------- */

static unsigned long yx;

static void yield_step(void *p, long k)
{
    (void)p;
    for (int i = 0; i < 3; i++)
        nanort_taskyield();
    yx = yx * 3 + (unsigned long)k;
    nanort_taskyield();
}

static void just_yield(void *p, long k)
{
    (void)p;
    (void)k;
    nanort_taskyield();
}

START_TEST(sched_taskyield_keeps_results)
{
    /* Tasks that call taskyield (and main calling it) still give the sequential
     * result of an inout chain mixed with independent tasks. */
    unsigned long want = 1;
    yx = 1;
    for (long k = 0; k < 200; k++) {
        UT_SPAWN(yield_step, NULL, k, UT_INOUT(&yx, sizeof yx));
        UT_SPAWN_NODEPS(just_yield, NULL, k);
        want = want * 3 + (unsigned long)k;
        if (k % 50 == 0)
            nanort_taskyield();
    }
    nanort_taskwait();
    ck_assert_uint_eq(yx, want);
}
END_TEST

/* --critical-path: tasks ranked at the taskwait by their longest path to the end.  Only
 * tasks of types whose bodies measure 10 us or more go through the ranked heap, so the
 * graphs here are made of two timed types: `medium` (bodies of about 20 us) and `heavy`
 * (about 20 ms: a loaded machine that preempts a few medium bodies for a time slice each
 * still measures 4 of them as less), each run 10 times first so that their means are
 * known. */
static long rank_chain[4];

struct timed_args {
    long k;                         /* recorded in run_order when >= 0 */
    int us;                         /* spin this long */
};

static void timed_trampoline(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    const struct timed_args *a = args;
    double end = ut_now() + a->us * 1e-6;
    while (ut_now() < end)
        ;
    if (a->k >= 0)
        run_order[atomic_fetch_add(&nrun, 1)] = (int)a->k;
}

static const struct nanort_impl timed_impl = {NANORT_DEVICE_SMP, timed_trampoline,
                                              "timed_trampoline", NULL};
static struct nanort_task_type medium_type = {"medium_task", __FILE__, 1, &timed_impl, NULL};
static struct nanort_task_type heavy_type = {"heavy_task", __FILE__, 1, &timed_impl, NULL};

static void spawn_timed(struct nanort_task_type *type, long k, unsigned nregions,
                        const struct ut_region *regions)
{
    unsigned ndims = 0;
    for (unsigned i = 0; i < nregions; i++)
        ndims += regions[i].ndims;
    void *args;
    nanort_task *t = nanort_task_create(type, sizeof(struct timed_args), nregions, ndims, &args);
    *(struct timed_args *)args = (struct timed_args){k, type == &heavy_type ? 20000 : 20};
    for (unsigned i = 0; i < nregions; i++)
        nanort_task_region(t, regions[i].flags, regions[i].base, regions[i].ndims,
                           regions[i].dims);
    nanort_task_submit(t, 0, 0);
}

/* Time 10 bodies of each type (no dependences), then forget the order they ran in. */
static void warm_timed_types(void)
{
    for (int i = 0; i < 10; i++) {
        spawn_timed(&medium_type, -1, 0, NULL);
        spawn_timed(&heavy_type, -1, 0, NULL);
    }
    nanort_taskwait();
    nrun = 0;
}

/* Behind the gate: 6 ordinary medium tasks (1..6, no successors) and a chain of 4 medium
 * ones (100..103), the chain created first or last. */
static void spawn_rank_graph(bool chain_first)
{
    spawn_gate();
    for (int pass = 0; pass < 2; pass++) {
        if ((pass == 0) != chain_first) {
            for (int i = 1; i <= 6; i++) {
                struct ut_region r = UT_IN(&gate, sizeof gate);
                spawn_timed(&medium_type, i, 1, &r);
            }
            continue;
        }
        for (int c = 0; c < 4; c++) {
            struct ut_region r[2] = {c ? UT_IN(&rank_chain[c - 1], sizeof rank_chain[0])
                                       : UT_IN(&gate, sizeof gate),
                                     UT_OUT(&rank_chain[c], sizeof rank_chain[0])};
            spawn_timed(&medium_type, 100 + c, 2, r);
        }
    }
}

/* The chain's first 3 ran first (its last one ties with the ordinary tasks: one body to
 * the end each, the earlier queued first). */
static bool chain_ran_first(void)
{
    for (int i = 0; i < 3; i++)
        if (run_order[i] != 100 + i)
            return false;
    return true;
}

START_TEST(sched_critical_path_longest_first)
{
    /* One worker, --critical-path: the chain's head (4 bodies to the end) and its next
     * two outrank the 6 ordinary tasks (1 each), whichever was created first; so they
     * run before them, though they become ready after them. */
    nanort_init();
    warm_timed_types();
    nrt_cfg.critical_path = true;
    for (int k = 0; k < 2; k++) {
        nrun = 0;
        spawn_rank_graph(k == 0);
        nanort_taskwait();
        ck_assert_int_eq(atomic_load(&nrun), 10);
        ck_assert_msg(chain_ran_first(), "chain created %s: ran %d %d %d first", k ? "last"
                      : "first", run_order[0], run_order[1], run_order[2]);
    }
    nrt_cfg.critical_path = false;
}
END_TEST

START_TEST(sched_critical_path_off)
{
    /* The same graphs without --critical-path: the chain's successors queue behind the
     * ordinary tasks (so the test above does not pass by the policy's own order). */
    nanort_init();
    warm_timed_types();
    for (int k = 0; k < 2; k++) {
        nrun = 0;
        spawn_rank_graph(k == 0);
        nanort_taskwait();
        ck_assert_int_eq(atomic_load(&nrun), 10);
        ck_assert_msg(!chain_ran_first(), "the chain ran first without --critical-path");
    }
}
END_TEST

START_TEST(sched_critical_path_short_bodies_keep_queues)
{
    /* The same graph of tasks whose bodies measure under 10 us: ranked, but queued by the
     * policy as without the option (the heap's lock would cost more than they gain);
     * with --critical-path-us=0 they take the heap too, and the chain runs first. */
    nanort_init();
    for (int i = 0; i < 10; i++)
        UT_SPAWN_NODEPS(record_order, NULL, -1);
    nanort_taskwait();
    nrt_cfg.critical_path = true;
    for (int k = 0; k < 4; k++) {
        nrt_cfg.critical_path_us = k < 2 ? 10 : 0;
        nrun = 0;
        spawn_gate();
        for (int i = 1; i <= 6; i++) {
            struct ut_region r = UT_IN(&gate, sizeof gate);
            ut_spawn(record_order, NULL, i, 0, 0, 1, &r);
        }
        for (int c = 0; c < 4; c++) {
            struct ut_region r[2] = {c ? UT_IN(&rank_chain[c - 1], sizeof rank_chain[0])
                                       : UT_IN(&gate, sizeof gate),
                                     UT_OUT(&rank_chain[c], sizeof rank_chain[0])};
            ut_spawn(record_order, NULL, 100 + c, 0, 0, 2, r);
        }
        nanort_taskwait();
        ck_assert_int_eq(atomic_load(&nrun), 10);
        if (k < 2)
            ck_assert_msg(!chain_ran_first(), "short bodies went through the ranked heap");
        else
            ck_assert_msg(chain_ran_first(), "--critical-path-us=0: ran %d %d %d first",
                          run_order[0], run_order[1], run_order[2]);
    }
    nrt_cfg.critical_path = false;
    nrt_cfg.critical_path_us = 10;
}
END_TEST

START_TEST(sched_critical_path_weighs_bodies)
{
    /* One worker, --critical-path: one heavy task (20 ms) without successors outranks the
     * chain of 4 medium ones (20 us each): ranks weigh the measured bodies, not the
     * number of tasks. */
    nanort_init();
    warm_timed_types();
    nrt_cfg.critical_path = true;
    spawn_rank_graph(true);
    struct ut_region r = UT_IN(&gate, sizeof gate);
    spawn_timed(&heavy_type, 500, 1, &r);
    nanort_taskwait();
    nrt_cfg.critical_path = false;
    ck_assert_int_eq(atomic_load(&nrun), 11);
    ck_assert_msg(run_order[0] == 500, "ran %d first, expected the long task (500)",
                  run_order[0]);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(run_order[1 + i], 100 + i);
}
END_TEST

/* ---- critical sections ------------------------------------------------------------ */

static long plain_counter[2];
static struct ut_overlap crit_overlap[2];

static void critical_increment(void *p, long k)
{
    const char *name = p;
    int which = k & 1;
    for (int i = 0; i < 20; i++) {
        nanort_critical_enter(name);
        ut_overlap_enter(&crit_overlap[which]);
        long v = plain_counter[which];
        if (i % 5 == 0)
            sched_yield();
        plain_counter[which] = v + 1;
        ut_overlap_leave(&crit_overlap[which]);
        nanort_critical_leave(name);
    }
}

START_TEST(sched_critical_unnamed_excludes)
{
    /* The unnamed critical section lets one task at a time in: 100 tasks x 20
     * unprotected increments lose nothing. */
    for (int t = 0; t < 100; t++)
        UT_SPAWN_NODEPS(critical_increment, NULL, 0);
    nanort_taskwait();
    ck_assert_int_eq(plain_counter[0], 2000);
    ck_assert_int_eq(ut_overlap_max(&crit_overlap[0]), 1);
}
END_TEST

START_TEST(sched_critical_equal_names_share_lock)
{
    /* Critical sections with equal names (different string objects) exclude each
     * other; another name protects its own counter. */
    static char a1[] = "alpha", a2[] = "alpha", b[] = "beta";
    for (int t = 0; t < 100; t++)
        UT_SPAWN_NODEPS(critical_increment, t % 3 == 2 ? b : t % 3 ? a2 : a1, t % 3 == 2);
    nanort_taskwait();
    int nb = 33; /* t % 3 == 2 for t < 100 */
    ck_assert_int_eq(plain_counter[1], 20 * nb);
    ck_assert_int_eq(plain_counter[0], 20 * (100 - nb));
    ck_assert_int_eq(ut_overlap_max(&crit_overlap[0]), 1);
    ck_assert_int_eq(ut_overlap_max(&crit_overlap[1]), 1);
}
END_TEST

static atomic_int crit_arrived;
static atomic_int crit_met;

static void hold_named(void *p, long k)
{
    (void)k;
    nanort_critical_enter(p);
    atomic_fetch_add(&crit_met, ut_meet(&crit_arrived, 2, 5.0));
    nanort_critical_leave(p);
}

START_TEST(sched_critical_different_names_run_together)
{
    /* Two critical sections with different names can be held at the same time. */
    UT_SPAWN_NODEPS(hold_named, "one", 0);
    UT_SPAWN_NODEPS(hold_named, "two", 0);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&crit_met), 2);
}
END_TEST

static void nested_critical(void *p, long k)
{
    (void)p;
    (void)k;
    nanort_critical_enter("outer");
    nanort_critical_enter(NULL);
    plain_counter[0]++;
    nanort_critical_leave(NULL);
    nanort_critical_leave("outer");
}

START_TEST(sched_critical_nested_different_names)
{
    /* A named critical held around the unnamed one (same order in every task)
     * works and excludes. */
    for (int t = 0; t < 200; t++)
        UT_SPAWN_NODEPS(nested_critical, NULL, 0);
    nanort_taskwait();
    ck_assert_int_eq(plain_counter[0], 200);
}
END_TEST

/* ---- implementations and taskwait noflush ------------------------------------------ */

static atomic_int impl_runs[2];
static char impl_label[32];

static void impl_a(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    atomic_fetch_add(&impl_runs[0], 1);
    ++*(long *)*(void **)args;
    snprintf(impl_label, sizeof impl_label, "%s", nanort_current_label());
}

static void impl_b(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    atomic_fetch_add(&impl_runs[1], 1);
    ++*(long *)*(void **)args;
}

static const struct nanort_impl impl_a_desc = {NANORT_DEVICE_SMP, impl_a, "impl_a", NULL};
static const struct nanort_impl impl_b_desc = {NANORT_DEVICE_SMP, impl_b, "impl_b", NULL};

/* Submit `n` tasks of `type`, each incrementing *counter (inout). */
static void spawn_typed(struct nanort_task_type *type, long *counter, int n)
{
    for (int i = 0; i < n; i++) {
        void *args;
        nanort_task *t = nanort_task_create(type, sizeof(long *), 1, 1, &args);
        *(long **)args = counter;
        nanort_task_region1(t, NANORT_DEP_INOUT, counter, sizeof *counter);
        nanort_task_submit(t, 0, 0);
    }
}

START_TEST(sched_added_implementation_runs)
{
    /* A task type with no implementation in its descriptor runs the one added at
     * start-up with nanort_task_type_add_impl, under the type's label. */
    static struct nanort_task_type type = {"added_impl", __FILE__, 0, NULL, NULL};
    long counter = 0;
    nanort_task_type_add_impl(&type, &impl_a_desc);
    spawn_typed(&type, &counter, 20);
    nanort_taskwait();
    ck_assert_int_eq(counter, 20);
    ck_assert_int_eq(atomic_load(&impl_runs[0]), 20);
    ck_assert_str_eq(impl_label, "added_impl");
}
END_TEST

START_TEST(sched_two_smp_implementations)
{
    /* With two smp implementations each task runs exactly one of them. */
    static const struct nanort_impl impls[] = {
        {NANORT_DEVICE_SMP, impl_a, "impl_a", NULL},
        {NANORT_DEVICE_SMP, impl_b, "impl_b", NULL},
    };
    static struct nanort_task_type type = {"two_impls", __FILE__, 2, impls, NULL};
    long counter = 0;
    spawn_typed(&type, &counter, 100);
    nanort_taskwait();
    ck_assert_int_eq(counter, 100);
    ck_assert_int_eq(atomic_load(&impl_runs[0]) + atomic_load(&impl_runs[1]), 100);
}
END_TEST

START_TEST(sched_taskwait_noflush_waits_for_children)
{
    /* taskwait noflush waits for every child like taskwait (smp has nothing to flush). */
    static struct nanort_task_type type = {"noflush", __FILE__, 1, &impl_b_desc, NULL};
    long counter = 0;
    spawn_typed(&type, &counter, 50);
    nanort_taskwait_noflush();
    ck_assert_int_eq(counter, 50);
    ck_assert_int_eq(atomic_load(&impl_runs[1]), 50);
}
END_TEST

/* ---- queries ------------------------------------------------------------------------ */

struct query_result {
    int ok;
    char label[32];
};

static void query_body(void *p, long k)
{
    struct query_result *q = &((struct query_result *)p)[k];
    int n = nanort_num_workers(), id = nanort_worker_id();
    q->ok = id >= 0 && id < n && omp_get_thread_num() == id && omp_get_max_threads() == n &&
            omp_get_num_threads() == n;
    snprintf(q->label, sizeof q->label, "%s", nanort_current_label());
}

START_TEST(sched_queries_consistent)
{
    /* omp_get_* and nanort_* queries agree: max and num threads are the workers,
     * worker ids in range and equal to omp_get_thread_num, main is thread 0 and
     * label "main", tasks see their label,
     * omp_get_num_procs is the number of usable cores, omp_get_wtime advances. */
    int n = nanort_num_workers();
    ck_assert_int_ge(n, 1);
    ck_assert_int_eq(omp_get_max_threads(), n);
    ck_assert_int_eq(omp_get_num_threads(), n); /* OmpSs: all workers form one team */
    ck_assert_int_eq(omp_get_thread_num(), 0);
    ck_assert_int_eq(nanort_worker_id(), 0);
    ck_assert_str_eq(nanort_current_label(), "main");
    long procs = sysconf(_SC_NPROCESSORS_CONF);
    ck_assert_int_ge(omp_get_num_procs(), 1);
    ck_assert_int_le(omp_get_num_procs(), procs);

    struct query_result q[64];
    memset(q, 0, sizeof q);
    for (int i = 0; i < 64; i++)
        UT_SPAWN_NODEPS(query_body, q, i);
    nanort_taskwait();
    for (int i = 0; i < 64; i++) {
        ck_assert_msg(q[i].ok, "task %d saw inconsistent worker ids", i);
        ck_assert_str_eq(q[i].label, "ut_task");
    }

    double t0 = omp_get_wtime();
    ut_sleep_ms(20);
    double dt = omp_get_wtime() - t0;
    ck_assert_msg(dt >= 0.015 && dt < 5.0, "omp_get_wtime advanced %g s over a 20 ms sleep", dt);
}
END_TEST

static void foreign_thread_probe(void *arg)
{
    int *id = arg;
    *id = nanort_worker_id();
}

static void plain_inc(void *p, long k)
{
    (void)k;
    ++*(long *)p;
}

static void *foreign_main(void *arg)
{
    foreign_thread_probe(arg);
    return NULL;
}

START_TEST(sched_worker_id_of_foreign_thread)
{
    /* A thread the runtime did not create has worker id -1 (runtime started by main). */
    pthread_t th;
    int id = 5;
    ck_assert_int_eq(nanort_init(), 0);
    ck_assert_int_eq(pthread_create(&th, NULL, foreign_main, &id), 0);
    pthread_join(th, NULL);
    ck_assert_int_eq(id, -1);
    ck_assert_int_eq(nanort_worker_id(), 0);
}
END_TEST

START_TEST(sched_first_use_from_foreign_thread)
{
    /* When the first runtime call of the process comes from a thread other than
     * main, that thread stays foreign (-1) and main is still worker 0 afterwards:
     * main's tasks and taskwait keep working. */
    pthread_t th;
    int id = 5;
    long v = 0;
    ck_assert_int_eq(pthread_create(&th, NULL, foreign_main, &id), 0);
    pthread_join(th, NULL);
    ck_assert_int_eq(id, -1);
    ck_assert_int_eq(nanort_worker_id(), 0);
    UT_SPAWN(plain_inc, &v, 0, UT_INOUT(&v, sizeof v));
    UT_SPAWN(plain_inc, &v, 0, UT_INOUT(&v, sizeof v));
    nanort_taskwait();
    ck_assert_int_eq(v, 2);
}
END_TEST

static atomic_int worker_seen[256];

static void note_worker(void *p, long k)
{
    (void)p;
    (void)k;
    int id = nanort_worker_id();
    if (id >= 0 && id < 256)
        atomic_store(&worker_seen[id], 1);
    ut_sleep_ms(2);
}

START_TEST(sched_all_workers_take_part)
{
    /* With several workers and 400 short sleeping tasks, more than one worker runs
     * tasks (the policy does not funnel everything into one thread). */
    for (int i = 0; i < 400; i++)
        UT_SPAWN_NODEPS(note_worker, NULL, i);
    nanort_taskwait();
    int used = 0;
    for (int i = 0; i < 256; i++)
        used += atomic_load(&worker_seen[i]);
    ck_assert_int_ge(used, 2);
}
END_TEST

static atomic_int meet_count;

/* Runs until every worker runs one of these at once (or 10 s passed). */
static void meet_all(void *p, long k)
{
    (void)p;
    (void)k;
    note_worker(NULL, 0);
    atomic_fetch_add(&meet_count, 1);
    double end = ut_now() + 10;
    while (atomic_load(&meet_count) < nanort_num_workers() && ut_now() < end)
        ut_sleep_ms(1);
}

START_TEST(sched_every_worker_runs_at_once)
{
    /* As many blocking tasks as workers: each waits until all of them run, which needs
     * every worker started and taking work (--tree-start: workers start workers). */
    int n = nanort_num_workers();
    for (int i = 0; i < n; i++)
        UT_SPAWN_NODEPS(meet_all, NULL, i);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&meet_count), n);
    int used = 0;
    for (int i = 0; i < 256; i++)
        used += atomic_load(&worker_seen[i]);
    ck_assert_int_eq(used, n);
}
END_TEST

/* The first task after the start wakes every idle worker asleep at once (claimed, so that
 * they poll), as a parallel region starts its team; a push would wake one per ready task.
 * Not with more workers than cores: they start asleep and stay so until pushes wake them. */
static void first_body(void *args, nanort_ctx *ctx)
{
    (void)args;
    (void)ctx;
}

START_TEST(sched_first_task_wakes_every_sleeper)
{
    static const struct nanort_impl impl = {NANORT_DEVICE_SMP, first_body, "first_body", NULL};
    static struct nanort_task_type type = {"first", __FILE__, 1, &impl, NULL};
    cpu_set_t cores;                /* before the start binds this thread to one core */
    bool known = sched_getaffinity(0, sizeof cores, &cores) == 0;
    nanort_init();
    int n = nanort_num_workers();
    bool over = known && n > CPU_COUNT(&cores);
    double end = ut_now() + 10;
    while (nrt_idle_asleep() < n - 1 && ut_now() < end)
        ut_sleep_ms(1);
    ck_assert_int_eq(nrt_idle_asleep(), n - 1);     /* the main thread is worker 0 */
    long before = nrt_idle_claimed();
    void *args;
    nanort_task *t = nanort_task_create(&type, 0, 0, 0, &args);
    long claimed = nrt_idle_claimed() - before, want = over ? 0 : n - 1;
    ck_assert_int_eq(claimed, want);
    nanort_task_submit(t, 0, 0);
    nanort_taskwait();
}
END_TEST

/* ---- adaptive cut-off (--inline-below) ------------------------------------------------ */

/* Bodies that ran in the main thread while it was inside their own submission: the
 * runtime ran them at once instead of queueing them. */
static atomic_int during_submit;
static atomic_bool submitting;      /* written by the main thread only */

static void cut_body(void *p, long k)
{
    (void)k;
    if (pthread_equal(pthread_self(), main_thread) && atomic_load(&submitting))
        atomic_fetch_add(&during_submit, 1);
    double us = (double)(intptr_t)p, end = ut_now() + us * 1e-6;
    while (us > 0 && ut_now() < end)
        ;
}

static void cut_spawner(void *p, long k)
{
    cut_body(p, k);
    UT_SPAWN_NODEPS(cut_body, NULL, k);
}

/* `batches` batches of 16 tasks without dependences running body(us) (cut_body: spin
 * `us` microseconds), each batch waited for, so the queues never hold more than 16 (below
 * --queue-limit: only the cut-off can run a task at once).  Returns how many of them
 * ran during their submission. */
static int batches_of(ut_body *body, long us, int batches)
{
    atomic_store(&during_submit, 0);
    for (int b = 0; b < batches; b++) {
        for (int i = 0; i < 16; i++) {
            atomic_store(&submitting, true);
            UT_SPAWN_NODEPS(body, (void *)(intptr_t)us, i);
            atomic_store(&submitting, false);
        }
        nanort_taskwait();
    }
    return atomic_load(&during_submit);
}

static int cut_batches(long us, int batches)
{
    return batches_of(cut_body, us, batches);
}

/* The cut-off in ns for this process, set before the runtime starts (the suite's
 * NX_ARGS does not name it, so the variable applies). */
static void cut_start(const char *ns)
{
    setenv("NX_INLINE_BELOW", ns, 1);
    ut_settle();
}

START_TEST(sched_cutoff_tiny_bodies_run_in_creator)
{
    /* Bodies far below the cut-off (100 us): once the type's sample says so, new tasks
     * run at once in their creator. */
    cut_start("100000");
    cut_batches(0, 64);             /* 1024 bodies: the type gets its samples */
    int got = cut_batches(0, 32);
    ck_assert_msg(got >= 400, "%d of 512 tiny bodies ran at once in their creator", got);
}
END_TEST

START_TEST(sched_cutoff_long_bodies_are_queued)
{
    /* Bodies of 300 us, above the cut-off of 100 us: always handed to the queues. */
    cut_start("100000");
    int got = cut_batches(300, 12);
    ck_assert_msg(got == 0, "%d of 192 long bodies ran at once in their creator", got);
}
END_TEST

START_TEST(sched_cutoff_growing_bodies_go_back_to_queues)
{
    /* A type whose bodies were tiny and then take 300 us leaves the creator again
     * after a few samples (one body in 16 is timed, the mean moves by 1/8). */
    cut_start("100000");
    cut_batches(0, 64);
    ck_assert_int_ge(cut_batches(0, 8), 64);        /* tiny now */
    cut_batches(300, 6);                            /* the mean rises */
    int got = cut_batches(300, 6);
    ck_assert_msg(got == 0, "%d of 96 long bodies still ran at once in their creator", got);
}
END_TEST


START_TEST(sched_cutoff_spawners_never_inline)
{
    /* A type whose instances create tasks is never run at once by the cut-off (its
     * creator would have to wait for the children). */
    cut_start("100000");
    ck_assert_int_eq(batches_of(cut_spawner, 0, 96), 0);
}
END_TEST

START_TEST(sched_cutoff_zero_turns_it_off)
{
    /* --inline-below=0: tiny bodies are queued like any other. */
    cut_start("0");
    int got = cut_batches(0, 96);
    ck_assert_msg(got == 0, "%d of 1536 bodies ran at once with the cut-off off", got);
}
END_TEST

static int crit_same_count;

static void crit_same_body(void *p, long k)
{
    (void)p;
    (void)k;
    nanort_critical_enter("same");
    crit_same_count++;
    nanort_critical_leave("same");
}

START_TEST(sched_critical_creator_runs_no_child_at_once)
{
    /* A thread inside critical "same" creates 200 tiny tasks that enter "same": none may
     * run at once in the creator (not by the cut-off, a full queue or wf), or it would
     * wait for the lock it holds itself. */
    setenv("NX_INLINE_BELOW", "100000", 1);
    for (int i = 0; i < 1024; i++)          /* the type is tiny from here on */
        UT_SPAWN_NODEPS(cut_body, NULL, i);
    nanort_taskwait();
    crit_same_count = 0;
    nanort_critical_enter("same");
    for (int i = 0; i < 200; i++)
        UT_SPAWN_NODEPS(crit_same_body, NULL, i);
    nanort_critical_leave("same");
    nanort_taskwait();
    ck_assert_int_eq(crit_same_count, 200);
}
END_TEST

START_TEST(sched_critical_nested_same_name_stops)
{
    /* Entering a critical section the thread already holds stops the program with a
     * message (exit status 1 after it) instead of waiting for itself forever. */
    nanort_critical_enter("nest");
    nanort_critical_enter("nest");
    ck_abort_msg("the nested critical section was entered");
}
END_TEST

static void crit_wait_child(void *p, long k)
{
    (void)p;
    (void)k;
    nanort_critical_enter("waited");
    nanort_critical_leave("waited");
}

START_TEST(sched_critical_taskwait_on_child_inside_stops)
{
    /* The main thread waits inside critical "waited" for a child that enters it.  It runs
     * the child itself (one thread would wait for itself) or another worker does (two
     * threads would wait for each other): either way the program stops instead of
     * hanging. */
    nanort_critical_enter("waited");
    UT_SPAWN_NODEPS(crit_wait_child, NULL, 0);
    ut_sleep_ms(100);                       /* another worker, if any, takes the child */
    nanort_taskwait();
    ck_abort_msg("the child entered the section its own thread held");
}
END_TEST

static void crit_wait_middle(void *p, long k)
{
    (void)p;
    UT_SPAWN_NODEPS(crit_wait_child, NULL, k);
}

static void crit_wait_holder(void *p, long k)
{
    (void)p;
    nanort_critical_enter("waited");
    UT_SPAWN_NODEPS(crit_wait_middle, NULL, k);
    ut_sleep_ms(100);
    nanort_taskwait();
    nanort_critical_leave("waited");
}

START_TEST(sched_critical_taskwait_on_grandchild_inside_stops)
{
    /* The same two levels down: a task waits inside the section for a child whose own
     * child enters it. */
    UT_SPAWN_NODEPS(crit_wait_holder, NULL, 0);
    nanort_taskwait();
    ck_abort_msg("the grandchild entered the section its ancestor held while waiting");
}
END_TEST

static void crit_released_child(void *p, long k)
{
    (void)p;
    (void)k;
    nanort_critical_enter("released");
    crit_same_count++;
    nanort_critical_leave("released");
}

START_TEST(sched_critical_child_waits_for_parent_to_leave)
{
    /* No false alarm: children that wait for the section while their parent holds it
     * (and works, then leaves before its taskwait) get it once the parent leaves. */
    crit_same_count = 0;
    nanort_critical_enter("released");
    for (int i = 0; i < 8; i++)
        UT_SPAWN_NODEPS(crit_released_child, NULL, i);
    ut_sleep_ms(200);                       /* longer than the waiters' poll */
    nanort_critical_leave("released");
    nanort_taskwait();
    ck_assert_int_eq(crit_same_count, 8);
}
END_TEST

/* ---- waking a taskwait ------------------------------------------------------------ */

static struct nanort_task *wake_parent;
static atomic_int wake_started, wake_target_right;

static void wake_quick(void *p, long k)
{
    (void)p;
    (void)k;
}

static void wake_last(void *p, long k)
{
    (void)p;
    (void)k;
    wake_parent = nrt_current->parent;
    atomic_store(&wake_started, 1);
    /* Once the parent sleeps in its taskwait (after running wake_quick itself), the value
     * of `pending` it waits for must be the one this task's completion produces, or the
     * completion does not wake it (it slept to its timeout instead). */
    for (int i = 0; i < 2000; i++) {
        if (nrt_waiters_asleep() > 0) {
            long n = atomic_load(&wake_parent->nchildren) +
                     atomic_load(&wake_parent->nchildren_foreign);
            if (atomic_load(&wake_parent->wait_target) == NRT_BODY_BIAS - n) {
                atomic_store(&wake_target_right, 1);
                return;
            }
        }
        ut_sleep_ms(1);
    }
}

START_TEST(sched_taskwait_woken_by_last_child)
{
    /* The waiting thread completes one child itself, sleeps, and another worker completes
     * the last child: its completion must be the one the waiter waits for. */
    UT_SPAWN_NODEPS(wake_last, NULL, 0);
    ck_assert(ut_wait_at_least(&wake_started, 1, 10));
    UT_SPAWN_NODEPS(wake_quick, NULL, 1);
    nanort_taskwait();
    ck_assert_msg(atomic_load(&wake_target_right),
                  "the sleeping taskwait waited for a count the last child never produced");
}
END_TEST

/* Fresh state for every test (also when Check runs without fork, CK_FORK=no). */
static void sched_setup(void)
{
    gate = 0;
    memset(run_order, 0, sizeof run_order);
    atomic_store(&nrun, 0);
    ux = 0;
    atomic_store(&ran_in_creator, 0);
    atomic_store(&ran, 0);
    atomic_store(&saw_value, 0);
    atomic_store(&in_final_seen, 0);
    yx = 0;
    memset(plain_counter, 0, sizeof plain_counter);
    memset(crit_overlap, 0, sizeof crit_overlap);
    atomic_store(&crit_arrived, 0);
    atomic_store(&crit_met, 0);
    for (int i = 0; i < 256; i++)
        atomic_store(&worker_seen[i], 0);
    memset(chain_x, 0, sizeof chain_x);
    memset(crit_x, 0, sizeof crit_x);
    memset(rank_chain, 0, sizeof rank_chain);
    crit_gate = 0;
    atomic_store(&steal_started, 0);
    atomic_store(&steal_go, 0);
    atomic_store(&meet_count, 0);
    atomic_store(&chain_bad, 0);
    atomic_store(&wake_started, 0);
    atomic_store(&wake_target_right, 0);
    atomic_store(&impl_runs[0], 0);
    atomic_store(&impl_runs[1], 0);
    impl_label[0] = 0;
}

static TCase *sched_tcase(Suite *s, const char *name, double timeout)
{
    TCase *tc = ut_tcase(s, name, timeout);
    tcase_add_checked_fixture(tc, sched_setup, NULL);
    return tc;
}

int main(void)
{
    main_thread = pthread_self();
    struct ut_runtime_info rt = ut_probe_runtime();
    int n = rt.workers;
    bool parallel = rt.parallel;
    Suite *s = suite_create("sched");
    TCase *tc = sched_tcase(s, "policy", 60);
    tcase_add_test(tc, sched_mixed_graph_matches_sequential);
    tc = sched_tcase(s, "undeferred", 30);
    tcase_add_test(tc, sched_undeferred_runs_in_creator_after_deps);
    tcase_add_test(tc, sched_undeferred_inside_task);
    tcase_add_test(tc, sched_final_descendants_run_undeferred);
    tcase_add_test(tc, sched_in_final_zero_in_plain_task);
    tcase_add_test(tc, sched_taskyield_keeps_results);
    tc = sched_tcase(s, "critical", 30);
    tcase_add_test(tc, sched_critical_unnamed_excludes);
    tcase_add_test(tc, sched_critical_equal_names_share_lock);
    tcase_add_test(tc, sched_critical_nested_different_names);
    tcase_add_test(tc, sched_critical_creator_runs_no_child_at_once);
    tcase_add_exit_test(tc, sched_critical_nested_same_name_stops, 1);
    tcase_add_exit_test(tc, sched_critical_taskwait_on_child_inside_stops, 1);
    tcase_add_exit_test(tc, sched_critical_taskwait_on_grandchild_inside_stops, 1);
    tcase_add_test(tc, sched_critical_child_waits_for_parent_to_leave);
    tc = sched_tcase(s, "coarse", 60);
    tcase_add_test(tc, sched_coarse_chains_keep_their_order);
    tc = sched_tcase(s, "types", 30);
    tcase_add_test(tc, sched_added_implementation_runs);
    tcase_add_test(tc, sched_two_smp_implementations);
    tcase_add_test(tc, sched_taskwait_noflush_waits_for_children);
    tc = sched_tcase(s, "queries", 30);
    tcase_add_test(tc, sched_queries_consistent);
    tcase_add_test(tc, sched_worker_id_of_foreign_thread);
    tcase_add_test(tc, sched_first_use_from_foreign_thread);
    /* Priority order is only observable with a single worker. */
    if (n == 1) {
        tc = sched_tcase(s, "priority", 30);
        tcase_add_test(tc, sched_priority_order_one_worker);
        tcase_add_test(tc, sched_priority_ready_tasks_one_worker);
        tc = sched_tcase(s, "critical-path", 30);
        tcase_add_test(tc, sched_critical_successors_run_first);
        tcase_add_test(tc, sched_critical_successors_threshold);
        tcase_add_test(tc, sched_critical_reach_run_first);
        tcase_add_test(tc, sched_critical_reach_threshold);
        tcase_add_test(tc, sched_critical_path_longest_first);
        tcase_add_test(tc, sched_critical_path_off);
        tcase_add_test(tc, sched_critical_path_short_bodies_keep_queues);
        tcase_add_test(tc, sched_critical_path_weighs_bodies);
    }
    if (parallel) {
        tc = sched_tcase(s, "parallel", 30);
        tcase_add_checked_fixture(tc, ut_settle, NULL);
        tcase_add_test(tc, sched_critical_different_names_run_together);
        tcase_add_test(tc, sched_all_workers_take_part);
    }
    const char *nx = getenv("NX_ARGS");
    if (parallel && !(nx && strstr(nx, "--schedule=wf"))) {
        /* the runtime starts inside the test (no ut_settle); wf: the creator would run one */
        tc = sched_tcase(s, "start", 30);
        tcase_add_test(tc, sched_every_worker_runs_at_once);
        tcase_add_test(tc, sched_first_task_wakes_every_sleeper);
    }
    /* The cut-off tests tell "run at once" from "queued" by where a body ran; wf runs
     * every new task in its creator while the other workers are busy, so they need a
     * policy that queues. */
    if (n == 1 && !(nx && strstr(nx, "--schedule=wf"))) {
        tc = sched_tcase(s, "order", 30);
        tcase_add_test(tc, sched_successor_queues_behind_ready_tasks);
        /* the per-worker deques of dbf (and its aliases versioning, affinity) */
        if (!(nx && strstr(nx, "--schedule=bf"))) {
            tcase_add_test(tc, sched_coarse_tasks_share_one_fifo);
            tcase_add_test(tc, sched_coarse_spawners_stay_on_deques);
            tcase_add_test(tc, sched_coarse_queued_early_move_to_fifo);
            tcase_add_test(tc, sched_coarse_us_sets_the_threshold);
            tcase_add_test(tc, sched_coarse_us_zero_keeps_deques);
        }
        tcase_add_test(tc, sched_coarse_chains_run_breadth_first);
    }
    /* dbf's steals, seen from the victim: two workers only (no other thief) */
    if (n == 2 && parallel && (!nx || !strstr(nx, "--schedule=") || strstr(nx, "--schedule=dbf"))) {
        tc = sched_tcase(s, "steal", 30);
        tcase_add_test(tc, sched_steal_batch_default_takes_half);
        tcase_add_test(tc, sched_steal_batch_limits_the_batch);
        tc = sched_tcase(s, "speed", 60);
        tcase_add_test(tc, sched_speed_aware_chain_keeps_its_order);
        tcase_add_test(tc, sched_speed_aware_defers_to_faster_idle);
        tcase_add_test(tc, sched_speed_aware_off_measures_nothing);
        tcase_add_test(tc, sched_chain_spread_leaves_successor_to_idle);
        tcase_add_test(tc, sched_chain_spread_moves_a_chain);
    }
    if (parallel && !(nx && strstr(nx, "--schedule=wf"))) {
        /* (wf would run the long child in the test's own thread) */
        tc = sched_tcase(s, "wakeup", 30);
        tcase_add_test(tc, sched_taskwait_woken_by_last_child);
        tc = sched_tcase(s, "cutoff", 30);
        tcase_add_test(tc, sched_cutoff_tiny_bodies_run_in_creator);
        tcase_add_test(tc, sched_cutoff_long_bodies_are_queued);
        tcase_add_test(tc, sched_cutoff_growing_bodies_go_back_to_queues);
        tcase_add_test(tc, sched_cutoff_spawners_never_inline);
        tcase_add_test(tc, sched_cutoff_zero_turns_it_off);
    }
    return ut_run_suite(s);
}
