/* ported: openmp
   ported-werror
   uts in the shape of BOTS uts: per node, a VLA of children (structs holding a byte array
   random state) and a VLA of partial counts shared by the children's untied tasks, each
   task given a pointer into the VLA (firstprivate), the counts summed after taskwait */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

struct rng { uint8_t state[20]; };
typedef struct {
    int height;
    int nchildren;
    struct rng st;
} Node;

static void rng_spawn(const struct rng *parent, struct rng *child, int i)
{
    uint32_t h = 2166136261u ^ (uint32_t)i;
    for (int k = 0; k < 20; k++) {
        h = (h ^ parent->state[k]) * 16777619u;
        child->state[k] = (uint8_t)(h >> 13);
    }
}

static int rng_rand(const struct rng *r)
{
    return (r->state[16] << 16 | r->state[17] << 8 | r->state[18]) & 0x7fffffff;
}

static int num_children(const Node *n)
{
    if (n->height == 0)
        return 100;
    double p = rng_rand(&n->st) / (double)0x1000000;
    return p < 0.22 ? 4 : 0;
}

static unsigned long long parTreeSearch(int depth, Node *parent, int numChildren)
{
    Node n[numChildren], *nodePtr;
    unsigned long long partialCount[numChildren], subtreesize = 1;
    for (int i = 0; i < numChildren; i++) {
        nodePtr = &n[i];
        nodePtr->height = parent->height + 1;
        rng_spawn(&parent->st, &nodePtr->st, i);
        nodePtr->nchildren = num_children(nodePtr);
        #pragma omp task untied firstprivate(i, nodePtr) shared(partialCount)
        partialCount[i] = parTreeSearch(depth + 1, nodePtr, nodePtr->nchildren);
    }
    #pragma omp taskwait
    for (int i = 0; i < numChildren; i++)
        subtreesize += partialCount[i];
    return subtreesize;
}

int main(void)
{
    Node root;
    memset(&root, 0, sizeof root);
    for (int k = 0; k < 20; k++)
        root.st.state[k] = (uint8_t)(k * 7 + 3);
    root.nchildren = num_children(&root);
    unsigned long long total = 0;
    #pragma omp parallel
    #pragma omp single nowait
    total = parTreeSearch(0, &root, root.nchildren);
    printf("tree size %llu\n", total);
    return 0;
}
