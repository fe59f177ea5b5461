/*
 * taskgraph.c - Check suite for recorded task graphs (nanort_taskgraph_begin/end, the
 * runtime side of OpenMP 6.0's taskgraph): the first run records the tasks the block
 * creates and their dependences, later runs replay them without running the block.
 * Every result is compared with the same bodies run in program order (the sequential
 * semantics the dependences must give).
 */
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- a 1-D stencil, two steps (double buffer) per graph ----------------------------- */

#define W 24
static double cur_a[W], cur_b[W], seq_a[W], seq_b[W];
static int block_runs;              /* times the taskgraph's block ran */
static atomic_int bodies;           /* task bodies run */

/* Cell k of dst from cells k-1..k+1 of src (p: {src, dst}). */
static void cell_of(double *src, double *dst, long k)
{
    double s = src[k];
    if (k > 0)
        s += src[k - 1];
    if (k < W - 1)
        s += src[k + 1];
    dst[k] = s / 3.0 + 0.25 * (double)k;
}

static void cell_body(void *p, long k)
{
    double **bufs = p;
    cell_of(bufs[0], bufs[1], k);
    atomic_fetch_add(&bodies, 1);
}

static double *ab[2] = {cur_a, cur_b}, *ba[2] = {cur_b, cur_a};

static void spawn_step(double **bufs)
{
    for (long k = 0; k < W; k++) {
        long lo = k > 0 ? k - 1 : k, hi = k < W - 1 ? k + 1 : k;
        UT_SPAWN(cell_body, bufs, k, UT_SEC(NANORT_DEP_IN, bufs[0], W, lo, hi - lo + 1),
                 UT_SEC(NANORT_DEP_OUT, bufs[1], W, k, 1));
    }
}

static void seq_step(double *src, double *dst)
{
    for (long k = 0; k < W; k++)
        cell_of(src, dst, k);
}

static void stencil_init(void)
{
    for (int k = 0; k < W; k++)
        cur_a[k] = seq_a[k] = (double)((k * 7) % 5);
    memset(cur_b, 0, sizeof cur_b);
    memset(seq_b, 0, sizeof seq_b);
}

/* `iters` encounters of one taskgraph construct doing two stencil steps (each test has
 * its own construct: Check may run them all in one process, CK_FORK=no). */
static void stencil_graph(struct nanort_taskgraph *tg, int iters, unsigned flags)
{
    for (int it = 0; it < iters; it++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(tg, &x, 0, flags)) {
            block_runs++;
            spawn_step(ab);
            spawn_step(ba);
        }
        nanort_taskgraph_end(&x);
    }
}

static void check_stencil(int iters)
{
    for (int it = 0; it < iters; it++) {
        seq_step(seq_a, seq_b);
        seq_step(seq_b, seq_a);
    }
    for (int k = 0; k < W; k++)
        ck_assert_msg(cur_a[k] == seq_a[k] && cur_b[k] == seq_b[k],
                      "cell %d: a %g (sequential %g), b %g (sequential %g)", k, cur_a[k],
                      seq_a[k], cur_b[k], seq_b[k]);
}

START_TEST(taskgraph_stencil_replays_equal_sequential)
{
    /* 50 encounters: the block runs once, 50 x 48 bodies run, the result is the
     * sequential program's. */
    stencil_init();
    static struct nanort_taskgraph tg1 = {"stencil1", NULL};
    stencil_graph(&tg1, 50, 0);
    check_stencil(50);
    ck_assert_int_eq(block_runs, 1);
    ck_assert_int_eq(atomic_load(&bodies), 50 * 2 * W);
}
END_TEST

START_TEST(taskgraph_nogroup_replays_equal_sequential)
{
    /* nogroup: no wait at the end of each encounter; the next encounter waits for the
     * previous run (descriptors are reused), the final taskwait for the last. */
    stencil_init();
    static struct nanort_taskgraph tg2 = {"stencil2", NULL};
    stencil_graph(&tg2, 40, NANORT_TASKGRAPH_NOGROUP);
    nanort_taskwait();
    check_stencil(40);
    ck_assert_int_eq(block_runs, 1);
}
END_TEST

START_TEST(taskgraph_if_false_runs_block_each_time)
{
    /* if(false) (NORECORD): plain tasks each time, same result. */
    stencil_init();
    static struct nanort_taskgraph tg3 = {"stencil3", NULL};
    stencil_graph(&tg3, 5, NANORT_TASKGRAPH_NORECORD);
    check_stencil(5);
    ck_assert_int_eq(block_runs, 5);
}
END_TEST

