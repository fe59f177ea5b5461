/* ported: openmp
 * The size of a region's team asked again after a region nested in its body has ended:
 * each thread of a `parallel num_threads(3) reduction(+: s)` body runs an inner `parallel
 * reduction(+: s)` region, then records omp_get_num_threads() and its number (3 and me,
 * as before the inner region); a body run once (a taskgroup in it) with a `masked
 * filter(2)` before and after an inner region, and a `masked filter(3)`, past the team.
 * Then each thread of a `num_threads(3)` body counts the threads of its inner
 * `num_threads(2)` region (nesting inactive: one each, 3 in all).
 * mcc answered 1 for the size in the body run once per thread number (me then ran past
 * it), and after the inner region forgot the outer team's size, so that filter(2) was
 * skipped on 1 or 2 workers and filter(3) ran on 4; on one worker the outer region was
 * inactive for the runtime, so each inner region had 2 threads (6 in all).
 */
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#define TID() omp_get_thread_num()
#define NTH() omp_get_num_threads()
#else
#define TID() 0
#define NTH() 1
#endif

int main(void)
{
    int before[4] = {0}, after[4] = {0};
    long s = 0;
#pragma omp parallel num_threads(3) reduction(+: s)
    {
        int me = TID();
        before[me] = NTH() * 10 + me;
#pragma omp parallel reduction(+: s)
        s += 1;
        after[me] = NTH() * 10 + me;
    }
    int ok = 1;
#ifdef _OPENMP
    for (int t = 0; t < 3; t++)
        ok &= before[t] == 30 + t && after[t] == 30 + t && s == 3;
#else
    ok = before[0] == 10 && after[0] == 10 && s == 1;
#endif
    printf("sizes after a nested region: %d\n", ok);
    int m1 = 0, m2 = 0, m3 = 0, tasks = 0;
#pragma omp parallel num_threads(3)
    {
#pragma omp taskgroup
        {
#pragma omp task shared(tasks)
            tasks = 1;
        }
#pragma omp masked filter(2)
        m1++;
#pragma omp parallel num_threads(2)
        {
#pragma omp masked
            tasks = 1;
        }
#pragma omp masked filter(2)
        m2++;
#pragma omp masked filter(3)
        m3++;
    }
#ifdef _OPENMP
    printf("masked after a nested region: %d %d %d %d\n", m1, m2, m3, tasks);
#else
    printf("masked after a nested region: %d %d %d %d\n", 1, 1, 0, tasks);
#endif
    int inner = 0;
#pragma omp parallel num_threads(3)
    {
#pragma omp parallel num_threads(2)
        {
#pragma omp atomic
            inner++;
        }
    }
#ifdef _OPENMP
    printf("inner regions' threads: %d\n", inner);
#else
    printf("inner regions' threads: %d\n", inner * 3);
#endif
    return 0;
}
