/* Reductions over array elements on OmpSs tasks: `reduction(+: s[k])` on a 1-D array,
 * `reduction(+: m[i][j])` on a matrix, `reduction(+: t[..][..][..])` on a 3-D array whose
 * subscripts call a function (each evaluated once per task, as C evaluates the item once),
 * and a row's inclusive section `m[r][lo:hi]`; the bodies read, wait and write the element
 * (a shared element would lose updates); the other elements stay untouched. */
#include "ompss_check.h"

#define N 400

static int calls;

static int at(int v)
{
    calls++;
    return v;
}

int main(void)
{
    long s[4] = {5, 0, 5, 5};
    long m[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            m[r][c] = 7;
    m[1][2] = 0;
    m[2][0] = m[2][1] = m[2][2] = 0;
    long t[2][3][4] = {{{0}}};
    int k = 1, i = 1, j = 2, ntasks = 0;
    for (int b = 0; b < N; b += 20) {
        ntasks++;
#pragma omp task reduction(+: s[k], m[i][j]) reduction(+: t[at(1)][at(2)][at(3)])
        for (int x = b; x < b + 20; x++) {
            long v = s[1];
            delay(1);
            s[1] = v + x;
            m[1][2] += 2;
            t[1][2][3] += 1;
        }
#pragma omp task reduction(+: m[2][0:2])
        for (int x = b; x < b + 20; x++) {
            long v = m[2][x % 3];
            delay(1);
            m[2][x % 3] = v + 1;
        }
    }
#pragma omp taskwait
    CHECK(s[1] == (long)N * (N - 1) / 2, "s[1] = %ld", s[1]);
    CHECK(s[0] == 5 && s[2] == 5 && s[3] == 5, "s = %ld %ld %ld", s[0], s[2], s[3]);
    CHECK(m[1][2] == 2 * N, "m[1][2] = %ld", m[1][2]);
    for (int c = 0; c < 3; c++)
        CHECK(m[2][c] == (N + 2 - c) / 3, "m[2][%d] = %ld", c, m[2][c]);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            CHECK(r == 2 ? c < 3 || m[r][c] == 7 : (r == 1 && c == 2) || m[r][c] == 7,
                  "m[%d][%d] = %ld", r, c, m[r][c]);
    CHECK(t[1][2][3] == N && t[1][2][2] == 0 && t[0][2][3] == 0, "t = %ld %ld %ld",
          t[1][2][3], t[1][2][2], t[0][2][3]);
    CHECK(calls == IF_OMPSS(3 * ntasks, 0), "at() called %d times for %d tasks", calls, ntasks);
    return result_ok();
}