START_TEST(taskgraph_end_waits_for_the_graph)
{
    /* Without nogroup, nanort_taskgraph_end() returns after every task of the run
     * (the implicit taskgroup): the body count is exact right after it. */
    stencil_init();
    static struct nanort_taskgraph tg4 = {"stencil4", NULL};
    for (int it = 1; it <= 10; it++) {
        stencil_graph(&tg4, 1, 0);
        ck_assert_int_eq(atomic_load(&bodies), it * 2 * W);
    }
}
END_TEST

/* ---- graph ids and graph_reset --------------------------------------------------------- */

static long acc[4];

static void add_k(void *p, long k)
{
    long *v = p;
    *v = *v * 3 + k;
}

/* A chain of `n` updates of acc[slot], under graph id `id`. */
static void chain_graph(struct nanort_taskgraph *tg, long long id, int slot, int n,
                        unsigned flags)
{
    struct nanort_taskgraph_exec x;
    if (nanort_taskgraph_begin(tg, &x, id, flags)) {
        block_runs++;
        for (int i = 0; i < n; i++)
            UT_SPAWN(add_k, &acc[slot], i + 1, UT_INOUT(&acc[slot], sizeof acc[slot]));
    }
    nanort_taskgraph_end(&x);
}

static long chain_seq(long v, int n, int times)
{
    for (int t = 0; t < times; t++)
        for (int i = 0; i < n; i++)
            v = v * 3 + i + 1;
    return v;
}

START_TEST(taskgraph_graph_ids_record_separately)
{
    /* One construct, two graph ids: each is recorded once and replays its own tasks. */
    static struct nanort_taskgraph tg = {"ids", NULL};
    for (int r = 0; r < 6; r++) {
        chain_graph(&tg, 7, 0, 3, 0);
        chain_graph(&tg, 8, 1, 5, 0);
    }
    ck_assert_int_eq(block_runs, 2);
    ck_assert_int_eq(acc[0], chain_seq(0, 3, 6));
    ck_assert_int_eq(acc[1], chain_seq(0, 5, 6));
}
END_TEST

START_TEST(taskgraph_reset_records_again)
{
    /* The shape changes (5 updates instead of 3): without graph_reset the old record is
     * replayed (the block does not run); with it the new shape is recorded and replayed. */
    static struct nanort_taskgraph tg = {"reset", NULL};
    chain_graph(&tg, 0, 0, 3, 0);
    chain_graph(&tg, 0, 0, 5, 0);           /* replays the 3-update record */
    ck_assert_int_eq(block_runs, 1);
    ck_assert_int_eq(acc[0], chain_seq(0, 3, 2));
    chain_graph(&tg, 0, 0, 5, NANORT_TASKGRAPH_RESET);
    chain_graph(&tg, 0, 0, 5, 0);
    ck_assert_int_eq(block_runs, 2);
    ck_assert_int_eq(acc[0], chain_seq(chain_seq(0, 3, 2), 5, 2));
}
END_TEST

/* ---- a solver with a convergence loop --------------------------------------------------- */

#define NX 32
static double xs[2][NX], rhs[NX];

/* Jacobi on the 1-D Poisson problem, rows [lo, lo+len) of x_new from x_old. */
struct jrows {
    const double *old;
    double *new_;
    long lo, len;
};

static void jacobi_rows(void *p, long k)
{
    (void)k;
    struct jrows *j = p;
    for (long i = j->lo; i < j->lo + j->len; i++) {
        double l = i > 0 ? j->old[i - 1] : 0, r = i < NX - 1 ? j->old[i + 1] : 0;
        j->new_[i] = 0.5 * (l + r + rhs[i]);
    }
}

static double residual(const double *a, const double *b)
{
    double m = 0;
    for (int i = 0; i < NX; i++)
        m = fabs(a[i] - b[i]) > m ? fabs(a[i] - b[i]) : m;
    return m;
}

/* Sweeps of `blocks` row blocks, until the change is below tol; the shape (blocks) may
 * change between calls: graph_reset then. */
