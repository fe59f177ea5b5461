/* ported: openmp
   ported-werror
   uts in the shape of the Unbalanced Tree Search benchmark: each node carries its random
   state (a struct holding an array) passed by value to the task of each child; counts of
   nodes, leaves and depth gathered with atomics and a reduction over children */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    uint32_t s[4];
} rng_state;

typedef enum { BIN, GEO } tree_kind;

struct node {
    rng_state st;
    int height;
    tree_kind kind;
};

static long total_nodes, total_leaves;
static int max_height;

/* a child's state is a mix of the parent's and the child's index: no shared generator */
static rng_state spawn(rng_state parent, int i)
{
    rng_state r = parent;
    for (int k = 0; k < 4; k++) {
        uint32_t x = r.s[k] ^ (uint32_t)(i * 0x9e3779b9u + k * 0x85ebca6bu);
        x ^= x >> 16; x *= 0x7feb352du; x ^= x >> 15; x *= 0x846ca68bu; x ^= x >> 16;
        r.s[k] = x;
    }
    return r;
}

static double to_prob(rng_state r)
{
    return (double)(r.s[0] & 0xffffff) / (double)0x1000000;
}

static int num_children(const struct node *n)
{
    double p = to_prob(n->st);
    if (n->kind == BIN) {
        if (n->height == 0)
            return 200;
        return p < 0.2 ? 5 : 0;      /* expected 1 child: critical branching */
    }
    /* geometric with a mean that shrinks with depth */
    if (n->height == 0)
        return 8;
    int m = 6 - n->height;
    if (m <= 0)
        return 0;
    return (int)(p * 2 * m);
}

static long search(struct node parent)
{
    int nc = num_children(&parent);
    long sub[8] = {0};
    long count = 1;

    #pragma omp atomic
    total_nodes++;
    if (nc == 0) {
        #pragma omp atomic
        total_leaves++;
    }
    #pragma omp critical
    if (parent.height > max_height)
        max_height = parent.height;

    for (int i = 0; i < nc; i++) {
        struct node child = { .st = spawn(parent.st, i), .height = parent.height + 1,
                              .kind = parent.kind };
        #pragma omp task firstprivate(child) shared(sub)
        {
            long c = search(child);
            #pragma omp atomic
            sub[i % 8] += c;
        }
    }
    #pragma omp taskwait
    for (int i = 0; i < 8; i++)
        count += sub[i];
    return count;
}

int main(void)
{
    tree_kind kinds[] = { BIN, GEO };
    for (int k = 0; k < 2; k++) {
        struct node root;
        memset(&root, 0, sizeof root);
        root.kind = kinds[k];
        root.st.s[0] = 19 + k; root.st.s[1] = 7; root.st.s[2] = 3; root.st.s[3] = 1;
        total_nodes = total_leaves = 0;
        max_height = 0;
        long n = 0;
        #pragma omp parallel
        #pragma omp single
        n = search(root);
        printf("%s: nodes %ld (%ld) leaves %ld height %d\n", k ? "geo" : "bin", n, total_nodes,
               total_leaves, max_height);
    }
    return 0;
}
