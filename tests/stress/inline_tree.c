/*
 * inline_tree: trees of tasks without dependences, created faster than they run, so that
 * with a small --queue-limit most of them take the runtime's inline path (run at once in
 * the creator on a per-worker frame).  Checks that inline tasks keep exact semantics:
 * a taskwait inside one waits for its children, children left unwaited still finish
 * before the parent's parent's taskwait returns, a child with a region works, final
 * reaches every descendant, labels are right, and nothing is lost or run twice.
 *
 *   NX_ARGS="--queue-limit=1 --smp-workers=2" build/tests/stress/inline_tree [ROOTS]
 */
#include <nanort.h>

#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FANOUT = 3, LEAVES = 4, DEPTH = 3 };

static atomic_long nodes_run, leaves_run, region_leaves, final_leaves, label_ok, waits_ok;
static long region_cell;

struct args {
    long depth;
    atomic_long *count;
};

static void leaf_body(void *p, nanort_ctx *c)
{
    struct args *a = p;
    (void)c;
    atomic_fetch_add(a->count, 1);
    atomic_fetch_add(&leaves_run, 1);
    if (nanort_in_final())
        atomic_fetch_add(&final_leaves, 1);
    if (strcmp(nanort_current_label(), "leaf") == 0)
        atomic_fetch_add(&label_ok, 1);
}
static const struct nanort_impl leaf_impl = {NANORT_DEVICE_SMP, leaf_body, "leaf_body", NULL};
static struct nanort_task_type leaf_type = {"leaf", NULL, 1, &leaf_impl, NULL};

static void node_body(void *p, nanort_ctx *c);
static const struct nanort_impl node_impl = {NANORT_DEVICE_SMP, node_body, "node_body", NULL};
static struct nanort_task_type node_type = {"node", NULL, 1, &node_impl, NULL};

static void spawn(struct nanort_task_type *type, long depth, atomic_long *count, void *region)
{
    void *p;
    nanort_task *t = nanort_task_create(type, sizeof(struct args), region ? 1 : 0,
                                        region ? 1 : 0, &p);
    *(struct args *)p = (struct args){depth, count};
    if (region)
        nanort_task_region1(t, NANORT_DEP_INOUT, region, sizeof region_cell);
    nanort_task_submit(t, 0, 0);
}

static void node_body(void *p, nanort_ctx *c)
{
    struct args *a = p;
    (void)c;
    atomic_fetch_add(&nodes_run, 1);
    atomic_fetch_add(a->count, 1);
    if (a->depth == 0)
        return;
    atomic_long mine = 0;
    for (int i = 0; i < LEAVES; i++)
        spawn(&leaf_type, 0, &mine, NULL);
    nanort_taskwait();
    if (atomic_load(&mine) == LEAVES)
        atomic_fetch_add(&waits_ok, 1);
    /* Left unwaited: the task counts as finished only when these are. */
    for (int i = 0; i < FANOUT; i++)
        spawn(&node_type, a->depth - 1, a->count, NULL);
    spawn(&leaf_type, 0, &region_leaves, &region_cell);
}

int main(int argc, char **argv)
{
    long roots = argc > 1 ? atol(argv[1]) : 200;
    long per_root = 1 + FANOUT + FANOUT * FANOUT + FANOUT * FANOUT * FANOUT; /* DEPTH 3 */
    long inner = 1 + FANOUT + FANOUT * FANOUT;                               /* depth > 0 */
    long finals = 0;
    atomic_long total = 0;
    for (long r = 0; r < roots; r++) {
        void *p;
        nanort_task *t = nanort_task_create(&node_type, sizeof(struct args), 0, 0, &p);
        *(struct args *)p = (struct args){DEPTH, &total};
        bool final = r % 7 == 0;
        finals += final;
        nanort_task_submit(t, final ? NANORT_TASK_FINAL : 0, 0);
    }
    nanort_taskwait();
    long want_leaves = roots * inner * (LEAVES + 1);
    int ok = 1;
#define EXPECT(got, want)                                                                  \
    if ((long)(got) != (long)(want)) {                                                       \
        fprintf(stderr, "inline_tree: %s = %ld, expected %ld\n", #got, (long)(got),         \
                (long)(want));                                                               \
        ok = 0;                                                                              \
    }
    EXPECT(total, roots * per_root);
    EXPECT(nodes_run, roots * per_root);
    EXPECT(leaves_run, want_leaves);
    EXPECT(region_leaves, roots * inner);
    EXPECT(waits_ok, roots * inner);
    EXPECT(label_ok, want_leaves);
    EXPECT(final_leaves, finals * inner * (LEAVES + 1));
    printf("inline_tree: %ld roots, %ld tasks: %s\n", roots, roots * per_root + want_leaves,
           ok ? "OK" : "WRONG");
    return !ok;
}
