/*
 * nested.c - Check suite for nested tasks: tasks creating tasks, dependences among
 * siblings inside a task, a task's dependences released only when all its
 * descendants finished, taskwait inside a task, deep recursion.
 */
#include "util.h"

#include <stdlib.h>
#include <string.h>

static long x;
static atomic_int counter;

static void step(long *v, long k)
{
    *v = *v * 3 + k;
}

static void bump(void *p, long k)
{
    (void)p;
    (void)k;
    atomic_fetch_add(&counter, 1);
}

static void spawn_bumps(void *p, long k)
{
    (void)p;
    for (long i = 0; i < k; i++)
        UT_SPAWN_NODEPS(k > 1 ? spawn_bumps : bump, NULL, k - 1);
    atomic_fetch_add(&counter, 1);
}

START_TEST(nested_tasks_create_tasks)
{
    /* A tree of tasks five levels deep (4, 3, 2, 1 children per level) all run
     * exactly once. */
    UT_SPAWN_NODEPS(spawn_bumps, NULL, 4);
    nanort_taskwait();
    /* every level counts once per task: 1 + 4 + 4*3 + 4*3*2 + 4*3*2*1 */
    int want = 1 + 4 + 4 * 3 + 4 * 3 * 2 + 4 * 3 * 2 * 1;
    ck_assert_int_eq(atomic_load(&counter), want);
}
END_TEST

/* ---- a task's dependences are released only after its descendants --------------- */

static void late_writer(void *p, long k)
{
    (void)p;
    ut_sleep_ms(40);
    step(&x, k);
}

static void grandchild_parent(void *p, long k)
{
    (void)p;
    UT_SPAWN(late_writer, NULL, k, UT_INOUT(&x, sizeof x));
}

static void parent_without_taskwait(void *p, long k)
{
    step(&x, k);
    /* p != NULL: two levels (child creates the late writer). */
    if (p)
        UT_SPAWN(grandchild_parent, NULL, k + 1, UT_INOUT(&x, sizeof x));
    else
        UT_SPAWN(late_writer, NULL, k + 1, UT_INOUT(&x, sizeof x));
}

static void plain_step(void *p, long k)
{
    (void)p;
    step(&x, k);
}

