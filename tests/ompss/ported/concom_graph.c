/* ported: openmp
   ported-werror
   connected components in the shape of BOTS concom: nodes with adjacency lists (structs
   with pointers to neighbours), a task per unvisited neighbour, visited marks claimed by
   `atomic capture`, component sizes added with `atomic`, labels kept in a global array */
#include <stdio.h>
#include <stdlib.h>

#define NN 3000
#define MAXDEG 4

struct node {
    int id, ndeg;
    struct node *adj[MAXDEG];
};

static struct node nodes[NN];
static int visited[NN];
static int label[NN];

static void link_nodes(struct node *a, struct node *b)
{
    if (a->ndeg < MAXDEG && b->ndeg < MAXDEG && a != b) {
        a->adj[a->ndeg++] = b;
        b->adj[b->ndeg++] = a;
    }
}

static void build(void)
{
    unsigned s = 2024;
    for (int i = 0; i < NN; i++)
        nodes[i].id = i;
    for (int e = 0; e < NN * 7 / 10; e++) {
        s = s * 1103515245u + 12345u;
        int a = (int)((s >> 8) % NN);
        s = s * 1103515245u + 12345u;
        int b = (int)((s >> 8) % NN);
        link_nodes(&nodes[a], &nodes[b]);
    }
}

static void visit(struct node *n, int comp, long *size)
{
    label[n->id] = comp;
    #pragma omp atomic
    (*size)++;
    for (int k = 0; k < n->ndeg; k++) {
        struct node *m = n->adj[k];
        int was;
        #pragma omp atomic capture
        { was = visited[m->id]; visited[m->id] = 1; }
        if (!was) {
            #pragma omp task firstprivate(m, comp) if(n->id % 4 == 0)
            visit(m, comp, size);
        }
    }
}

int main(void)
{
    build();
    int ncomp = 0;
    long largest = 0, sizes_hash = 0;
    #pragma omp parallel
    #pragma omp single
    for (int i = 0; i < NN; i++) {
        if (visited[i])
            continue;
        visited[i] = 1;
        long size = 0;
        #pragma omp taskgroup
        {
            #pragma omp task shared(size)
            visit(&nodes[i], ncomp, &size);
        }
        if (size > largest)
            largest = size;
        sizes_hash = sizes_hash * 31 + size;
        ncomp++;
    }
    long lh = 0;
    for (int i = 0; i < NN; i++)
        lh = lh * 7 + label[i];
    printf("components %d largest %ld sizes %ld labels %ld\n", ncomp, largest, sizes_hash, lh);
    return 0;
}
