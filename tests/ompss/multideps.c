/* Multidependences: {a[i], i = lo:hi} (inclusive), {a[i], i = lo;len}, nested
 * iterators over two dimensions, and an output multidependence followed by readers
 * of single elements. */
#include "ompss_check.h"

#define N 12

static unsigned a[N], c[N], m[4][4], b[N], total, part, mtotal, seen[N];

int main(void)
{
    int n = N;
    for (int i = 0; i < N; i++) {
#pragma omp task out(a[i])
        {
            delay(i == N - 1 ? SLOW : 3);  /* the last element, slow, must be waited for */
            a[i] = (unsigned)(i * i);
        }
    }
#pragma omp task in({a[i], i = 0:n-1}) out(total)
    for (int i = 0; i < N; i++)
        total += a[i];
    static const int corder[N] = {0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 4};
    for (int k = 0; k < N; k++) {
        int i = corder[k];  /* c[4] is produced last, slowly */
#pragma omp task out(c[i])
        {
            delay(i == 4 ? SLOW : 3);
            c[i] = (unsigned)(i * i);
        }
    }
#pragma omp task in({c[k], k = 2;3}) out(part)
    part = c[2] + c[3] + c[4];

    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
#pragma omp task out(m[i][j])
            {
                delay(i == 3 && j == 3 ? SLOW : 3);
                m[i][j] = (unsigned)(10 * i + j);
            }
        }
#pragma omp task in({m[i][j], i = 0:3, j = 0;4}) out(mtotal)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            mtotal += m[i][j];

#pragma omp task out({b[i], i = 0;n})
    {
        delay(SLOW);
        for (int i = 0; i < N; i++)
            b[i] = (unsigned)(7 * i);
    }
    for (int i = 0; i < N; i++) {
#pragma omp task in(b[i]) out(seen[i])
        seen[i] = b[i];
    }
#pragma omp taskwait

    unsigned rt = 0;
    for (int i = 0; i < N; i++)
        rt += (unsigned)(i * i);
    CHECK(total == rt, "total = %u, expected %u", total, rt);
    CHECK(part == 4 + 9 + 16, "part = %u, expected 29", part);
    CHECK(mtotal == 16 * 15 + 4 * 6, "mtotal = %u, expected %u", mtotal, 16 * 15 + 4 * 6);
    for (int i = 0; i < N; i++)
        CHECK(seen[i] == (unsigned)(7 * i), "seen[%d] = %u", i, seen[i]);
    return result_ok();
}