START_TEST(nested_deps_released_after_children)
{
    /* A sibling that depends on a task waits for that task's child too (the parent
     * returns without taskwait; the child writes late). */
    x = 1;
    UT_SPAWN(parent_without_taskwait, NULL, 1, UT_INOUT(&x, sizeof x));
    UT_SPAWN(plain_step, NULL, 5, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    ck_assert_int_eq(x, ((1 * 3 + 1) * 3 + 2) * 3 + 5);
}
END_TEST

START_TEST(nested_deps_released_after_grandchildren)
{
    /* Same with the late writer two levels down. */
    x = 2;
    UT_SPAWN(parent_without_taskwait, &x, 1, UT_INOUT(&x, sizeof x));
    UT_SPAWN(plain_step, NULL, 7, UT_IN(&x, sizeof x), UT_OUT(&x, sizeof x));
    nanort_taskwait();
    ck_assert_int_eq(x, ((2 * 3 + 1) * 3 + 2) * 3 + 7);
}
END_TEST

START_TEST(nested_taskwait_at_exit_of_main_covers_descendants)
{
    /* nanort_taskwait() in main returns only after grandchildren finished. */
    x = 3;
    UT_SPAWN(parent_without_taskwait, &x, 1, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    ck_assert_int_eq(x, (3 * 3 + 1) * 3 + 2);
}
END_TEST

static struct ut_overlap comm_overlap;

static void comm_leaf(void *p, long k)
{
    (void)p;
    ut_overlap_enter(&comm_overlap);
    ut_sleep_ms(30);
    step(&x, k);
    ut_overlap_leave(&comm_overlap);
}

static void comm_parent(void *p, long k)
{
    (void)p;
    UT_SPAWN(comm_leaf, NULL, k, UT_R1(NANORT_DEP_COMMUTATIVE, &x, sizeof x));
}

START_TEST(nested_commutative_parent_excludes_until_children_done)
{
    /* A commutative task that leaves its work to a child (no taskwait) still
     * excludes the other members of its commutative run until the child finished. */
    UT_SPAWN(comm_parent, NULL, 1, UT_R1(NANORT_DEP_COMMUTATIVE, &x, sizeof x));
    UT_SPAWN(comm_leaf, NULL, 2, UT_R1(NANORT_DEP_COMMUTATIVE, &x, sizeof x));
    UT_SPAWN(comm_parent, NULL, 3, UT_R1(NANORT_DEP_COMMUTATIVE, &x, sizeof x));
    nanort_taskwait();
    ck_assert_int_eq(ut_overlap_max(&comm_overlap), 1);
}
END_TEST

/* ---- taskwait inside a task -------------------------------------------------------- */

struct tw_state {
    long slots[8];
    int all_seen; /* written by the parent task after its taskwait */
};

static void fill_slot(void *p, long k)
{
    long *slot = p;
    ut_sleep_ms(5 * (int)(k % 4));
    *slot = k + 100;
}

static void parent_with_taskwait(void *p, long k)
{
    (void)k;
    struct tw_state *st = p;
    for (int i = 0; i < 8; i++)
        UT_SPAWN(fill_slot, &st->slots[i], i, UT_OUT(&st->slots[i], sizeof st->slots[i]));
    nanort_taskwait();
    int ok = 1;
    for (int i = 0; i < 8; i++)
        ok &= st->slots[i] == i + 100;
    st->all_seen = ok;
}

START_TEST(nested_taskwait_waits_for_children)
{
    /* taskwait inside a task returns only when all its children finished. */
    struct tw_state st = {{0}, -1};
    UT_SPAWN_NODEPS(parent_with_taskwait, &st, 0);
    nanort_taskwait();
    ck_assert_int_eq(st.all_seen, 1);
}
END_TEST

static void chain_in_task(void *p, long k)
{
    long *v = p;
    for (long i = 1; i <= k; i++)
        UT_SPAWN(i % 5 ? plain_step : late_writer, NULL, i, UT_INOUT(&x, sizeof x));
    nanort_taskwait();
    *v = x;
}

START_TEST(nested_sibling_deps_inside_task)
{
    /* Children of one task are ordered by their dependences like main's children. */
    long got = 0, want = 1;
    x = 1;
    for (long i = 1; i <= 20; i++)
        want = want * 3 + i;
    UT_SPAWN_NODEPS(chain_in_task, &got, 20);
    nanort_taskwait();
    ck_assert_int_eq(got, want);
}
END_TEST

static void taskwait_on_in_task(void *p, long k)
{
    long *v = p;
    long local = 0;
    UT_SPAWN(fill_slot, &local, k, UT_OUT(&local, sizeof local));
    nanort_taskwait_on1(&local, sizeof local);
    *v = local;
}

START_TEST(nested_taskwait_on_inside_task)
{
    /* taskwait on(local) inside a task waits for the child producing it. */
    long got = 0;
    UT_SPAWN_NODEPS(taskwait_on_in_task, &got, 3);
    nanort_taskwait();
    ck_assert_int_eq(got, 103);
}
END_TEST

/* ---- recursion ------------------------------------------------------------------- */

static void fib_task(void *p, long n)
{
    long *res = p;
    if (n < 2) {
        *res = n;
        return;
    }
    long a = 0, b = 0;
    UT_SPAWN(fib_task, &a, n - 1, UT_OUT(&a, sizeof a));
    UT_SPAWN(fib_task, &b, n - 2, UT_OUT(&b, sizeof b));
    nanort_taskwait();
    *res = a + b;
}

START_TEST(nested_fib_20)
{
    /* fib(20) with a task per call and taskwait in each (about 22000 nested tasks). */
    long r = 0;
    UT_SPAWN(fib_task, &r, 20, UT_OUT(&r, sizeof r));
    nanort_taskwait();
    ck_assert_int_eq(r, 6765);
}
END_TEST

static void deep_task(void *p, long depth)
{
    long *res = p;
    if (depth == 0) {
        *res = 0;
        return;
    }
    long sub = -1;
    UT_SPAWN(deep_task, &sub, depth - 1, UT_OUT(&sub, sizeof sub));
    nanort_taskwait();
    *res = sub + 1;
}

START_TEST(nested_deep_chain_500)
{
    /* A chain of 500 nested tasks, each waiting for its single child. */
    long r = -1;
    UT_SPAWN_NODEPS(deep_task, &r, 500);
    nanort_taskwait();
    ck_assert_int_eq(r, 500);
}
END_TEST

static void fanout_sum(void *p, long k)
{
    long *res = p;
    long part[16] = {0};
    if (k <= 16) {
        *res = k;
        return;
    }
    for (int i = 0; i < 16; i++)
        UT_SPAWN(fanout_sum, &part[i], k / 16 + (i < k % 16), UT_OUT(&part[i], sizeof part[i]));
    nanort_taskwait();
    long s = 0;
    for (int i = 0; i < 16; i++)
        s += part[i];
    *res = s;
}

START_TEST(nested_wide_fanout_sum)
{
    /* A 16-ary tree of tasks splitting 100000 into leaves sums back to 100000. */
    long r = 0;
    UT_SPAWN_NODEPS(fanout_sum, &r, 100000);
    nanort_taskwait();
    ck_assert_int_eq(r, 100000);
}
END_TEST

/* ---- concurrent teams (nanort_team_*): what mcc makes of an SPMD region body whose
 * threads wait for each other at barriers ---- */

int omp_get_thread_num(void);
int omp_get_num_threads(void);

#define TEAM 4
#define ROUNDS 50

struct team_state {
    atomic_long arrived;            /* bumped by every member in every round */
    long slot[TEAM], child[TEAM];
    long seen[TEAM];                /* what each member saw of the others after a barrier */
    int num[TEAM], size[TEAM];
    atomic_int bad;
    atomic_long claimed;            /* singles run */
    long handed[ROUNDS][TEAM];      /* what each member got from a round's copyprivate */
    int runner[ROUNDS];             /* the member that ran the round's single */
};

static void team_child(void *p, long k)
{
    struct team_state *st = p;
    st->child[k] = 100 + k;
}

struct team_member {
    struct team_state *st;
    long k;
};

static void team_body(void *args, nanort_ctx *ctx)
{
    (void)ctx;
    struct team_member *m = args;
    struct team_state *st = m->st;
    long k = m->k;
    st->num[k] = omp_get_thread_num();
    st->size[k] = omp_get_num_threads();
    st->slot[k] = k + 1;
    UT_SPAWN_NODEPS(team_child, st, k);     /* waited for by the barrier */
    nanort_team_barrier();
    long s = 0;
    for (int i = 0; i < TEAM; i++)
        s += st->slot[i] + st->child[i];
    st->seen[k] = s;
    for (long r = 0; r < ROUNDS; r++) {
        atomic_fetch_add(&st->arrived, 1);
        nanort_team_barrier();
        /* every member bumped the count of this round before any passed the barrier */
        if (atomic_load(&st->arrived) < (r + 1) * TEAM)
            atomic_fetch_add(&st->bad, 1);
        if (nanort_team_single())   /* one member a round */
            atomic_fetch_add(&st->claimed, 1);
        nanort_team_barrier();      /* (no member bumps the next round's before this read) */
    }
    /* single copyprivate(v, pair): the runner's values reach every member's own */
    for (long r = 0; r < ROUNDS; r++) {
        long v = -1, pair[2] = {-1, -1};
        int ran = nanort_team_single();
        if (ran) {
            v = r * 10 + k;
            pair[0] = pair[1] = v + 1;
            st->runner[r] = (int)k;
        }
        nanort_team_copyprivate(ran, (void *const []){&v, pair},
                                (const size_t []){sizeof v, sizeof pair}, 2);
        st->handed[r][k] = v + pair[0] + pair[1];
    }
}

static const struct nanort_impl team_impl = {NANORT_DEVICE_SMP, team_body, "team_body", NULL};
static struct nanort_task_type team_type = {"team_member", __FILE__, 1, &team_impl, NULL};

START_TEST(nested_team_barriers)
{
    static struct team_state st;
    memset(&st, 0, sizeof st);
    nanort_parallel_begin_team(1, TEAM);
    struct nanort_team team;
    int n = nanort_team_begin(&team);
    ck_assert_int_eq(n, TEAM);
    for (int k = 0; k < n; k++) {
        void *args;
        nanort_task *t = nanort_team_task_create(&team_type, sizeof(struct team_member), 0, 0,
                                                 &args);
        *(struct team_member *)args = (struct team_member){&st, k};
        nanort_team_add(&team, t);
    }
    nanort_team_run(&team);
    nanort_taskwait();
    nanort_parallel_end();
    long want = 0;
    for (int i = 0; i < TEAM; i++)
        want += i + 1 + 100 + i;
    for (int k = 0; k < TEAM; k++) {
        ck_assert_int_eq(st.num[k], k);
        ck_assert_int_eq(st.size[k], TEAM);
        ck_assert_int_eq(st.seen[k], want);
    }
    ck_assert_int_eq(atomic_load(&st.arrived), (long)ROUNDS * TEAM);
    ck_assert_int_eq(atomic_load(&st.bad), 0);
    ck_assert_int_eq(atomic_load(&st.claimed), ROUNDS);
    for (int r = 0; r < ROUNDS; r++)
        for (int k = 0; k < TEAM; k++)
            ck_assert_int_eq(st.handed[r][k], 3 * (r * 10 + st.runner[r]) + 2);
}
END_TEST

/* Fresh state for every test (also when Check runs without fork, CK_FORK=no). */
static void nested_setup(void)
{
    x = 0;
    atomic_store(&counter, 0);
    memset(&comm_overlap, 0, sizeof comm_overlap);
}

int main(void)
{
    Suite *s = suite_create("nested");
    TCase *tc = ut_tcase(s, "nesting", 30);
    tcase_add_checked_fixture(tc, nested_setup, NULL);
    tcase_add_test(tc, nested_tasks_create_tasks);
    tcase_add_test(tc, nested_deps_released_after_children);
    tcase_add_test(tc, nested_deps_released_after_grandchildren);
    tcase_add_test(tc, nested_taskwait_at_exit_of_main_covers_descendants);
    tcase_add_test(tc, nested_commutative_parent_excludes_until_children_done);
    tcase_add_test(tc, nested_taskwait_waits_for_children);
    tcase_add_test(tc, nested_sibling_deps_inside_task);
    tcase_add_test(tc, nested_taskwait_on_inside_task);
    tc = ut_tcase(s, "recursion", 60);
    tcase_add_checked_fixture(tc, nested_setup, NULL);
    tcase_add_test(tc, nested_fib_20);
    tcase_add_test(tc, nested_deep_chain_500);
    tcase_add_test(tc, nested_wide_fanout_sum);
    tc = ut_tcase(s, "teams", 30);
    tcase_add_test(tc, nested_team_barriers);
    return ut_run_suite(s);
}
