/* A task inside an outlined task: the inner one captures the outer task's firstprivate
 * copy (a), its shared variable (r, through the outer pointer) and a local of the outer
 * body (b); three levels deep. */
#include "ompss_check.h"

int main(void)
{
    int a = 1, r = 0, deep = 0;
#pragma omp task shared(r, deep)
    {
        int b = a + 1;
#pragma omp task shared(r, deep) firstprivate(b)
        {
            delay(200);
            r = a + b;
#pragma omp task shared(deep)
            deep = a + b + r;
#pragma omp taskwait
        }
#pragma omp taskwait
        a = 100;            /* the outer copy only */
    }
#pragma omp taskwait
    CHECK(r == 3, "r = %d", r);
    CHECK(deep == 6, "deep = %d", deep);
    CHECK(a == 1, "a = %d (firstprivate copy leaked)", a);
    return 0;
}
