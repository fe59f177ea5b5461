/* ported: openmp
 * ported-werror
 * UTS-like tree search counted by task reductions: a `taskgroup task_reduction(+: ...)
 * task_reduction(max: ...)` on file-scope counters around the whole search, every node's
 * task `in_reduction` on them from a recursive function, a nested taskgroup per subtree of
 * the root with its own `task_reduction(+: sub)` on a local that the subtree's tasks also
 * name in `in_reduction`, a `taskloop in_reduction` over a node's children, and a
 * `taskwait` inside a node's task before it adds its own leaves. */
#include <stdio.h>

struct node {
    unsigned long state;   /* a hash standing in for UTS's SHA-1 state */
    int height;
};

static long n_nodes, n_leaves;
static int max_height;
static long taskloop_nodes;

static unsigned long spawn_hash(unsigned long parent, int child)
{
    unsigned long x = parent * 6364136223846793005ul + 1442695040888963407ul + (unsigned long)child * 0x9e3779b97f4a7c15ul;
    x ^= x >> 29;
    x *= 0xbf58476d1ce4e5b9ul;
    x ^= x >> 32;
    return x;
}

/* binomial-ish tree: a node has 4 children with probability 0.24, none otherwise;
   the root and its children have 8 */
static int num_children(const struct node *n)
{
    if (n->height < 2)
        return 8;
    if (n->height > 40)
        return 0;
    return (n->state % 100) < 24 ? 4 : 0;
}

static void search(struct node parent)
{
    int nc = num_children(&parent);
    if (nc == 0) {
#pragma omp atomic
        n_leaves++;
        return;
    }
    for (int i = 0; i < nc; i++) {
        struct node child = { spawn_hash(parent.state, i), parent.height + 1 };
#pragma omp task in_reduction(+: n_nodes) in_reduction(max: max_height) firstprivate(child)
        {
            n_nodes++;
            if (child.height > max_height)
                max_height = child.height;
            search(child);
        }
    }
}

/* the same count for one subtree, into a local of the caller's taskgroup as well */
static void search_sub(struct node parent, long *sub)
{
    int nc = num_children(&parent);
    for (int i = 0; i < nc; i++) {
        struct node child = { spawn_hash(parent.state, i), parent.height + 1 };
#pragma omp task firstprivate(child) in_reduction(+: n_nodes)
        {
            n_nodes++;
            search_sub(child, sub);
#pragma omp atomic
            *sub += 1;
        }
    }
#pragma omp taskwait
}

static void search_loop(struct node parent)
{
    int nc = num_children(&parent);
#pragma omp taskloop in_reduction(+: taskloop_nodes) grainsize(1)
    for (int i = 0; i < nc; i++) {
        struct node child = { spawn_hash(parent.state, i), parent.height + 1 };
        taskloop_nodes++;
        search_loop(child);
    }
}

int main(void)
{
    struct node root = { 42ul, 0 };

#pragma omp parallel
#pragma omp single
    {
#pragma omp taskgroup task_reduction(+: n_nodes) task_reduction(max: max_height)
        {
            n_nodes = 1;
            search(root);
        }
    }
    printf("tree: nodes=%ld leaves=%ld height=%d\n", n_nodes, n_leaves, max_height);

    long per_child[8] = {0};
    n_nodes = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: n_nodes)
    {
        for (int c = 0; c < num_children(&root); c++) {
            struct node top = { spawn_hash(root.state, c), 1 };
            long sub = 0;
#pragma omp taskgroup task_reduction(+: sub)
            {
                int nc = num_children(&top);
                for (int i = 0; i < nc; i++) {
                    struct node child = { spawn_hash(top.state, i), 2 };
#pragma omp task in_reduction(+: sub) in_reduction(+: n_nodes) firstprivate(child)
                    {
                        long mine = 0;
                        search_sub(child, &mine);
                        sub += 1 + mine;
                        n_nodes += 1;
                    }
                }
            }
            per_child[c] = sub;
        }
    }
    long total = 0;
    for (int c = 0; c < 8; c++) {
        printf("subtree %d: %ld nodes below its root\n", c, per_child[c]);
        total += per_child[c];
    }
    printf("subtrees: %ld, counted in the outer group: %ld\n", total, n_nodes);

#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+: taskloop_nodes)
    search_loop(root);
    printf("taskloop search: nodes=%ld\n", taskloop_nodes + 1);
    return 0;
}
