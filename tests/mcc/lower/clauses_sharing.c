/* Data sharing and task clauses: private (a task's own uninitialised copy), default(shared),
 * a static local (shared), firstprivate snapshots, if(0) still after its dependences,
 * final and a label. */
#include "ompss_check.h"

int main(void)
{
    static int st;
    int p = 7, shared_v = 0, snap = 1, x = 0;
#pragma omp task private(p) out(shared_v)
    {
        p = 3;
        shared_v = p;
    }
#pragma omp task default(shared) in(shared_v)
    st = shared_v + 10;
#pragma omp task firstprivate(snap) shared(x)
    x = snap;
    snap = 2;
#pragma omp taskwait
    CHECK(p == 7, "p = %d (private leaked)", p);
    CHECK(shared_v == 3 && st == 13, "shared_v = %d, st = %d", shared_v, st);
    CHECK(x == 1, "x = %d (firstprivate taken late)", x);
    int y = 0;
#pragma omp task out(y) label(slow_writer)
    {
        delay(2000);
        y = 5;
    }
#pragma omp task in(y) if(0) shared(x)
    x = y;
    CHECK(x == 5, "if(0) task ran before its dependence or later than its creation: x = %d", x);
    int depth = 0;
#pragma omp task final(1) shared(depth)
    {
#pragma omp task shared(depth)
        depth = 1;
        depth = depth == 1 ? 2 : -1;   /* the child ran undeferred, before this line */
    }
#pragma omp taskwait
    CHECK(depth == 2, "depth = %d", depth);
    return 0;
}
