/* A lone `#pragma omp target` before a local declaration inside a task body (Mercurium
 * accepts it there and it changes nothing): the declaration's initializer must still read
 * the task's own copies and shared data.  A mutant of local_types.c that the one-hour
 * fuzzing campaign found: mcc left such a declaration as written, so its names were not
 * redirected to the task's captures (a firstprivate read the parent's variable, a shared
 * array gave gcc "invalid initializer"). */
#include "ompss_check.h"

int main(void)
{
    struct point { int x, y; };
    struct point pts[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
    long total = 0;
    int x = 10, seen = 0;
#pragma omp task shared(pts, total)
    {
#pragma omp target
        struct point q = pts[2];
        total += q.x + q.y;
    }
#pragma omp task firstprivate(x) shared(seen)
    {
        delay(SLOW);
#pragma omp target
        int z = x;
        seen = z;
    }
    x = -1;                             /* after creation: the task keeps its copy */
    long sum = 0;
    for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(i) shared(pts, sum)
        {
#pragma omp target
            const struct point *e = &pts[i];
#pragma omp atomic
            sum += e->x * e->y;
        }
    }
#pragma omp taskwait
    CHECK(total == 11, "total = %ld", total);
    CHECK(seen == 10, "seen = %d (the parent's x after creation is -1)", seen);
    CHECK(sum == 2 + 12 + 30 + 56, "sum = %ld", sum);
    return result_ok();
}
