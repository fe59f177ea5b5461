/* taskwait on/in/out with multidependences: `taskwait on({a[i], i = ..})` waits for the
 * producers of every listed element (one region per iteration value); a nested multidependence `{ {m[i][j], j = ..}, i = ..}` works on a
 * taskwait and in a task's clause, its inner bounds depending on the outer iterator. */
#include "ompss_check.h"

#define N 8

static int a[N], m[N][N], other, late, tri;

int main(void)
{
    int n = N;
#pragma omp task out(late) shared(late)
    {
        delay(4 * SLOW);
        late = 1;
    }
    for (int i = 0; i < N; i++) {
#pragma omp task out(a[i])
        {
            delay(i == 5 ? SLOW : 3);
            a[i] = i + 1;
        }
    }
#pragma omp taskwait on({a[i], i = 0;n})
    for (int i = 0; i < N; i++)
        CHECK(a[i] == i + 1, "after taskwait on({a[i]}): a[%d] = %d", i, a[i]);

    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++) {
#pragma omp task out(m[i][j])
            {
                delay(i == N - 1 && j == 2 ? SLOW : 3);
                m[i][j] = 10 * i + j;
            }
        }
    /* lower triangle: j's upper bound is the outer iterator */
#pragma omp task in({ {m[i][j], j = 0:i}, i = 0;n }) out(tri)
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            tri += m[i][j];
#pragma omp taskwait in({ {m[i][j], j = 0:i}, i = 0;n }) out({other, k = 0;1})
    CHECK(m[N - 1][2] == 10 * (N - 1) + 2, "after nested taskwait: m[%d][2] = %d", N - 1,
          m[N - 1][2]);
#pragma omp taskwait out(tri)
    int want = 0;
    for (int i = 0; i < N; i++)
        for (int j = 0; j <= i; j++)
            want += 10 * i + j;
    CHECK(tri == want, "tri = %d, expected %d", tri, want);
#pragma omp taskwait
    CHECK(late == 1, "late = %d", late);
    return result_ok();
}