static int solve(int blocks, bool graph, double tol, int max)
{
    static struct nanort_taskgraph tg = {"jacobi", NULL};
    static struct jrows rows[2][NX];
    static int last_blocks;
    int it = 0;
    double change = tol + 1;
    while (change > tol && it < max) {
        /* two sweeps per encounter: old -> new -> old */
        unsigned flags = blocks != last_blocks ? NANORT_TASKGRAPH_RESET : 0;
        struct nanort_taskgraph_exec x;
        int go = graph ? nanort_taskgraph_begin(&tg, &x, 0, flags) : 1;
        if (go) {
            block_runs += graph;
            long len = NX / blocks;
            for (int s = 0; s < 2; s++)
                for (int b = 0; b < blocks; b++) {
                    struct jrows *j = &rows[s][b];
                    *j = (struct jrows){xs[s], xs[1 - s], b * len, b == blocks - 1 ? NX - b * len : len};
                    long lo = j->lo > 0 ? j->lo - 1 : 0;
                    long hi = j->lo + j->len < NX ? j->lo + j->len : NX - 1;
                    UT_SPAWN(jacobi_rows, j, 0, UT_SEC(NANORT_DEP_IN, xs[s], NX, lo, hi - lo + 1),
                             UT_SEC(NANORT_DEP_OUT, xs[1 - s], NX, j->lo, j->len));
                }
        }
        if (graph)
            nanort_taskgraph_end(&x);
        else
            nanort_taskwait();
        last_blocks = blocks;
        change = residual(xs[0], xs[1]);
        it++;
    }
    return it;
}

static int solve_seq(double *x0, double *x1, double tol, int max)
{
    int it = 0;
    double change = tol + 1;
    while (change > tol && it < max) {
        for (int s = 0; s < 2; s++) {
            double *o = s ? x1 : x0, *n = s ? x0 : x1;
            for (int i = 0; i < NX; i++) {
                double l = i > 0 ? o[i - 1] : 0, r = i < NX - 1 ? o[i + 1] : 0;
                n[i] = 0.5 * (l + r + rhs[i]);
            }
        }
        change = residual(x0, x1);
        it++;
    }
    return it;
}

START_TEST(taskgraph_solver_converges_as_sequential)
{
    /* Jacobi until the change is below 1e-6: as many iterations and the same values as
     * the sequential loop, first with 4 row blocks, then 8 (graph_reset: a new shape). */
    for (int i = 0; i < NX; i++)
        rhs[i] = 1.0 / (1 + i % 7);
    double s0[NX] = {0}, s1[NX] = {0};
    int want = solve_seq(s0, s1, 1e-6, 5000);
    int got = solve(4, true, 1e-6, 5000);
    ck_assert_int_eq(got, want);
    ck_assert_int_eq(block_runs, 1);
    for (int i = 0; i < NX; i++)
        ck_assert_msg(xs[0][i] == s0[i] && xs[1][i] == s1[i], "x[%d] %g %g, sequential %g %g",
                      i, xs[0][i], xs[1][i], s0[i], s1[i]);
    /* a tighter tolerance from there, with a new shape */
    want = solve_seq(s0, s1, 1e-10, 5000);
    got = solve(8, true, 1e-10, 5000);
    ck_assert_int_eq(got, want);
    ck_assert_int_eq(block_runs, 2);
    for (int i = 0; i < NX; i++)
        ck_assert_msg(xs[0][i] == s0[i] && xs[1][i] == s1[i], "x[%d] %g %g, sequential %g %g",
                      i, xs[0][i], xs[1][i], s0[i], s1[i]);
}
END_TEST

/* ---- nested tasks inside a recorded graph ------------------------------------------ */

static unsigned long nest_v[8];

static void nest_leaf(void *p, long k)
{
    unsigned long *v = p;
    *v = *v * 5 + k;
}

/* A graph task creating a chain of children on its own slot, with a taskwait. */
static void nest_parent(void *p, long k)
{
    unsigned long *v = p;
    for (long i = 0; i < 3; i++)
        UT_SPAWN(nest_leaf, v, k + i, UT_INOUT(v, sizeof *v));
    nanort_taskwait();
    *v += 1;
    UT_SPAWN(nest_leaf, v, k, UT_INOUT(v, sizeof *v));  /* finished before the parent is */
}

START_TEST(taskgraph_nested_tasks_inside_graph)
{
    /* Graph tasks whose bodies create tasks (with dependences and a taskwait): the
     * children are created anew in every replay; a second graph task on the same slot
     * waits for the first one's descendants. */
    static struct nanort_taskgraph tg = {"nested", NULL};
    unsigned long want[8] = {0};
    for (int r = 0; r < 10; r++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
            block_runs++;
            for (int s = 0; s < 8; s++) {
                UT_SPAWN(nest_parent, &nest_v[s], s, UT_INOUT(&nest_v[s], sizeof nest_v[s]));
                UT_SPAWN(nest_parent, &nest_v[s], 10 + s, UT_INOUT(&nest_v[s], sizeof nest_v[s]));
            }
        }
        nanort_taskgraph_end(&x);
        for (int s = 0; s < 8; s++)
            for (int twice = 0; twice < 2; twice++) {
                long k = twice ? 10 + s : s;
                for (long i = 0; i < 3; i++)
                    want[s] = want[s] * 5 + (unsigned long)(k + i);
                want[s] += 1;
                want[s] = want[s] * 5 + (unsigned long)k;
            }
    }
    ck_assert_int_eq(block_runs, 1);
    for (int s = 0; s < 8; s++)
        ck_assert_uint_eq(nest_v[s], want[s]);
}
END_TEST

