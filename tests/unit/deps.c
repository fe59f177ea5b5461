/*
 * deps.c - Check suite for the dependence engine: every access-mode pair, partial
 * overlap of sections and of 2-D / 3-D tiles, aliases through different base
 * pointers, concurrent and commutative runs, taskwait on, empty regions.
 *
 * Each test describes a list of jobs (regions + mode + a delay), runs it once
 * sequentially on the host for the expected result, then as tasks, and compares the
 * data (writers do order-sensitive arithmetic, readers hash what they saw).  Ordering
 * claims are checked with a global event counter; independence claims with a
 * rendezvous that only completes when the tasks run at the same time.
 */
#include "util.h"

#include <stdlib.h>
#include <string.h>

enum { N = 64, MAXJ = 64, MAXR = 3 };

static unsigned long A[N];  /* the shared data every job works on (wraps, no UB) */

struct job {
    unsigned nr;
    struct ut_region r[MAXR];
    int ms;                 /* sleep inside the body, to expose a missing dependence */
    bool meet;              /* rendezvous with the other `meet` jobs */
    bool met;               /* the rendezvous completed in time */
    unsigned long seen;     /* hash of what the job read */
    int st, en;             /* event numbers of its start and end */
};

static struct job J[MAXJ];
static int nj;
static int nmeet;
static atomic_int arrived;
static bool reference;      /* running the sequential reference: no sleeps, no rendezvous */
static struct ut_overlap comm_overlap, conc_overlap;

static int job_add(int ms, bool meet, unsigned nr, const struct ut_region *r)
{
    ck_assert_int_lt(nj, MAXJ);
    ck_assert_uint_le(nr, MAXR);
    struct job *j = &J[nj];
    memset(j, 0, sizeof *j);
    j->nr = nr;
    memcpy(j->r, r, nr * sizeof *r);
    j->ms = ms;
    j->meet = meet;
    nmeet += meet;
    return nj++;
}
#define JOB(ms, ...)                                                                       \
    job_add((ms), false, sizeof((struct ut_region[]){__VA_ARGS__}) / sizeof(struct ut_region), \
            (struct ut_region[]){__VA_ARGS__})
#define MEETJOB(ms, ...)                                                                   \
    job_add((ms), true, sizeof((struct ut_region[]){__VA_ARGS__}) / sizeof(struct ut_region), \
            (struct ut_region[]){__VA_ARGS__})

/* Addresses of the 8-byte elements a region (up to 3-D) covers, in a fixed order. */
static int region_elems(const struct ut_region *r, unsigned long **out)
{
    size_t z0 = 0, nz = 1, y0 = 0, ny = 1, size1 = 1;
    if (r->ndims > 1) {
        y0 = r->dims[1].lower;
        ny = r->dims[1].length;
        size1 = r->dims[1].size;
    }
    if (r->ndims > 2) {
        z0 = r->dims[2].lower;
        nz = r->dims[2].length;
    }
    int n = 0;
    for (size_t z = z0; z < z0 + nz; z++)
        for (size_t y = y0; y < y0 + ny; y++)
            for (size_t x = r->dims[0].lower; x < r->dims[0].lower + r->dims[0].length; x += 8)
                out[n++] = (unsigned long *)((char *)r->base + (z * size1 + y) * r->dims[0].size + x);
    return n;
}

static void access_region(const struct ut_region *r, long k, struct job *j)
{
    unsigned long *e[N * 4];
    int n = region_elems(r, e);
    for (int i = 0; i < n; i++) {
        switch (r->flags & NANORT_DEP_MODE_MASK) {
        case NANORT_DEP_IN:
            j->seen = j->seen * 31 + *e[i];
            break;
        case NANORT_DEP_OUT:
        case NANORT_DEP_INOUT:
            *e[i] = *e[i] * 3 + (unsigned long)k + 1;
            break;
        case NANORT_DEP_CONCURRENT:
            __atomic_fetch_add(e[i], (unsigned long)k + 1, __ATOMIC_RELAXED);
            break;
        case NANORT_DEP_COMMUTATIVE:
            *e[i] += (unsigned long)k + 1;
            break;
        }
    }
}

