/* taskloop and for: num_tasks, a decreasing loop with >=, a step of 3 with <=, an outer
 * loop variable (private to each chunk), `for` with schedule(static, 7) nowait followed
 * by a taskwait, and nogroup. */
#include "ompss_check.h"

enum { N = 1000 };
static int hit[N];

int main(void)
{
    int i;
#pragma omp taskloop num_tasks(5)
    for (i = 0; i < N; i++)
        hit[i]++;
    CHECK(i == 0 || i == N, "the outer loop variable changed to %d", i);
#pragma omp taskloop grainsize(33)
    for (int k = N - 1; k >= 0; k--)
        hit[k] += 2;
#pragma omp taskloop
    for (int k = 0; k <= N - 1; k += 3)
        hit[k] += 4;
#pragma omp for schedule(static, 7) nowait
    for (int k = 10; k < N; k++)
        hit[k] += 8;
#pragma omp taskwait
#pragma omp taskloop grainsize(100) nogroup
    for (int k = 0; k < N; k++)
        hit[k] += 16;
#pragma omp taskwait
    for (int k = 0; k < N; k++) {
        int want = 1 + 2 + (k % 3 == 0 ? 4 : 0) + (k >= 10 ? 8 : 0) + 16;
        CHECK(hit[k] == want, "hit[%d] = %d, expected %d", k, hit[k], want);
    }
    return 0;
}