/* ---- replays interleaved with ordinary tasks --------------------------------------------- */

static long ring[4];

static void scale_add(void *p, long k)
{
    long *v = p;
    *v = 2 * *v + k;
}

/* v[k] from v[k] and v[k - 1] (p: the array). */
static void link_body(void *p, long k)
{
    long *v = p;
    v[k] = v[k] * 3 + v[k - 1];
}

START_TEST(taskgraph_interleaved_with_ordinary_tasks)
{
    /* An ordinary task updates the graph's input before each nogroup replay, with no
     * wait in between: each replay reads the value of its own iteration (the graph waits
     * for the writer before it, the next writer waits for the graph's readers). */
    static struct nanort_taskgraph tg = {"ring", NULL};
    long want[4] = {0};
    for (int r = 0; r < 12; r++) {
        UT_SPAWN(scale_add, &ring[0], r + 1, UT_INOUT(&ring[0], sizeof ring[0]));
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, NANORT_TASKGRAPH_NOGROUP)) {
            block_runs++;
            for (int i = 1; i < 4; i++)
                UT_SPAWN(link_body, ring, i, UT_IN(&ring[i - 1], sizeof ring[i - 1]),
                         UT_INOUT(&ring[i], sizeof ring[i]));
        }
        nanort_taskgraph_end(&x);
        want[0] = 2 * want[0] + r + 1;
        for (int i = 1; i < 4; i++)
            want[i] = want[i] * 3 + want[i - 1];
    }
    nanort_taskwait();
    ck_assert_int_eq(block_runs, 1);
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(ring[i], want[i]);
}
END_TEST

/* The add_k bodies above do not read ring[i-1]; this test does, through a copy. */
static void copy_body(void *p, long k)
{
    long **pp = p;
    (void)k;
    ut_sleep_ms(1);
    *pp[1] = *pp[0];
}

static long src_v, mid_v, dst_v, seen[20];
static long *src_mid[2] = {&src_v, &mid_v}, *mid_dst[2] = {&mid_v, &dst_v};

static void bump_src(void *p, long k)
{
    (void)p;
    ut_sleep_ms(2);                 /* slow: the graph must wait for it */
    src_v = k;
}

static void read_dst(void *p, long k)
{
    long *s = p;
    (void)k;
    *s = dst_v;
}

START_TEST(taskgraph_outer_dependences_honoured)
{
    /* src -> (graph: mid = src; dst = mid) -> seen[r]: every replay sees the value the
     * ordinary writer before it stored, and the reader after it sees the graph's. */
    static struct nanort_taskgraph tg = {"outer", NULL};
    for (int r = 0; r < 20; r++) {
        UT_SPAWN(bump_src, NULL, 100 + r, UT_OUT(&src_v, sizeof src_v));
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, NANORT_TASKGRAPH_NOGROUP)) {
            UT_SPAWN(copy_body, src_mid, 0, UT_IN(&src_v, sizeof src_v), UT_OUT(&mid_v, sizeof mid_v));
            UT_SPAWN(copy_body, mid_dst, 0, UT_IN(&mid_v, sizeof mid_v), UT_OUT(&dst_v, sizeof dst_v));
        }
        nanort_taskgraph_end(&x);
        UT_SPAWN(read_dst, &seen[r], 0, UT_IN(&dst_v, sizeof dst_v), UT_OUT(&seen[r], sizeof seen[r]));
    }
    nanort_taskwait();
    for (int r = 0; r < 20; r++)
        ck_assert_int_eq(seen[r], 100 + r);
}
END_TEST

/* ---- the argument block is the recorded one ----------------------------------------------- */

struct own_args {
    long *out;
    long v;                         /* changed by the body: replays must start from 5 again */
};

static void own_body(void *a, nanort_ctx *ctx)
{
    (void)ctx;
    struct own_args *o = a;
    o->v += 1;
    *o->out += o->v;
}

static const struct nanort_impl own_impl = {NANORT_DEVICE_SMP, own_body, "own_body", NULL};
static struct nanort_task_type own_type = {"own", __FILE__, 1, &own_impl, NULL};