static bool job_has_mode(const struct job *j, unsigned mode)
{
    for (unsigned i = 0; i < j->nr; i++)
        if ((j->r[i].flags & NANORT_DEP_MODE_MASK) == mode)
            return true;
    return false;
}

static void job_body(void *p, long k)
{
    (void)p;
    struct job *j = &J[k];
    j->st = ut_tick();
    bool comm = job_has_mode(j, NANORT_DEP_COMMUTATIVE);
    bool conc = job_has_mode(j, NANORT_DEP_CONCURRENT);
    if (comm)
        ut_overlap_enter(&comm_overlap);
    if (conc)
        ut_overlap_enter(&conc_overlap);
    if (j->meet && !reference)
        j->met = ut_meet(&arrived, nmeet, 5.0);
    if (j->ms && !reference)
        ut_sleep_ms(j->ms);
    for (unsigned i = 0; i < j->nr; i++)
        access_region(&j->r[i], k, j);
    if (conc)
        ut_overlap_leave(&conc_overlap);
    if (comm)
        ut_overlap_leave(&comm_overlap);
    j->en = ut_tick();
}

static void reset_data(void)
{
    for (int i = 0; i < N; i++)
        A[i] = i + 1;
    for (int k = 0; k < nj; k++) {
        J[k].seen = 0;
        J[k].st = J[k].en = -1;
    }
}

static void spawn_job(int k)
{
    ut_spawn(job_body, NULL, k, 0, 0, J[k].nr, J[k].r);
}

/* Run the jobs sequentially for the expected result, then as tasks; compare.
 * Commutative jobs add, so any order gives the same result. */
static void run_jobs(void)
{
    unsigned long want[N], want_seen[MAXJ];
    reference = true;
    reset_data();
    for (int k = 0; k < nj; k++)
        job_body(NULL, k);
    memcpy(want, A, sizeof A);
    for (int k = 0; k < nj; k++)
        want_seen[k] = J[k].seen;

    reference = false;
    reset_data();
    memset(&comm_overlap, 0, sizeof comm_overlap);
    memset(&conc_overlap, 0, sizeof conc_overlap);
    for (int k = 0; k < nj; k++)
        spawn_job(k);
    nanort_taskwait();
    for (int k = 0; k < nj; k++) {
        ck_assert_msg(J[k].en >= 0, "job %d did not run", k);
        ck_assert_msg(J[k].seen == want_seen[k], "job %d read %lu, sequential order reads %lu", k,
                      J[k].seen, want_seen[k]);
        if (J[k].meet)
            ck_assert_msg(J[k].met, "job %d never ran at the same time as the other %d", k,
                          nmeet - 1);
    }
    for (int i = 0; i < N; i++)
        ck_assert_msg(A[i] == want[i], "A[%d] = %lu, sequential order gives %lu", i, A[i],
                      want[i]);
}

#define BEFORE(a, b)                                                                       \
    ck_assert_msg(J[a].en < J[b].st, "job %d must end (event %d) before job %d starts (event %d)", \
                  (a), J[a].en, (b), J[b].st)

#define SEC(mode, lo, len) UT_SEC(mode, A, N, lo, len)
#define IN NANORT_DEP_IN
#define OUT NANORT_DEP_OUT
#define INOUT NANORT_DEP_INOUT
#define CONC NANORT_DEP_CONCURRENT
#define COMM NANORT_DEP_COMMUTATIVE

/* ---- access-mode pairs ------------------------------------------------------------ */

START_TEST(deps_raw_reader_waits_for_writer)
{
    /* A reader of x starts only after the earlier writer of x ended, and reads its value. */
    int w = JOB(40, SEC(OUT, 5, 1));
    int r = JOB(0, SEC(IN, 5, 1));
    run_jobs();
    BEFORE(w, r);
}
END_TEST

START_TEST(deps_war_writer_waits_for_all_readers)
{
    /* A writer waits until every earlier reader of the same data has finished. */
    int w0 = JOB(0, SEC(OUT, 0, 4));
    int r1 = JOB(30, SEC(IN, 0, 4));
    int r2 = JOB(10, SEC(IN, 0, 4));
    int r3 = JOB(20, SEC(IN, 2, 1));
    int w4 = JOB(0, SEC(OUT, 0, 4));
    run_jobs();
    BEFORE(w0, r1);
    BEFORE(w0, r2);
    BEFORE(w0, r3);
    BEFORE(r1, w4);
    BEFORE(r2, w4);
    BEFORE(r3, w4);
}
END_TEST

