/* Partially overlapping sections of the same array, 1-D and 2-D: every task applies an
 * order-dependent update to its section, so the result equals the sequential one only
 * if each overlap (not just exact matches) orders the tasks. */
#include "ompss_check.h"

#define N 96
#define M 24
#define NT 60

static unsigned a[N], g[M][M];

struct sec {
    int lo, len;
};

static struct sec sec1(int t)
{
    struct sec s = {(t * 37) % (N - 8), 4 + (t * 13) % 24};
    if (s.lo + s.len > N)
        s.len = N - s.lo;
    return s;
}

static void update(unsigned *x, int lo, int len, unsigned id)
{
    for (int i = lo; i < lo + len; i++)
        x[i] = step(x[i], id);
}

int main(void)
{
    for (int t = 0; t < NT; t++) {
        struct sec s = sec1(t);
        int lo = s.lo, len = s.len;
        if (t % 4 == 3) {
#pragma omp task inout(a[lo;len])
            {
                delay(3);
                update(a, lo, len, (unsigned)t);
            }
        } else {
            int hi = lo + len - 1;
#pragma omp task inout(a[lo:hi])
            {
                delay(3);
                update(a, lo, len, (unsigned)t);
            }
        }
    }
    for (int t = 0; t < NT; t++) {
        int r = (t * 7) % (M - 6), c = (t * 11) % (M - 6), h = 3 + t % 4, w = 6 - t % 4;
#pragma omp task inout(g[r;h][c;w])
        {
            delay(3);
            for (int i = r; i < r + h; i++)
                update(g[i], c, w, (unsigned)t);
        }
    }
#pragma omp taskwait

    unsigned ra[N] = {0}, rg[M][M];
    memset(rg, 0, sizeof rg);
    for (int t = 0; t < NT; t++) {
        struct sec s = sec1(t);
        update(ra, s.lo, s.len, (unsigned)t);
    }
    for (int t = 0; t < NT; t++) {
        int r = (t * 7) % (M - 6), c = (t * 11) % (M - 6), h = 3 + t % 4, w = 6 - t % 4;
        for (int i = r; i < r + h; i++)
            update(rg[i], c, w, (unsigned)t);
    }
    for (int i = 0; i < N; i++)
        CHECK(a[i] == ra[i], "a[%d] = %u, expected %u", i, a[i], ra[i]);
    for (int i = 0; i < M; i++)
        for (int j = 0; j < M; j++)
            CHECK(g[i][j] == rg[i][j], "g[%d][%d] = %u, expected %u", i, j, g[i][j], rg[i][j]);
    return result_ok();
}
