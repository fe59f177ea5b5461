/* A VLA used by an inline task is firstprivate like any local: its contents are copied
 * when the task is created (the creator overwrites it right after, the task must see the
 * old values), also for a 2-D VLA and from a nested task; `shared(v)` keeps it shared and
 * `private(v)` gives the task an uninitialised array of its own. */
#include "ompss_check.h"

static int seen[4], seen2, seen_nested, priv_ok;

static void fill(int n, int v[n], int k)
{
    for (int i = 0; i < n; i++)
        v[i] = k * (i + 1);
}

int main(int argc, char **argv)
{
    (void)argv;
    int n = 3 + argc;               /* 4, not a constant */
    int v[n];
    fill(n, v, 1);
#pragma omp task
    {
        delay(SLOW);
        for (int i = 0; i < n; i++)
            seen[i] = v[i];
    }
    fill(n, v, 100);                /* after creation: the task keeps 1 2 3 4 */

    double m[n][n + 1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= n; j++)
            m[i][j] = i * 10 + j;
#pragma omp task
    {
        delay(SLOW);
        seen2 = (int)(m[n - 1][n] + sizeof m / sizeof m[0][0]);
    }
    m[n - 1][n] = -1000;

    int w[n];
    fill(n, w, 2);
#pragma omp task shared(w)
    {
        delay(SLOW);
        w[0] = 77;
    }
#pragma omp task
    {
        int u[n];
        fill(n, u, 5);
#pragma omp task
        {
            delay(SLOW);
            seen_nested = u[n - 1];
        }
        u[n - 1] = 0;
#pragma omp taskwait
    }
    int p[n];
    fill(n, p, 9);
#pragma omp task private(p) shared(priv_ok)
    {
        p[0] = -1;
        priv_ok = 1;
    }
#pragma omp taskwait
    for (int i = 0; i < n; i++)
        CHECK(seen[i] == i + 1, "seen[%d] = %d", i, seen[i]);
    CHECK(seen2 == 34 + 20, "seen2 = %d", seen2);
    CHECK(w[0] == 77, "shared(w): w[0] = %d", w[0]);
    CHECK(seen_nested == 20, "nested: %d", seen_nested);
    CHECK(p[0] == IF_OMPSS(9, -1) && priv_ok == 1, "private(p): p[0] = %d", p[0]);
    return result_ok();
}