START_TEST(deps_waw_writers_keep_program_order)
{
    /* Successive writers of one element run in creation order (first sleeps longest). */
    int w[6];
    for (int i = 0; i < 6; i++)
        w[i] = JOB(30 - 5 * i, SEC(i % 2 ? INOUT : OUT, 7, 1));
    run_jobs();
    for (int i = 0; i + 1 < 6; i++)
        BEFORE(w[i], w[i + 1]);
}
END_TEST

START_TEST(deps_inout_chain_matches_sequential)
{
    /* A chain of 60 inout tasks on one element gives exactly the sequential result. */
    for (int i = 0; i < 60; i++)
        JOB(i % 7 == 0 ? 2 : 0, SEC(INOUT, 3, 1));
    run_jobs();
    for (int i = 0; i + 1 < 60; i++)
        BEFORE(i, i + 1);
}
END_TEST

START_TEST(deps_rar_readers_run_in_parallel)
{
    /* Two readers of the same data after one writer can run at the same time. */
    int w = JOB(10, SEC(OUT, 0, 8));
    int r1 = MEETJOB(0, SEC(IN, 0, 8));
    int r2 = MEETJOB(0, SEC(IN, 2, 4));
    run_jobs();
    BEFORE(w, r1);
    BEFORE(w, r2);
}
END_TEST

START_TEST(deps_in_and_out_in_one_task)
{
    /* A task that reads one section and writes another is ordered on both. */
    int w = JOB(30, SEC(OUT, 0, 8));
    int rw = JOB(10, SEC(IN, 0, 8), SEC(OUT, 8, 8));
    int r = JOB(0, SEC(IN, 8, 8));
    int w2 = JOB(0, SEC(OUT, 4, 1));
    run_jobs();
    BEFORE(w, rw);
    BEFORE(rw, r);
    BEFORE(rw, w2);
}
END_TEST

/* ---- partial overlap, 1-D --------------------------------------------------------- */

START_TEST(deps_partial_overlap_1d)
{
    /* Sections that share part of their elements are ordered; the overlap decides. */
    int a = JOB(40, SEC(OUT, 0, 40));
    int b = JOB(20, SEC(INOUT, 30, 30));
    int c = JOB(0, SEC(IN, 50, 14));
    int d = JOB(0, SEC(IN, 0, 10));
    int e = JOB(0, SEC(OUT, 39, 12));
    run_jobs();
    BEFORE(a, b);
    BEFORE(b, c);
    BEFORE(a, d);
    BEFORE(b, e);
    BEFORE(c, e);
}
END_TEST

START_TEST(deps_region_covering_several_sections)
{
    /* One region that covers eight earlier sections waits for all of them, and later
     * readers of single sections wait for it. */
    int w[8];
    for (int i = 0; i < 8; i++)
        w[i] = JOB(5 * (8 - i), SEC(OUT, 8 * i, 8));
    int all = JOB(10, SEC(INOUT, 0, N));
    int r1 = JOB(0, SEC(IN, 8, 8));
    int r2 = JOB(0, SEC(IN, 60, 4));
    run_jobs();
    for (int i = 0; i < 8; i++)
        BEFORE(w[i], all);
    BEFORE(all, r1);
    BEFORE(all, r2);
}
END_TEST

START_TEST(deps_section_inside_earlier_region)
{
    /* Sections contained in an earlier, larger region are ordered after it, and a
     * later large region waits for the small ones. */
    int big = JOB(40, SEC(OUT, 0, N));
    int r = JOB(20, SEC(IN, 10, 10));
    int w = JOB(10, SEC(OUT, 12, 2));
    int w2 = JOB(0, SEC(OUT, 40, 3));
    int big2 = JOB(0, SEC(IN, 0, N));
    run_jobs();
    BEFORE(big, r);
    BEFORE(r, w);
    BEFORE(big, w2);
    BEFORE(w, big2);
    BEFORE(w2, big2);
}
END_TEST