START_TEST(taskgraph_replays_get_the_recorded_arguments)
{
    /* A body that changes its own argument block (a firstprivate it modifies) sees the
     * recorded value again in every replay: 10 runs add 6 each. */
    static struct nanort_taskgraph tg = {"own", NULL};
    static long out;
    for (int r = 0; r < 10; r++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
            void *a;
            nanort_task *t = nanort_task_create(&own_type, sizeof(struct own_args), 1, 1, &a);
            *(struct own_args *)a = (struct own_args){&out, 5};
            nanort_task_region1(t, NANORT_DEP_INOUT, &out, sizeof out);
            nanort_task_submit(t, 0, 0);
        }
        nanort_taskgraph_end(&x);
    }
    ck_assert_int_eq(out, 60);
}
END_TEST

START_TEST(taskgraph_changed_watched_value_records_again)
{
    /* begin_watch with the block's outside values: k and `big` (over 256 bytes: compared
     * whatever the size) change at runs 4 and 7, so the block runs (records) at runs 0, 4
     * and 7 and each run adds that run's k + 1; `same` never changes. */
    static struct nanort_taskgraph tg = {"watch", NULL};
    static long out;
    static char big[300];
    long k = 5, same = 9, expect = 0;
    int blocks = 0;
    for (int r = 0; r < 10; r++) {
        if (r == 4 || r == 7) {
            k += 10;
            big[r] = 1;
        }
        const struct nanort_taskgraph_watch w[] = {{&same, sizeof same}, {big, sizeof big},
                                                   {&k, sizeof k}};
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin_watch(&tg, &x, 0, 0, w, 3)) {
            blocks++;
            void *a;
            nanort_task *t = nanort_task_create(&own_type, sizeof(struct own_args), 1, 1, &a);
            *(struct own_args *)a = (struct own_args){&out, k};
            nanort_task_region1(t, NANORT_DEP_INOUT, &out, sizeof out);
            nanort_task_submit(t, 0, 0);
        }
        nanort_taskgraph_end(&x);
        expect += k + 1;
    }
    ck_assert_int_eq(blocks, 3);
    ck_assert_int_eq(out, expect);
}
END_TEST

/* ---- commutative accesses stay exclusive in replays ------------------------------------- */

static struct ut_overlap comm_ov;
static long comm_sum;

static void comm_body(void *p, long k)
{
    (void)p;
    ut_overlap_enter(&comm_ov);
    long v = comm_sum;
    ut_sleep_ms(1);
    comm_sum = v + k;
    ut_overlap_leave(&comm_ov);
}

START_TEST(taskgraph_commutative_stays_exclusive)
{
    /* Eight commutative updates per run, five runs: never two at once, none lost. */
    static struct nanort_taskgraph tg = {"comm", NULL};
    for (int r = 0; r < 5; r++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0))
            for (int i = 1; i <= 8; i++)
                UT_SPAWN(comm_body, NULL, i, UT_R1(NANORT_DEP_COMMUTATIVE, &comm_sum, sizeof comm_sum));
        nanort_taskgraph_end(&x);
    }
    ck_assert_int_eq(comm_sum, 5 * 36);
    ck_assert_int_eq(ut_overlap_max(&comm_ov), 1);
}
END_TEST

/* ---- independent tasks run in parallel in replays ---------------------------------------- */

static atomic_int meet;

static void meet_body(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_fetch_add(&bodies, ut_meet(&meet, 2, 5.0) ? 1 : 1000);
}

START_TEST(taskgraph_independent_tasks_run_together)
{
    /* Two independent tasks of a replay meet (both run at once): the replay does not
     * serialise what the record left parallel. */
    static struct nanort_taskgraph tg = {"meet", NULL};
    for (int r = 0; r < 3; r++) {
        atomic_store(&meet, 0);
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
            UT_SPAWN_NODEPS(meet_body, NULL, 0);
            UT_SPAWN_NODEPS(meet_body, NULL, 1);
        }
        nanort_taskgraph_end(&x);
    }
    ck_assert_int_eq(atomic_load(&bodies), 6);
}
END_TEST

/* ---- misuse is a fatal error with a message ------------------------------------------------ */

static int run_child(void (*fn)(void), char *err, size_t n)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        fn();
        _exit(0);
    }
    close(fd[1]);
    size_t got = 0;
    ssize_t r;
    while (got + 1 < n && (r = read(fd[0], err + got, n - 1 - got)) > 0)
        got += (size_t)r;
    err[got] = '\0';
    close(fd[0]);
    int st;
    waitpid(pid, &st, 0);
    return st;
}

