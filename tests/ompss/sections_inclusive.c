/* OmpSs sections a[lo:hi] are INCLUSIVE (lo..hi), in 1-D and 2-D, with omitted bounds
 * (a[:], a[lo:], a[:hi]): a reader of the last element waits for the writer. */
#include "ompss_check.h"

#define N 32

static unsigned a[N], m[8][8], seen[8];

int main(void)
{
#pragma omp task out(a[0:9])
    {
        delay(4 * SLOW);  /* slower than the other writers, which others run meanwhile */
        for (int i = 0; i <= 9; i++)
            a[i] = 100 + (unsigned)i;
    }
#pragma omp task in(a[9]) out(seen[0])
    seen[0] = a[9];
#pragma omp task inout(a[10:N-1])
    {
        delay(SLOW);
        for (int i = 10; i < N; i++)
            a[i] = 200 + (unsigned)i;
    }
#pragma omp task in(a[N-1:N-1]) out(seen[1])
    seen[1] = a[N - 1];
#pragma omp task inout(a[:])
    {
        delay(SLOW);
        for (int i = 0; i < N; i++)
            a[i] += 1000;
    }
#pragma omp task in(a[0]) out(seen[6])
    seen[6] = a[0];
#pragma omp task in(a[20:]) out(seen[2])
    seen[2] = a[25];
#pragma omp task in(a[:4]) out(seen[3])
    seen[3] = a[0] + a[4];

    int r0 = 2, r1 = 3;
#pragma omp task out(m[r0:r1][0:7])
    {
        delay(SLOW);
        for (int i = r0; i <= r1; i++)
            for (int j = 0; j < 8; j++)
                m[i][j] = (unsigned)(i * 8 + j);
    }
#pragma omp task in(m[3][7]) out(seen[4])
    seen[4] = m[3][7];
#pragma omp task in(m[3:3][7:7]) out(seen[5])
    seen[5] = m[3][7] + 1;
#pragma omp taskwait

    CHECK(seen[0] == 109, "a[0:9] does not cover a[9]: saw %u", seen[0]);
    CHECK(seen[1] == 200 + N - 1, "a[10:N-1] does not cover a[N-1]: saw %u", seen[1]);
    CHECK(seen[6] == 1100, "a[:] does not cover a[0]: saw %u", seen[6]);
    CHECK(seen[2] == 1225, "a[:] then a[20:]: saw %u", seen[2]);
    CHECK(seen[3] == 1100 + 1104, "a[:] then a[:4]: saw %u", seen[3]);
    CHECK(seen[4] == 31 && seen[5] == 32, "m[2:3][0:7]: saw %u %u", seen[4], seen[5]);
    return result_ok();
}