START_TEST(deps_adjacent_sections_are_independent)
{
    /* Two writers of touching but disjoint sections run at the same time. */
    MEETJOB(0, SEC(OUT, 0, 32));
    MEETJOB(0, SEC(OUT, 32, 32));
    run_jobs();
}
END_TEST

START_TEST(deps_many_disjoint_sections_with_readers)
{
    /* 16 writer/reader pairs on disjoint sections: each reader sees its own writer. */
    for (int i = 0; i < 16; i++)
        JOB(i % 3, SEC(OUT, 4 * i, 4));
    for (int i = 0; i < 16; i++)
        JOB(0, SEC(IN, 4 * i, 4));
    run_jobs();
    for (int i = 0; i < 16; i++)
        BEFORE(i, 16 + i);
}
END_TEST

/* ---- 2-D and 3-D tiles ------------------------------------------------------------ */

#define T2(mode, r0, h, c0, w) UT_TILE2(mode, A, 8, 8, sizeof(long), r0, h, c0, w)
#define T3(mode, z0, d, r0, h, c0, w) UT_TILE3(mode, A, 4, 4, 4, sizeof(long), z0, d, r0, h, c0, w)

START_TEST(deps_partial_overlap_2d)
{
    /* A tile overlapping four earlier 4x4 tiles waits for all four; a row band waits
     * only for what it overlaps. */
    int t[4];
    for (int i = 0; i < 4; i++)
        t[i] = JOB(10 * (4 - i), T2(OUT, 4 * (i / 2), 4, 4 * (i % 2), 4));
    int mid = JOB(20, T2(IN, 2, 4, 2, 4));
    int band = JOB(0, T2(INOUT, 0, 2, 0, 8));
    int corner = JOB(0, T2(INOUT, 6, 2, 6, 2));
    run_jobs();
    for (int i = 0; i < 4; i++)
        BEFORE(t[i], mid);
    BEFORE(t[0], band);
    BEFORE(t[1], band);
    BEFORE(t[3], corner);
}
END_TEST

START_TEST(deps_2d_tiles_sharing_rows_are_independent)
{
    /* Left and right halves of the same rows interleave in memory but share no
     * element: they run at the same time. */
    MEETJOB(0, T2(OUT, 0, 8, 0, 4));
    MEETJOB(0, T2(OUT, 0, 8, 4, 4));
    run_jobs();
}
END_TEST

START_TEST(deps_2d_column_vs_row_tiles)
{
    /* A column strip and a row strip cross in one element: they are ordered; a 2-D
     * tile and a 1-D section of the same bytes are ordered too. */
    int col = JOB(30, T2(OUT, 0, 8, 3, 1));
    int row = JOB(10, T2(INOUT, 5, 1, 0, 8));
    int sec = JOB(0, SEC(IN, 40, 8)); /* row 5 as a 1-D section */
    JOB(0, T2(IN, 0, 2, 0, 2)); /* touches neither strip: only the data is checked */
    run_jobs();
    BEFORE(col, row);
    BEFORE(row, sec);
}
END_TEST

START_TEST(deps_partial_overlap_3d)
{
    /* 3-D boxes: a box that overlaps two earlier boxes waits for both; a box that
     * overlaps neither does not need to. */
    int lo = JOB(30, T3(OUT, 0, 2, 0, 4, 0, 4));
    int hi = JOB(20, T3(OUT, 2, 2, 0, 4, 0, 4));
    int mid = JOB(10, T3(INOUT, 1, 2, 1, 2, 1, 2));
    int after = JOB(0, T3(IN, 0, 4, 2, 1, 2, 1));
    run_jobs();
    BEFORE(lo, mid);
    BEFORE(hi, mid);
    BEFORE(mid, after);
    BEFORE(lo, after);
    BEFORE(hi, after);
}
END_TEST

START_TEST(deps_3d_boxes_disjoint_in_columns_are_independent)
{
    /* Two boxes over all planes and rows but disjoint column ranges run at once. */
    MEETJOB(0, T3(OUT, 0, 4, 0, 4, 0, 2));
    MEETJOB(0, T3(OUT, 0, 4, 0, 4, 2, 2));
    run_jobs();
}
END_TEST

/* ---- aliases through different base pointers -------------------------------------- */