static void wait_while_recording(void)
{
    static struct nanort_taskgraph tg = {"bad.c:3", NULL};
    struct nanort_taskgraph_exec x;
    if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
        UT_SPAWN_NODEPS(add_k, &acc[0], 1);
        nanort_taskwait();
    }
    nanort_taskgraph_end(&x);
}

START_TEST(taskgraph_taskwait_while_recording_is_fatal)
{
    char err[1024];
    int st = run_child(wait_while_recording, err, sizeof err);
    ck_assert_msg(!(WIFEXITED(st) && WEXITSTATUS(st) == 0), "the program went on");
    ck_assert_msg(strstr(err, "nanort: a taskwait inside the block of the taskgraph at bad.c:3, "
                              "which is being recorded"), "stderr: %s", err);
}
END_TEST

static void undeferred_while_recording(void)
{
    static struct nanort_taskgraph tg = {"bad.c:9", NULL};
    struct nanort_taskgraph_exec x;
    if (nanort_taskgraph_begin(&tg, &x, 0, 0))
        ut_spawn(add_k, &acc[0], 1, NANORT_TASK_UNDEFERRED, 0, 0, NULL);
    nanort_taskgraph_end(&x);
}

START_TEST(taskgraph_undeferred_task_while_recording_is_fatal)
{
    char err[1024];
    int st = run_child(undeferred_while_recording, err, sizeof err);
    ck_assert_msg(!(WIFEXITED(st) && WEXITSTATUS(st) == 0), "the program went on");
    ck_assert_msg(strstr(err, "nanort: task 'ut_task' is undeferred (if(false)) inside the "
                              "taskgraph at bad.c:9"), "stderr: %s", err);
}
END_TEST

static void detach_body(void *args, nanort_ctx *ctx)
{
    (void)args;
    (void)ctx;
}
static struct nanort_impl detach_impls[] = {{NANORT_DEVICE_SMP, detach_body, "detach_body", NULL}};
static struct nanort_task_type detach_type = {"detached", __FILE__, 1, detach_impls, NULL};

static void detach_while_recording(void)
{
    static struct nanort_taskgraph tg = {"bad.c:14", NULL};
    struct nanort_taskgraph_exec x;
    nanort_event_handle ev;
    void *args;
    if (nanort_taskgraph_begin(&tg, &x, 0, 0))
        nanort_task_submit(nanort_task_create_detach(&detach_type, 8, 0, 0, &args, &ev), 0, 0);
    nanort_taskgraph_end(&x);
}

/* A detached task cannot be replayed (the program could not be handed a new event): the
 * recording stops with a message instead of replaying a stale event. */
START_TEST(taskgraph_detached_task_while_recording_is_fatal)
{
    char err[1024];
    int st = run_child(detach_while_recording, err, sizeof err);
    ck_assert_msg(!(WIFEXITED(st) && WEXITSTATUS(st) == 0), "the program went on");
    ck_assert_msg(strstr(err, "nanort: task 'detached' has a detach clause inside the taskgraph "
                              "at bad.c:14"), "stderr: %s", err);
}
END_TEST

static void nested_begin(void)
{
    static struct nanort_taskgraph outer = {"bad.c:20", NULL}, inner = {"bad.c:21", NULL};
    struct nanort_taskgraph_exec x, y;
    if (nanort_taskgraph_begin(&outer, &x, 0, 0)) {
        if (nanort_taskgraph_begin(&inner, &y, 0, 0))
            UT_SPAWN_NODEPS(add_k, &acc[0], 1);
        nanort_taskgraph_end(&y);
    }
    nanort_taskgraph_end(&x);
}

START_TEST(taskgraph_inside_recording_is_fatal)
{
    char err[1024];
    int st = run_child(nested_begin, err, sizeof err);
    ck_assert_msg(!(WIFEXITED(st) && WEXITSTATUS(st) == 0), "the program went on");
    ck_assert_msg(strstr(err, "nanort: the taskgraph at bad.c:21 is met while this thread "
                              "records the one at bad.c:20"), "stderr: %s", err);
}
END_TEST

/* ---- --taskgraph-verify: the block runs again and must create the recorded tasks ------ */

static int verify_shape;            /* 0: 3 updates; 1: 4 updates; 2: 2; 3: other k */

