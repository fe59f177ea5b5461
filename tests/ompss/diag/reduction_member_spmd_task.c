/* A task reducing a struct member in a parallel region's body that each thread runs: the
 * tasks each thread creates are in a dependence domain of their own, which the commutative
 * dependence of a member reduced in place does not span, so mcc says "sorry" (the same task
 * under a single, or outside regions, reduces it in place:
 * tests/ompss/ported/member_inline_reductions). */
#include <omp.h>
#include <stdio.h>

struct stats {
    double total;
};

int main(void)
{
    struct stats s = {0};
    struct stats *p = &s;
#pragma omp parallel
    {
        int t = omp_get_thread_num();
#pragma omp task reduction(+: p->total) firstprivate(t)
        p->total += t;
    }
    printf("%f\n", s.total);
    return 0;
}