START_TEST(deps_different_base_same_bytes)
{
    /* The same bytes described from different base pointers (and shapes) depend on
     * each other. */
    int w = JOB(40, SEC(OUT, 10, 10));
    int r = JOB(20, UT_R1(NANORT_DEP_IN, &A[10], 10 * sizeof(long)));
    /* A[8..15] as row 0 of a 7-row, 8-column matrix starting at &A[8]. */
    int w2 = JOB(0, UT_TILE2(NANORT_DEP_OUT, &A[8], 7, 8, sizeof(long), 0, 1, 0, 8));
    struct ut_region shifted = {NANORT_DEP_IN, &A[16], 1, {{8 * sizeof(long), 0, 2 * sizeof(long)}}};
    int r2 = JOB(0, shifted);
    run_jobs();
    BEFORE(w, r);
    BEFORE(r, w2);
    BEFORE(w, r2);
}
END_TEST

/* ---- concurrent and commutative --------------------------------------------------- */

START_TEST(deps_concurrent_run_overlaps_in_time)
{
    /* Concurrent accesses to one element run at the same time (two of them meet),
     * after the writer before them and before the reader after them. */
    int w = JOB(20, SEC(OUT, 1, 1));
    int c[3];
    for (int i = 0; i < 3; i++)
        c[i] = i < 2 ? MEETJOB(0, SEC(CONC, 1, 1)) : JOB(0, SEC(CONC, 1, 1));
    int r = JOB(0, SEC(IN, 1, 1));
    run_jobs();
    for (int i = 0; i < 3; i++) {
        BEFORE(w, c[i]);
        BEFORE(c[i], r);
    }
}
END_TEST

START_TEST(deps_concurrent_ordered_with_plain_accesses)
{
    /* Runs of concurrent accesses are ordered against in/out/inout around them. */
    int w = JOB(30, SEC(OUT, 0, 4));
    int c[4];
    for (int i = 0; i < 4; i++)
        c[i] = JOB(10, SEC(CONC, 0, 4));
    int r = JOB(10, SEC(IN, 0, 4));
    int c2 = JOB(0, SEC(CONC, 2, 2));
    int w2 = JOB(0, SEC(INOUT, 0, 4));
    run_jobs();
    for (int i = 0; i < 4; i++) {
        BEFORE(w, c[i]);
        BEFORE(c[i], r);
    }
    BEFORE(r, c2);
    BEFORE(c2, w2);
}
END_TEST

START_TEST(deps_commutative_one_at_a_time)
{
    /* A run of commutative tasks never has two running at once, all of them run
     * between the writer before and the reader after. */
    int w = JOB(20, SEC(OUT, 2, 2));
    int c[6];
    for (int i = 0; i < 6; i++)
        c[i] = JOB(8, SEC(COMM, 2, 2));
    int r = JOB(0, SEC(IN, 2, 2));
    run_jobs();
    ck_assert_int_eq(ut_overlap_max(&comm_overlap), 1);
    for (int i = 0; i < 6; i++) {
        BEFORE(w, c[i]);
        BEFORE(c[i], r);
    }
}
END_TEST

START_TEST(deps_commutative_runs_separated_by_reader)
{
    /* Two runs of commutative tasks separated by a reader: the reader sees exactly
     * the first run's updates, the second run waits for the reader. */
    int c1[3], c2[3];
    for (int i = 0; i < 3; i++)
        c1[i] = JOB(5, SEC(COMM, 0, 1));
    int r = JOB(10, SEC(IN, 0, 1));
    for (int i = 0; i < 3; i++)
        c2[i] = JOB(5, SEC(COMM, 0, 1));
    int w = JOB(0, SEC(INOUT, 0, 1));
    run_jobs();
    ck_assert_int_eq(ut_overlap_max(&comm_overlap), 1);
    for (int i = 0; i < 3; i++) {
        BEFORE(c1[i], r);
        BEFORE(r, c2[i]);
        BEFORE(c2[i], w);
    }
}
END_TEST

START_TEST(deps_commutative_then_concurrent)
{
    /* A commutative run followed by a concurrent run: no task of the second starts
     * before every task of the first ended. */
    int c1[3], c2[3];
    for (int i = 0; i < 3; i++)
        c1[i] = JOB(10, SEC(COMM, 5, 3));
    for (int i = 0; i < 3; i++)
        c2[i] = JOB(0, SEC(CONC, 5, 3));
    run_jobs();
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            BEFORE(c1[i], c2[j]);
}
END_TEST