static void verify_runs(void)
{
    char args[256];
    const char *base = getenv("NX_ARGS");
    snprintf(args, sizeof args, "%s --taskgraph-verify", base ? base : "");
    setenv("NX_ARGS", args, 1);
    static struct nanort_taskgraph tg = {"verify.c:7", NULL};
    for (int r = 0; r < 4; r++) {
        struct nanort_taskgraph_exec x;
        int shape = r == 3 ? verify_shape : 0;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0)) {
            block_runs++;
            int n = shape == 1 ? 4 : shape == 2 ? 2 : 3;
            for (int i = 0; i < n; i++)
                UT_SPAWN(add_k, &acc[0], shape == 3 && i == 1 ? 9 : i + 1,
                         UT_INOUT(&acc[0], sizeof acc[0]));
        }
        nanort_taskgraph_end(&x);
    }
    nanort_taskwait();
    /* the same graph every time: the block ran 4 times, the graph 4 times */
    if (block_runs != 4 || acc[0] != chain_seq(0, 3, 4))
        _exit(3);
}

START_TEST(taskgraph_verify_accepts_the_same_tasks)
{
    char err[1024];
    verify_shape = 0;
    int st = run_child(verify_runs, err, sizeof err);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d, stderr: %s", st, err);
}
END_TEST

static void verify_expect(int shape, const char *what)
{
    char err[1024], want[256];
    verify_shape = shape;
    int st = run_child(verify_runs, err, sizeof err);
    ck_assert_msg(!(WIFEXITED(st) && WEXITSTATUS(st) == 0), "the program went on");
    snprintf(want, sizeof want, "nanort: the block of the taskgraph at verify.c:7 (graph_id 0) "
             "created %s", what);
    ck_assert_msg(strstr(err, want), "stderr: %s", err);
}

START_TEST(taskgraph_verify_finds_more_tasks)
{
    verify_expect(1, "more tasks (task 4 of 3) than when the graph was recorded");
}
END_TEST

START_TEST(taskgraph_verify_finds_fewer_tasks)
{
    verify_expect(2, "fewer tasks (task 3 of 3)");
}
END_TEST

START_TEST(taskgraph_verify_finds_other_arguments)
{
    verify_expect(3, "a task with other arguments (task 2 of 3)");
}
END_TEST

/* Fresh state for every test (also when Check runs without fork, CK_FORK=no). */
static void tg_setup(void)
{
    block_runs = 0;
    atomic_store(&bodies, 0);
    memset(acc, 0, sizeof acc);
    memset(nest_v, 0, sizeof nest_v);
    memset(ring, 0, sizeof ring);
    memset(xs, 0, sizeof xs);
    memset(&comm_ov, 0, sizeof comm_ov);
    comm_sum = 0;
    src_v = mid_v = dst_v = 0;
}

/* ---- argument blocks aligned to more than 16 bytes (nanort_task_create_aligned) ------ */

/* What mcc makes of a firstprivate `_Alignas(128)` array: a struct aligned to 128. */
struct wide_args {
    _Alignas(128) double v[4];
    long k;
};
static atomic_int wide_runs, wide_misaligned, wide_wrong;
static long wide_cells[4];

static void wide_run(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    const struct wide_args *a = args;
    if ((uintptr_t)args % _Alignof(struct wide_args) != 0)
        atomic_fetch_add(&wide_misaligned, 1);
    if (a->v[3] != 4.0 * (double)a->k)
        atomic_fetch_add(&wide_wrong, 1);
    atomic_fetch_add(&wide_runs, 1);
}

static struct nanort_task_type wide_type = {
    .label = "wide", .source = "taskgraph.c", .nimpls = 1,
    .impls = (const struct nanort_impl[]){{.device = NANORT_DEVICE_SMP, .run = wide_run,
                                           .name = "wide_run"}}};

/* k odd: with an inout region (a graph node with edges), even: none (a leaf, which the
 * gate may run in place). */
static void spawn_wide(long k)
{
    void *p;
    bool dep = k % 2;
    nanort_task *t = nanort_task_create_aligned(&wide_type, sizeof(struct wide_args),
                                                _Alignof(struct wide_args), dep, dep, &p,
                                                NULL);
    struct wide_args *a = p;
    for (int i = 0; i < 4; i++)
        a->v[i] = (double)(k * (i + 1));
    a->k = k;
    if (dep)
        nanort_task_region1(t, NANORT_DEP_INOUT, &wide_cells[k % 4], sizeof(long));
    nanort_task_submit(t, 0, 0);
}

