/* An OmpSs dependence naming a whole flexible array member (`b->d` of `double d[];`): its
 * bytes are the allocation's, which the clause cannot know, so mcc asks for a section.
 * gcc refused mcc's `sizeof(b->d)` ("invalid application of 'sizeof' to incomplete
 * type") at a column far past the pragma's line.  (In `depend` the first element stands
 * for it, as gcc -fopenmp depends on its address.) */
#include <stdlib.h>

struct buf {
    int n;
    double d[];
};

int main(void)
{
    struct buf *b = malloc(sizeof *b + 4 * sizeof(double));
    b->n = 4;
#pragma omp task inout(b->d)
    b->d[0] = 1;
#pragma omp taskwait
    return b->d[0] == 1 ? 0 : 1;
}