START_TEST(deps_commutative_any_order)
{
    /* A commutative task that is not ready (it also waits for a slow writer) does
     * not hold back a later member of its run: the later one runs first. */
    int slow = JOB(80, SEC(OUT, 40, 1));
    int c1 = JOB(0, SEC(COMM, 0, 2), SEC(IN, 40, 1));
    int c2 = JOB(0, SEC(COMM, 0, 2));
    run_jobs();
    BEFORE(slow, c1);
    BEFORE(c2, c1);
}
END_TEST

/* ---- copy bits ---------------------------------------------------------------------- */

START_TEST(deps_copy_bits_keep_the_mode)
{
    /* COPY_* bits (ignored by smp) do not change the dependence mode. */
    int w = JOB(30, SEC(NANORT_DEP_OUT | NANORT_COPY_OUT, 0, 4));
    int r = JOB(10, SEC(NANORT_DEP_IN | NANORT_COPY_IN, 0, 4));
    int w2 = JOB(0, SEC(NANORT_DEP_INOUT | NANORT_COPY_INOUT, 2, 4));
    run_jobs();
    BEFORE(w, r);
    BEFORE(r, w2);
}
END_TEST

START_TEST(deps_copy_only_region_does_not_wait)
{
    /* A region with mode NONE (copy information only) creates no dependence. */
    MEETJOB(0, SEC(OUT, 0, 8));
    MEETJOB(0, SEC(NANORT_DEP_NONE | NANORT_COPY_INOUT, 0, 8));
    run_jobs();
}
END_TEST

/* ---- empty regions ---------------------------------------------------------------- */

START_TEST(deps_empty_region_runs)
{
    /* Tasks whose only regions are empty (length 0 in 1-D, 0 rows in 2-D) run and
     * create no dependence that could deadlock. */
    JOB(10, SEC(OUT, 0, 4));
    JOB(0, SEC(IN, 3, 0));
    JOB(0, T2(INOUT, 2, 0, 0, 8));
    JOB(0, SEC(OUT, 0, 0), SEC(IN, 60, 4));
    run_jobs();
}
END_TEST

START_TEST(deps_empty_region_does_not_wait)
{
    /* An empty region on data a running writer holds does not make the task wait. */
    MEETJOB(0, SEC(OUT, 0, 8));
    MEETJOB(0, SEC(INOUT, 2, 0));
    run_jobs();
}
END_TEST

/* ---- taskwait on ------------------------------------------------------------------ */

static long x_val, y_val;
static atomic_int y_started, y_release, y_done, y_timed_out;

static void produce_x(void *p, long k)
{
    (void)p;
    ut_sleep_ms(30);
    x_val = k;
}

static void hold_y(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_store(&y_started, 1);
    if (!ut_wait_at_least(&y_release, 1, 10.0))
        atomic_store(&y_timed_out, 1);
    y_val = 1;
    atomic_store(&y_done, 1);
}

START_TEST(deps_taskwait_on_returns_after_producer)
{
    /* taskwait on(x) returns only after the producer of x finished (1-D and the
     * general form with a 2-D region). */
    UT_SPAWN(produce_x, NULL, 42, UT_OUT(&x_val, sizeof x_val));
    nanort_taskwait_on1(&x_val, sizeof x_val);
    ck_assert_int_eq(x_val, 42);

    JOB(30, T2(OUT, 2, 2, 2, 2));
    reset_data();
    spawn_job(0);
    unsigned flags = NANORT_DEP_IN;
    const void *base = A;
    unsigned nd = 2;
    struct nanort_dim d[2] = {{8 * sizeof(long), 3 * sizeof(long), sizeof(long)}, {8, 3, 1}};
    const struct nanort_dim *dp = d;
    nanort_taskwait_on(1, &flags, &base, &nd, &dp, 0);
    ck_assert_int_ge(J[0].en, 0);
    ck_assert_uint_eq(A[3 * 8 + 3], (3 * 8 + 3 + 1) * 3 + 1);
    nanort_taskwait();
}
END_TEST