START_TEST(taskgraph_aligned_argument_blocks)
{
    /* Blocks of tasks created with nanort_task_create_aligned(128) start at a multiple of
     * 128, in plain tasks and in a graph's replays (each run restores the recorded
     * arguments into the task's block; a leaf run in place needs an aligned copy too),
     * with the creator's arguments. */
    static struct nanort_taskgraph tg = {"wide", NULL};
    for (long k = 0; k < 32; k++)
        spawn_wide(k);
    nanort_taskwait();
    for (int it = 0; it < 30; it++) {
        struct nanort_taskgraph_exec x;
        if (nanort_taskgraph_begin(&tg, &x, 0, 0))
            for (long k = 0; k < 16; k++)
                spawn_wide(k);
        nanort_taskgraph_end(&x);
    }
    int misaligned = atomic_load(&wide_misaligned), wrong = atomic_load(&wide_wrong);
    int runs = atomic_load(&wide_runs);
    ck_assert_int_eq(misaligned, 0);
    ck_assert_int_eq(wrong, 0);
    ck_assert_int_eq(runs, 32 + 30 * 16);
}
END_TEST

/* ---- one construct met by several tasks at once, each from its own frame ------------- */

#define FR_TASKS 24
static long fr_sums[FR_TASKS];

static void add_one(void *p, long k)
{
    (void)k;
    *(long *)p += 1;
}

/* The body of task j: a construct whose tasks update a local of this frame. */
static void frame_task(void *p, long j)
{
    static struct nanort_taskgraph tg = {"frames", NULL};
    (void)p;
    long loc[4] = {j, 2 * j, 3 * j, 4 * j};
    struct nanort_taskgraph_exec x;
    if (nanort_taskgraph_begin(&tg, &x, 0, 0))
        for (int i = 0; i < 4; i++)
            UT_SPAWN(add_one, &loc[i], 0, UT_INOUT(&loc[i], sizeof loc[i]));
    nanort_taskgraph_end(&x);
    fr_sums[j] = loc[0] + loc[1] + loc[2] + loc[3];
}

START_TEST(taskgraph_met_from_other_frames_records_again)
{
    /* Tasks on any worker meet one construct at once (one run at a time: the others wait
     * in claim, reading which run is in flight while the record changes, under TSan); the
     * graph's tasks point into the encountering frame, so a replay from another frame
     * would update the recording's locals: each task finds its own updated. */
    for (long j = 0; j < FR_TASKS; j++)
        UT_SPAWN_NODEPS(frame_task, NULL, j);
    nanort_taskwait();
    for (long j = 0; j < FR_TASKS; j++)
        ck_assert_msg(fr_sums[j] == 10 * j + 4, "task %ld: %ld, expected %ld", j, fr_sums[j],
                      10 * j + 4);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("taskgraph");
    TCase *tc = ut_tcase(s, "replay", 60);
    tcase_add_checked_fixture(tc, tg_setup, NULL);
    tcase_add_test(tc, taskgraph_stencil_replays_equal_sequential);
    tcase_add_test(tc, taskgraph_nogroup_replays_equal_sequential);
    tcase_add_test(tc, taskgraph_if_false_runs_block_each_time);
    tcase_add_test(tc, taskgraph_end_waits_for_the_graph);
    tcase_add_test(tc, taskgraph_graph_ids_record_separately);
    tcase_add_test(tc, taskgraph_reset_records_again);
    tcase_add_test(tc, taskgraph_solver_converges_as_sequential);
    tcase_add_test(tc, taskgraph_nested_tasks_inside_graph);
    tcase_add_test(tc, taskgraph_interleaved_with_ordinary_tasks);
    tcase_add_test(tc, taskgraph_outer_dependences_honoured);
    tcase_add_test(tc, taskgraph_replays_get_the_recorded_arguments);
    tcase_add_test(tc, taskgraph_commutative_stays_exclusive);
    tcase_add_test(tc, taskgraph_aligned_argument_blocks);
    tcase_add_test(tc, taskgraph_met_from_other_frames_records_again);
    if (ut_probe_runtime().parallel)
        tcase_add_test(tc, taskgraph_independent_tasks_run_together);
    tc = ut_tcase(s, "misuse", 30);
    tcase_add_checked_fixture(tc, tg_setup, NULL);
    tcase_add_test(tc, taskgraph_taskwait_while_recording_is_fatal);
    tcase_add_test(tc, taskgraph_undeferred_task_while_recording_is_fatal);
    tcase_add_test(tc, taskgraph_detached_task_while_recording_is_fatal);
    tcase_add_test(tc, taskgraph_inside_recording_is_fatal);
    tcase_add_test(tc, taskgraph_changed_watched_value_records_again);
    tcase_add_test(tc, taskgraph_verify_accepts_the_same_tasks);
    tcase_add_test(tc, taskgraph_verify_finds_more_tasks);
    tcase_add_test(tc, taskgraph_verify_finds_fewer_tasks);
    tcase_add_test(tc, taskgraph_verify_finds_other_arguments);
    return ut_run_suite(s);
}
