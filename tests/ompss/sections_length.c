/* OmpSs sections a[lo;len] (len elements from lo) in 1-D and 2-D, including the row
 * form m[i][0;BS] and blocks m[r;h][c;w] used by blocked programs. */
#include "ompss_check.h"

#define N 64
#define BS 8

static unsigned v[N], m[N][N];

int main(void)
{
    /* each block is written by one task and then folded into the next block */
    for (int b = 0; b < N; b += BS) {
#pragma omp task out(v[b;BS])
        {
            delay(5);
            for (int i = b; i < b + BS; i++)
                v[i] = (unsigned)i;
        }
        if (b == 0) {
            /* a slow writer of the block's last element alone: the next block's
             * in(v[b-BS;BS]) must wait for it */
#pragma omp task inout(v[BS-1])
            {
                delay(SLOW);
                v[BS - 1] += 1000;
            }
        }
        if (b > 0) {
#pragma omp task in(v[b-BS;BS]) inout(v[b;BS])
            for (int i = 0; i < BS; i++)
                v[b + i] = step(v[b + i], v[b - BS + i]);
        }
    }
    for (int i = 0; i < N; i += BS)
        for (int r = 0; r < 3; r++) {
#pragma omp task inout(m[i][0;N])
            {
                delay(2);
                for (int j = 0; j < N; j++)
                    m[i][j] = step(m[i][j], (unsigned)(r + j));
            }
        }
    for (int r = 0; r < N; r += 16)
        for (int c = 0; c < N; c += 16) {
#pragma omp task inout(m[r;16][c;16])
            {
                delay(2);
                for (int i = r; i < r + 16; i++)
                    for (int j = c; j < c + 16; j++)
                        m[i][j] = step(m[i][j], 1);
            }
        }
#pragma omp taskwait

    unsigned rv[N], rm[N][N];
    memset(rm, 0, sizeof rm);
    for (int b = 0; b < N; b += BS)
        for (int i = b; i < b + BS; i++)
            rv[i] = (unsigned)i + (i == BS - 1 ? 1000 : 0);
    for (int b = BS; b < N; b += BS)
        for (int i = b; i < b + BS; i++)
            rv[i] = step(rv[i], rv[i - BS]);
    for (int i = 0; i < N; i += BS)
        for (int r = 0; r < 3; r++)
            for (int j = 0; j < N; j++)
                rm[i][j] = step(rm[i][j], (unsigned)(r + j));
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            rm[i][j] = step(rm[i][j], 1);
    for (int i = 0; i < N; i++)
        CHECK(v[i] == rv[i], "v[%d] = %u, expected %u", i, v[i], rv[i]);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            CHECK(m[i][j] == rm[i][j], "m[%d][%d] = %u, expected %u", i, j, m[i][j], rm[i][j]);
    return result_ok();
}