START_TEST(deps_taskwait_on_waits_only_for_producers)
{
    /* taskwait on(x) does not wait for a sibling that works on other data: that one
     * is still running when taskwait on returns. */
    UT_SPAWN(hold_y, NULL, 0, UT_INOUT(&y_val, sizeof y_val));
    ck_assert_msg(ut_wait_at_least(&y_started, 1, 5.0), "the task on y never started");
    UT_SPAWN(produce_x, NULL, 7, UT_OUT(&x_val, sizeof x_val));
    nanort_taskwait_on1(&x_val, sizeof x_val);
    ck_assert_int_eq(x_val, 7);
    ck_assert_msg(!atomic_load(&y_done), "taskwait on(x) waited for the task on y");
    atomic_store(&y_release, 1);
    nanort_taskwait();
    ck_assert_int_eq(atomic_load(&y_timed_out), 0);
    ck_assert_int_eq(y_val, 1);
}
END_TEST

START_TEST(deps_taskwait_on_partial_region)
{
    /* taskwait on a sub-section waits for the writer of an enclosing section. */
    int w = JOB(40, SEC(OUT, 0, 32));
    reset_data();
    spawn_job(w);
    nanort_taskwait_on1(&A[20], 2 * sizeof(long));
    ck_assert_msg(J[w].en >= 0, "taskwait on(A[20:21]) returned before the writer of A[0:31]");
    ck_assert_uint_eq(A[20], 21 * 3 + 1);
    nanort_taskwait();
}
END_TEST

/* Fresh state for every test (also when Check runs without fork, CK_FORK=no). */
static void deps_setup(void)
{
    nj = 0;
    nmeet = 0;
    atomic_store(&arrived, 0);
    x_val = y_val = 0;
    atomic_store(&y_started, 0);
    atomic_store(&y_release, 0);
    atomic_store(&y_done, 0);
    atomic_store(&y_timed_out, 0);
}

/* ---- depend objects (nanort/depobj.c; mcc's depobj lowering is tested end to end in
 * tests/ompss/ported/depend_objects.c) ---- */

START_TEST(deps_depobj_keeps_region_and_mode)
{
    /* A 2-D region and a contiguous one: the record gives back what it was given; update
     * changes only the mode (copy bits never stored); destroy clears the slot. */
    double m[4][8] = {{0}};
    void *o = NULL, *p = NULL;
    struct nanort_dim d[2] = {{8 * sizeof(double), 2 * sizeof(double), 3 * sizeof(double)},
                              {4, 1, 2}};
    nanort_depobj_init(&o, NANORT_DEP_INOUT | NANORT_COPY_INOUT, m, 2, d);
    nanort_depobj_init1(&p, NANORT_DEP_IN, &m[0][0], sizeof m[0]);
    ck_assert_uint_eq(nanort_depobj_ndims(&o, "t"), 2);
    ck_assert_uint_eq(nanort_depobj_ndims(&p, "t"), 1);
    unsigned flags;
    const void *base;
    struct nanort_dim got[2];
    ck_assert_uint_eq(nanort_depobj_region(&o, &flags, &base, got, "t"), 2);
    ck_assert_uint_eq(flags, NANORT_DEP_INOUT);
    ck_assert_ptr_eq(base, m);
    ck_assert_uint_eq(got[0].lower, 2 * sizeof(double));
    ck_assert_uint_eq(got[1].length, 2);
    nanort_depobj_update(&o, NANORT_DEP_COMMUTATIVE, "t");
    nanort_depobj_region(&o, &flags, &base, got, "t");
    ck_assert_uint_eq(flags, NANORT_DEP_COMMUTATIVE);
    nanort_depobj_region(&p, &flags, &base, got, "t");
    ck_assert_uint_eq(got[0].size, sizeof m[0]);
    nanort_depobj_destroy(&o, "t");
    nanort_depobj_destroy(&p, "t");
    ck_assert_ptr_null(o);
    ck_assert_ptr_null(p);
}
END_TEST

START_TEST(deps_depobj_used_after_destroy_stops)
{
    /* A destroyed object (or one never initialised: NULL) stops the program with a
     * message, rather than a dependence on nothing. */
    int x = 0;
    void *o = NULL;
    nanort_depobj_init1(&o, NANORT_DEP_OUT, &x, sizeof x);
    nanort_depobj_destroy(&o, "t.c:9");
    nanort_depobj_ndims(&o, "t.c:10");
}
END_TEST

