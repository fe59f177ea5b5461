/* The OpenMP form depend(in|out|inout: list): its sections a[lb:len] are lower bound
 * and LENGTH (not the inclusive OmpSs upper bound), in 1-D and 2-D, mixed with
 * OmpSs clauses on the same data. */
#include "ompss_check.h"

#define N 32

static unsigned a[N], seen6, seen7, seen8;
static unsigned m[8][8], msum;

int main(void)
{
    for (int i = 0; i < N; i++)
        a[i] = 1;
    /* a[4:4] is a[4..7]: the readers of a[6] and a[7] wait for it; a[8] is not in it. */
#pragma omp task depend(out: a[4:4])
    {
        delay(3 * SLOW);
        for (int i = 4; i < 8; i++)
            a[i] = 10 + (unsigned)i;
    }
#pragma omp task depend(in: a[6]) depend(out: seen6)
    seen6 = a[6];
#pragma omp task depend(in: a[7:1]) out(seen7)
    seen7 = a[7];
#pragma omp task depend(inout: a[8:2])
    a[8] += 1;
#pragma omp task in(a[8]) depend(out: seen8)
    seen8 = a[8];

    /* 2-D: rows 2..3, columns 4..7 */
#pragma omp task depend(out: m[2:2][4:4])
    {
        delay(SLOW);
        for (int i = 2; i < 4; i++)
            for (int j = 4; j < 8; j++)
                m[i][j] = (unsigned)(i * 8 + j);
    }
#pragma omp task depend(in: m[3][7]) depend(inout: msum)
    msum += m[3][7];
#pragma omp task depend(in: m[2:1][4:1]) depend(inout: msum)
    msum += m[2][4];
#pragma omp taskwait

    CHECK(seen6 == 16, "seen6 = %u: depend(in: a[6]) ran before depend(out: a[4:4])", seen6);
    CHECK(seen7 == 17, "seen7 = %u: a[7:1] did not wait for a[4:4]", seen7);
    CHECK(seen8 == 2, "seen8 = %u", seen8);
    CHECK(msum == 3 * 8 + 7 + 2 * 8 + 4, "msum = %u: 2-D depend sections misread", msum);
    return result_ok();
}