START_TEST(deps_error_directive_fatal_stops)
{
    /* #pragma omp error at(execution) (severity fatal): the message, then status 1; a
     * warning goes on (the rest of this test runs). */
    nanort_omp_error(0, "only a warning", "t.c:4");
    nanort_omp_error(1, "stop here", "t.c:5");
}
END_TEST

START_TEST(deps_depobj_garbage_stops)
{
    /* Contents no depobj construct wrote (an uninitialised automatic object) are caught
     * by the record's tag when they point at readable memory. */
    unsigned junk[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    void *o = junk;
    nanort_depobj_update(&o, NANORT_DEP_IN, "t.c:3");
}
END_TEST

static TCase *deps_tcase(Suite *s, const char *name)
{
    TCase *tc = ut_tcase(s, name, 30);
    tcase_add_checked_fixture(tc, deps_setup, NULL);
    return tc;
}

int main(void)
{
    bool parallel = ut_probe_runtime().parallel;
    Suite *s = suite_create("deps");
    TCase *tc = deps_tcase(s, "modes");
    tcase_add_test(tc, deps_raw_reader_waits_for_writer);
    tcase_add_test(tc, deps_war_writer_waits_for_all_readers);
    tcase_add_test(tc, deps_waw_writers_keep_program_order);
    tcase_add_test(tc, deps_inout_chain_matches_sequential);
    tcase_add_test(tc, deps_in_and_out_in_one_task);
    tc = deps_tcase(s, "overlap");
    tcase_add_test(tc, deps_partial_overlap_1d);
    tcase_add_test(tc, deps_region_covering_several_sections);
    tcase_add_test(tc, deps_section_inside_earlier_region);
    tcase_add_test(tc, deps_many_disjoint_sections_with_readers);
    tcase_add_test(tc, deps_partial_overlap_2d);
    tcase_add_test(tc, deps_2d_column_vs_row_tiles);
    tcase_add_test(tc, deps_partial_overlap_3d);
    tcase_add_test(tc, deps_different_base_same_bytes);
    tc = deps_tcase(s, "runs");
    tcase_add_test(tc, deps_concurrent_ordered_with_plain_accesses);
    tcase_add_test(tc, deps_commutative_one_at_a_time);
    tcase_add_test(tc, deps_commutative_runs_separated_by_reader);
    tcase_add_test(tc, deps_commutative_then_concurrent);
    tcase_add_test(tc, deps_copy_bits_keep_the_mode);
    tc = deps_tcase(s, "depobj");
    tcase_add_test(tc, deps_depobj_keeps_region_and_mode);
    tcase_add_exit_test(tc, deps_depobj_used_after_destroy_stops, 1);
    tcase_add_exit_test(tc, deps_depobj_garbage_stops, 1);
    tcase_add_exit_test(tc, deps_error_directive_fatal_stops, 1);
    tc = deps_tcase(s, "misc");
    tcase_add_test(tc, deps_empty_region_runs);
    tcase_add_test(tc, deps_taskwait_on_returns_after_producer);
    tcase_add_test(tc, deps_taskwait_on_partial_region);
    /* Independence proofs need two tasks running at once: >= 2 workers and a policy
     * that does not run each new task in its creator (see ut_sched_runs_inline). */
    if (parallel) {
        tc = deps_tcase(s, "parallel");
        tcase_add_checked_fixture(tc, ut_settle, NULL);
        tcase_add_test(tc, deps_rar_readers_run_in_parallel);
        tcase_add_test(tc, deps_adjacent_sections_are_independent);
        tcase_add_test(tc, deps_2d_tiles_sharing_rows_are_independent);
        tcase_add_test(tc, deps_3d_boxes_disjoint_in_columns_are_independent);
        tcase_add_test(tc, deps_concurrent_run_overlaps_in_time);
        tcase_add_test(tc, deps_empty_region_does_not_wait);
        tcase_add_test(tc, deps_taskwait_on_waits_only_for_producers);
        tcase_add_test(tc, deps_commutative_any_order);
        tcase_add_test(tc, deps_copy_only_region_does_not_wait);
    }
    return ut_run_suite(s);
}
